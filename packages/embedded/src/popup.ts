/**
 * The social sign-in popup (SPEC §4 "Social sign-in"). Browsers block a window opened after an
 * await, so the adapter opens it at once, inside the user's click (headless's connect reaches
 * `adapter.connect` synchronously), as `about:blank`; the engine sends it to the provider once the
 * frame has answered GET_SOCIAL_REDIRECT_URI. Kept tiny: it is part of the adapter's first load.
 */

/** The part of the popup window the client uses. */
export interface SocialPopup {
  readonly closed: boolean
  /** Set `href` to send the popup to the provider. */
  location: { href: string }
  close(): void
}

/** `window.open`'s shape. */
export type OpenPopup = (url: string, target: string, features: string) => SocialPopup | null

/** The popup's size (SPEC §9 sizes its exchange popup 480×720; a provider's sign-in page fits 500×600). */
export const SOCIAL_POPUP_SIZE = { width: 500, height: 600 } as const
/** The popup's window name: a second sign-in reuses the same window. */
export const SOCIAL_POPUP_NAME = 'portico-social'

/** Open a window `size` big, centred on the page's window; null when the browser refused. Never throws. */
function openCentred(url: string, name: string, size: { width: number; height: number }, open?: OpenPopup): SocialPopup | null {
  try {
    const w = globalThis.window as (Window & typeof globalThis) | undefined
    const opener = open ?? (w ? (u: string, target: string, features: string) => w.open(u, target, features) : undefined)
    if (!opener) return null
    const { width, height } = size
    const left = w ? Math.max(0, Math.round(w.screenX + (w.outerWidth - width) / 2)) : 0
    const top = w ? Math.max(0, Math.round(w.screenY + (w.outerHeight - height) / 2)) : 0
    return opener(url, name, `popup=yes,width=${width},height=${height},left=${left},top=${top}`) ?? null
  } catch {
    return null
  }
}

/** Open the blank popup, centred on the page's window; null when the browser refused. Never throws. */
export const openSocialPopup = (open?: OpenPopup): SocialPopup | null =>
  openCentred('about:blank', SOCIAL_POPUP_NAME, SOCIAL_POPUP_SIZE, open)

/** The frame URL opened with `?portico-confirm=request` is the frame's confirmation window (issue 23 §1). */
export const CONFIRM_WINDOW_PARAM = 'portico-confirm'
/** The confirmation window's name: concurrent requests share one window (the frame shows them in turn). */
export const CONFIRM_WINDOW_NAME = 'portico-confirm'
/** Small: a request's details, Confirm and Reject (fits 375 px wide screens as a full-screen tab too). */
export const CONFIRM_WINDOW_SIZE = { width: 400, height: 620 } as const

/**
 * Open the frame's confirmation window on the frame's origin, in the user's click (the frame, a
 * cross-origin iframe, gets no user activation from a click in this page: a window it opened itself
 * would be blocked). An open one is reused as it is (not reloaded: it may be showing a request).
 * Null when the browser refused. Never throws.
 */
export function openConfirmPopup(frameUrl: string, open?: OpenPopup): SocialPopup | null {
  const popup = openCentred('', CONFIRM_WINDOW_NAME, CONFIRM_WINDOW_SIZE, open)
  try {
    // A new window is about:blank (this origin, readable); one already on the frame's origin throws.
    if (popup?.location.href === 'about:blank') {
      const url = new URL(frameUrl)
      url.search = `?${CONFIRM_WINDOW_PARAM}=request`
      url.hash = ''
      popup.location.href = url.href
    }
  } catch {
    // on the frame's origin already: kept as it is
  }
  return popup
}
