// Size budget (part of `npm test`): bundles scripts/size-entry.ts the way an app build would
// (Vite, minified, react and react-dom external, lazy chunks split off), writes the files of the
// initial load — the entry chunk, every chunk it imports statically, and their CSS — to
// dist/size/initial-files.json, and runs size-limit on them (.size-limit.js). Lazy chunks are
// listed for the record.
import { spawnSync } from 'node:child_process'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin'
import react from '@vitejs/plugin-react'
import { build } from 'vite'

const root = path.resolve(import.meta.dirname, '..')
const outDir = path.join(root, 'dist/size')
const entry = 'scripts/size-entry.ts'
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
    manifest: true,
    rollupOptions: {
      input: path.join(root, entry),
      preserveEntrySignatures: 'exports-only',
      external: (id) => /^react(-dom)?($|\/)/.test(id),
      output: { entryFileNames: 'initial.js', chunkFileNames: 'chunks/[name]-[hash].js', assetFileNames: 'assets/[name]-[hash][extname]' },
    },
  },
})

const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'))
const initial = new Set()
const visit = (key) => {
  const chunk = manifest[key]
  if (!chunk || initial.has(chunk.file)) return
  initial.add(chunk.file)
  for (const css of chunk.css ?? []) initial.add(css)
  for (const dep of chunk.imports ?? []) visit(dep)
}
visit(entry)
writeFileSync(path.join(outDir, 'initial-files.json'), JSON.stringify([...initial].map((f) => path.join('dist/size', f))))

const kib = (n) => `${(n / 1024).toFixed(2)} KiB`
console.log('Bundle, gzip (* = initial load):')
const all = new Set(Object.values(manifest).flatMap((c) => [c.file, ...(c.css ?? [])]))
for (const f of [...all].sort()) {
  const buf = readFileSync(path.join(outDir, f))
  console.log(`  ${initial.has(f) ? '*' : ' '} ${f.padEnd(44)} ${kib(gzipSync(buf).length).padStart(10)}  (raw ${kib(buf.length)})`)
}

const r = spawnSync('npx', ['size-limit'], { cwd: root, stdio: 'inherit' })
process.exit(r.status ?? 1)
