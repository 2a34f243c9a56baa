// The README's test command (`npm test`): format and lint (Biome), build the packages, typecheck, every vitest project (the
// dom tests on React 19 and on React 18, @portico/wagmi's on wagmi 3 and 2, the API's database tests on real PostgreSQL), the pack test (scratch apps from the tarballs), the size
// budgets on the built packages.
// Each step runs even if an earlier one failed, so one run shows every failure. The last line
// is the plain `N passed, N failed` summary that CI reads.
import { spawn, spawnSync } from 'node:child_process'
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, statSync } from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const out = path.join(root, '.vitest')
mkdirSync(out, { recursive: true })

let passed = 0
let failed = 0
let skipped = 0
const failures = []
/** Each failed test: file › name: the first line of its error. */
const failedTests = []

/** Each step's wall time, printed at the end. */
const timings = []

function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label}: ${cmd} ${args.join(' ')}`)
  const started = performance.now()
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } })
  timings.push(`${label} ${((performance.now() - started) / 1000).toFixed(0)} s`)
  return r.status === 0
}

function vitestArgs(label, projects, extra) {
  const file = path.join(out, `results-${label}.json`)
  rmSync(file, { force: true })
  const args = ['vitest', 'run', ...extra, ...projects.flatMap((p) => ['--project', p])]
  args.push('--reporter=default', '--reporter=json', `--outputFile.json=${file}`)
  return { file, args }
}

/** Add a vitest step's JSON report to the totals. */
function count(label, file, ok) {
  let counted = false
  try {
    const r = JSON.parse(readFileSync(file, 'utf8'))
    passed += r.numPassedTests
    failed += r.numFailedTests
    skipped += r.numPendingTests + r.numTodoTests
    counted = true
    if (!ok && r.numFailedTests === 0) {
      // a suite that failed to load counts as one failure
      failed += 1
      failures.push(`vitest ${label} (suite error)`)
      // A file that failed to load: its error's first line (vitest's own, before any test, is in the log above).
      for (const file of r.testResults)
        if (file.status === 'failed' && file.message)
          failedTests.push(`${path.relative(root, file.name)}: ${String(file.message).split('\n')[0].slice(0, 300)}`)
    } else if (r.numFailedTests > 0) {
      failures.push(`vitest ${label}`)
      // Name each failed test, with its error's first line: CI keeps only the end of the output.
      for (const file of r.testResults)
        for (const t of file.assertionResults)
          if (t.status === 'failed')
            failedTests.push(
              `${path.relative(root, file.name)} › ${t.fullName}: ${String(t.failureMessages?.[0] ?? '')
                .split('\n')[0]
                .slice(0, 300)}`,
            )
    }
  } catch {
    /* no report written */
  }
  if (!counted) {
    failed += 1
    failures.push(`vitest ${label} (no report)`)
  }
}

function vitest(label, projects, extra = []) {
  const { file, args } = vitestArgs(label, projects, extra)
  count(label, file, run(`vitest ${label}`, 'npx', args))
}

/**
 * Start vitest steps that run alongside the next step, at once (their output goes to .vitest/<label>.log
 * and is printed when all end); the returned function waits for them and counts them. Each is spawned
 * here, synchronously: the next step's spawnSync blocks this process's event loop, so a step started
 * later (in a callback) would wait for it.
 */
function vitestAlongside(steps) {
  const runs = []
  for (const { label, projects, extra = [] } of steps) {
    const { file, args } = vitestArgs(label, projects, extra)
    const log = path.join(out, `${label}.log`)
    console.log(`\n=== vitest ${label}, alongside the next step (its output follows when it ends): npx ${args.join(' ')}`)
    const run = { label, file, log, exited: Promise.resolve(false), started: Date.now() }
    const fd = openSync(log, 'w')
    const child = spawn('npx', args, { cwd: root, stdio: ['ignore', fd, fd], env: process.env })
    closeSync(fd)
    run.exited = new Promise((resolve) => child.on('close', (code) => resolve(code === 0)))
    runs.push(run)
  }
  return async () => {
    for (const run of runs) {
      const { label, file, log } = run
      const ok = await run.exited
      // Its own time, from its report (this process was blocked on the other step when it ended).
      let seconds = Number.NaN
      try {
        const r = JSON.parse(readFileSync(file, 'utf8'))
        seconds = (Math.max(...r.testResults.map((t) => t.endTime)) - r.startTime) / 1000
      } catch {
        /* no report: counted as a failure below */
      }
      // Its tests' time, and its time in all (vitest's start, global setup: the pack test's builds and installs),
      // to its log's last write (its exit is seen only once the step it ran beside has ended).
      const all = (statSync(log).mtimeMs - run.started) / 1000
      timings.push(`vitest ${label} ${seconds.toFixed(0)} s, ${all.toFixed(0)} s in all (alongside)`)
      console.log(`\n=== vitest ${label} (ran alongside): its output`)
      process.stdout.write(readFileSync(log))
      count(label, file, ok)
    }
  }
}

function check(label, cmd, args) {
  if (run(label, cmd, args)) passed += 1
  else {
    failed += 1
    failures.push(label)
  }
}

const only = process.argv.slice(2)
const want = (s) => only.length === 0 || only.includes(s)

const t0 = performance.now()
// dist/ of every published package: the pack test and the size budgets use it (the other steps run
// on source, through the '@portico/source' export condition).
// Formatting and lint first: a second or two, and the cheapest failure to read.
if (want('lint')) check('format and lint', 'npx', ['biome', 'ci', '--error-on-warnings', '.'])
if (want('build')) check('build', 'node', ['scripts/build.mjs'])
if (want('typecheck')) check('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json'])
// @portico/wagmi's source against @wagmi/core 2's types too (it peers on ^2 || ^3).
if (want('typecheck')) check('typecheck (wagmi 2)', 'npx', ['tsc', '-p', 'tests/wagmi2/tsconfig.json'])
// Two test files at a time (vitest's default on 2 cores is one, availableParallelism() - 1): most of
// the unit files wait on sockets (PGlite, anvil, the relay, HTTP servers) and the browser files on
// Chromium, so a second worker fills that waiting. PORTICO_TEST_WORKERS overrides it.
const workers = [`--maxWorkers=${process.env.PORTICO_TEST_WORKERS ?? 2}`]
if (want('unit')) vitest('unit', ['node', 'node-wagmi2', 'ssr', 'dom', 'dom-react18'], workers)
if (want('browser')) vitest('browser', ['browser', 'storybook'], workers)
// The server's tests on real PostgreSQL (their own cluster on a free port). Not beside the browser step: both
// are CPU-bound, so side by side took longer than one after the other (169 s against 112 + 60 s in ci12) and
// slowed the screenshots enough to fail one in CI.
if (want('postgres')) vitest('postgres', ['node-pg'], workers)
// The pack test runs alongside the e2e journeys: these wait on their browser and stack about a
// third of the time (5.5 min of wall time for 3.7 min of CPU), which the pack test's installs and
// builds fill. Each starts its own servers on free ports and its own Chromium.
const pack = want('pack')
  ? vitestAlongside([{ label: 'pack', projects: [], extra: ['--config', 'tests/pack/vitest.config.ts'] }])
  : undefined
if (want('e2e')) vitest('e2e', ['e2e'])
await pack?.()
if (want('size')) check('size budget', 'node', ['scripts/size.mjs'])
console.log(`\nsteps: ${timings.join(', ')}`)
console.log(`\nnpm test took ${((performance.now() - t0) / 60000).toFixed(1)} min`)

if (failures.length) console.log(`\nFailed steps: ${failures.join(', ')}`)
if (failedTests.length) console.log(`\nFailed tests:\n${failedTests.map((t) => `  ${t}`).join('\n')}`)
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
process.exit(failed ? 1 : 0)
