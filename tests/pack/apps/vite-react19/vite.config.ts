import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// A plain Vite + React app: no vanilla-extract plugin, no transpiling of node_modules.
export default defineConfig({
  plugins: [react()],
})
