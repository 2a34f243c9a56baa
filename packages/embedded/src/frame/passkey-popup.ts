/**
 * Creating a passkey needs a window of the frame's origin that the user acts in: browsers create a
 * credential in a cross-origin iframe only after a click inside that iframe, and the frame is
 * hidden. So a passkey is created in a popup on the frame's origin (the host page opens it in the
 * user's click, on `?portico-passkey=create`); signing in with one (navigator.credentials.get) runs
 * in the frame itself. A step-up by a passkey (the second factor) runs in such a popup too
 * (`?portico-passkey=verify`): its button, in a window of the frame's origin, is the user's act, and
 * says what the passkey is asked for; a host page can not start one in the hidden frame.
 *
 *   popup → the frames of its opener:  { channel, type: 'POPUP_READY' }           (targetOrigin: the frame's origin)
 *   frame → that popup:                 { channel, type: 'CREATE', options }        (targetOrigin: the frame's origin)
 *                                       | { channel, type: 'GET', options, texts }   (a step-up; texts of the host's locale)
 *   popup → that frame:                 { channel, type: 'CREATED' | 'ASSERTED', response } | { channel, type: 'FAILED', message }
 *
 * Every message goes to this origin only, and each side takes only this origin's messages: the
 * host page can neither read the options or the response (with its PRF output), nor answer for the
 * popup. The popup's button is the user's act the browser asks for; it closes when done.
 */
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser'
import { PASSKEY_CHALLENGE_TTL_MS } from '@portico/protocol/auth'
import { ENGLISH, type FrameTexts } from './texts'

export const PASSKEY_POPUP_CHANNEL = 'portico:passkey'
export { PASSKEY_POPUP_PARAM } from '@portico/protocol/frame'

/** What the step-up popup says (./texts.ts `stepUp`, in the host's locale). */
export type StepUpTexts = FrameTexts['stepUp']

type Message =
  | { channel: typeof PASSKEY_POPUP_CHANNEL; type: 'POPUP_READY' }
  | { channel: typeof PASSKEY_POPUP_CHANNEL; type: 'CREATE'; options: PublicKeyCredentialCreationOptionsJSON }
  | { channel: typeof PASSKEY_POPUP_CHANNEL; type: 'GET'; options: PublicKeyCredentialRequestOptionsJSON; texts: StepUpTexts }
  | { channel: typeof PASSKEY_POPUP_CHANNEL; type: 'CREATED'; response: RegistrationResponseJSON }
  | { channel: typeof PASSKEY_POPUP_CHANNEL; type: 'ASSERTED'; response: AuthenticationResponseJSON }
  | { channel: typeof PASSKEY_POPUP_CHANNEL; type: 'FAILED'; message: string }

const isMessage = (data: unknown): data is Message =>
  typeof data === 'object' && data !== null && (data as { channel?: unknown }).channel === PASSKEY_POPUP_CHANNEL

type Source = { postMessage(message: unknown, targetOrigin: string): void }

type Pending = {
  /** What the frame sends the popup once it announces itself. */
  ask: Message
  /** The answer this ceremony takes. */
  answer: 'CREATED' | 'ASSERTED'
  popup?: Source
  resolve(response: unknown): void
  reject(error: Error): void
}

/** The frame's side: startRegistration (and a step-up's startAuthentication) through the popup, and the receiver of its messages. */
export function popupRegistrar(options: { origin: string; timeoutMs?: number }) {
  let pending: Pending | undefined

  function start<R>(ask: Message, answer: Pending['answer'], late: string): Promise<R> {
    pending?.reject(new Error('Passkey creation was replaced by a new one'))
    return new Promise<R>((resolve, reject) => {
      const timer = setTimeout(() => {
        pending = undefined
        reject(new Error(late))
      }, options.timeoutMs ?? PASSKEY_CHALLENGE_TTL_MS)
      const settle = () => {
        clearTimeout(timer)
        pending = undefined
      }
      pending = {
        ask,
        answer,
        resolve: (response) => {
          settle()
          resolve(response as R)
        },
        reject: (error) => {
          settle()
          reject(error)
        },
      }
    })
  }

  return {
    /** A passkey created in the popup for `optionsJSON` (the popup must have been opened by the host). */
    startRegistration({ optionsJSON }: { optionsJSON: PublicKeyCredentialCreationOptionsJSON }): Promise<RegistrationResponseJSON> {
      return start(
        { channel: PASSKEY_POPUP_CHANNEL, type: 'CREATE', options: optionsJSON },
        'CREATED',
        'The passkey was not created in time',
      )
    },

    /** A step-up's assertion made in the popup (opened by the host on ?portico-passkey=verify), which shows `texts`. */
    startAuthentication({
      optionsJSON,
      texts,
    }: {
      optionsJSON: PublicKeyCredentialRequestOptionsJSON
      texts: StepUpTexts
    }): Promise<AuthenticationResponseJSON> {
      return start(
        { channel: PASSKEY_POPUP_CHANNEL, type: 'GET', options: optionsJSON, texts },
        'ASSERTED',
        'The passkey was not used in time',
      )
    },

    /** A message that is not the host page's: the popup's. True when taken. */
    receive(event: { origin: string; source: unknown; data: unknown }): boolean {
      if (event.origin !== options.origin || !isMessage(event.data) || !pending) return false
      const source = event.source as Source | null
      if (source === null || typeof source.postMessage !== 'function') return false
      const message = event.data
      if (message.type === 'POPUP_READY') {
        pending.popup = source
        source.postMessage(pending.ask, options.origin)
        return true
      }
      if (source !== pending.popup) return false
      if (message.type === pending.answer && 'response' in message) pending.resolve(message.response)
      else if (message.type === 'FAILED') pending.reject(new Error(message.message.slice(0, 500)))
      else return false
      return true
    },
  }
}

