/**
 * The host page's side of a social sign-in (SPEC §4 "Social sign-in": open a popup, wait for a
 * message from the trusted secure site, then connect; fails on popup close or an untrusted origin).
 *
 * The trusted site is the Portico API: its callback page (GET /v1/auth/social/callback) posts
 * `{ channel: 'portico:social', type: 'SOCIAL_RESULT', resultUri, error? }` to window.opener. Its
 * origin is the adapter's `apiUrl` option when given, else the origin of the `redirect_uri` that the
 * provider's authorization URL names (the URL comes from the frame, which the API built it for):
 * that is exactly where the provider sends the popup back. A message is accepted only when its
 * origin is that origin AND its source is the popup AND it parses; anything else is ignored.
 * `popup.closed` is polled every 500 ms: closed before a result → 'Popup closed'.
 */
import { ERRORS, PorticoError, type Timers } from '@portico/headless'
import { socialResultMessageSchema, type SocialResultMessage } from '@portico/protocol/auth'
import type { ReceivedMessage } from './client/client'
import type { SocialPopup } from './popup'

/** How often the popup is checked for having been closed. */
export const POPUP_POLL_MS = 500

/** The origin whose messages are trusted, or undefined (then the sign-in cannot start). */
export function trustedResultOrigin(authorizationUri: string, apiUrl?: string): string | undefined {
  try {
    if (apiUrl) return new URL(apiUrl).origin
    const redirect = new URL(authorizationUri).searchParams.get('redirect_uri')
    if (!redirect) return undefined
    const origin = new URL(redirect).origin
    return /^https?:\/\//.test(origin) ? origin : undefined
  } catch {
    return undefined
  }
}

/** The provider's page may only be an http(s) URL (never javascript: or data:). */
export function isNavigableUri(uri: string): boolean {
  try {
    const { protocol } = new URL(uri)
    return protocol === 'https:' || protocol === 'http:'
  } catch {
    return false
  }
}

export interface PopupWatch {
  /** Resolves as `task`, unless the popup is closed or the sign-in aborted first (then rejects). */
  guard<T>(task: Promise<T>): Promise<T>
  /** The first valid result message from `origin` whose source is the popup. */
  result(origin: string): Promise<SocialResultMessage>
  /** Stop polling and listening. */
  stop(): void
}

/**
 * Watch a popup: its closing (polled; a closed popup is given one more poll for a message already
 * on its way) and the messages it posts.
 */
export function watchPopup(
  popup: SocialPopup,
  deps: { listen: (handler: (event: ReceivedMessage) => void) => () => void; timers: Timers; signal: AbortSignal },
): PopupWatch {
  const { timers, signal } = deps
  let failure: unknown
  const failed: ((error: unknown) => void)[] = []
  let expected: string | undefined
  let received: SocialResultMessage | undefined
  let onResult: ((m: SocialResultMessage) => void) | undefined
  let timer: unknown
  let seenClosed = false
  let stopped = false

  const fail = (error: unknown) => {
    if (failure !== undefined || stopped) return
    failure = error
    for (const f of failed.splice(0)) f(error)
  }
  const poll = () => {
    timer = undefined
    if (stopped) return
    let closed = true
    try {
      closed = popup.closed
    } catch {
      // an unreadable window is treated as gone
    }
    if (closed && seenClosed) return fail(new PorticoError(ERRORS.popupClosed))
    seenClosed = closed
    timer = timers.setTimeout(poll, POPUP_POLL_MS)
  }
  timer = timers.setTimeout(poll, POPUP_POLL_MS)
  const onAbort = () => fail(signal.reason ?? new PorticoError(ERRORS.modalClosed))
  if (signal.aborted) onAbort()
  else signal.addEventListener('abort', onAbort, { once: true })

  const unlisten = deps.listen((event) => {
    try {
      if (received || expected === undefined || !event || event.origin !== expected || event.source !== popup) return
      const parsed = socialResultMessageSchema.safeParse(event.data)
      if (!parsed.success) return
      received = parsed.data
      onResult?.(parsed.data)
    } catch {
      // an unreadable message is ignored
    }
  })

  const guard = <T>(task: Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (failure !== undefined) return reject(failure)
      failed.push(reject)
      task.then(resolve, reject)
    })

  return {
    guard,
    result(origin) {
      expected = origin
      return guard(
        new Promise<SocialResultMessage>((resolve) => {
          if (received) resolve(received)
          else onResult = resolve
        }),
      )
    },
    stop() {
      stopped = true
      if (timer !== undefined) timers.clearTimeout(timer)
      signal.removeEventListener('abort', onAbort)
      unlisten()
    },
  }
}
