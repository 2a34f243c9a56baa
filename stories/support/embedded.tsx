// Support for the stories of the embedded wallet's views (issue 11: EmailLogin, UpdateEmailWallet,
// ConnectingFarcaster, the account type): an instance on a fixture auth connector, one a panel, and a
// clock that stands still.
import { type ChainAdapter, createPortico, type Features, type Portico, type ThemeMode, type Timers } from '@portico/headless'
import { fixtureFetch } from './api'
import { type Instances, LEGAL, networks } from './fixtures'

/** Real timeouts on a clock that stands still (a cooldown shows the same seconds in every screenshot); `jump` moves it. */
export function stillClock() {
  let now = 1_700_000_000_000
  const timers: Timers & { jump(ms: number): void } = {
    now: () => now,
    setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
    clearTimeout: (h) => globalThis.clearTimeout(h as number),
    jump: (ms) => {
      now += ms
    },
  }
  return timers
}

/** A ready instance in `mode` on `adapter` (the fixture auth connector), nothing stored, the fixture API. */
export async function authPortico(
  mode: ThemeMode,
  adapter: ChainAdapter,
  opts: { isMobile?: boolean; timers?: Timers; features?: Partial<Features> } = {},
): Promise<Portico> {
  const portico = createPortico({
    ...LEGAL,
    ...(opts.features ? { features: opts.features } : {}),
    projectId: 'storybook',
    networks,
    adapters: [adapter],
    themeMode: mode,
    ...(opts.timers ? { timers: opts.timers } : {}),
    storage: { getItem: () => null, setItem: () => {}, removeItem: () => {} },
    isMobile: opts.isMobile ?? false,
    apiUrl: 'http://127.0.0.1:1/portico-fixture',
    fetch: fixtureFetch({}),
  })
  await portico.ready
  return portico
}

/** A Storybook loader: one instance a panel, light then dark. */
export const bothModes = (make: (mode: ThemeMode) => Promise<Portico>) => async (): Promise<{ portico: Instances }> => ({
  portico: { light: await make('light'), dark: await make('dark') },
})
