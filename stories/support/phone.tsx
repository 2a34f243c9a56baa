// The phone of view stories: with `args: { phone: true }` and PHONE, the real overlay (a bottom sheet)
// on a 375×812 screen instead of the light and dark panels.
import { PorticoContextProvider } from '@portico/headless/react'
import { ConnectButton, PorticoProvider } from '@portico/ui'
import { PorticoModal } from '@portico/ui/modal'
import type { ReactNode } from 'react'
import { type Instances, renderModal, WithPortico } from './fixtures'
import { FreezeMotion } from './panels'

/**
 * `provider`: on the phone, the app's own setup (PorticoProvider, which mounts the modal) instead of
 * PorticoContextProvider + PorticoModal: the connect button then follows the modal's locale.
 */
export type PhoneArgs = { mode?: 'light' | 'dark'; phone?: boolean; provider?: boolean }

/**
 * On a phone: the real overlay (a bottom sheet) on a 375×812 screen; else the light and dark panels.
 * `before`: rendered first inside the instance's provider (a component that starts a flow).
 */
export function renderOnPhone(args: PhoneArgs, context: { loaded: unknown }, before?: ReactNode) {
  const instances = (context.loaded as { portico: Instances }).portico
  if (!args.phone) {
    if (!before) return renderModal(args, context)
    return (
      <WithPortico instances={instances}>
        {before}
        <PorticoModal inline />
      </WithPortico>
    )
  }
  const mode = args.mode ?? 'light'
  const p = instances[mode]
  const page = (
    <main style={{ minHeight: '100vh', boxSizing: 'border-box', padding: 24, background: mode === 'dark' ? '#0e0f13' : '#f7f8fa' }}>
      <ConnectButton />
    </main>
  )
  if (args.provider)
    return (
      <PorticoProvider portico={p} autoReconnect={false} preloadOnIdle={false}>
        {before}
        <FreezeMotion />
        {page}
      </PorticoProvider>
    )
  return (
    <PorticoContextProvider portico={p}>
      {before}
      <FreezeMotion />
      {page}
      <PorticoModal />
    </PorticoContextProvider>
  )
}

/** A story's parameters and globals for the 375×812 phone (with `args: { phone: true }`). */
export const PHONE = {
  parameters: {
    panels: false,
    viewport: { options: { iphonex: { name: 'iPhone X', styles: { width: '375px', height: '812px' }, type: 'mobile' } } },
  },
  globals: { viewport: { value: 'iphonex', isRotated: false } },
}
