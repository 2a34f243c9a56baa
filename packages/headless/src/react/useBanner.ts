import { useStore } from '@nanostores/react'
import type { BannerVariant } from '../core/banner/banner'
import type { CodedMessage, MessageCode, MessageParams } from '../core/errors'
import { usePortico } from './usePortico'

export interface UseBannerReturn {
  /** The English text. @default '' */
  message: string
  /** A flow's banner: its code, to word through the locale (with `params`); none for an app's own text. @default undefined */
  code?: MessageCode
  params?: MessageParams
  /** @default 'info' */
  variant: BannerVariant
  /** @default false */
  open: boolean
  /** Show a banner; while one is open it hides and the new one appears 150 ms later. @default variant 'info' */
  show: (message: string | CodedMessage, variant?: BannerVariant) => void
  hide: () => void
}

export function useBanner(): UseBannerReturn {
  const { banner } = usePortico()
  const state = useStore(banner.$banner)
  return { ...state, show: banner.show, hide: banner.hide }
}
