/**
 * Pay with exchange (SPEC §3 "Pay-with-exchange state", §4, §5, §7 "Exchange JSON-RPC", §8, §9): a
 * lazy flow (core/flows.ts `exchange`, wiring in ./wire.ts).
 *
 * - initialize: the supported assets of the active network (SPEC §9), the payment asset (the
 *   preset's, the earlier one, else the first), its USD price and the first 2 exchanges of page 0.
 * - setAmount: the fiat amount as typed; token amount = amount / price, 8 decimals (SPEC §5).
 * - payWithExchange(exchangeId): needs a connected account ('No account connected'), an asset ('No
 *   payment asset selected') and a popup ('Could not create popup window', 480×720, opened in the
 *   caller's task, before any await); a random UUID paymentId; the pay URL opens in the popup and
 *   the payment is IN_PROGRESS; then the status is asked every 5 s, up to 20 times ('Unable to get
 *   deposit status'), until SUCCESS (balances refreshed past the cache) or FAILED, with the hash.
 * - A failed listing shows 'Unable to get exchanges', a failed pay URL 'Unable to initiate payment'
 *   ('Asset not supported' when the provider says so), a failed price sets 'Cannot get token price'.
 */
import type { TokenBalance } from '@portico/protocol/account'
import type { Exchange, ExchangeBuyStatus } from '@portico/protocol/exchange'
import { atom, computed, type ReadableAtom } from 'nanostores'
import type { ExchangeClient } from '../../api/exchange'
import { errorKeyOf } from '../codes'
import { type CodedMessage, coded, type ErrorKey, ERRORS, PorticoError } from '../errors'
import { maskAmount } from '../format/validation'
import type { Timers } from '../timers'
import type { ChainNamespace } from '../types'
import {
  assetsForNetwork,
  assetsFromBalances,
  caip19Asset,
  EXCHANGES_FIRST_PAGE,
  EXCHANGES_SHOWN,
  FIAT_DECIMALS,
  isPaymentAsset,
  isPositiveAmount,
  namespaceOf,
  paymentExplorerUrl,
  pollOutcome,
  priceAddress,
  recipientOf,
  sameAsset,
  STATUS_MAX_POLLS,
  STATUS_POLL_MS,
  tokenAmount,
  type PaymentAsset,
} from './rules'

export type { PaymentAsset } from './rules'

/** The payment under way or just ended (SPEC §3 currentPayment). */
export interface ExchangePayment {
  type: 'exchange'
  exchangeId: string
  /** The exchange's session, once the pay URL is there. */
  sessionId?: string
  /** IN_PROGRESS from the pay URL on, then SUCCESS or FAILED; UNKNOWN when the status cannot be had. */
  status?: ExchangeBuyStatus
  /** The deposit's transaction hash (SPEC §3 result hash), once the exchange gives it. */
  result?: string
  /** The deposit's page on its network's block explorer (`…/tx/<hash>`), with the hash; none when the network has no explorer. */
  explorerUrl?: string
}

/** SPEC §3 "Pay-with-exchange state". */
export interface ExchangeState {
  /** The asset to pay in, with its USD price once fetched. @default undefined until initialize */
  paymentAsset?: PaymentAsset
  /** The fiat (USD) amount as typed, at most 2 decimals. @default '' */
  amount: string
  /** amount / price, 8 decimals (SPEC §5); '' without both. @default '' */
  tokenAmount: string
  /** The asset's price is being fetched. @default false */
  priceLoading: boolean
  /** @deprecated The last failure's SPEC §8 text; read `errorCode` (or where it shows: `priceError`, `exchangesError`, `formError`, `failure`). */
  error?: string
  /** The last failure, coded ('getExchanges', 'createPopup' …). @default undefined */
  errorCode?: CodedMessage<ErrorKey>
  /** The first 2 exchanges that can pay the asset. @default [] */
  exchanges: Exchange[]
  /** The exchanges are being listed. @default false */
  isLoading: boolean
  /** The payment under way, or the last one until resetPayment. @default undefined */
  currentPayment?: ExchangePayment
  /** From the popup's opening until SUCCESS, FAILED or the end of the polling. @default false */
  isPaymentInProgress: boolean
  /** A random UUID per payment. @default undefined until a payment starts */
  paymentId?: string
  /** The assets the active network supports (SPEC §9), plus an app's own asset when it gave one. @default [] until initialize */
  assets: PaymentAsset[]
  /** The exchange chosen last (kept when its payment could not start, for 'Try again'). @default undefined */
  chosenExchangeId?: string
  /** The network (CAIP-2) the last initialize ended on. @default undefined */
  initializedOn?: string
}

