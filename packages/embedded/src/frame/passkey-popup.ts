/**
 * Creating a passkey needs a window of the frame's origin that the user acts in: browsers create a
 * credential in a cross-origin iframe only after a click inside that iframe, and the frame is
 * hidden. So a passkey is created in a popup on the frame's origin (the host page opens it in the
 * user's click, on `?portico-passkey=create`); signing in with one (navigator.credentials.get) runs
 * in the frame itself.
 *
 *   popup → the frames of its opener:  { channel, type: 'POPUP_READY' }           (targetOrigin: the frame's origin)
 *   frame → that popup:                 { channel, type: 'CREATE', options }        (targetOrigin: the frame's origin)
 *   popup → that frame:                 { channel, type: 'CREATED', response } | { channel, type: 'FAILED', message }
 *
 * Every message goes to this origin only, and each side takes only this origin's messages: the
 * host page can neither read the options or the response (with its PRF output), nor answer for the
 * popup. The popup's button is the user's act the browser asks for; it closes when done.
 */
import type { PublicKeyCredentialCreationOptionsJSON, RegistrationResponseJSON } from '@simplewebauthn/browser'
import { PASSKEY_CHALLENGE_TTL_MS } from '@portico/protocol/auth'

export const PASSKEY_POPUP_CHANNEL = 'portico:passkey'
export { PASSKEY_POPUP_PARAM } from '@portico/protocol/frame'

type Message =
  | { channel: typeof PASSKEY_POPUP_CHANNEL; type: 'POPUP_READY' }
  | { channel: typeof PASSKEY_POPUP_CHANNEL; type: 'CREATE'; options: PublicKeyCredentialCreationOptionsJSON }
  | { channel: typeof PASSKEY_POPUP_CHANNEL; type: 'CREATED'; response: RegistrationResponseJSON }
  | { channel: typeof PASSKEY_POPUP_CHANNEL; type: 'FAILED'; message: string }

const isMessage = (data: unknown): data is Message =>
  typeof data === 'object' && data !== null && (data as { channel?: unknown }).channel === PASSKEY_POPUP_CHANNEL

type Source = { postMessage(message: unknown, targetOrigin: string): void }

/** The frame's side: startRegistration through the popup, and the receiver of its messages. */
export function popupRegistrar(options: { origin: string; timeoutMs?: number }) {
  let pending:
    | {
        options: PublicKeyCredentialCreationOptionsJSON
        popup?: Source
        resolve(response: RegistrationResponseJSON): void
        reject(error: Error): void
      }
    | undefined

  return {
    /** A passkey created in the popup for `optionsJSON` (the popup must have been opened by the host). */
    startRegistration({ optionsJSON }: { optionsJSON: PublicKeyCredentialCreationOptionsJSON }): Promise<RegistrationResponseJSON> {
      pending?.reject(new Error('Passkey creation was replaced by a new one'))
      return new Promise<RegistrationResponseJSON>((resolve, reject) => {
        const timer = setTimeout(() => {
          pending = undefined
          reject(new Error('The passkey was not created in time'))
        }, options.timeoutMs ?? PASSKEY_CHALLENGE_TTL_MS)
        const settle = () => {
          clearTimeout(timer)
          pending = undefined
        }
        pending = {
          options: optionsJSON,
          resolve: (response) => {
            settle()
            resolve(response)
          },
          reject: (error) => {
            settle()
            reject(error)
          },
        }
      })
    },

    /** A message that is not the host page's: the popup's. True when taken. */
    receive(event: { origin: string; source: unknown; data: unknown }): boolean {
      if (event.origin !== options.origin || !isMessage(event.data) || !pending) return false
      const source = event.source as Source | null
      if (source === null || typeof source.postMessage !== 'function') return false
      const message = event.data
      if (message.type === 'POPUP_READY') {
        pending.popup = source
        source.postMessage({ channel: PASSKEY_POPUP_CHANNEL, type: 'CREATE', options: pending.options }, options.origin)
        return true
      }
      if (source !== pending.popup) return false
      if (message.type === 'CREATED') pending.resolve(message.response)
      else if (message.type === 'FAILED') pending.reject(new Error(message.message.slice(0, 500)))
      else return false
      return true
    },
  }
}

/**
 * The popup's side (the frame page opened with ?portico-passkey=create): announce itself to the
 * frames of the page that opened it, show one button, and create the passkey for the options the
 * frame sends when the user presses it.
 */
export async function runPasskeyPopup(doc: Document = document): Promise<void> {
  const origin = location.origin
  const opener = window.opener as Window | null
  const main = doc.createElement('main')
  const title = doc.createElement('h1')
  title.textContent = 'Create a passkey'
  const text = doc.createElement('p')
  text.textContent = 'Your passkey signs you in to your wallet. It is kept by your device or password manager.'
  const button = doc.createElement('button')
  button.type = 'button'
  button.textContent = 'Create passkey'
  button.disabled = true
  button.setAttribute('data-testid', 'portico-passkey-create')
  const status = doc.createElement('p')
  status.setAttribute('role', 'status')
  main.append(title, text, button, status)
  doc.body.append(main)
  doc.title = 'Create a passkey'
  if (!opener) {
    status.textContent = 'Open this page from the wallet.'
    return
  }
  const { startRegistration } = await import('@simplewebauthn/browser')
  let frame: Window | undefined
  let options: PublicKeyCredentialCreationOptionsJSON | undefined
  window.addEventListener('message', (event) => {
    if (event.origin !== origin || !isMessage(event.data) || event.data.type !== 'CREATE' || frame) return
    frame = event.source as Window
    options = event.data.options
    button.disabled = false
    button.focus()
  })
  button.addEventListener('click', async () => {
    if (!frame || !options) return
    button.disabled = true
    status.textContent = 'Creating your passkey…'
    try {
      const response = await startRegistration({ optionsJSON: options })
      frame.postMessage({ channel: PASSKEY_POPUP_CHANNEL, type: 'CREATED', response }, origin)
      // The wallet closes this window when the sign-in is done.
      status.textContent = 'Passkey created.'
    } catch (error) {
      const message = error instanceof Error ? error.message : 'The passkey could not be created'
      frame.postMessage({ channel: PASSKEY_POPUP_CHANNEL, type: 'FAILED', message }, origin)
      status.textContent = message
    }
  })
  // Announce to every frame of the opener (only those of this origin receive it), again every
  // half second until the frame answers: it may still be asking the API for the options.
  const announce = () => {
    if (frame || opener.closed) return
    for (let i = 0; i < opener.frames.length; i++) {
      try {
        opener.frames[i]?.postMessage({ channel: PASSKEY_POPUP_CHANNEL, type: 'POPUP_READY' }, origin)
      } catch {
        // a frame gone meanwhile
      }
    }
    setTimeout(announce, 500)
  }
  announce()
}
