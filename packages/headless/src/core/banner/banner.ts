/** Notification banner (SPEC §3, §4): re-showing while open hides, then shows after a 150 ms gap. */
import { atom } from 'nanostores'
import type { Timers } from '../timers'

export type BannerVariant = 'info' | 'warning' | 'error' | 'success' | 'loading'

export interface BannerState {
  message: string
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

  function show(message: string, variant: BannerVariant = 'info'): void {
    cancelPending()
    const next: BannerState = { message, variant, open: true }
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
    showError: (message: string) => show(message, 'error'),
    showSuccess: (message: string) => show(message, 'success'),
    showLoading: (message: string) => show(message, 'loading'),
  }
}

export type Banner = ReturnType<typeof createBanner>
