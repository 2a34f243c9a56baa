import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// An app that styles itself with vanilla-extract: its plugin must leave @portico/ui's compiled
// CSS modules alone. No transpiling of node_modules.
export default defineConfig({
  plugins: [react(), vanillaExtractPlugin()],
})
