// `npm run fuzz`: every property test of the repository with fresh seeds and more runs (not part of
// `npm test`, whose seeds are fixed). The property files are those that take their parameters from
// tests/support/fuzz.ts; `npm run fuzz -- <file>…` runs only those files.
// Env: PORTICO_FUZZ_SCALE (runs × this, default 10), PORTICO_FUZZ_SEED (replay one seed).
import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) yield* walk(full)
    else if (/\.test\.tsx?$/.test(name)) yield full
  }
}

const asked = process.argv.slice(2)
const files = asked.length
  ? asked
  : [...walk(path.join(root, 'packages')), ...walk(path.join(root, 'tests'))]
      .filter((file) => /from '(\.\.\/)+(tests\/)?support\/fuzz\.ts'/.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(root, file))
if (files.length === 0) {
  console.error('npm run fuzz: no property test files found')
  process.exit(1)
}
console.log(`npm run fuzz: fresh seeds, runs × ${process.env.PORTICO_FUZZ_SCALE ?? 10}, over:\n  ${files.join('\n  ')}`)
const r = spawnSync('npx', ['vitest', 'run', '--project', 'node', '--testTimeout=900000', ...files], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, PORTICO_FUZZ: '1' },
})
process.exit(r.status ?? 1)
