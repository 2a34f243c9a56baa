// Support for the stories of the embedded wallet's views (issue 11: EmailLogin, UpdateEmailWallet,
// ConnectingFarcaster, the account type): an instance on a fixture auth connector, one a panel, a
// clock that stands still, and the 375×812 phone (the real overlay, a bottom sheet).
import { type ChainAdapter, createPortico, type Portico, type ThemeMode, type Timers } from '@portico/headless'
import { PorticoContextProvider } from '@portico/headless/react'
import { ConnectButton } from '@portico/ui'
import { PorticoModal } from '@portico/ui/modal'
import { fixtureFetch } from './api'
import { type Instances, LEGAL, networks, renderModal } from './fixtures'
import { FreezeMotion } from './panels'

/** Real timeouts on a clock that stands still (a cooldown shows the same seconds in every screenshot); `jump` moves it. */
export function stillClock() {
  let now = 1_700_000_000_000
  const timers: Timers & { jump(ms: number): void } = {
    now: () => now,
    setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
    clearTimeout: (h) => globalThis.clearTimeout(h as number),
    jump: (ms) => void (now += ms),
  }
  return timers
}

/** A ready instance in `mode` on `adapter` (the fixture auth connector), nothing stored, the fixture API. */
export async function authPortico(mode: ThemeMode, adapter: ChainAdapter, opts: { isMobile?: boolean; timers?: Timers } = {}): Promise<Portico> {
  const portico = createPortico({
    ...LEGAL,
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
export const bothModes =
  (make: (mode: ThemeMode) => Promise<Portico>) =>
  async (): Promise<{ portico: Instances }> => ({
    portico: { light: await make('light'), dark: await make('dark') },
  })

export type PhoneArgs = { mode?: 'light' | 'dark'; phone?: boolean }

/** On a phone: the real overlay (a bottom sheet) on a 375×812 screen; else the light and dark panels. */
export function renderOnPhone(args: PhoneArgs, context: { loaded: unknown }) {
  if (!args.phone) return renderModal(args, context)
  const mode = args.mode ?? 'light'
  const p = (context.loaded as { portico: Instances }).portico[mode]
  return (
    <PorticoContextProvider portico={p}>
      <FreezeMotion />
      <main style={{ minHeight: '100vh', boxSizing: 'border-box', padding: 24, background: mode === 'dark' ? '#0e0f13' : '#f7f8fa' }}>
        <ConnectButton />
      </main>
      <PorticoModal />
    </PorticoContextProvider>
  )
}

/** A story's parameters and globals for the 375×812 phone (with `args: { phone: true }`). */
export const PHONE = {
  parameters: { panels: false, viewport: { options: { iphonex: { name: 'iPhone X', styles: { width: '375px', height: '812px' }, type: 'mobile' } } } },
  globals: { viewport: { value: 'iphonex', isRotated: false } },
}
