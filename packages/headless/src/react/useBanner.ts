import { useStore } from '@nanostores/react'
import type { BannerVariant } from '../core/banner/banner'
import { usePortico } from './usePortico'

export interface UseBannerReturn {
  /** @default '' */
  message: string
  /** @default 'info' */
  variant: BannerVariant
  /** @default false */
  open: boolean
  /** Show a banner; while one is open it hides and the new one appears 150 ms later. @default variant 'info' */
  show: (message: string, variant?: BannerVariant) => void
  hide: () => void
}

export function useBanner(): UseBannerReturn {
  const { banner } = usePortico()
  const state = useStore(banner.$banner)
  return { ...state, show: banner.show, hide: banner.hide }
}
