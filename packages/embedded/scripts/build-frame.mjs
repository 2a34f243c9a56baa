// Builds the frame app (src/frame/index.html + main.ts) into dist/frame/ with Vite: one small
// hashed script, no framework. Run after the library build (scripts/build.mjs empties dist/):
//   node packages/embedded/scripts/build-frame.mjs
// or from Node: `import { buildFrame } from '.../packages/embedded/scripts/build-frame.mjs'; await buildFrame()`.
import path from 'node:path'
import { build } from 'vite'
import { workspaceSource } from '../../../scripts/source-condition.ts'

const pkg = path.resolve(import.meta.dirname, '..')

/** Build the frame into `outDir` (default dist/frame/ of this package); resolves with that directory. */
export async function buildFrame({ outDir = path.join(pkg, 'dist/frame') } = {}) {
  await build({
    root: path.join(pkg, 'src/frame'),
    base: './',
    configFile: false,
    logLevel: 'warn',
    plugins: [workspaceSource()],
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      minify: true,
      sourcemap: false,
      modulePreload: { polyfill: false },
      reportCompressedSize: false,
    },
  })
  return outDir
}

if (import.meta.main) {
  const t0 = performance.now()
  const out = await buildFrame()
  console.log(`  @portico/embedded frame  ${path.relative(process.cwd(), out)}/ in ${((performance.now() - t0) / 1000).toFixed(1)} s`)
}
