// Size budget (part of `npm test`): bundles scripts/size-entry.ts as an app would (Vite, minified,
// react and react-dom external, lazy chunks split off), then size-limit checks the gzip size of the
// initial chunk and its CSS against the budget in .size-limit.json. Lazy chunks are listed for the record.
import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin'
import react from '@vitejs/plugin-react'
import { build } from 'vite'

const root = path.resolve(import.meta.dirname, '..')
const outDir = path.join(root, 'dist/size')
rmSync(outDir, { recursive: true, force: true })

await build({
  root,
  configFile: false,
  logLevel: 'warn',
  plugins: [react(), vanillaExtractPlugin()],
  define: { 'process.env.NODE_ENV': '"production"' },
  build: {
    outDir,
    emptyOutDir: true,
    minify: true,
    cssCodeSplit: true,
    lib: { entry: path.join(root, 'scripts/size-entry.ts'), formats: ['es'], fileName: () => 'initial.js' },
    rollupOptions: {
      external: (id) => /^react(-dom)?($|\/)/.test(id),
      output: { chunkFileNames: 'chunks/[name]-[hash].js', assetFileNames: '[name][extname]' },
    },
  },
})

const files = []
const walk = (d) => {
  for (const n of readdirSync(d)) {
    const p = path.join(d, n)
    if (statSync(p).isDirectory()) walk(p)
    else files.push(p)
  }
}
walk(outDir)
const kib = (n) => `${(n / 1024).toFixed(2)} KiB`
console.log('Bundle (gzip):')
for (const f of files.sort()) {
  const buf = readFileSync(f)
  console.log(`  ${path.relative(outDir, f).padEnd(40)} ${kib(gzipSync(buf).length).padStart(10)} (raw ${kib(buf.length)})`)
}

const r = spawnSync('npx', ['size-limit'], { cwd: root, stdio: 'inherit' })
process.exit(r.status ?? 1)