/**
 * The popup's side (the frame page opened with ?portico-passkey=create, or =verify for a step-up):
 * announce itself to the frames of the page that opened it, show one button, and run the ceremony
 * for the options the frame sends when the user presses it.
 */
export async function runPasskeyPopup(doc: Document = document, mode: 'create' | 'verify' = 'create'): Promise<void> {
  const origin = location.origin
  const opener = window.opener as Window | null
  const main = doc.createElement('main')
  const title = doc.createElement('h1')
  const text = doc.createElement('p')
  const button = doc.createElement('button')
  button.type = 'button'
  button.disabled = true
  button.setAttribute('data-testid', mode === 'create' ? 'portico-passkey-create' : 'portico-passkey-verify')
  const status = doc.createElement('p')
  status.setAttribute('role', 'status')
  /** The step-up's texts come with its options (the host's locale); English until then. */
  const show = (t: { title: string; text: string; button: string }) => {
    title.textContent = t.title
    text.textContent = t.text
    button.textContent = t.button
    doc.title = t.title
  }
  let texts: StepUpTexts = ENGLISH.stepUp
  if (mode === 'create')
    show({
      title: 'Create a passkey',
      text: 'Your passkey signs you in to your wallet. It is kept by your device or password manager.',
      button: 'Create passkey',
    })
  else show(texts)
  main.append(title, text, button, status)
  doc.body.append(main)
  if (!opener) {
    status.textContent = 'Open this page from the wallet.'
    return
  }
  const { startAuthentication, startRegistration } = await import('@simplewebauthn/browser')
  let frame: Window | undefined
  let ask: Extract<Message, { type: 'CREATE' | 'GET' }> | undefined
  window.addEventListener('message', (event) => {
    if (event.origin !== origin || !isMessage(event.data) || frame) return
    const message = event.data
    if (message.type !== (mode === 'create' ? 'CREATE' : 'GET')) return
    frame = event.source as Window
    ask = message
    if (message.type === 'GET') {
      texts = { ...ENGLISH.stepUp, ...message.texts }
      show(texts)
    }
    button.disabled = false
    button.focus()
  })
  button.addEventListener('click', async () => {
    if (!frame || !ask) return
    button.disabled = true
    status.textContent = ask.type === 'CREATE' ? 'Creating your passkey…' : texts.working
    try {
      if (ask.type === 'CREATE') {
        const response = await startRegistration({ optionsJSON: ask.options })
        frame.postMessage({ channel: PASSKEY_POPUP_CHANNEL, type: 'CREATED', response }, origin)
        // The wallet closes this window when the sign-in is done.
        status.textContent = 'Passkey created.'
      } else {
        const response = await startAuthentication({ optionsJSON: ask.options })
        frame.postMessage({ channel: PASSKEY_POPUP_CHANNEL, type: 'ASSERTED', response }, origin)
        status.textContent = texts.done
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : 'The passkey could not be used'
      frame.postMessage({ channel: PASSKEY_POPUP_CHANNEL, type: 'FAILED', message }, origin)
      status.textContent = message
    }
  })
  // Announce to every frame of the opener (only those of this origin receive it), and to the opener itself (the
  // frame, when it opened this window from its recovery view), again every half second until the frame answers:
  // it may still be asking the API for the options.
  const announce = () => {
    if (frame || opener.closed) return
    try {
      opener.postMessage({ channel: PASSKEY_POPUP_CHANNEL, type: 'POPUP_READY' }, origin)
    } catch {
      // not this origin
    }
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