/** Which panel the view shows: the form, waiting for the exchange, the deposit done, or a failure. */
export type ExchangePhase = 'form' | 'waiting' | 'success' | 'failed'

/**
 * Why the payment failed: the popup was blocked ('Could not create popup window'), the exchange answered
 * FAILED, or its status could not be had ('Unable to get deposit status').
 */
export type ExchangeFailureReason = 'popupBlocked' | 'paymentFailed' | 'statusUnknown'

/** What the views read besides the state: the phase, and each error where it shows (decided here, for every UI). */
export interface ExchangeView extends ExchangeState {
  /** @default 'form' */
  phase: ExchangePhase
  /** Starting: no asset yet and the start on the active network has not ended (skeletons). @default true */
  starting: boolean
  /** With phase 'failed': why, and the error to show (none for 'paymentFailed': the exchange's answer). */
  failure?: { reason: ExchangeFailureReason; error?: CodedMessage<ErrorKey> }
  /** The price could not be had: shown where the token amount goes (with a retry). */
  priceError?: CodedMessage<ErrorKey>
  /** The listing failed: shown in place of the exchanges (with a retry). */
  exchangesError?: CodedMessage<ErrorKey>
  /** Any other failure of the form's last step ('Unable to initiate payment', 'Incorrect amount' …): under the form. */
  formError?: CodedMessage<ErrorKey>
  /** The exchange of the payment, else the one chosen last. */
  exchangeId?: string
}

/** Preselection for initialize: an asset (or its symbol among the network's), and a fiat amount. */
export interface ExchangePreset {
  paymentAsset?: PaymentAsset | string
  amount?: string
}

/** The popup the exchange's page opens in (a window opened blank, then sent to the pay URL). */
export interface ExchangePopup {
  navigate(url: string): void
  close(): void
}

export interface ExchangeDeps {
  /** The connected address in a namespace (the active one when none is given). */
  address(namespace?: ChainNamespace): string | undefined
  /** The active network's CAIP-2 id: its assets are offered; a change starts over (not during a payment). */
  $networkId: ReadableAtom<string | undefined>
  exchange: Pick<ExchangeClient, 'getExchanges' | 'getPayUrl' | 'getBuyStatus'>
  /** USD prices of CAIP-10 ids (POST /v1/fungible/price); rejects with 'Cannot get token price'. */
  getTokenPrices(addresses: string[]): Promise<{ fungibles: { address: string; price: number; iconUrl?: string }[] }>
  /** The block explorer's base URL of a network (CAIP-2 id), when the app's network has one. */
  explorerOf(network: string): string | undefined
  /** The active account's token balances: the assets offered where SPEC §9's list has none. @default none */
  balances?(): readonly TokenBalance[]
  /** Refresh the balances past the cache (forceUpdate). */
  refreshBalances(namespace: ChainNamespace): Promise<unknown>
  /**
   * The flow is on (SPEC §5: payWithExchange, payments or pay, on a namespace that pays): when it is
   * not, initialize and the listing ask the API nothing. @default always on
   */
  available?(): boolean
  /** Open the 480×720 popup, blank; undefined when the browser refuses. Called in the caller's task. */
  openPopup(): ExchangePopup | undefined
  /** A random UUID. */
  randomId(): string
  banner: { showError(message: string | CodedMessage): void }
  timers: Timers
}

const INITIAL: ExchangeState = {
  paymentAsset: undefined,
  amount: '',
  tokenAmount: '',
  priceLoading: false,
  error: undefined,
  exchanges: [],
  isLoading: false,
  currentPayment: undefined,
  isPaymentInProgress: false,
  paymentId: undefined,
  assets: [],
  chosenExchangeId: undefined,
  initializedOn: undefined,
}

