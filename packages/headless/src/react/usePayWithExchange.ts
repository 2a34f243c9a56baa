import { useStore } from '@nanostores/react'
import { atom, type ReadableAtom } from 'nanostores'
import { useCallback, useMemo, useRef } from 'react'
import { isPayWithExchangeAvailable } from '../core/account/payWithExchange'
import type { ExchangePayment, ExchangePreset, ExchangeView, PaymentAsset } from '../core/exchange/exchange'
import { lazyMethods } from '../core/lazy'
import type { Exchange } from '@portico/protocol/exchange'
import { useLoadedFlow } from './lazy'
import { usePortico } from './usePortico'

export interface UsePayWithExchangeOptions {
  /** Load the pay-with-exchange module when mounted. @default true */
  enabled?: boolean
}

export interface UsePayWithExchangeReturn extends ExchangeView {
  /**
   * Pay with exchange is on (the `payWithExchange`, `payments` or `pay` flag) and the active namespace
   * supports it (EVM, Solana), SPEC §5. Known before the module loads. @default false when not connected to either
   */
  available: boolean
  /** The module is still being fetched. @default true until it is loaded */
  pending: boolean
  /**
   * Start: the active network's supported assets (SPEC §9), the payment asset (the preset's asset or
   * symbol, the earlier one, else the first), the fiat amount, the asset's price and the first 2 exchanges.
   */
  initialize: (preset?: ExchangePreset) => Promise<void>
  /**
   * Start for the view that shows the flow: call it whenever the view renders or the network changes;
   * the flow decides — nothing while unavailable, once per network for this hook unless an asset is
   * chosen, a preset (route data) once per object.
   */
  start: (preset?: ExchangePreset) => Promise<void>
  /** The fiat (USD) amount as typed (SPEC §5 mask, 2 decimals); the token amount follows (amount / price, 8 decimals). */
  setAmount: (text: string) => void
  /** Choose the asset to pay in (one of `assets`, or the app's own); then its price and the exchanges. */
  setPaymentAsset: (asset: PaymentAsset) => Promise<void>
  /** The asset's USD price again; a failure sets `error` 'Cannot get token price'. */
  fetchTokenPrice: () => Promise<number | undefined>
  /** The exchanges again (page 0, the first 2); a failure shows 'Unable to get exchanges'. */
  fetchExchanges: () => Promise<Exchange[]>
  /**
   * Pay through an exchange: opens the 480×720 popup at once (call it from the click), then the
   * exchange's page in it, IN_PROGRESS, and the status polled every 5 s (20 times at most) until
   * SUCCESS or FAILED. Rejects with 'No account connected', 'No payment asset selected' or 'Could not
   * create popup window'; resolves with the payment once under way, or undefined when the pay URL
   * failed (`error`: 'Unable to initiate payment' or 'Asset not supported').
   */
  payWithExchange: (exchangeId: string) => Promise<ExchangePayment | undefined>
  /** Forget the payment (to try again, or after it ended); asset, amount and exchanges stay. */
  resetPayment: () => void
  /** Back to the initial state. */
  reset: () => void
}

const IDLE: ReadableAtom<ExchangeView> = atom<ExchangeView>({
  amount: '',
  tokenAmount: '',
  priceLoading: false,
  exchanges: [],
  isLoading: false,
  isPaymentInProgress: false,
  assets: [],
  phase: 'form',
  starting: true,
})

/** The flow's actions; a call before the module is loaded loads it first. */
const ACTIONS = [
  'initialize',
  'setAmount',
  'setPaymentAsset',
  'fetchTokenPrice',
  'fetchExchanges',
  'payWithExchange',
  'resetPayment',
  'reset',
] as const

/** Pay with exchange (SPEC §3 "Pay-with-exchange state", §4, §5), from a flow loaded on first use: state and actions for a custom UI. */
export function usePayWithExchange(options: UsePayWithExchangeOptions = {}): UsePayWithExchangeReturn {
  const portico = usePortico()
  const flow = useLoadedFlow(portico, 'exchange', options.enabled ?? true)
  const state = useStore(flow?.$exchange ?? IDLE)
  const flags = useStore(portico.features.$features)
  const namespace = useStore(portico.chain.$activeChain)
  const actions = useMemo(
    () =>
      lazyMethods(
        () => portico.load('exchange'),
        ACTIONS,
        {},
        () => portico.peek('exchange'),
      ),
    [portico],
  )
  const available = isPayWithExchangeAvailable(flags, namespace)
  // This hook's visit: the flow starts once per network for it.
  const visit = useRef({}).current
  const start = useCallback(
    async (preset?: ExchangePreset): Promise<void> => {
      if (!available) return
      const loaded = portico.peek('exchange') ?? (await portico.load('exchange'))
      await loaded.start(preset, visit)
    },
    [portico, visit, available],
  )
  return {
    ...state,
    available,
    pending: !flow,
    ...(actions as Pick<UsePayWithExchangeReturn, (typeof ACTIONS)[number]>),
    start,
  }
}
