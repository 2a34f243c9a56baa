import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { workspaceSource } from '../../scripts/source-condition.ts'
import { wagmi2 } from '../../tests/wagmi2/resolve.ts'

// A wagmi app with Portico's modal (the e2e journey of apps/wagmi-demo/e2e). It runs on the packages'
// source (workspaceSource), like the demo. The workspace installs @wagmi/core more than once
// (packages/wagmi, wagmi, this app); an app installed from the registry has one copy, and so does
// this build: dedupe makes every import of @wagmi/core (and viem) resolve to this app's.
// PORTICO_WAGMI=2 builds the same app on wagmi 2: every wagmi and @wagmi/core import is then the one
// of tests/wagmi2 (the e2e journey runs on both).
const onWagmi2 = process.env.PORTICO_WAGMI === '2'

export default defineConfig({
  root: import.meta.dirname,
  plugins: [workspaceSource(), ...(onWagmi2 ? [wagmi2()] : []), react(), vanillaExtractPlugin()],
  resolve: { dedupe: [...(onWagmi2 ? [] : ['@wagmi/core']), 'viem', 'react', 'react-dom'] },
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
  optimizeDeps: { include: ['@vanilla-extract/recipes/createRuntimeFn', '@vanilla-extract/sprinkles/createRuntimeSprinkles'] },
})