/** A failure in both forms: coded, and its SPEC §8 text (the deprecated field). */
const errorOf = (key: ErrorKey | undefined): Pick<ExchangeState, 'error' | 'errorCode'> => ({
  error: key && ERRORS[key],
  errorCode: key && coded(key),
})

/** The catalogue key of a thrown PorticoError, else `fallback`. */
const keyOf = (e: unknown, fallback: ErrorKey): ErrorKey => (e instanceof PorticoError ? (errorKeyOf(e.message) ?? fallback) : fallback)

/** The failures shown in place (price, listing, popup, status) rather than under the form. */
const IN_PLACE: readonly ErrorKey[] = ['tokenPrice', 'getExchanges', 'assetNotSupported', 'createPopup', 'depositStatus']

/** SPEC §4's panels and where each error shows, from the state. */
export function exchangeView(s: ExchangeState, networkId: string | undefined): ExchangeView {
  const key = s.errorCode?.code
  const payment = s.currentPayment
  const popupBlocked = key === 'createPopup'
  const phase: ExchangePhase = s.isPaymentInProgress
    ? 'waiting'
    : payment?.status === 'SUCCESS'
      ? 'success'
      : payment?.status === 'FAILED' || payment?.status === 'UNKNOWN' || popupBlocked
        ? 'failed'
        : 'form'
  const exchangesError = key === 'getExchanges' || (key === 'assetNotSupported' && s.exchanges.length === 0) ? s.errorCode : undefined
  // The price failed: the error says so, or (the listing's failure being the error) the price is still unset.
  const priceFailed =
    key === 'tokenPrice' || (exchangesError !== undefined && !!s.paymentAsset && s.paymentAsset.price === undefined && !s.priceLoading)
  const formError = key && !IN_PLACE.includes(key) ? s.errorCode : key === 'assetNotSupported' && !exchangesError ? s.errorCode : undefined
  const failure: ExchangeView['failure'] = popupBlocked
    ? { reason: 'popupBlocked', error: coded('createPopup') }
    : payment?.status === 'FAILED'
      ? { reason: 'paymentFailed' }
      : payment?.status === 'UNKNOWN'
        ? { reason: 'statusUnknown', error: s.errorCode ?? coded('depositStatus') }
        : undefined
  const exchangeId = payment?.exchangeId ?? s.chosenExchangeId
  return {
    ...s,
    phase,
    starting: !s.paymentAsset && s.initializedOn !== networkId,
    ...(failure ? { failure } : {}),
    ...(priceFailed ? { priceError: coded('tokenPrice') } : {}),
    ...(exchangesError ? { exchangesError } : {}),
    ...(formError ? { formError } : {}),
    ...(exchangeId ? { exchangeId } : {}),
  }
}

