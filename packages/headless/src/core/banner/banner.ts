/** Notification banner (SPEC §3, §4): re-showing while open hides, then shows after a 150 ms gap. */
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

export function createBanner(timers: Timers) {
  const $banner = atom<BannerState>({ message: '', variant: 'info', open: false })
  let pending: unknown

  const cancelPending = () => {
    if (pending !== undefined) timers.clearTimeout(pending)
    pending = undefined
  }

  /** Show a text, or a coded state (its code, parameters and English text). */
  function show(text: string | CodedMessage, variant: BannerVariant = 'info'): void {
    cancelPending()
    // A coded state brings its code, parameters and English message; a text, the message alone.
    const next = { ...(typeof text === 'string' ? { message: text } : text), variant, open: true } as BannerState
    if (!$banner.get().open) {
      $banner.set(next)
      return
    }
    $banner.set({ ...$banner.get(), open: false })
    pending = timers.setTimeout(() => {
      pending = undefined
      $banner.set(next)
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
