/**
 * Notification banner (SPEC §3, §4): re-showing while open hides, then shows after a 150 ms gap. Info and
 * success banners hide by themselves after BANNER_AUTO_HIDE_MS (issue 25: a swap's success toast stayed
 * for the session); errors and warnings stay until dismissed (hide()) or replaced; loading stays until
 * the flow replaces it.
 */
import { atom } from 'nanostores'
import type { CodedMessage, MessageCode, MessageParams } from '../errors'
import type { Timers } from '../timers'

export type BannerVariant = 'info' | 'warning' | 'error' | 'success' | 'loading'

export interface BannerState {
  /** The English text (SPEC §8's for a coded banner). */
  message: string
  /** A flow's banner is coded: the ui words `code` (with `params`) through its locale; an app's own text has none. */
  code?: MessageCode
  params?: MessageParams
  variant: BannerVariant
  open: boolean
}

/** Gap between hiding an open banner and showing the next one. */
export const BANNER_GAP_MS = 150
/** How long an info or success banner stays. */
export const BANNER_AUTO_HIDE_MS = 5000
const AUTO_HIDES: readonly BannerVariant[] = ['info', 'success']

export function createBanner(timers: Timers) {
  const $banner = atom<BannerState>({ message: '', variant: 'info', open: false })
  let pending: unknown
  let autoHide: unknown

  const cancelPending = () => {
    if (pending !== undefined) timers.clearTimeout(pending)
    pending = undefined
    if (autoHide !== undefined) timers.clearTimeout(autoHide)
    autoHide = undefined
  }

  /** Shows `next` now, and hides it after BANNER_AUTO_HIDE_MS when it is an info or success banner. */
  const open = (next: BannerState) => {
    $banner.set(next)
    if (!AUTO_HIDES.includes(next.variant)) return
    autoHide = timers.setTimeout(() => {
      autoHide = undefined
      $banner.set({ ...$banner.get(), open: false })
    }, BANNER_AUTO_HIDE_MS)
  }

  /** Show a text, or a coded state (its code, parameters and English text). */
  function show(text: string | CodedMessage, variant: BannerVariant = 'info'): void {
    cancelPending()
    // A coded state brings its code, parameters and English message; a text, the message alone.
    const next = { ...(typeof text === 'string' ? { message: text } : text), variant, open: true } as BannerState
    if (!$banner.get().open) {
      open(next)
      return
    }
    $banner.set({ ...$banner.get(), open: false })
    pending = timers.setTimeout(() => {
      pending = undefined
      open(next)
    }, BANNER_GAP_MS)
  }

  function hide(): void {
    cancelPending()
    $banner.set({ ...$banner.get(), open: false })
  }

  return {
    $banner,
    show,
    hide,
    showError: (text: string | CodedMessage) => show(text, 'error'),
    showSuccess: (text: string | CodedMessage) => show(text, 'success'),
    showLoading: (text: string | CodedMessage) => show(text, 'loading'),
  }
}

export type Banner = ReturnType<typeof createBanner>