export function createExchange(deps: ExchangeDeps) {
  const $state = atom<ExchangeState>({ ...INITIAL })
  const patch = (p: Partial<ExchangeState>): void => $state.set({ ...$state.get(), ...p })
  const $exchange: ReadableAtom<ExchangeView> = computed([$state, deps.$networkId], exchangeView)

  /** Bumped by reset: answers for an older state are dropped. */
  let epoch = 0
  /** Bumped by reset and resetPayment: answers and polls of an older payment are dropped. */
  let paymentSeq = 0
  let priceSeq = 0
  let listSeq = 0
  let pollTimer: unknown

  const stopPolling = (): void => {
    if (pollTimer !== undefined) deps.timers.clearTimeout(pollTimer)
    pollTimer = undefined
  }

  /** Throw a SPEC §8 text, kept in `error` (and coded in `errorCode`) too. */
  function fail(key: ErrorKey): never {
    patch(errorOf(key))
    throw new PorticoError(ERRORS[key])
  }

  // ---- asset, price, amount ----

  /**
   * The asset's USD price; a failure (or no price) sets 'Cannot get token price', unless the listing's
   * failure is the error already (then the price stays unset). Resolves with the price.
   */
  async function fetchTokenPrice(): Promise<number | undefined> {
    const asset = $state.get().paymentAsset
    if (!asset) return undefined
    const id = priceAddress(asset)
    const seq = ++priceSeq
    const mine = epoch
    patch({ priceLoading: true })
    let price: number | undefined
    let iconUrl: string | undefined
    try {
      const res = await deps.getTokenPrices([id])
      const found = res.fungibles.find((f) => f.address.toLowerCase() === id.toLowerCase())
      price = found?.price
      iconUrl = found?.iconUrl || undefined
    } catch {
      price = undefined
    }
    if (seq !== priceSeq || mine !== epoch) return undefined
    const s = $state.get()
    if (!(price !== undefined && price > 0) || !s.paymentAsset) {
      // A listing failure that is there stays the error: the price's shows as the missing price.
      const listing = s.errorCode?.code === 'getExchanges' || s.errorCode?.code === 'assetNotSupported'
      patch({ priceLoading: false, tokenAmount: '', ...(listing ? {} : errorOf('tokenPrice')) })
      return undefined
    }
    // The price answer's icon stands in for an asset listed without one (SPEC §9's list has none).
    const metadata = !s.paymentAsset.metadata.iconUrl && iconUrl ? { ...s.paymentAsset.metadata, iconUrl } : s.paymentAsset.metadata
    const withPrice = { ...s.paymentAsset, metadata, price }
    const withIcon =
      metadata === s.paymentAsset.metadata
        ? s.assets
        : s.assets.map((a) =>
            sameAsset(a, withPrice) && !a.metadata.iconUrl ? { ...a, metadata: { ...a.metadata, iconUrl: metadata.iconUrl } } : a,
          )
    patch({
      priceLoading: false,
      paymentAsset: withPrice,
      assets: withIcon,
      tokenAmount: tokenAmount(s.amount, price),
      ...(s.errorCode?.code === 'tokenPrice' ? errorOf(undefined) : {}),
    })
    return price
  }

  /**
   * SPEC §7 listing: page 0, the asset (CAIP-19) and the fiat amount; the first 2 exchanges. A
   * failure shows and keeps 'Unable to get exchanges' ('Asset not supported' when the provider says so).
   */
  async function fetchExchanges(): Promise<Exchange[]> {
    const s = $state.get()
    if (!s.paymentAsset || deps.available?.() === false) return []
    const seq = ++listSeq
    const mine = epoch
    patch({ isLoading: true })
    try {
      const res = await deps.exchange.getExchanges({
        page: EXCHANGES_FIRST_PAGE,
        asset: caip19Asset(s.paymentAsset),
        amount: s.amount || '0',
      })
      if (seq !== listSeq || mine !== epoch) return []
      const exchanges = res.exchanges.slice(0, EXCHANGES_SHOWN)
      const code = $state.get().errorCode?.code
      patch({
        isLoading: false,
        exchanges,
        ...(code === 'getExchanges' || code === 'assetNotSupported' ? errorOf(undefined) : {}),
      })
      return exchanges
    } catch (e) {
      if (seq !== listSeq || mine !== epoch) return []
      const key = keyOf(e, 'getExchanges') === 'assetNotSupported' ? 'assetNotSupported' : 'getExchanges'
      patch({ isLoading: false, exchanges: [], ...errorOf(key) })
      deps.banner.showError(coded(key))
      return []
    }
  }

  /** The fiat amount as typed (SPEC §5 mask, 2 decimals) and its token amount. Returns the kept text. */
  function setAmount(text: string): string {
    const amount = maskAmount(text, { decimals: FIAT_DECIMALS })
    patch({ amount, tokenAmount: tokenAmount(amount, $state.get().paymentAsset?.price) })
    return amount
  }

  /**
   * Choose the asset to pay in (one of `assets`, or an app's own: a CAIP-2 network of EVM or Solana,
   * its contract or mint or 'native', symbol and decimals); then its price and the exchanges.
   */
  async function setPaymentAsset(asset: PaymentAsset): Promise<void> {
    if (!isPaymentAsset(asset)) fail('noPaymentAsset')
    const s = $state.get()
    if (s.isPaymentInProgress) return
    const known = s.assets.some((a) => sameAsset(a, asset))
    const { price: _price, ...chosen } = asset
    void _price
    patch({ paymentAsset: chosen, tokenAmount: '', exchanges: [], ...errorOf(undefined), assets: known ? s.assets : [...s.assets, chosen] })
    await Promise.all([fetchTokenPrice(), fetchExchanges()])
  }

  /**
   * Start: the active network's assets, the payment asset (the preset's — an asset or a symbol —, the
   * one chosen before when still offered, else the first), the fiat amount, the price and the exchanges.
   */
  async function initialize(preset: ExchangePreset = {}): Promise<void> {
    const networkId = deps.$networkId.get()
    const mine = epoch
    try {
      await initializeOn(networkId, preset)
    } finally {
      if (mine === epoch) patch({ initializedOn: networkId })
    }
  }

  async function initializeOn(networkId: string | undefined, preset: ExchangePreset): Promise<void> {
    const s = $state.get()
    if (s.isPaymentInProgress || deps.available?.() === false) return
    const listed = assetsForNetwork(networkId)
    const assets = listed.length > 0 ? listed : assetsFromBalances(deps.balances?.() ?? [], networkId)
    const given = preset.paymentAsset
    const bySymbol = typeof given === 'string' ? assets.find((a) => a.metadata.symbol.toLowerCase() === given.toLowerCase()) : undefined
    const custom = typeof given === 'object' && isPaymentAsset(given) ? given : undefined
    const chosen = s.paymentAsset
    const earlier = chosen && [...assets, ...s.assets].find((a) => sameAsset(a, chosen))
    const asset = custom ?? bySymbol ?? earlier ?? assets[0]
    const list = asset && !assets.some((a) => sameAsset(a, asset)) ? [...assets, asset] : assets
    patch({ assets: list })
    if (preset.amount !== undefined) setAmount(preset.amount)
    if (!asset) {
      patch({ paymentAsset: undefined, tokenAmount: '', exchanges: [] })
      return
    }
    await setPaymentAsset(asset)
  }

  // ---- paying ----

  /** One status poll (SPEC §4); the next one STATUS_POLL_MS later, up to STATUS_MAX_POLLS. */
  function schedulePoll(exchangeId: string, sessionId: string, namespace: ChainNamespace, polls: number, mine: number): void {
    pollTimer = deps.timers.setTimeout(() => {
      pollTimer = undefined
      void poll(exchangeId, sessionId, namespace, polls + 1, mine)
    }, STATUS_POLL_MS)
  }

  async function poll(exchangeId: string, sessionId: string, namespace: ChainNamespace, polls: number, mine: number): Promise<void> {
    let answer: Parameters<typeof pollOutcome>[0]
    try {
      answer = await deps.exchange.getBuyStatus({ sessionId, exchangeId })
    } catch {
      answer = undefined
    }
    const s = $state.get()
    if (mine !== paymentSeq || s.currentPayment?.sessionId !== sessionId) return
    const outcome = pollOutcome(answer)
    const explorerUrl =
      outcome.hash && s.paymentAsset ? paymentExplorerUrl(deps.explorerOf(s.paymentAsset.network), outcome.hash) : undefined
    const current: ExchangePayment = {
      ...s.currentPayment,
      status: outcome.status,
      ...(outcome.hash ? { result: outcome.hash } : {}),
      ...(explorerUrl ? { explorerUrl } : {}),
    }
    if (outcome.done) {
      patch({ currentPayment: current, isPaymentInProgress: false })
      if (outcome.status === 'SUCCESS') void deps.refreshBalances(namespace).catch(() => undefined)
      return
    }
    if (polls >= STATUS_MAX_POLLS) {
      patch({ currentPayment: { ...current, status: 'UNKNOWN' }, isPaymentInProgress: false, ...errorOf('depositStatus') })
      return
    }
    patch({ currentPayment: current })
    schedulePoll(exchangeId, sessionId, namespace, polls, mine)
  }

  /**
   * SPEC §4 pay: checks the account ('No account connected'), the asset ('No payment asset
   * selected') and a token amount above 0 ('Cannot get token price' without a price, else
   * 'Incorrect amount'), then opens the popup at once, in the caller's task ('Could not create popup
   * window'); these reject. Then a new paymentId, the pay URL (amount in tokens, recipient
   * network:address) in the popup and IN_PROGRESS, and the status polled. Resolves with the payment
   * once it is under way, or undefined when the pay URL failed ('Unable to initiate payment' or 'Asset
   * not supported' shown and kept; the popup closes) or a payment is under way already.
   */
  async function payWithExchange(exchangeId: string): Promise<ExchangePayment | undefined> {
    const s = $state.get()
    if (s.isPaymentInProgress) return undefined
    patch({ chosenExchangeId: exchangeId })
    const asset = s.paymentAsset
    const namespace = asset ? namespaceOf(asset.network) : undefined
    const address = deps.address(namespace)
    if (!address) fail('noAccount')
    if (!asset || !namespace) fail('noPaymentAsset')
    if (!isPositiveAmount(s.tokenAmount)) fail(asset.price ? 'incorrectAmount' : 'tokenPrice')
    const popup = deps.openPopup()
    if (!popup) fail('createPopup')
    stopPolling()
    const mine = ++paymentSeq
    const paymentId = deps.randomId()
    patch({ isPaymentInProgress: true, paymentId, currentPayment: { type: 'exchange', exchangeId }, ...errorOf(undefined) })
    let session: { url: string; sessionId: string }
    try {
      session = await deps.exchange.getPayUrl({
        exchangeId,
        asset: caip19Asset(asset),
        amount: s.tokenAmount,
        recipient: recipientOf(asset.network, address),
      })
    } catch (e) {
      popup.close()
      if (mine !== paymentSeq) return undefined
      const key = keyOf(e, 'initiatePayment') === 'assetNotSupported' ? 'assetNotSupported' : 'initiatePayment'
      patch({ isPaymentInProgress: false, currentPayment: undefined, ...errorOf(key) })
      deps.banner.showError(coded(key))
      return undefined
    }
    if (mine !== paymentSeq) {
      popup.close()
      return undefined
    }
    const started: ExchangePayment = { type: 'exchange', exchangeId, sessionId: session.sessionId, status: 'IN_PROGRESS' }
    patch({ currentPayment: started })
    popup.navigate(session.url)
    schedulePoll(exchangeId, session.sessionId, namespace, 0, mine)
    return started
  }

  /** Forget the payment (after SUCCESS or FAILED, or to try again): asset, amount and exchanges stay. */
  function resetPayment(): void {
    stopPolling()
    paymentSeq++
    patch({ currentPayment: undefined, isPaymentInProgress: false, paymentId: undefined, ...errorOf(undefined) })
  }

  // ---- what the view decides, for every UI ----

  /** Presets already applied: coming back from the asset picker does not apply one again. */
  const appliedPresets = new WeakSet<object>()
  /** The network each visit started on: one start per network and visit. */
  const startedOn = new WeakMap<object, string | undefined>()
  const defaultVisit = {}

  /**
   * Start for a view showing the flow: once per network for `visit` (any object standing for one showing
   * of the view; the hook passes its own) unless an asset is chosen already, and a `preset` (route
   * data) once per preset object. Safe to call on every render.
   */
  async function start(preset?: ExchangePreset, visit: object = defaultVisit): Promise<void> {
    const networkId = deps.$networkId.get()
    const fresh = preset && !appliedPresets.has(preset) ? preset : undefined
    if (fresh) appliedPresets.add(fresh)
    if (!fresh && ($state.get().paymentAsset || startedOn.get(visit) === networkId)) return
    startedOn.set(visit, networkId)
    await initialize(fresh)
  }

  /** Back to the initial state; answers and polls still on their way are dropped. */
  function reset(): void {
    stopPolling()
    epoch++
    paymentSeq++
    $state.set({ ...INITIAL })
  }

  // Another network offers other assets: start over, unless a payment is under way.
  let lastNetwork = deps.$networkId.get()
  const unwatch = deps.$networkId.listen((id) => {
    if (id === lastNetwork) return
    lastNetwork = id
    if (!$state.get().isPaymentInProgress) reset()
  })

  return {
    $exchange,
    start,
    initialize,
    setAmount,
    setPaymentAsset,
    fetchTokenPrice,
    fetchExchanges,
    payWithExchange,
    resetPayment,
    reset,
    /** Stop following the network and polling (tests; an instance lives as long as the page). */
    destroy: (): void => {
      unwatch()
      stopPolling()
    },
  }
}

export type ExchangeFlow = ReturnType<typeof createExchange>
