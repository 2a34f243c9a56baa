// The pack test runs on its own (`npx vitest run --config tests/pack/vitest.config.ts`), after the
// packages are built: it consumes their dist through npm pack. One file at a time; each app's
// steps run in order.
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    name: 'pack',
    root: import.meta.dirname,
    include: ['*.pack.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 600_000,
  },
})
