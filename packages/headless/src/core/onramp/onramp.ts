/**
 * On-ramp flow (SPEC §3 "On-ramp state", §5, §7 on-ramp calls, §9 on-ramp constants): buy crypto
 * through a provider's page. A lazy flow (core/flows.ts `onramp`, wiring in ./wire.ts).
 *
 * - initialize: the options (GET /v1/onramp/options) → providers (SPEC §5: strings, else none), the
 *   purchase currencies the active network has (USDC first on EVM, SOL on Solana), the payment
 *   currencies with their limits (SPEC §9 fallbacks when the provider gives none; USD first).
 * - setPaymentAmount: the fiat amount as typed, checked against the payment method's limits; the
 *   quotes (POST /v1/onramp/quote, one per provider) after a pause, with `quotesLoading`;
 *   purchaseAmount is the selected (else the best) provider's, rounded to 8 decimals.
 * - openProvider: a new window opened at once (inside the click), then the provider's page
 *   (POST /v1/generators/onrampurl) loaded into it. When the user comes back (the page gets the focus,
 *   or the window closes) the balances are refreshed past the cache and, on EVM and Solana, Activity re-reads
 *   its first page, where the purchase arrives (once more RETURN_RECHECK_MS later). The purchase is
 *   watched for: the bought token's balance is compared with the one before the window opened at each
 *   of those refreshes (and every RETURN_RECHECK_MS after the return, up to PURCHASE_WATCH_MS); once it
 *   grew, `purchase` says how much arrived and, when the history lists it, the transaction.
 * - Failures (options, quotes, page) go into `error` with their text ('HTTP status code: {n}',
 *   'Something went wrong', 'No account connected', 'Could not create popup window').
 */
import type {
  OnrampOptionsResponse,
  OnrampPaymentCurrency,
  OnrampPurchaseCurrency,
  OnrampQuoteRequest,
  OnrampQuoteResponse,
  OnrampUrlRequest,
} from '@portico/protocol/onramp'
import { atom, computed, type ReadableAtom } from 'nanostores'
import { ERRORS } from '../errors'
import { maskAmount } from '../format/validation'
import type { Timers } from '../timers'
import type { CaipNetwork, ChainNamespace } from '../types'
import {
  amountError,
  bestQuote,
  DEFAULT_PAYMENT_METHOD,
  DEFAULT_PROVIDER_FEE_RANGE,
  defaultPaymentCurrency,
  defaultPurchaseCurrency,
  FIAT_DECIMALS,
  isBuyableAmount,
  networkFor,
  paymentLimits,
  presetAmounts,
  providerList,
  purchaseCurrenciesFor,
  QUOTE_DEBOUNCE_MS,
  RETURN_MIN_GAP_MS,
  PURCHASE_WATCH_MS,
  RETURN_RECHECK_MS,
  decimalGain,
  roundAmount,
  WINDOW_POLL_MS,
  WINDOW_WATCH_LIMIT_MS,
  withFallbackLimits,
  type OnRampAmountError,
  type OnRampQuote,
} from './rules'

/** The part of a browser window the flow uses (`window.open`'s result). */
export interface OnRampWindow {
  readonly closed: boolean
  /** Set `href` to load the provider's page. */
  location: { href: string }
  /** Cut from the page that opened it, so the provider's page cannot reach back (set before loading it). */
  opener: unknown
  close(): void
}

/** Where windows open and focus comes back: the browser by default (./wire.ts), fakes in tests. */
export interface OnRampBrowser {
  /** Open a new blank window at once (the user's click is still on); null when the browser refused. */
  openWindow(): OnRampWindow | null
  /** Call `listener` whenever the page gets the focus back; returns the unsubscribe. */
  onFocus(listener: () => void): () => void
}

/** SPEC §3 selectedProvider: the provider's name and its page (url '' until generated). */
export interface OnRampSelectedProvider {
  name: string
  url: string
}

