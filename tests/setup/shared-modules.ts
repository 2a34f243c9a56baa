// Node test projects that share their modules across the files of a worker (`isolate: false`): each
// file leaves the process as it found it, whatever it stubbed, so no file sees another's stubs and the
// order that files land on workers in does not matter. Run before each file (a setup file), after
// loopback-only.ts.
import { afterAll, vi } from 'vitest'

const env = { ...process.env }
const fetch = globalThis.fetch

afterAll(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.unstubAllEnvs()
  vi.restoreAllMocks()
  globalThis.fetch = fetch
  for (const key of Object.keys(process.env)) if (!(key in env)) delete process.env[key]
  Object.assign(process.env, env)
})
