// wagmi 2 in place of the workspace's wagmi 3: every import of `wagmi`, `@wagmi/core` (and their
// subpaths, e.g. `@wagmi/core/query`) resolves as if made from tests/wagmi2, whose package.json
// installs wagmi 2 and @wagmi/core 2 beside the workspace's 3. Used by the node-wagmi2 test project
// (vitest.config.ts) and by apps/wagmi-demo's build when PORTICO_WAGMI=2.
import path from 'node:path'
import type { Plugin } from 'vite'

/** A file in tests/wagmi2: the importer the redirected imports are resolved from. */
const anchor = path.join(import.meta.dirname, 'resolve.ts')
const WAGMI = /^(?:wagmi|@wagmi\/core)(?:\/|$)/

export function wagmi2(): Plugin {
  return {
    name: 'portico-wagmi2',
    enforce: 'pre',
    async resolveId(id, importer, options) {
      if (!WAGMI.test(id) || importer === anchor) return null
      const resolved = await this.resolve(id, anchor, { ...options, skipSelf: true })
      if (!resolved) throw new Error(`wagmi2(): ${id} is not installed in tests/wagmi2 (npm ci)`)
      return resolved
    },
  }
}