/** SPEC §3 "On-ramp state". */
export interface OnRampState {
  /** Provider names (SPEC §5: an array of strings, else empty). @default [] */
  providers: string[]
  selectedProvider?: OnRampSelectedProvider
  /** The last failure's text (options, quotes, provider page, popup). */
  error?: string
  /** What is bought (id, name, symbol, networks). */
  purchaseCurrency?: OnrampPurchaseCurrency
  /** What is paid with (id, payment_method_limits). */
  paymentCurrency?: OnrampPaymentCurrency
  /** The purchase currencies the active network has. @default [] */
  purchaseCurrencies: OnrampPurchaseCurrency[]
  /** The payment currencies, each with limits (SPEC §9 fallbacks for USD and EUR). @default [] */
  paymentCurrencies: OnrampPaymentCurrency[]
  /** The options are being fetched. */
  loading: boolean
  /** The options arrived. */
  initialized: boolean
  quotesLoading: boolean
  /** The fiat amount as typed (at most 2 decimals). @default '' */
  paymentAmount: string
  /** What the payment buys at the selected (else the best) provider, 8 decimals; undefined until quoted. */
  purchaseAmount?: string
  /** One quote per provider, in the providers' order. @default [] */
  quotes: OnRampQuote[]
  /** The payment method whose limits apply ('card', 'ach_bank_account'). @default 'card' */
  paymentMethod: string
  /** The provider's page is being asked for (the window is open and blank). */
  opening: boolean
  /** A provider's window is open: the purchase is under way there. */
  inProgress: boolean
  /**
   * The purchase arrived (issue 25 §1): the amount the bought token's balance grew by since the window
   * opened, its symbol, and the incoming transaction once the history lists it (`hash`, `explorerUrl`).
   * @default undefined
   */
  purchase?: OnRampPurchase
}

/** A purchase that arrived in the wallet. */
export interface OnRampPurchase {
  /** What arrived, as a decimal text ('29.5'). */
  amount: string
  symbol: string
  /** The incoming transaction, once the history lists it. */
  hash?: string
  /** Its page on the network's block explorer. */
  explorerUrl?: string
}

/** What the views read besides the state. */
export interface OnRampView extends OnRampState {
  /** The on-ramp flag is on, an account is connected, and its namespace buys (EVM, Solana). */
  supported: boolean
  /** The payment method's limits in the payment currency (`min`, `max` as decimal texts). */
  limits?: { min: string; max: string }
  /** The amount is outside the limits. */
  amountError?: OnRampAmountError
  /** The one-press amounts within the limits. @default [] */
  presetAmounts: string[]
  /** The purchase currency's entry for the active network (its `name` goes to the API). */
  network?: { name: string; display_name: string; chain_id: string; contract_address: string }
  /** The default fee range of a provider, percent (SPEC §9: 1–2). */
  feeRange: { min: number; max: number }
  /** Everything is there to open a provider: supported, currencies, an amount within the limits. */
  ready: boolean
  /** The provider whose quote gives most (undefined until a quote has an amount). */
  bestProvider?: string
  /** Each payment currency's limits for the payment method (by currency id; none for a currency without limits). @default {} */
  currencyLimits: Record<string, { min: string; max: string }>
}

export interface OnRampAccount {
  namespace?: ChainNamespace
  address?: string
  network?: CaipNetwork
}

export interface OnRampDeps {
  /** The active account and network. */
  account(): OnRampAccount
  /** The active network's CAIP-2 id: a change chooses the currencies again and drops the quotes. */
  $networkId: ReadableAtom<string | undefined>
  /** The on-ramp flag is on and the active account's namespace buys. */
  $supported: ReadableAtom<boolean>
  api: {
    getOptions(): Promise<OnrampOptionsResponse>
    getQuote(body: OnrampQuoteRequest): Promise<OnrampQuoteResponse>
    generateUrl(body: OnrampUrlRequest): Promise<string>
  }
  browser: OnRampBrowser
  /** Refresh the balances past the cache (forceUpdate). */
  refreshBalances(namespace: ChainNamespace): Promise<unknown>
  /** Re-read Activity's first page (EVM, Solana; nothing when Activity is not loaded). */
  refreshActivity(namespace: ChainNamespace): Promise<unknown>
  /** The active account's balance of `symbol` in `namespace`, as its decimal text (undefined: none listed). @default none: no purchase is watched for */
  balanceOf?(namespace: ChainNamespace, symbol: string): string | undefined
  /**
   * The newest incoming transfer of `amount` `symbol` to the account at or after `since` (ms) in its history: its
   * hash and explorer page (another incoming transfer of the token, e.g. an earlier one, is not the purchase).
   */
  findIncoming?(
    namespace: ChainNamespace,
    symbol: string,
    since: number,
    amount: string,
  ): Promise<{ hash: string; explorerUrl?: string } | undefined>
  timers: Timers
}

