import { useStore } from '@nanostores/react'
import { atom, type ReadableAtom } from 'nanostores'
import { useCallback, useMemo, useRef } from 'react'
import { lazyMethods } from '../core/lazy'
import type { SimulationResult } from '../core/preview/simulate'
import type { SwapPreset, SwapToken, SwapTransaction, SwapView } from '../core/swap/swap'
import { useLoadedFlow } from './lazy'
import { usePortico } from './usePortico'

export interface UseSwapOptions {
  /** Load the swap module when mounted. @default true */
  enabled?: boolean
}

export interface UseSwapReturn extends SwapView {
  /** The swap module is still being fetched. @default true until it is loaded */
  pending: boolean
  /**
   * Start the swap: initializing, then initialized (the chain's tokens, prices, gas price; the network
   * token as the source). A preset chooses the tokens (id, address or symbol) and the amount. On a
   * failure 'Failed to initialize swap' and back; off the swap chains 'Network not supported for Swaps'.
   */
  initialize: (preset?: SwapPreset) => Promise<void>
  /**
   * Start the swap for the view that shows it: call it whenever the view renders or the network
   * changes; the flow decides — once per network for this hook (a failed start goes back and is not
   * retried), a preset (route data) once per object, nothing off the swap chains or while initializing.
   */
  start: (preset?: SwapPreset) => Promise<void>
  /** Press the main button: `button.action` 'review' opens SwapPreview, 'retry' quotes again; otherwise nothing. */
  pressButton: () => Promise<void>
  /** The chain's tokens again (`tokens`, `popularTokens`, `suggestedTokens`). */
  fetchTokens: () => Promise<SwapToken[]>
  /** Choose the source token (the target's token swaps sides); its price, then a quote. */
  setSourceToken: (token: SwapToken | undefined) => Promise<void>
  /** Choose the target token (the source's token swaps sides); its price, then a quote. */
  setToToken: (token: SwapToken | undefined) => Promise<void>
  /** The source amount as typed (SPEC §5 mask, the token's decimals); quoted after a 200 ms pause. */
  setSourceTokenAmount: (text: string) => void
  /** Max: the source token's whole balance (the network token keeps the default network cost back); then a quote. */
  setMaxSourceAmount: () => void
  /** Swap source and target; the target amount (or '1') becomes the source amount. Ignored while initializing, uninitialized or switching. */
  switchTokens: () => Promise<void>
  /** The token picker's search by name, symbol or address (also kept as `foundTokens`); nothing before the module loads. */
  searchTokens: (query: string) => SwapToken[]
  /** Quote now (then build the transaction when the input is fine). */
  swapTokens: () => Promise<void>
  /** Check the allowance, then build the swap transaction, or the approval transaction when it is short. */
  buildTransaction: () => Promise<SwapTransaction | undefined>
  /** Send the approval; then re-quote, rebuild and show SwapPreview. Resolves with the hash, or undefined after a failure (`transactionError`). */
  sendTransactionForApproval: () => Promise<string | undefined>
  /** Send the swap; then 'Swapped X to Y Z', reset, Account, balances and Activity. Resolves with the hash, or undefined after a failure (`transactionError`). */
  sendTransactionForSwap: () => Promise<string | undefined>
  /**
   * Simulate the transaction the review would send (the approval, else the swap) on the network's RPC
   * (eth_simulateV1): sets `simulation` (the balance changes and fee, or that it will fail).
   */
  simulate: () => Promise<SimulationResult | undefined>
  /** Back to the initial state. */
  reset: () => void
}

const IDLE: ReadableAtom<SwapView> = atom<SwapView>({
  initializing: false,
  initialized: false,
  switchingTokens: false,
  loadingPrices: false,
  loadingQuote: false,
  loadingApprovalTransaction: false,
  loadingBuildTransaction: false,
  loadingTransaction: false,
  fetchError: false,
  sourceTokenAmount: '',
  sourceTokenPriceInUSD: 0,
  toTokenAmount: '',
  toTokenPriceInUSD: 0,
  networkPrice: 0,
  networkBalanceInUSD: 0,
  networkTokenSymbol: '',
  slippage: 1,
  myTokensWithBalance: [],
  tokensPriceMap: {},
  gasFee: '0',
  gasPriceInUSD: 0,
  supported: false,
  providerFeePercent: '0.85',
  sourceTokenAmountUsd: 0,
  toTokenAmountUsd: 0,
  needsApproval: false,
  simulation: null,
  simulating: false,
  phase: 'loading',
  button: { action: 'selectToken', label: 'Select token', disabled: true, loading: false },
})

/** The flow's actions; a call before the module is loaded loads it first. */
const ACTIONS = [
  'initialize',
  'pressButton',
  'fetchTokens',
  'setSourceToken',
  'setToToken',
  'setSourceTokenAmount',
  'setMaxSourceAmount',
  'switchTokens',
  'swapTokens',
  'buildTransaction',
  'sendTransactionForApproval',
  'sendTransactionForSwap',
  'simulate',
  'reset',
] as const

/** The swap (SPEC §3 "Swap state", §4, §5), from a flow loaded on first use: state and actions for a custom UI. */
export function useSwap(options: UseSwapOptions = {}): UseSwapReturn {
  const portico = usePortico()
  const flow = useLoadedFlow(portico, 'swap', options.enabled ?? true)
  const state = useStore(flow?.$swap ?? IDLE)
  const actions = useMemo(
    () =>
      lazyMethods(
        () => portico.load('swap'),
        ACTIONS,
        {},
        () => portico.peek('swap'),
      ),
    [portico],
  )
  const searchTokens = (query: string): SwapToken[] => (flow ? flow.searchTokens(query) : [])
  // This hook's visit: the flow starts once per network for it.
  const visit = useRef({}).current
  const start = useCallback(
    async (preset?: SwapPreset): Promise<void> => {
      const loaded = portico.peek('swap') ?? (await portico.load('swap'))
      await loaded.start(preset, visit)
    },
    [portico, visit],
  )
  return {
    ...state,
    pending: !flow,
    ...(actions as Omit<UseSwapReturn, keyof SwapView | 'pending' | 'searchTokens' | 'start'>),
    start,
    searchTokens,
  }
}
