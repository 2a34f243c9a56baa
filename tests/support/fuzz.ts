/**
 * How every property test of the repository picks its seed and its number of runs.
 *
 * In `npm test` the seed is fixed (FIXED_SEED), so a run is the same run on every machine and every
 * clone: a failure there is a real regression, never luck. `npm run fuzz` (scripts/fuzz.mjs) sets
 * PORTICO_FUZZ=1: each property then gets a fresh random seed and PORTICO_FUZZ_SCALE times its runs
 * (10 unless set). PORTICO_FUZZ_SEED=<n> replays one seed in either mode.
 *
 * fast-check prints the seed, the path and the shrunk counterexample of a failure. To keep a found
 * counterexample for good, add it to the property's `examples` (the README's "Property tests and
 * fuzzing"): examples run first, in every run, whatever the seed.
 */
import type fc from 'fast-check'

/** The seed of `npm test` (the date this rule came in). */
export const FIXED_SEED = 20_261_201

/** True under `npm run fuzz`: fresh seeds, more runs. */
export const FUZZING = process.env.PORTICO_FUZZ === '1'

function envSeed(): number | undefined {
  const raw = process.env.PORTICO_FUZZ_SEED
  if (raw === undefined || raw === '') return undefined
  const seed = Number(raw)
  if (!Number.isSafeInteger(seed)) throw new Error(`PORTICO_FUZZ_SEED must be an integer, got "${raw}"`)
  return seed
}

/** The seed a property runs with: PORTICO_FUZZ_SEED, else fresh under `npm run fuzz`, else FIXED_SEED. */
export function fuzzSeed(): number {
  return envSeed() ?? (FUZZING ? (Date.now() ^ (Math.random() * 0x1_0000_0000)) | 0 : FIXED_SEED)
}

/** `runs` in `npm test`; PORTICO_FUZZ_SCALE (default 10) times as many under `npm run fuzz`. */
export function fuzzRuns(runs: number): number {
  if (!FUZZING) return runs
  const scale = Number(process.env.PORTICO_FUZZ_SCALE ?? 10)
  if (!(scale > 0)) throw new Error(`PORTICO_FUZZ_SCALE must be a positive number, got "${process.env.PORTICO_FUZZ_SCALE}"`)
  return Math.max(1, Math.round(runs * scale))
}

/**
 * fast-check parameters for a property: its seed (see fuzzSeed), its runs (see fuzzRuns) and the
 * regression rows that always run first. The seed is logged with the property's name so that even
 * a passing fuzz run can be replayed.
 */
export function fuzzParams<Ts>(
  name: string,
  runs: number,
  extra: Omit<fc.Parameters<Ts>, 'numRuns' | 'seed'> = {},
): fc.Parameters<Ts> & { numRuns: number; seed: number } {
  const seed = fuzzSeed()
  // Straight to stderr, not console: some properties count what the code under test logs to console.
  if (FUZZING) process.stderr.write(`[fuzz] ${name}: seed ${seed}, ${fuzzRuns(runs)} runs (PORTICO_FUZZ_SEED=${seed} replays it)\n`)
  return { ...extra, numRuns: fuzzRuns(runs), seed }
}

/** A property test's time limit, scaled with its runs under `npm run fuzz`. */
export function fuzzTimeout(ms: number): number {
  return Math.round((ms * fuzzRuns(1_000)) / 1_000)
}
