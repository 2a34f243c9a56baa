/**
 * The host page's side of a social sign-in (SPEC §4 "Social sign-in": open a popup, wait for the
 * sign-in, then connect; fails on popup close or an untrusted origin).
 *
 * The host page only opens the popup and watches it. The result never comes here (issue 22 §3):
 * the API's callback page (GET /v1/auth/social/callback) posts `{ channel: 'portico:social', type:
 * 'SOCIAL_RESULT', resultUri, error? }` to the Portico frame's origin, and the frame finishes the
 * sign-in with the session key its start named. The popup is sent only to an http(s) URL whose
 * redirect_uri (or the adapter's `apiUrl`) names a trusted origin. `popup.closed` is polled every
 * 500 ms: closed before the frame is done → 'Popup closed'.
 */
import { ERRORS, PorticoError, type Timers } from '@portico/headless'
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
  /** Stop polling. */
  stop(): void
}

/** Watch a popup's closing (polled; a closed popup is given one more poll for an answer already on its way). */
export function watchPopup(popup: SocialPopup, deps: { timers: Timers; signal: AbortSignal }): PopupWatch {
  const { timers, signal } = deps
  let failure: unknown
  const failed: ((error: unknown) => void)[] = []
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

  const guard = <T>(task: Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (failure !== undefined) return reject(failure)
      failed.push(reject)
      task.then(resolve, reject)
    })

  return {
    guard,
    stop() {
      stopped = true
      if (timer !== undefined) timers.clearTimeout(timer)
      signal.removeEventListener('abort', onAbort)
    },
  }
}
