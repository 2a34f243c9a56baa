// Benchmark (not a test): how long the local stack takes to come up, and what the demo page loads
// first. Run with `npm run bench:stack`. Prints medians over RUNS starts and the gzip sizes of the
// demo's initial JS and CSS (index.html's scripts, modulepreloads and stylesheets).
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { startStack } from '../scripts/stack.ts'

const RUNS = Number(process.env.RUNS ?? 3)
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

const times = { dev: [], preview: [] }
let outDir
for (const mode of ['dev', 'preview']) {
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now()
    const stack = await startStack({ mode, outDir: path.resolve(import.meta.dirname, '../dist/bench-demo') })
    times[mode].push(performance.now() - t0)
    outDir = path.resolve(import.meta.dirname, '../dist/bench-demo')
    await stack.stop()
  }
}
console.log(`stack start-up, median of ${RUNS}:`)
console.log(`  npm start (anvil ×2 + Solana + relay + API + Vite dev server): ${Math.round(median(times.dev))} ms`)
console.log(`  e2e (same + production build of the demo + vite preview):     ${Math.round(median(times.preview))} ms`)

const html = readFileSync(path.join(outDir, 'index.html'), 'utf8')
const assets = [...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.(js|css))"/g)].map((m) => ({ file: m[1], kind: m[2] }))
const total = { js: 0, css: 0 }
console.log('demo index.html initial load (gzip):')
for (const a of assets) {
  const size = gzipSync(readFileSync(path.join(outDir, a.file))).length
  total[a.kind] += size
  console.log(`  ${a.file.padEnd(40)} ${(size / 1024).toFixed(1).padStart(7)} KiB`)
}
console.log(`  total: JS ${(total.js / 1024).toFixed(1)} KiB, CSS ${(total.css / 1024).toFixed(1)} KiB (react + react-dom included)`)
