/**
 * Swap flow (SPEC §3 "Swap state", §4 "Swap", §5, §7 convert calls, §8 texts, §9 constants): a
 * lazy flow (core/flows.ts `swap`, wiring in ./wire.ts).
 *
 * - initialize: initializing → initialized (network price, tokens, prices, gas price); a failure
 *   shows 'Failed to initialize swap' and goes back. Off the swap chains: 'Network not supported for Swaps'.
 * - setSourceToken / setToToken fetch the token's price, then re-quote when the pair is swappable.
 * - switchTokens swaps source and target and moves the target amount (or '1' when empty) to the
 *   source; ignored while initializing, uninitialized or already switching.
 * - setSourceTokenAmount quotes after a pause (QUOTE_DEBOUNCE_MS).
 * - swapTokens (the quote) then buildTransaction: the allowance is checked; enough → the swap
 *   transaction, else the approval transaction. A failure ('Failed to check allowance', 'Failed to
 *   create approval transaction', 'Failed to create transaction') sets fetchError and goes back.
 * - sendTransactionForApproval → re-quote, rebuild, replace the view with SwapPreview.
 * - sendTransactionForSwap → 'Swapped X to Y Z', reset, back to Account, balances refreshed past
 *   the cache, the swap in Activity. Wallet errors become transactionError ('Transaction error'
 *   by default), a banner only in debug mode, and an analytics failure event.
 */
import type { TokenBalance } from '@portico/protocol/account'
import type { ConvertToken } from '@portico/protocol/convert'
import { atom, computed, type ReadableAtom } from 'nanostores'
import type { ConvertClient } from '../../api/convert'
import type { SendTransactionParams } from '../../adapters'
import { codedError } from '../codes'
import { type CodedMessage, coded, ERRORS, PorticoError } from '../errors'
import { maskAmount } from '../format/validation'
import type { SimulationResult } from '../preview/simulate'
import type { EvmCall } from '../preview/types'
import type { RouteView } from '../types'
import type { Timers } from '../timers'
import type { CaipNetwork, ChainNamespace } from '../types'
import {
  destinationAmount,
  fromBaseUnits,
  gasCost,
  isNativeTokenId,
  isSwapNetwork,
  liquidityError,
  maxSlippage,
  minimumReceived,
  nativeTokenId,
  plainAddress,
  popularTokens,
  afterProviderFee,
  priceImpact,
  multiplyDecimals,
  PROVIDER_FEE_RATE,
  providerFee,
  QUOTE_DEBOUNCE_MS,
  searchSwapTokens,
  suggestedTokens,
  SWAP_SLIPPAGE,
  swapButtonState,
  swapInputErrorState,
  toBaseUnits,
  trimDecimals,
  type SwapButtonState,
  type SwapGas,
  type SwapInputError,
  type SwapInputErrorCode,
} from './rules'

/**
 * The success banner after a swap (SPEC §8's 'Swapped X to Y Z', with what was paid: issue 25):
 * 'Swapped 0.01 ETH to 29.59684 USDC'. The ui writes the two amounts in its locale's number format.
 */
export const swappedMessage = (paid: string, fromSymbol: string, toAmount: string, toSymbol: string): string =>
  `Swapped ${groupedAmount(paid)} ${fromSymbol} to ${groupedAmount(toAmount)} ${toSymbol}`

/**
 * A decimal string grouped as en-US writes it, with its own decimals (at most 6): '2962.647847' →
 * '2,962.647847'. Intl directly, not format.ts's formatBalance: importing that here splits the format
 * module out of the first load's chunk into one of its own (~160 B more in every app's first load).
 */
export function groupedAmount(value: string): string {
  const match = /^\d+(?:\.(\d+))?$/.exec(value)
  if (!match) return value
  const places = Math.min(6, match[1]?.length ?? 0)
  return new Intl.NumberFormat('en-US', { minimumFractionDigits: places, maximumFractionDigits: places }).format(Number(value))
}

/** The success banner, coded: { code: 'swapped', params: { paid, from, amount, to }, message: 'Swapped 1 ETH to 2 USDC' }. */
export const swappedBanner = (paid: string, from: string, amount: string, to: string): CodedMessage => ({
  code: 'swapped',
  params: { paid, from, amount, to },
  message: swappedMessage(paid, from, amount, to),
})

/** What the wallet is waiting for while an approval or a swap is sent (SPEC §8 loading texts), by code. */
export type SwapLoadingCode = 'approveLimit' | 'confirmTransaction' | 'swapping'

/** A swappable token (SPEC §3: address, decimals, symbol, quantity.numeric, price), with the account's balance when it holds some. */
export interface SwapToken extends ConvertToken {
  /** The account's balance of it, when held (decimals as text, numeric in whole units). */
  quantity?: { decimals: string; numeric: string }
  /** USD price, when known. */
  price?: number
  /** The balance's USD value, when held. */
  value?: number
}

/** A transaction ready for the wallet (SPEC §3 approvalTransaction / swapTransaction). */
export interface SwapTransaction {
  /** Plain address the transaction goes to. */
  to: string
  data: `0x${string}`
  /** The built gas (0 for the approval): it prices the network cost; the wallet estimates the limit. */
  gas: bigint
  gasPrice: bigint
  value: bigint
  /** The destination amount it was built for (6 decimals). */
  toAmount: string
}

