import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// The app that `npm create vite@latest my-app -- --template react-ts` makes: the quick start is pasted into it.
export default defineConfig({
  plugins: [react()],
})
