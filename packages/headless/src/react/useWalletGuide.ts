import { useStore } from '@nanostores/react'
import { codeOf } from '../core/codes'
import type { CodedMessage } from '../core/errors'
import { useCallback, useEffect } from 'react'
import type { GuideWallet } from '../core/explorer/lists'
import { IDLE, useLoadedFlow } from './lazy'
import { usePortico } from './usePortico'

export interface UseWalletGuideOptions {
  /** Ask the explorer for its featured, recommended and first-page wallets when mounted. @default true */
  loadOnMount?: boolean
}

export interface UseWalletGuideReturn {
  /**
   * Explorer wallets that are not installed, with where to get them (app stores, browser extension
   * store, website, web app: http(s) only, most useful first for the platform); at most 8. @default []
   */
  wallets: GuideWallet[]
  /** The explorer's answer is on its way. @default false */
  loading: boolean
  /** @deprecated the English text; read `errorCode`. Error text of the failed explorer request, or null. @default null */
  error: string | null
  /** The failed explorer request, coded: httpStatus { status }, somethingWentWrong …; or null. @default null */
  errorCode: CodedMessage | null
  /** Ask the explorer again after an error. */
  retry: () => void
}

/** Help for people without a wallet: which wallets to get and where (the explorer's own links). */
export function useWalletGuide(options: UseWalletGuideOptions = {}): UseWalletGuideReturn {
  const portico = usePortico()
  const explorer = useLoadedFlow(portico, 'explorer')
  const wallets = useStore(explorer?.$guide ?? IDLE.guide)
  const suggested = useStore(explorer?.$suggested ?? IDLE.suggested)
  const list = useStore(explorer?.$list ?? IDLE.list)
  const load = options.loadOnMount ?? true
  const retry = useCallback(() => {
    if (!explorer) return
    void explorer.retrySuggested()
    if (explorer.$list.get().page === 0) void explorer.loadMore()
  }, [explorer])
  useEffect(() => {
    // Once per explorer: what came in stays, a failed request is asked again.
    if (load) retry()
  }, [retry, load])
  return {
    wallets,
    loading: load && (!explorer || suggested.status === 'loading' || suggested.status === 'idle' || (list.page === 0 && list.loading)),
    error: suggested.error ?? (list.page === 0 ? list.error : null),
    errorCode: codeOf(suggested.error ?? (list.page === 0 ? list.error : null)),
    retry,
  }
}
