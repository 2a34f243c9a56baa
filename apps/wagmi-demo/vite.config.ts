import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { workspaceSource } from '../../scripts/source-condition.ts'

// A wagmi app with Portico's modal (the e2e journey of apps/wagmi-demo/e2e). It runs on the packages'
// source (workspaceSource), like the demo. The workspace installs @wagmi/core more than once
// (packages/wagmi, wagmi, this app); an app installed from the registry has one copy, and so does
// this build: dedupe makes every import of @wagmi/core (and viem) resolve to this app's.
export default defineConfig({
  root: import.meta.dirname,
  plugins: [workspaceSource(), react(), vanillaExtractPlugin()],
  resolve: { dedupe: ['@wagmi/core', 'viem', 'react', 'react-dom'] },
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
  optimizeDeps: { include: ['@vanilla-extract/recipes/createRuntimeFn', '@vanilla-extract/sprinkles/createRuntimeSprinkles'] },
})