/** SPEC §3 "Swap state". */
export interface SwapState {
  initializing: boolean
  initialized: boolean
  switchingTokens: boolean
  loadingPrices: boolean
  loadingQuote: boolean
  loadingApprovalTransaction: boolean
  loadingBuildTransaction: boolean
  loadingTransaction: boolean
  /** Building a transaction failed (the view went back). */
  fetchError: boolean
  sourceToken?: SwapToken
  /** The source amount as typed (SPEC §5 mask, at most the token's decimals). */
  sourceTokenAmount: string
  sourceTokenPriceInUSD: number
  toToken?: SwapToken
  /** The quoted destination amount, 6 decimals; '' until quoted. */
  toTokenAmount: string
  toTokenPriceInUSD: number
  /** The native currency's USD price. */
  networkPrice: number
  /** The native balance's USD value. */
  networkBalanceInUSD: number
  networkTokenSymbol: string
  /** @deprecated The input error's English text; read `inputErrorCode`. */
  inputError?: SwapInputError
  /** The SPEC §5 input error, coded ('insufficientGas' with { symbol } …). */
  inputErrorCode?: CodedMessage<SwapInputErrorCode>
  /** Slippage tolerance, percent (SPEC §9: 1). */
  slippage: number
  tokens?: SwapToken[]
  popularTokens?: SwapToken[]
  suggestedTokens?: SwapToken[]
  /** The last search's results. */
  foundTokens?: SwapToken[]
  /** The account's tokens with a balance on the active network. */
  myTokensWithBalance: SwapToken[]
  /** USD prices by token id (CAIP-10). */
  tokensPriceMap: Record<string, number>
  /** Gas price in the smallest native unit (wei), as the API gives it. */
  gasFee: string
  /** The network cost in USD (default gas 150000 until the swap transaction carries its own). */
  gasPriceInUSD: number
  /** Percent; undefined without prices. */
  priceImpact?: number
  /** Destination units the slippage tolerance may lose. */
  maxSlippage?: string
  /** Source units the provider keeps (0.85%). */
  providerFee?: string
  approvalTransaction?: SwapTransaction
  swapTransaction?: SwapTransaction
  /** @deprecated The last approval's or swap's error as English text; read `transactionErrorCode`. */
  transactionError?: string
  /**
   * The wallet's error of the last approval or swap, coded: a catalogue text keeps its key ('userRejected'),
   * the wallet's own text is 'otherError' ({ detail }), none is 'transactionError'.
   */
  transactionErrorCode?: CodedMessage
  /** @deprecated The English loading text; read `loadingCode`. */
  loadingText?: string
  /**
   * What the wallet is waiting for while an approval or a swap is sent (SPEC §8 loading texts):
   * 'approveLimit', 'confirmTransaction', then 'swapping' until mined; undefined otherwise.
   */
  loadingCode?: CodedMessage<SwapLoadingCode>
}

/** What the views read besides the state. */
export interface SwapView extends SwapState {
  /** The active network accepts swaps (SPEC §9). */
  supported: boolean
  /** The least the swap gives at the slippage tolerance (destination units). */
  minimumReceived?: string
  /** The provider fee's share of the source amount, in percent ('0.85', SPEC §9). */
  providerFeePercent: string
  /** Target units one source unit gives at the quote (toTokenAmount / sourceTokenAmount); undefined until quoted. */
  rate?: number
  /** The source amount in USD. */
  sourceTokenAmountUsd: number
  /** The destination amount in USD. */
  toTokenAmountUsd: number
  /** The network cost (the built transaction's, else the default gas at the gas price). */
  gas?: SwapGas
  /** An approval is needed before the swap. */
  needsApproval: boolean
  button: SwapButtonState
  /**
   * What the form shows: 'unsupported' (the active network has no swaps: a notice, no form values),
   * 'loading' (starting: skeletons), 'form'.
   */
  phase: SwapPhase
  /**
   * The transaction the review would send (the approval, else the swap), simulated on the network's RPC
   * (eth_simulateV1) by `simulate()`: the account's balance changes and fee, or that it will fail. Null
   * until simulated, and again once another transaction is built. @default null
   */
  simulation: SimulationResult | null
  /** `simulate()` is under way. @default false */
  simulating: boolean
}

/** The swap form's phase (see SwapView.phase). */
export type SwapPhase = 'unsupported' | 'loading' | 'form'

/** SPEC §7 analytics: the properties of a swap or approval failure event. */
export interface SwapFailureEvent {
  event: 'SWAP_ERROR' | 'SWAP_APPROVAL_ERROR'
  properties: {
    message: string
    /** CAIP-2 id of the network. */
    network: string
    swapFromToken: string
    swapToToken: string
    swapFromAmount: string
    swapToAmount: string
    isSmartAccount: boolean
  }
}

/** Where swap failures are tracked (the analytics client, once analytics is wired). */
export interface SwapAnalytics {
  onFailure(event: SwapFailureEvent): void
}

export interface SwapAccount {
  namespace?: ChainNamespace
  address?: string
  network?: CaipNetwork
  /** The account is a smart account. */
  smartAccount?: boolean
}

/** A swap just sent, for Activity. */
export interface SentSwap {
  hash: string
  network: CaipNetwork
  from: string
  to: string
  source: { amount: string; token: SwapToken }
  target: { amount: string; token: SwapToken }
}

/** Preselection for initialize (`open({ view: 'Swap', data })`): token ids, plain addresses or symbols. */
export interface SwapPreset {
  fromToken?: string
  toToken?: string
  amount?: string
}

export interface SwapDeps {
  /** The active account and network. */
  account(): SwapAccount
  /** The active account's balances (the balance flow's list). */
  $tokenBalances: ReadableAtom<TokenBalance[]>
  /** The active network's CAIP-2 id: a change resets the swap. */
  $networkId: ReadableAtom<string | undefined>
  convert: Pick<
    ConvertClient,
    'getQuotes' | 'getTokens' | 'getGasPrice' | 'getNetworkTokenPrice' | 'getAllowance' | 'buildApprove' | 'buildTransaction'
  >
  /** USD prices of token ids (POST /v1/fungible/price). */
  getTokenPrices(addresses: string[]): Promise<{ fungibles: { address: string; price: number }[] }>
  /** The wallet's sendTransaction; resolves with the hash. */
  sendTransaction(tx: SendTransactionParams, namespace: ChainNamespace): Promise<string>
  /** The receipt's status once mined; undefined when the wallet cannot tell. */
  waitForReceipt(hash: string, namespace: ChainNamespace, network?: CaipNetwork): Promise<'success' | 'reverted' | undefined>
  /** Refresh the balances past the cache (forceUpdate). */
  refreshBalances(namespace: ChainNamespace): Promise<unknown>
  /** List the swap in Activity (pending, then its receipt's outcome). */
  recordSwap(swap: SentSwap, status: 'pending' | 'confirmed' | 'failed'): void
  banner: {
    showError(m: string | CodedMessage): void
    showSuccess(m: string | CodedMessage): void
    showLoading(m: string | CodedMessage): void
    hide(): void
  }
  router: { push(view: RouteView): void; goBack(): void; replace(view: RouteView): void; reset(view: RouteView): void }
  /** Show swap and approval errors as banners (SPEC §8: debug mode only). */
  debug: boolean
  analytics: SwapAnalytics
  /** Simulates EVM calls from the account on the active network (the preview engine, a lazy chunk). */
  simulate?(calls: EvmCall[]): Promise<SimulationResult>
  timers: Timers
}

