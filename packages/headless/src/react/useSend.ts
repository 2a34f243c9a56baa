import { useStore } from '@nanostores/react'
import { atom, type ReadableAtom } from 'nanostores'
import { useMemo } from 'react'
import type { TokenBalance } from '../core/chain/chain'
import type { SimulationResult } from '../core/preview/simulate'
import type { GasEstimate, SendState } from '../core/send/send'
import { lazyMethods } from '../core/lazy'
import { useLoadedFlow } from './lazy'
import { usePortico } from './usePortico'

export interface UseSendOptions {
  /** Load the send module when mounted. @default true */
  enabled?: boolean
}

export interface UseSendReturn extends SendState {
  /** The send module is still being fetched. @default true until it is loaded */
  pending: boolean
  /** Choose the token to send: one of `tokenBalances` (tokens with a balance); any other is ignored. */
  setToken: (token: TokenBalance) => void
  /** The amount as typed: SPEC §5 mask (digits and one decimal separator, at most the token's decimals). */
  setAmount: (text: string) => void
  /** Max: the whole token balance; for the native currency the balance minus the estimated network fee. Resolves with the amount. */
  setMax: () => Promise<string>
  /** The receiver field: an address, or a name looked up after a 300 ms pause. */
  setReceiver: (text: string) => void
  /** Estimate the network fee again (in the native currency and USD). */
  estimateGas: () => Promise<GasEstimate | undefined>
  /**
   * Simulate the send as the wallet will get it (EVM, eth_simulateV1 on the network's RPC): sets
   * `simulation` (the balance changes and fee, or that it will fail). For a review before `send`.
   */
  simulate: () => Promise<SimulationResult | undefined>
  /**
   * Validate ('An amount and receiver address are required', 'A token is required'), send through
   * the wallet, record the hash, refresh the balances, reset the form. Resolves with the hash;
   * rejects (and keeps the form) on a failure, e.g. 'User rejected the request'.
   */
  send: () => Promise<string>
  /** Back to an empty form. */
  reset: () => void
  /** The token list's search: the tokens of `tokenBalances` whose name or symbol contains `query` (letter case ignored); a blank query gives them all. */
  searchTokens: (query: string) => TokenBalance[]
}

const IDLE: ReadableAtom<SendState> = atom<SendState>({
  sendTokenAmount: '',
  receiverInput: '',
  resolving: false,
  loading: false,
  tokenBalances: [],
  gasLoading: false,
  error: null,
  errorCode: null,
  simulation: null,
  simulating: false,
  button: { action: 'selectToken', label: 'Select token', disabled: true, fundWallet: false, switchWallet: false },
})

/** The flow's actions; a call before the module is loaded loads it first. */
const ACTIONS = ['setToken', 'setAmount', 'setMax', 'setReceiver', 'estimateGas', 'simulate', 'send', 'reset'] as const

/** The send form (SPEC §3 "Send state", §4, §5), from a flow loaded on first use. */
export function useSend(options: UseSendOptions = {}): UseSendReturn {
  const portico = usePortico()
  const flow = useLoadedFlow(portico, 'send', options.enabled ?? true)
  const state = useStore(flow?.$send ?? IDLE)
  const actions = useMemo(
    () =>
      lazyMethods(
        () => portico.load('send'),
        ACTIONS,
        {},
        () => portico.peek('send'),
      ),
    [portico],
  )
  // The search runs in the loaded flow (its rules stay in the lazy chunk); nothing is listed before it loads.
  const searchTokens = (query: string): TokenBalance[] => (flow ? flow.searchTokens(query) : [])
  return { ...state, pending: !flow, ...actions, searchTokens }
}