const INITIAL: OnRampState = {
  providers: [],
  selectedProvider: undefined,
  error: undefined,
  purchaseCurrency: undefined,
  paymentCurrency: undefined,
  purchaseCurrencies: [],
  paymentCurrencies: [],
  loading: false,
  initialized: false,
  quotesLoading: false,
  paymentAmount: '',
  purchaseAmount: undefined,
  quotes: [],
  paymentMethod: DEFAULT_PAYMENT_METHOD,
  opening: false,
  inProgress: false,
  purchase: undefined,
}

/** What a new amount, currency or network clears: the quotes and the provider's page. */
const NO_QUOTES: Partial<OnRampState> = { quotes: [], purchaseAmount: undefined, quotesLoading: false }

const message = (e: unknown): string => (e instanceof Error && e.message ? e.message : ERRORS.somethingWentWrong)

export function createOnRamp(deps: OnRampDeps) {
  const $state = atom<OnRampState>({ ...INITIAL })
  const patch = (p: Partial<OnRampState>): void => $state.set({ ...$state.get(), ...p })
  /** Every purchase currency of the options (the state lists only the active network's). */
  let allPurchaseCurrencies: OnrampPurchaseCurrency[] = []

  const $onramp: ReadableAtom<OnRampView> = computed([$state, deps.$supported, deps.$networkId], (s, supported) => {
    const limit = paymentLimits(s.paymentCurrency, s.paymentMethod)
    const network = s.purchaseCurrency ? networkFor(s.purchaseCurrency, deps.account().network) : undefined
    const error = s.paymentCurrency ? amountError(s.paymentAmount, limit, s.paymentCurrency.id) : undefined
    const best = bestQuote(s.quotes)?.provider
    return {
      ...s,
      supported,
      ...(limit ? { limits: { min: limit.min, max: limit.max } } : {}),
      ...(error ? { amountError: error } : {}),
      presetAmounts: s.paymentCurrency ? presetAmounts(limit) : [],
      ...(network ? { network } : {}),
      feeRange: { ...DEFAULT_PROVIDER_FEE_RANGE },
      ready: Boolean(supported && network && s.paymentCurrency && s.providers.length > 0 && isBuyableAmount(s.paymentAmount, limit)),
      ...(best ? { bestProvider: best } : {}),
      currencyLimits: Object.fromEntries(
        s.paymentCurrencies.flatMap((c) => {
          const l = paymentLimits(c, s.paymentMethod)
          return l ? [[c.id, { min: l.min, max: l.max }]] : []
        }),
      ),
    }
  })

  let quoteTimer: unknown
  let quoteSeq = 0
  let urlSeq = 0
  /** Bumped by reset: answers for an older on-ramp are dropped. */
  let epoch = 0
  let loadingOptions: Promise<void> | undefined

  const cancelQuote = (): void => {
    if (quoteTimer !== undefined) deps.timers.clearTimeout(quoteTimer)
    quoteTimer = undefined
  }

  /** The active network's currencies, the previous choices kept when they are still offered. */
  /** The visitor chose the purchase currency (setPurchaseCurrency): a new network keeps it where it can. */
  let purchaseChosen = false

  function chooseCurrencies(): void {
    const { network } = deps.account()
    const s = $state.get()
    const purchaseCurrencies = purchaseCurrenciesFor(allPurchaseCurrencies, network)
    // A default is the network's own (USDC on EVM, SOL on Solana: SPEC §9); only a choice carries over.
    const chosen = s.purchaseCurrency
    const kept = purchaseChosen && chosen && purchaseCurrencies.find((c) => c.id === chosen.id)
    patch({ purchaseCurrencies, purchaseCurrency: kept || defaultPurchaseCurrency(allPurchaseCurrencies, network) })
  }

  /** SPEC §3/§5/§9: the options, once (a failure may be tried again); then the defaults for the network. */
  async function initialize(): Promise<void> {
    if (!deps.$supported.get()) return
    if ($state.get().initialized) {
      chooseCurrencies()
      return
    }
    if (loadingOptions) return loadingOptions
    const mine = epoch
    patch({ loading: true, error: undefined })
    loadingOptions = (async () => {
      try {
        const options = await deps.api.getOptions()
        if (mine !== epoch) return
        allPurchaseCurrencies = options.purchaseCurrencies
        const paymentCurrencies = withFallbackLimits(options.paymentCurrencies)
        const chosen = $state.get().paymentCurrency
        patch({
          providers: providerList(options.providers),
          paymentCurrencies,
          paymentCurrency: (chosen && paymentCurrencies.find((c) => c.id === chosen.id)) || defaultPaymentCurrency(paymentCurrencies),
          loading: false,
          initialized: true,
        })
        chooseCurrencies()
        if ($state.get().paymentAmount) await fetchQuotes()
      } catch (e) {
        if (mine !== epoch) return
        patch({ loading: false, error: message(e) })
      } finally {
        loadingOptions = undefined
      }
    })()
    return loadingOptions
  }

  // ---- choices ----

  /** The offered currency with that id (a currency not offered is ignored). */
  const byId = <T extends { id: string }>(list: readonly T[], ref: T | string): T | undefined =>
    list.find((c) => c.id === (typeof ref === 'string' ? ref : ref.id))

  /** Choose what to buy (a currency of `purchaseCurrencies`, or its id); the quotes are asked again. */
  function setPurchaseCurrency(currency: OnrampPurchaseCurrency | string): void {
    const chosen = byId($state.get().purchaseCurrencies, currency)
    if (!chosen) return
    purchaseChosen = true
    patch({ purchaseCurrency: chosen, selectedProvider: undefined, ...NO_QUOTES })
    scheduleQuotes(0)
  }

  /** Choose what to pay with (a currency of `paymentCurrencies`, or its id); the quotes are asked again. */
  function setPaymentCurrency(currency: OnrampPaymentCurrency | string): void {
    const chosen = byId($state.get().paymentCurrencies, currency)
    if (!chosen) return
    patch({ paymentCurrency: chosen, selectedProvider: undefined, ...NO_QUOTES })
    scheduleQuotes(0)
  }

  /** Choose the payment method whose limits apply ('card', 'ach_bank_account'). */
  function setPaymentMethod(method: string): void {
    if (method === $state.get().paymentMethod) return
    patch({ paymentMethod: method, ...NO_QUOTES })
    scheduleQuotes(0)
  }

  /** The fiat amount as typed (SPEC §5 mask, 2 decimals); the quotes after QUOTE_DEBOUNCE_MS. Returns the kept text. */
  function setPaymentAmount(text: string): string {
    const amount = maskAmount(text, { decimals: FIAT_DECIMALS })
    const s = $state.get()
    if (amount === s.paymentAmount) return amount
    patch({
      paymentAmount: amount,
      selectedProvider: s.selectedProvider ? { name: s.selectedProvider.name, url: '' } : undefined,
      ...NO_QUOTES,
    })
    scheduleQuotes(QUOTE_DEBOUNCE_MS)
    return amount
  }

  /** Choose a provider; its page is generated on openProvider. */
  function selectProvider(name: string | undefined): void {
    const s = $state.get()
    if (name === undefined) {
      patch({ selectedProvider: undefined })
      return
    }
    if (!s.providers.includes(name)) return
    const quote = s.quotes.find((q) => q.provider === name)
    patch({ selectedProvider: { name, url: '' }, ...(quote?.purchaseAmount ? { purchaseAmount: quote.purchaseAmount } : {}) })
  }

  // ---- quotes ----

  /** Everything a quote needs, or undefined. */
  function quoteInput(): { body: Omit<OnrampQuoteRequest, 'provider'>; providers: string[] } | undefined {
    const s = $state.get()
    const purchase = s.purchaseCurrency
    const network = purchase ? networkFor(purchase, deps.account().network) : undefined
    if (!purchase || !network || !s.paymentCurrency || s.providers.length === 0) return undefined
    if (!isBuyableAmount(s.paymentAmount, paymentLimits(s.paymentCurrency, s.paymentMethod))) return undefined
    return {
      body: {
        purchaseCurrency: purchase.id,
        paymentCurrency: s.paymentCurrency.id,
        amount: roundAmount(s.paymentAmount),
        network: network.name,
      },
      providers: s.providers,
    }
  }

  function scheduleQuotes(ms: number): void {
    cancelQuote()
    quoteSeq++
    if (!quoteInput()) {
      patch({ quotesLoading: false })
      return
    }
    patch({ quotesLoading: true })
    quoteTimer = deps.timers.setTimeout(() => {
      quoteTimer = undefined
      void fetchQuotes()
    }, ms)
  }

  /**
   * The quotes now, one per provider (POST /v1/onramp/quote with its name): `quotes`, and
   * purchaseAmount from the selected provider's (else the best) rounded to 8 decimals. A failed quote
   * keeps its text on the quote and in `error`. Nothing to quote (no amount within the limits, no
   * currency for the network, no provider): no request.
   */
  async function fetchQuotes(): Promise<OnRampQuote[]> {
    cancelQuote()
    const input = quoteInput()
    const seq = ++quoteSeq
    if (!input) {
      patch({ ...NO_QUOTES })
      return []
    }
    patch({ quotesLoading: true, error: undefined })
    const quotes = await Promise.all(
      input.providers.map(async (provider): Promise<OnRampQuote> => {
        try {
          const res = await deps.api.getQuote({ ...input.body, provider })
          const purchaseAmount = roundAmount(res.purchaseAmount.amount)
          return {
            provider,
            ...(purchaseAmount && purchaseAmount !== '0' ? { purchaseAmount } : {}),
            ...(res.providerFee ? { providerFee: res.providerFee.amount } : {}),
            ...(res.paymentTotal ? { paymentTotal: res.paymentTotal.amount } : {}),
          }
        } catch (e) {
          return { provider, error: message(e) }
        }
      }),
    )
    if (seq !== quoteSeq) return quotes
    const selected = $state.get().selectedProvider
    const chosen = (selected && quotes.find((q) => q.provider === selected.name && q.purchaseAmount)) || bestQuote(quotes)
    const failed = quotes.find((q) => q.error)
    patch({ quotes, quotesLoading: false, purchaseAmount: chosen?.purchaseAmount, ...(failed ? { error: failed.error } : {}) })
    return quotes
  }

  // ---- the provider's window ----

  let watching: { win: OnRampWindow; namespace: ChainNamespace; poll: unknown; offFocus: () => void; since: number } | undefined
  let lastReturn = -Infinity
  let recheck: unknown
  /** What is watched for: the bought token, its balance before the window opened, since when; the first return's time. */
  let awaited: { namespace: ChainNamespace; symbol: string; before: string; since: number; returnedAt?: number } | undefined

  /** After a refresh: did the bought token's balance grow? Then the purchase arrived (and its transaction is looked for). */
  async function checkArrival(): Promise<boolean> {
    const wanted = awaited
    if (!wanted || !deps.balanceOf) return false
    const now = deps.balanceOf(wanted.namespace, wanted.symbol)
    const gained = now === undefined ? undefined : decimalGain(now, wanted.before)
    if (gained === undefined) return false
    awaited = undefined
    patch({ purchase: { amount: gained, symbol: wanted.symbol } })
    // The history may list it only a little later (the indexer, the 15 s cache): looked for now and at the next two rechecks.
    for (const wait of [0, RETURN_RECHECK_MS, RETURN_RECHECK_MS]) {
      if (wait > 0) await new Promise<void>((resolve) => deps.timers.setTimeout(resolve, wait))
      const found = await deps.findIncoming?.(wanted.namespace, wanted.symbol, wanted.since, gained).catch(() => undefined)
      const current = $state.get().purchase
      if (!current || current.amount !== gained) return true
      if (found) {
        patch({ purchase: { ...current, hash: found.hash, ...(found.explorerUrl ? { explorerUrl: found.explorerUrl } : {}) } })
        return true
      }
    }
    return true
  }

  function stopWatching(): void {
    if (!watching) return
    deps.timers.clearTimeout(watching.poll)
    watching.offFocus()
    watching = undefined
  }

  /** The user is back: balances past the cache, (EVM, Solana) Activity's first page; once more a little later. */
  function returned(namespace: ChainNamespace): void {
    const now = deps.timers.now()
    if (now - lastReturn < RETURN_MIN_GAP_MS) return
    lastReturn = now
    if (awaited && awaited.returnedAt === undefined) awaited.returnedAt = now
    const refresh = () => {
      void deps
        .refreshBalances(namespace)
        .catch(() => undefined)
        .then(() => checkArrival())
      if (namespace === 'eip155' || namespace === 'solana') void deps.refreshActivity(namespace).catch(() => undefined)
    }
    const later = () => {
      if (recheck !== undefined) deps.timers.clearTimeout(recheck)
      recheck = deps.timers.setTimeout(() => {
        recheck = undefined
        refresh()
        // A purchase still awaited is looked for again, up to PURCHASE_WATCH_MS after the return.
        if (awaited?.returnedAt !== undefined && deps.timers.now() - awaited.returnedAt < PURCHASE_WATCH_MS) later()
      }, RETURN_RECHECK_MS)
    }
    refresh()
    later()
  }

  function watch(win: OnRampWindow, namespace: ChainNamespace): void {
    stopWatching()
    const since = deps.timers.now()
    const poll = (): unknown =>
      deps.timers.setTimeout(() => {
        if (!watching || watching.win !== win) return
        if (win.closed) {
          stopWatching()
          patch({ inProgress: false })
          returned(namespace)
        } else if (deps.timers.now() - since >= WINDOW_WATCH_LIMIT_MS) {
          stopWatching()
          patch({ inProgress: false })
        } else watching.poll = poll()
      }, WINDOW_POLL_MS)
    watching = { win, namespace, since, poll: undefined, offFocus: () => undefined }
    watching.offFocus = deps.browser.onFocus(() => returned(namespace))
    watching.poll = poll()
  }

  /**
   * Open the provider's page in a new window (`name`, else the selected provider, else the one whose
   * quote gives most, else the first): the window opens at
   * once, blank (call it inside the user's click: a window opened after an await is blocked), then
   * the page (POST /v1/generators/onrampurl: the account as destination wallet and partner user id,
   * the network, the fiat amount and the quoted purchase as presets) is loaded into it. Resolves with
   * the page's URL, or undefined after a failure (`error`: 'No account connected', 'Could not create
   * popup window', the API's text; the window is closed again).
   */
  async function openProvider(name?: string): Promise<string | undefined> {
    const s = $state.get()
    const provider = name ?? s.selectedProvider?.name ?? bestQuote(s.quotes)?.provider ?? s.providers[0]
    const { address, namespace } = deps.account()
    if (!address || !namespace) {
      patch({ error: ERRORS.noAccount })
      return undefined
    }
    const network = s.purchaseCurrency ? networkFor(s.purchaseCurrency, deps.account().network) : undefined
    // Off (the flag, an unsupported namespace), or nothing chosen to buy: no window.
    if (!deps.$supported.get() || !provider || !s.providers.includes(provider) || !network || !s.purchaseCurrency) return undefined
    if (s.opening) return undefined
    const win = deps.browser.openWindow()
    if (!win) {
      patch({ error: ERRORS.createPopup })
      return undefined
    }
    // The provider's page must not reach the app through window.opener.
    try {
      win.opener = null
    } catch {
      /* a browser that does not let it go keeps it */
    }
    const quote = s.quotes.find((q) => q.provider === provider)
    const crypto = quote?.purchaseAmount ?? (s.selectedProvider?.name === provider ? s.purchaseAmount : undefined)
    const fiat = Number(roundAmount(s.paymentAmount))
    const body: OnrampUrlRequest = {
      provider,
      destinationWallets: [{ address, blockchains: [network.name], assets: [s.purchaseCurrency.symbol] }],
      defaultNetwork: network.name,
      partnerUserId: address,
      ...(fiat > 0 ? { presetFiatAmount: fiat } : {}),
      ...(crypto ? { presetCryptoAmount: Number(roundAmount(crypto)) } : {}),
    }
    const seq = ++urlSeq
    const mine = epoch
    // What the wallet holds of the token now: the purchase is what it gains from here.
    awaited = deps.balanceOf
      ? {
          namespace,
          symbol: s.purchaseCurrency.symbol,
          before: deps.balanceOf(namespace, s.purchaseCurrency.symbol) ?? '0',
          since: deps.timers.now(),
        }
      : undefined
    patch({
      selectedProvider: { name: provider, url: '' },
      opening: true,
      error: undefined,
      purchase: undefined,
      ...(crypto ? { purchaseAmount: crypto } : {}),
    })
    let url: string
    try {
      url = await deps.api.generateUrl(body)
    } catch (e) {
      try {
        win.close()
      } catch {
        /* already gone */
      }
      if (seq === urlSeq && mine === epoch) patch({ opening: false, error: message(e) })
      return undefined
    }
    if (seq !== urlSeq || mine !== epoch || win.closed) {
      if (seq === urlSeq && mine === epoch) patch({ opening: false })
      return undefined
    }
    win.location.href = url
    patch({ selectedProvider: { name: provider, url }, opening: false, inProgress: true })
    watch(win, namespace)
    return url
  }

  /** Back to the initial choices (the options stay; an open provider window is no longer watched). */
  function reset(): void {
    cancelQuote()
    stopWatching()
    awaited = undefined
    if (recheck !== undefined) deps.timers.clearTimeout(recheck)
    recheck = undefined
    epoch++
    purchaseChosen = false
    quoteSeq++
    urlSeq++
    const s = $state.get()
    $state.set({
      ...INITIAL,
      providers: s.providers,
      paymentCurrencies: s.paymentCurrencies,
      paymentCurrency: defaultPaymentCurrency(s.paymentCurrencies),
      initialized: s.initialized,
    })
    if (s.initialized) chooseCurrencies()
  }

  // A change of the active network: its currencies, no quotes.
  let lastNetwork = deps.$networkId.get()
  const unwatch = deps.$networkId.listen((id) => {
    if (id === lastNetwork) return
    lastNetwork = id
    cancelQuote()
    quoteSeq++
    patch({ selectedProvider: undefined, ...NO_QUOTES })
    if ($state.get().initialized) {
      chooseCurrencies()
      scheduleQuotes(0)
    }
  })

  return {
    $onramp,
    initialize,
    setPurchaseCurrency,
    setPaymentCurrency,
    setPaymentMethod,
    setPaymentAmount,
    selectProvider,
    fetchQuotes,
    openProvider,
    reset,
    /** Stop following the network and the window (tests; an instance lives as long as the page). */
    destroy(): void {
      unwatch()
      cancelQuote()
      stopWatching()
      if (recheck !== undefined) deps.timers.clearTimeout(recheck)
    },
  }
}

export type OnRampFlow = ReturnType<typeof createOnRamp>