const INITIAL: SwapState = {
  initializing: false,
  initialized: false,
  switchingTokens: false,
  loadingPrices: false,
  loadingQuote: false,
  loadingApprovalTransaction: false,
  loadingBuildTransaction: false,
  loadingTransaction: false,
  fetchError: false,
  sourceToken: undefined,
  sourceTokenAmount: '',
  sourceTokenPriceInUSD: 0,
  toToken: undefined,
  toTokenAmount: '',
  toTokenPriceInUSD: 0,
  networkPrice: 0,
  networkBalanceInUSD: 0,
  networkTokenSymbol: '',
  inputError: undefined,
  inputErrorCode: undefined,
  slippage: SWAP_SLIPPAGE,
  tokens: undefined,
  popularTokens: undefined,
  suggestedTokens: undefined,
  foundTokens: undefined,
  myTokensWithBalance: [],
  tokensPriceMap: {},
  gasFee: '0',
  gasPriceInUSD: 0,
  priceImpact: undefined,
  maxSlippage: undefined,
  providerFee: undefined,
  approvalTransaction: undefined,
  swapTransaction: undefined,
  transactionError: undefined,
  transactionErrorCode: undefined,
  loadingText: undefined,
  loadingCode: undefined,
}

/** What a new amount or token clears: the quote and everything derived from it. */
const NO_QUOTE: Partial<SwapState> = {
  toTokenAmount: '',
  inputError: undefined,
  inputErrorCode: undefined,
  priceImpact: undefined,
  maxSlippage: undefined,
  providerFee: undefined,
  approvalTransaction: undefined,
  swapTransaction: undefined,
  fetchError: false,
}

/** SPEC §9's provider fee rate in percent ('0.85'). */
const PROVIDER_FEE_PERCENT = multiplyDecimals(PROVIDER_FEE_RATE, '100') ?? '0'

/** An input error in both forms: coded, and its English text (the deprecated field). */
const inputErrorOf = (error: CodedMessage<SwapInputErrorCode> | undefined): Pick<SwapState, 'inputError' | 'inputErrorCode'> => ({
  inputError: error?.message as SwapInputError | undefined,
  inputErrorCode: error,
})

/** A loading state in both forms. */
const loadingOf = (code: SwapLoadingCode | undefined): Pick<SwapState, 'loadingText' | 'loadingCode'> => ({
  loadingText: code && ERRORS[code],
  loadingCode: code && coded(code),
})

const sameId = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase()
const hex = (data: string): `0x${string}` => (data.startsWith('0x') ? data : `0x${data}`) as `0x${string}`

/** A balance-list entry as a swap token (the native entry gets the native placeholder id). */
function balanceToken(t: TokenBalance): SwapToken {
  return {
    name: t.name,
    symbol: t.symbol,
    address: t.address ?? nativeTokenId(t.chainId),
    decimals: Number(t.quantity.decimals) || 0,
    ...(t.iconUrl ? { logoUri: t.iconUrl } : {}),
    quantity: t.quantity,
    price: t.price,
    value: t.value,
  }
}

