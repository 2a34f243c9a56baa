import path from 'node:path'
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { workspaceSource } from '../../scripts/source-condition.ts'

/**
 * Puts the local stack's addresses into the page as `window.__PORTICO_DEMO__` (from the env var
 * PORTICO_DEMO_CONFIG that scripts/stack.ts sets). Without it the demo explains how to start it.
 */
function demoConfig(): Plugin {
  return {
    name: 'portico-demo-config',
    transformIndexHtml() {
      const raw = process.env.PORTICO_DEMO_CONFIG
      if (!raw) return []
      // JSON inside <script>: escape '<' so no value can close the tag.
      const json = JSON.stringify(JSON.parse(raw)).replace(/</g, '\\u003c')
      return [{ tag: 'script', children: `window.__PORTICO_DEMO__ = ${json}`, injectTo: 'head-prepend' }]
    },
  }
}

export default defineConfig({
  root: import.meta.dirname,
  // workspaceSource: the demo runs on the packages' source, so `npm start` needs no build.
  plugins: [workspaceSource(), react(), vanillaExtractPlugin(), demoConfig()],
  server: { host: '127.0.0.1' },
  // The compiled .css.ts modules import these runtimes; the dependency scan cannot see them, so on a
  // cold cache Vite found them on the first page load and reloaded the page. Pre-bundle them up front.
  optimizeDeps: { include: ['@vanilla-extract/recipes/createRuntimeFn', '@vanilla-extract/sprinkles/createRuntimeSprinkles'] },
  preview: { host: '127.0.0.1' },
  build: {
    rollupOptions: {
      input: {
        main: path.join(import.meta.dirname, 'index.html'),
        headless: path.join(import.meta.dirname, 'headless.html'),
        wallet: path.join(import.meta.dirname, 'wallet.html'),
      },
    },
  },
})