export function createSwap(deps: SwapDeps) {
  const $state = atom<SwapState>({ ...INITIAL })
  const patch = (p: Partial<SwapState>): void => $state.set({ ...$state.get(), ...p })

  /** The account's balances on the active network, as swap tokens. */
  const $myTokens = computed([deps.$tokenBalances, deps.$networkId], (list, networkId) =>
    list.filter((t) => t.chainId === networkId && Number(t.quantity.numeric) > 0 && t.quantity.decimals !== '0').map(balanceToken),
  )
  const held = (id: string): SwapToken | undefined => $myTokens.get().find((t) => sameId(t.address, id))
  /** A token with the account's balance and the known price. */
  const withBalance = (token: SwapToken): SwapToken => {
    const mine = held(token.address)
    const price = $state.get().tokensPriceMap[token.address.toLowerCase()] ?? mine?.price ?? token.price
    return { ...token, ...(mine ? { quantity: mine.quantity, value: mine.value } : {}), ...(price !== undefined ? { price } : {}) }
  }
  const balanceUnits = (token: SwapToken): bigint => {
    const q = held(token.address)?.quantity
    return q ? (toBaseUnits(q.numeric, token.decimals) ?? 0n) : 0n
  }
  const nativeId = (): string | undefined => {
    const network = deps.account().network
    return network ? nativeTokenId(network.caipNetworkId) : undefined
  }

  /** The last simulation, with the transaction it was made for; `simulating` while one runs. */
  const $simulated = atom<{ tx?: SwapTransaction; result?: SimulationResult; simulating: boolean }>({ simulating: false })

  const $swap: ReadableAtom<SwapView> = computed([$state, $myTokens, $simulated, deps.$networkId], (s, mine, simulated) => {
    const network = deps.account().network
    const supported = isSwapNetwork(network)
    const native = network ? mine.find((t) => isNativeTokenId(t.address)) : undefined
    const tx = s.swapTransaction
    const gas =
      network && s.gasFee !== '0'
        ? gasCost({
            namespace: network.chainNamespace,
            gasPrice: tx ? tx.gasPrice : BigInt(s.gasFee),
            ...(tx && tx.gas > 0n ? { gas: tx.gas } : {}),
            networkPrice: s.networkPrice,
          })
        : undefined
    return {
      ...s,
      myTokensWithBalance: mine,
      networkBalanceInUSD: native ? Number(native.quantity?.numeric ?? 0) * (native.price ?? s.networkPrice) : 0,
      supported,
      providerFeePercent: PROVIDER_FEE_PERCENT,
      ...(s.toTokenAmount ? { minimumReceived: minimumReceived(s.toTokenAmount, s.slippage) } : {}),
      ...(s.toTokenAmount && Number(s.sourceTokenAmount) > 0 ? { rate: Number(s.toTokenAmount) / Number(s.sourceTokenAmount) } : {}),
      sourceTokenAmountUsd: Number(s.sourceTokenAmount || 0) * s.sourceTokenPriceInUSD,
      toTokenAmountUsd: Number(s.toTokenAmount || 0) * s.toTokenPriceInUSD,
      ...(gas ? { gas } : {}),
      needsApproval: Boolean(s.approvalTransaction),
      simulation: simulated.result && simulated.tx === (s.approvalTransaction ?? s.swapTransaction) ? simulated.result : null,
      simulating: simulated.simulating,
      phase: (!supported ? 'unsupported' : s.initializing || !s.initialized ? 'loading' : 'form') as SwapPhase,
      button: swapButtonState({
        supported,
        hasTokens: Boolean(s.sourceToken && s.toToken),
        amount: s.sourceTokenAmount,
        loading: s.loadingQuote || s.loadingPrices || s.loadingBuildTransaction || s.switchingTokens,
        fetchError: s.fetchError,
        ...(s.inputErrorCode ? { inputError: s.inputErrorCode } : {}),
      }),
    }
  })

  let quoteTimer: unknown
  let quoteSeq = 0
  let buildSeq = 0
  /** Bumped by reset: answers for an older swap are dropped. */
  let epoch = 0

  const cancelQuote = (): void => {
    if (quoteTimer !== undefined) deps.timers.clearTimeout(quoteTimer)
    quoteTimer = undefined
  }

  /** SPEC §5: both tokens with an address and decimals, an amount above 0, an account. */
  function swappable(): boolean {
    const s = $state.get()
    const units = s.sourceToken ? toBaseUnits(s.sourceTokenAmount, s.sourceToken.decimals) : undefined
    return Boolean(
      deps.account().address &&
        s.sourceToken?.address &&
        s.toToken?.address &&
        Number.isInteger(s.sourceToken.decimals) &&
        Number.isInteger(s.toToken.decimals) &&
        units !== undefined &&
        units > 0n,
    )
  }

  // ---- initialization ----

  /** The native currency's USD price; a failure shows 'Failed to fetch network token price' and keeps going. */
  async function getNetworkTokenPrice(caipNetworkId: string): Promise<void> {
    const id = nativeTokenId(caipNetworkId)
    try {
      const res = await deps.convert.getNetworkTokenPrice(id)
      const price = (res.fungibles.find((f) => sameId(f.address, id) || isNativeTokenId(f.address)) ?? res.fungibles[0])?.price
      if (price !== undefined) patch({ networkPrice: price, tokensPriceMap: { ...$state.get().tokensPriceMap, [id.toLowerCase()]: price } })
    } catch {
      deps.banner.showError(coded('networkTokenPrice'))
    }
  }

  /**
   * The chain's tokens (GET /v1/convert/tokens): `tokens`, `popularTokens` (by symbol),
   * `suggestedTokens`, and the network token's symbol; the account's tokens come from the balance list.
   */
  async function fetchTokens(): Promise<SwapToken[]> {
    const network = deps.account().network
    if (!network) throw new PorticoError(ERRORS.networkNotFound)
    const res = await deps.convert.getTokens(network.caipNetworkId)
    const tokens = res.tokens.map((t) => withBalance(t))
    const native = tokens.find((t) => isNativeTokenId(t.address))
    // The server's own lists when it gives them; else every token by symbol, and the well-known symbols.
    const lists = res as { popular?: ConvertToken[]; suggested?: ConvertToken[] }
    patch({
      tokens,
      popularTokens: lists.popular ? lists.popular.map(withBalance) : popularTokens(tokens),
      suggestedTokens: lists.suggested ? lists.suggested.map(withBalance) : suggestedTokens(tokens, Number(network.id)),
      networkTokenSymbol: native?.symbol ?? network.nativeCurrency.symbol,
    })
    return tokens
  }

  /** Prices of every listed token in one call (a failure leaves them to be asked one by one). */
  async function fetchPrices(tokens: readonly SwapToken[]): Promise<void> {
    if (tokens.length === 0) return
    try {
      const res = await deps.getTokenPrices(tokens.map((t) => t.address))
      const map = { ...$state.get().tokensPriceMap }
      for (const f of res.fungibles) map[f.address.toLowerCase()] = f.price
      patch({ tokensPriceMap: map })
    } catch {
      /* asked again when a token is chosen */
    }
  }

  /** GET /v1/convert/gas-price: the standard price (wei), and its USD cost at the default gas. */
  async function fetchGasPrice(caipNetworkId: string): Promise<void> {
    const res = await deps.convert.getGasPrice(caipNetworkId)
    const network = deps.account().network
    const gasPrice = BigInt(res.standard)
    patch({
      gasFee: gasPrice.toString(),
      gasPriceInUSD: gasCost({ namespace: network?.chainNamespace ?? 'eip155', gasPrice, networkPrice: $state.get().networkPrice }).usd,
    })
  }

  const findToken = (ref: string | undefined): SwapToken | undefined => {
    if (!ref) return undefined
    const list = $state.get().tokens ?? []
    return list.find((t) => sameId(t.address, ref) || sameId(plainAddress(t.address), ref)) ?? list.find((t) => sameId(t.symbol, ref))
  }

  /**
   * SPEC §4: initializing, then initialized. Off the swap chains: 'Network not supported for Swaps'
   * and back. A failure: 'Failed to initialize swap' and back. Preselects the network token as the
   * source unless `preset` (or an earlier choice) says otherwise.
   */
  async function initialize(preset: SwapPreset = {}): Promise<void> {
    const s = $state.get()
    if (s.initializing) return
    const { network } = deps.account()
    if (!network || !isSwapNetwork(network)) {
      deps.banner.showError(coded('swapNetwork'))
      deps.router.goBack()
      return
    }
    if (!s.initialized) {
      const mine = epoch
      patch({ initializing: true })
      try {
        await getNetworkTokenPrice(network.caipNetworkId)
        const tokens = await fetchTokens()
        await Promise.all([fetchPrices(tokens), fetchGasPrice(network.caipNetworkId)])
        if (mine !== epoch) return
        patch({ initialized: true, initializing: false })
      } catch {
        if (mine !== epoch) return
        patch({ initialized: false, initializing: false })
        deps.banner.showError(coded('initSwap'))
        deps.router.goBack()
        return
      }
    }
    const from = findToken(preset.fromToken) ?? $state.get().sourceToken ?? findToken(nativeId())
    const to = findToken(preset.toToken) ?? $state.get().toToken
    if (preset.amount !== undefined)
      patch({ sourceTokenAmount: maskAmount(preset.amount, from ? { decimals: from.decimals } : {}), ...NO_QUOTE })
    patch({ switchingTokens: true })
    try {
      if (from && !sameId(from.address, $state.get().sourceToken?.address ?? '')) await setSourceToken(from)
      if (to && !sameId(to.address, $state.get().toToken?.address ?? '') && !sameId(to.address, from?.address ?? '')) await setToToken(to)
    } finally {
      patch({ switchingTokens: false })
    }
    if (swappable() && !$state.get().toTokenAmount) await swapTokens()
  }

  // ---- tokens and amounts ----

  /** The token's USD price (known, or asked), then a quote when swappable (not while switching). */
  async function setTokenPrice(address: string, target: 'sourceToken' | 'toToken'): Promise<void> {
    let price = $state.get().tokensPriceMap[address.toLowerCase()]
    if (price === undefined) {
      patch({ loadingPrices: true })
      try {
        const res = await deps.getTokenPrices([address])
        price = (res.fungibles.find((f) => sameId(f.address, address)) ?? res.fungibles[0])?.price
      } catch {
        price = undefined
      }
      if (price !== undefined) patch({ tokensPriceMap: { ...$state.get().tokensPriceMap, [address.toLowerCase()]: price } })
    }
    const key = target === 'sourceToken' ? 'sourceTokenPriceInUSD' : 'toTokenPriceInUSD'
    if ($state.get()[target]?.address !== address) {
      patch({ loadingPrices: false })
      return
    }
    patch({ [key]: price ?? 0, loadingPrices: false })
    if (!$state.get().switchingTokens && swappable()) await swapTokens()
  }

  /** Choose the source token (the target's token swaps sides); its price is fetched, then a quote. */
  async function setSourceToken(token: SwapToken | undefined): Promise<void> {
    cancelQuote()
    if (!token) {
      patch({ sourceToken: undefined, sourceTokenAmount: '', sourceTokenPriceInUSD: 0, ...NO_QUOTE })
      return
    }
    const s = $state.get()
    if (s.toToken && sameId(s.toToken.address, token.address)) {
      patch({ toToken: s.sourceToken, toTokenPriceInUSD: s.sourceTokenPriceInUSD })
    }
    const chosen = withBalance(token)
    patch({
      sourceToken: chosen,
      sourceTokenAmount: maskAmount($state.get().sourceTokenAmount, { decimals: chosen.decimals }),
      ...NO_QUOTE,
    })
    await setTokenPrice(chosen.address, 'sourceToken')
  }

  /** Choose the target token (the source's token swaps sides); its price is fetched, then a quote. */
  async function setToToken(token: SwapToken | undefined): Promise<void> {
    cancelQuote()
    if (!token) {
      patch({ toToken: undefined, toTokenPriceInUSD: 0, ...NO_QUOTE })
      return
    }
    const s = $state.get()
    if (s.sourceToken && sameId(s.sourceToken.address, token.address)) {
      patch({ sourceToken: s.toToken, sourceTokenPriceInUSD: s.toTokenPriceInUSD })
    }
    const chosen = withBalance(token)
    patch({ toToken: chosen, ...NO_QUOTE })
    await setTokenPrice(chosen.address, 'toToken')
  }

  /** The source amount as typed (SPEC §5 mask); quoted QUOTE_DEBOUNCE_MS after the last keystroke. Returns the kept text. */
  function setSourceTokenAmount(text: string): string {
    const { sourceToken } = $state.get()
    const amount = maskAmount(text, sourceToken ? { decimals: sourceToken.decimals } : {})
    cancelQuote()
    quoteSeq++
    buildSeq++
    patch({ sourceTokenAmount: amount, ...NO_QUOTE, loadingQuote: false, loadingBuildTransaction: false })
    if (swappable()) {
      patch({ loadingQuote: true })
      quoteTimer = deps.timers.setTimeout(() => {
        quoteTimer = undefined
        void swapTokens()
      }, QUOTE_DEBOUNCE_MS)
    }
    return amount
  }

  /**
   * Max: the source token's whole balance; for the network token, the balance less the network cost
   * at the default gas (never below 0). Nothing without a source token. Returns the kept text.
   */
  function setMaxSourceAmount(): string {
    const s = $state.get()
    const source = s.sourceToken
    if (!source) return s.sourceTokenAmount
    let units = balanceUnits(source)
    if (isNativeTokenId(source.address) && s.gasFee !== '0') {
      const gas = gasCost({ namespace: deps.account().network?.chainNamespace ?? 'eip155', gasPrice: BigInt(s.gasFee) }).units
      units = units > gas ? units - gas : 0n
    }
    return setSourceTokenAmount(fromBaseUnits(units, source.decimals))
  }

  /**
   * SPEC §4: swap source and target, the target amount (or '1' when there is none) becomes the
   * source amount, then one quote. Ignored while initializing, before initialized, or while switching.
   */
  async function switchTokens(): Promise<void> {
    const s = $state.get()
    if (s.initializing || !s.initialized || s.switchingTokens) return
    cancelQuote()
    const newSource = s.toToken
    const newTo = s.sourceToken
    const moved = s.toTokenAmount === '' ? '1' : trimDecimals(s.toTokenAmount)
    patch({
      switchingTokens: true,
      sourceToken: undefined,
      toToken: undefined,
      sourceTokenAmount: newSource ? maskAmount(moved, { decimals: newSource.decimals }) : moved,
      sourceTokenPriceInUSD: s.toTokenPriceInUSD,
      toTokenPriceInUSD: s.sourceTokenPriceInUSD,
      ...NO_QUOTE,
    })
    try {
      if (newSource) await setSourceToken(newSource)
      if (newTo) await setToToken(newTo)
    } finally {
      patch({ switchingTokens: false })
    }
    if (swappable()) await swapTokens()
  }

  /** The picker's search over the chain's tokens (name, symbol or address); the results are `foundTokens`. */
  function searchTokens(query: string): SwapToken[] {
    const found = searchSwapTokens($state.get().tokens ?? [], query)
    patch({ foundTokens: found })
    return found
  }

  // ---- quote and build ----

  /**
   * The quote (GET /v1/convert/quotes, read at quotes[0].toAmount): the destination amount to 6
   * decimals, price impact, max slippage, provider fee, the SPEC §5 input errors; then, when the
   * input is fine, the transaction is built.
   */
  async function swapTokens(): Promise<void> {
    cancelQuote()
    const s = $state.get()
    const { address } = deps.account()
    // swappable() has checked the tokens and the amount; the checks here narrow the types.
    const source = s.sourceToken
    const target = s.toToken
    const units = source ? toBaseUnits(s.sourceTokenAmount, source.decimals) : undefined
    if (!swappable() || !address || !source || !target || units === undefined) {
      patch({ loadingQuote: false })
      return
    }
    const seq = ++quoteSeq
    const mine = epoch
    patch({ loadingQuote: true, inputError: undefined, fetchError: false })
    let toAmountUnits: string | undefined
    /** The market's impact as the provider quotes it (percent, fees excluded), when it does. */
    let quotedImpact: number | undefined
    try {
      const res = await deps.convert.getQuotes({
        amount: units.toString(),
        userAddress: address,
        from: source.address,
        to: target.address,
        gasPrice: s.gasFee,
      })
      toAmountUnits = res.quotes[0]?.toAmount
      const impactText = res.quotes[0]?.priceImpact
      quotedImpact = impactText !== undefined && /^\d+(\.\d+)?$/.test(impactText) ? Number(impactText) : undefined
    } catch (e) {
      if (seq !== quoteSeq || mine !== epoch) return
      patch({ loadingQuote: false, ...NO_QUOTE, ...inputErrorOf(coded(liquidityError(e) ? 'insufficientLiquidity' : 'incorrectAmount')) })
      return
    }
    if (seq !== quoteSeq || mine !== epoch) return
    const quotedUnits = toAmountUnits && /^\d+$/.test(toAmountUnits) && BigInt(toAmountUnits) > 0n ? toAmountUnits : undefined
    const quoted = quotedUnits !== undefined
    const toTokenAmount = quotedUnits === undefined ? '' : destinationAmount(quotedUnits, target.decimals)
    const current = $state.get()
    const networkId = deps.account().network?.caipNetworkId ?? ''
    const native = held(nativeTokenId(networkId))
    const nativeUnits = native?.quantity ? (toBaseUnits(native.quantity.numeric, native.decimals) ?? 0n) : 0n
    const gasUnits = current.gasFee !== '0' ? gasCost({ namespace: 'eip155', gasPrice: BigInt(current.gasFee) }).units : 0n
    const inputError = swapInputErrorState({
      amountUnits: units,
      sourceBalanceUnits: balanceUnits(source),
      quoted,
      nativeBalanceUnits: nativeUnits,
      gasUnits,
      sourceIsNative: isNativeTokenId(source.address),
      nativeSymbol: current.networkTokenSymbol,
    })
    // Price impact is the market's (issue 25: it used to include the provider's and the pool's fees, which
    // the review lists apart): the quote's own figure; without one, the USD comparison after the provider fee.
    const impact = !quoted
      ? undefined
      : (quotedImpact ??
        priceImpact({
          sourceAmount: afterProviderFee(current.sourceTokenAmount),
          sourcePrice: current.sourceTokenPriceInUSD,
          toAmount: toTokenAmount,
          toPrice: current.toTokenPriceInUSD,
        }))
    patch({
      loadingQuote: false,
      toTokenAmount,
      ...inputErrorOf(inputError),
      priceImpact: impact,
      maxSlippage: quoted ? maxSlippage(toTokenAmount, current.slippage) : undefined,
      providerFee: quoted ? providerFee(current.sourceTokenAmount) : undefined,
    })
    if (!quoted) return
    if (!inputError) await buildTransaction()
  }

  /** A build step failed: its text, back one view, no transaction, fetchError (SPEC §4). */
  function buildFailed(text: CodedMessage): undefined {
    deps.router.goBack()
    deps.banner.showError(text)
    patch({ loadingBuildTransaction: false, approvalTransaction: undefined, swapTransaction: undefined, fetchError: true })
    return undefined
  }

  /**
   * SPEC §4: the allowance is checked (the native currency needs none); enough → the swap
   * transaction, else the approval transaction. Failures go back and set fetchError.
   */
  async function buildTransaction(): Promise<SwapTransaction | undefined> {
    const { address } = deps.account()
    if (!address) throw new PorticoError(ERRORS.noSwapAddress)
    const s = $state.get()
    // swappable() has checked the tokens and the amount; the checks here narrow the types.
    const source = s.sourceToken
    const target = s.toToken
    const units = source ? toBaseUnits(s.sourceTokenAmount, source.decimals) : undefined
    if (!swappable() || !source || !target || units === undefined) return undefined
    const seq = ++buildSeq
    const mine = epoch
    const stale = () => seq !== buildSeq || mine !== epoch
    patch({ loadingBuildTransaction: true })
    let allowed = isNativeTokenId(source.address)
    if (!allowed) {
      try {
        const res = await deps.convert.getAllowance({ tokenAddress: source.address, userAddress: address })
        allowed = BigInt(res.allowance) >= units
      } catch {
        return stale() ? undefined : buildFailed(coded('checkAllowance'))
      }
      if (stale()) return undefined
    }
    if (!allowed) {
      try {
        const res = await deps.convert.buildApprove({ from: source.address, to: target.address, userAddress: address })
        if (stale()) return undefined
        const tx: SwapTransaction = {
          to: plainAddress(res.tx.to),
          data: hex(res.tx.data),
          gas: 0n,
          gasPrice: BigInt(res.tx.eip155.gasPrice),
          value: BigInt(res.tx.value),
          toAmount: $state.get().toTokenAmount,
        }
        patch({ loadingBuildTransaction: false, approvalTransaction: tx, swapTransaction: undefined, fetchError: false })
        return tx
      } catch {
        return stale() ? undefined : buildFailed(coded('createApproval'))
      }
    }
    try {
      const res = await deps.convert.buildTransaction({
        amount: units.toString(),
        eip155: { slippage: String(s.slippage) },
        from: source.address,
        to: target.address,
        userAddress: address,
        disableEstimate: true,
      })
      if (stale()) return undefined
      const gas = BigInt(res.tx.eip155.gas)
      const gasPrice = BigInt(res.tx.eip155.gasPrice)
      const tx: SwapTransaction = {
        to: plainAddress(res.tx.to),
        data: hex(res.tx.data),
        gas,
        gasPrice,
        value: BigInt(res.tx.value),
        toAmount: $state.get().toTokenAmount,
      }
      const network = deps.account().network
      const cost = gasCost({ namespace: network?.chainNamespace ?? 'eip155', gas, gasPrice, networkPrice: $state.get().networkPrice })
      // The built transaction's own gas decides the gas rule now.
      const current = $state.get()
      const native = held(nativeTokenId(network?.caipNetworkId ?? ''))
      const nativeUnits = native?.quantity ? (toBaseUnits(native.quantity.numeric, native.decimals) ?? 0n) : 0n
      const inputError = swapInputErrorState({
        amountUnits: units,
        sourceBalanceUnits: balanceUnits(source),
        quoted: true,
        nativeBalanceUnits: nativeUnits,
        gasUnits: cost.units,
        sourceIsNative: isNativeTokenId(source.address),
        nativeSymbol: current.networkTokenSymbol,
      })
      patch({
        loadingBuildTransaction: false,
        swapTransaction: tx,
        approvalTransaction: undefined,
        gasPriceInUSD: cost.usd,
        ...inputErrorOf(inputError),
        fetchError: false,
      })
      return tx
    } catch {
      return stale() ? undefined : buildFailed(coded('createTransaction'))
    }
  }

  // ---- sending ----

  /** A failed approval or swap: transactionError, a banner in debug mode only, an analytics event. */
  function sendFailed(event: SwapFailureEvent['event'], e: unknown, loadingKey: 'loadingApprovalTransaction' | 'loadingTransaction'): void {
    const error = codedError(e, 'transactionError')
    const { message } = error
    const s = $state.get()
    const { network, smartAccount } = deps.account()
    patch({ transactionError: message, transactionErrorCode: error, [loadingKey]: false, ...loadingOf(undefined) })
    if (deps.debug) deps.banner.showError(error)
    else deps.banner.hide()
    emitFailure({
      event,
      properties: {
        message,
        network: network?.caipNetworkId ?? '',
        swapFromToken: s.sourceToken?.symbol ?? '',
        swapToToken: s.toToken?.symbol ?? '',
        swapFromAmount: s.sourceTokenAmount,
        swapToAmount: s.toTokenAmount,
        isSmartAccount: Boolean(smartAccount),
      },
    })
  }

  const failureListeners = new Set<(event: SwapFailureEvent) => void>()
  function emitFailure(event: SwapFailureEvent): void {
    deps.analytics.onFailure(event)
    for (const listener of failureListeners) listener(event)
  }

  // No gas limit: the wallet estimates it. The built swap's gas is the API's 150000 default (the
  // estimate is skipped, SPEC §9) and prices the network cost only; sent as the limit, a swap that
  // needs more (a first fee payment, two hops) ran out of gas and reverted (found by the swap e2e).
  const txParams = (tx: SwapTransaction, network?: CaipNetwork): SendTransactionParams => ({
    to: tx.to,
    data: tx.data,
    value: tx.value,
    ...(tx.gasPrice > 0n ? { gasPrice: tx.gasPrice } : {}),
    ...(network ? { network } : {}),
  })

  const receipt = (hash: string, namespace: ChainNamespace, network?: CaipNetwork) =>
    deps.waitForReceipt(hash, namespace, network).catch(() => undefined)

  /**
   * Send the approval ('Approve limit increase in your wallet'); once it is in, re-quote, rebuild
   * (now the swap transaction) and replace the view with SwapPreview (SPEC §2, §4). Resolves with
   * the hash, or undefined after a failure (transactionError is set; the view stays).
   */
  async function sendTransactionForApproval(): Promise<string | undefined> {
    const tx = $state.get().approvalTransaction
    const { address, namespace, network } = deps.account()
    if (!address || !namespace) throw new PorticoError(ERRORS.noSwapAddress)
    // One approval at a time (a second press while the wallet is asked does nothing).
    if (!tx || $state.get().loadingApprovalTransaction) return undefined
    patch({ loadingApprovalTransaction: true, transactionError: undefined, transactionErrorCode: undefined, ...loadingOf('approveLimit') })
    deps.banner.showLoading(coded('approveLimit'))
    let hash: string
    try {
      hash = await deps.sendTransaction(txParams(tx, network), namespace)
      // The allowance is read again next: wait until the approval is mined.
      const status = await receipt(hash, namespace, network)
      if (status === 'reverted') throw new PorticoError(ERRORS.transactionError)
    } catch (e) {
      sendFailed('SWAP_APPROVAL_ERROR', e, 'loadingApprovalTransaction')
      return undefined
    }
    deps.banner.hide()
    await swapTokens()
    patch({ loadingApprovalTransaction: false, ...loadingOf(undefined) })
    // A failed rebuild went back already (fetchError).
    if (!$state.get().fetchError) deps.router.replace('SwapPreview')
    return hash
  }

  /**
   * Send the swap ('Confirm transaction in your wallet', then 'Swapping ...' until mined); on
   * success 'Swapped X to Y Z', the swap listed in Activity, the state reset, back to Account (the
   * embedded wallet too, SPEC §2) and the balances refreshed past the cache. Resolves with the hash,
   * or undefined after a failure (transactionError is set; the preview keeps its state).
   */
  async function sendTransactionForSwap(): Promise<string | undefined> {
    const s = $state.get()
    const tx = s.swapTransaction
    const { address, namespace, network } = deps.account()
    if (!address || !namespace) throw new PorticoError(ERRORS.noSwapAddress)
    // One swap at a time (a second press while the wallet is asked does nothing).
    const { sourceToken, toToken } = s
    if (!tx || !sourceToken || !toToken || s.loadingTransaction) return undefined
    patch({ loadingTransaction: true, transactionError: undefined, transactionErrorCode: undefined, ...loadingOf('confirmTransaction') })
    deps.banner.showLoading(coded('confirmTransaction'))
    let hash: string
    const sent = (h: string): SentSwap | undefined =>
      network
        ? {
            hash: h,
            network,
            from: address,
            to: tx.to,
            source: { amount: s.sourceTokenAmount, token: sourceToken },
            target: { amount: trimDecimals(s.toTokenAmount), token: toToken },
          }
        : undefined
    try {
      hash = await deps.sendTransaction(txParams(tx, network), namespace)
    } catch (e) {
      sendFailed('SWAP_ERROR', e, 'loadingTransaction')
      return undefined
    }
    const swap = sent(hash)
    if (swap) deps.recordSwap(swap, 'pending')
    patch(loadingOf('swapping'))
    deps.banner.showLoading(coded('swapping'))
    const status = await receipt(hash, namespace, network)
    if (status === 'reverted') {
      if (swap) deps.recordSwap(swap, 'failed')
      sendFailed('SWAP_ERROR', new PorticoError(ERRORS.transactionError), 'loadingTransaction')
      void deps.refreshBalances(namespace).catch(() => undefined)
      return undefined
    }
    if (swap && status === 'success') deps.recordSwap(swap, 'confirmed')
    deps.banner.showSuccess(
      swappedBanner(trimDecimals(s.sourceTokenAmount), sourceToken.symbol, trimDecimals(s.toTokenAmount), toToken.symbol),
    )
    reset()
    deps.router.reset('Account')
    void deps.refreshBalances(namespace).catch(() => undefined)
    return hash
  }

  // ---- what the swap view decides, for every UI ----

  /** Presets already applied: coming back from the token picker does not apply one again. */
  const appliedPresets = new WeakSet<object>()
  /** The network each visit started the swap on: one start per network and visit (a failed start goes back, never loops). */
  const startedOn = new WeakMap<object, string>()
  const defaultVisit = {}

  /**
   * Start the swap for a view showing it: once per network for `visit` (any object standing for one
   * showing of the view; the hook passes its own), and a `preset` (route data) once per preset object.
   * Nothing off the swap chains (the view shows 'unsupported') or while initializing. Safe to call on
   * every render.
   */
  async function start(preset?: SwapPreset, visit: object = defaultVisit): Promise<void> {
    const s = $state.get()
    const network = deps.account().network
    if (!network || !isSwapNetwork(network) || s.initializing) return
    const fresh = preset && !appliedPresets.has(preset) ? preset : undefined
    if (fresh) appliedPresets.add(fresh)
    if (!fresh && (s.initialized || startedOn.get(visit) === network.caipNetworkId)) return
    startedOn.set(visit, network.caipNetworkId)
    await initialize(fresh)
  }

  /** The main button: 'review' opens SwapPreview, 'retry' quotes again; a disabled button does nothing. */
  async function pressButton(): Promise<void> {
    const { button } = $swap.get()
    if (button.disabled) return
    if (button.action === 'review') deps.router.push('SwapPreview')
    else if (button.action === 'retry') await swapTokens()
  }

  let simulateSeq = 0
  /**
   * The review's simulation (issue 23 §2): the transaction it would send (the approval, else the swap)
   * run with eth_simulateV1 on the network's RPC from the account: what leaves and arrives, the fee, or
   * that it will fail. EVM only; undefined without a built transaction. Never rejects.
   */
  async function simulate(): Promise<SimulationResult | undefined> {
    const s = $state.get()
    const tx = s.approvalTransaction ?? s.swapTransaction
    const { namespace, address } = deps.account()
    if (!deps.simulate || !tx || namespace !== 'eip155' || !address) return undefined
    const seq = ++simulateSeq
    $simulated.set({ ...$simulated.get(), simulating: true })
    let result: SimulationResult
    try {
      result = await deps.simulate([{ to: tx.to as `0x${string}`, value: tx.value, data: tx.data }])
    } catch {
      result = { simulation: 'unavailable', reason: 'unreachable', calls: [] }
    }
    if (seq === simulateSeq) $simulated.set({ tx, result, simulating: false })
    return result
  }

  /** Back to the initial state (tokens, amounts, quote, lists); answers still on their way are dropped. */
  function reset(): void {
    cancelQuote()
    epoch++
    quoteSeq++
    buildSeq++
    simulateSeq++
    $simulated.set({ simulating: false })
    $state.set({ ...INITIAL })
  }

  // A change of the active network starts the swap over.
  let lastNetwork = deps.$networkId.get()
  const unwatch = deps.$networkId.listen((id) => {
    if (id === lastNetwork) return
    lastNetwork = id
    reset()
  })

  return {
    $swap,
    start,
    pressButton,
    initialize,
    fetchTokens,
    setSourceToken,
    setToToken,
    setSourceTokenAmount,
    setMaxSourceAmount,
    switchTokens,
    searchTokens,
    swapTokens,
    buildTransaction,
    sendTransactionForApproval,
    sendTransactionForSwap,
    simulate,
    reset,
    /** Follow the failure events (SPEC §7 analytics fields) as they are tracked; returns the unsubscribe. */
    onFailure(listener: (event: SwapFailureEvent) => void): () => void {
      failureListeners.add(listener)
      return () => void failureListeners.delete(listener)
    },
    /** Stop following the network (tests; an instance lives as long as the page). */
    destroy: (): void => {
      unwatch()
      cancelQuote()
    },
  }
}

export type SwapFlow = ReturnType<typeof createSwap>
