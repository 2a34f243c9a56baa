import { useStore } from '@nanostores/react'
import { atom, type ReadableAtom } from 'nanostores'
import { useMemo } from 'react'
import type { OnrampPaymentCurrency, OnrampPurchaseCurrency } from '@portico/protocol/onramp'
import { codeOf } from '../core/codes'
import type { CodedMessage } from '../core/errors'
import { lazyMethods } from '../core/lazy'
import type { OnRampView } from '../core/onramp/onramp'
import type { OnRampQuote } from '../core/onramp/rules'
import { useLoadedFlow } from './lazy'
import { usePortico } from './usePortico'

export interface UseOnRampOptions {
  /** Load the on-ramp module when mounted. @default true */
  enabled?: boolean
}

export interface UseOnRampReturn extends OnRampView {
  /** The on-ramp module is still being fetched. @default true until it is loaded */
  pending: boolean
  /** `error` coded: httpStatus { status }, createPopup, noAccount, otherError { detail } …. @default undefined */
  errorCode?: CodedMessage
  /**
   * `error` is a quote's failure, which a UI shows on that provider's row (`quoteErrorCodes`), not again
   * beside the form. @default false
   */
  errorOnQuote: boolean
  /** Each provider's quote failure (`quotes[i].error`), coded, by provider name. @default {} */
  quoteErrorCodes: Readonly<Record<string, CodedMessage>>
  /**
   * Fetch the options once (GET /v1/onramp/options): providers, the active network's purchase
   * currencies (USDC first on EVM, SOL on Solana), the payment currencies with limits (USD first).
   * Nothing when `supported` is false. A failure's text is `error`; a later call tries again.
   */
  initialize: () => Promise<void>
  /** Choose what to buy (a currency of `purchaseCurrencies`, or its id); then the quotes. */
  setPurchaseCurrency: (currency: OnrampPurchaseCurrency | string) => void
  /** Choose what to pay with (a currency of `paymentCurrencies`, or its id); then the quotes. */
  setPaymentCurrency: (currency: OnrampPaymentCurrency | string) => void
  /** Choose the payment method whose limits apply ('card', 'ach_bank_account'). */
  setPaymentMethod: (method: string) => void
  /** The fiat amount as typed (SPEC §5 mask, 2 decimals); the quotes after a 200 ms pause. */
  setPaymentAmount: (text: string) => void
  /** Choose a provider (one of `providers`; undefined: none): its quote becomes `purchaseAmount`. */
  selectProvider: (name: string | undefined) => void
  /** Ask the quotes now, one per provider (`quotesLoading`, then `quotes` and `purchaseAmount`). */
  fetchQuotes: () => Promise<OnRampQuote[]>
  /**
   * Open the provider's page in a new window (`name`, else the selected provider, else the best
   * quote's). Call it in the user's click, once the module is loaded (`pending` false): the window
   * opens at once and the page loads into it. When the user comes back, the balances refresh and
   * (EVM) Activity shows the purchase. Resolves with the page's URL, or undefined after a failure
   * (`error`).
   */
  openProvider: (name?: string) => Promise<string | undefined>
  /** Back to the first choices (the options stay). */
  reset: () => void
}

const IDLE: ReadableAtom<OnRampView> = atom<OnRampView>({
  providers: [],
  purchaseCurrencies: [],
  paymentCurrencies: [],
  loading: false,
  initialized: false,
  quotesLoading: false,
  paymentAmount: '',
  quotes: [],
  paymentMethod: 'card',
  opening: false,
  inProgress: false,
  supported: false,
  presetAmounts: [],
  feeRange: { min: 1, max: 2 },
  ready: false,
  currencyLimits: {},
})

/** The flow's actions; a call before the module is loaded loads it first (once it is, in the same task: a window opens inside the click). */
const ACTIONS = [
  'initialize',
  'setPurchaseCurrency',
  'setPaymentCurrency',
  'setPaymentMethod',
  'setPaymentAmount',
  'selectProvider',
  'fetchQuotes',
  'openProvider',
  'reset',
] as const

/** Buy crypto through an on-ramp provider (SPEC §3 "On-ramp state", §5, §9), from a flow loaded on first use: state and actions for a custom UI. */
export function useOnRamp(options: UseOnRampOptions = {}): UseOnRampReturn {
  const portico = usePortico()
  const flow = useLoadedFlow(portico, 'onramp', options.enabled ?? true)
  const state = useStore(flow?.$onramp ?? IDLE)
  const actions = useMemo(
    () =>
      lazyMethods(
        () => portico.load('onramp'),
        ACTIONS,
        {},
        () => portico.peek('onramp'),
      ),
    [portico],
  )
  const { error, quotes } = state
  const coded = useMemo(() => {
    const quoteErrorCodes: Record<string, CodedMessage> = {}
    for (const q of quotes) {
      const code = codeOf(q.error)
      if (code) quoteErrorCodes[q.provider] = code
    }
    return {
      errorCode: codeOf(error) ?? undefined,
      errorOnQuote: error !== undefined && quotes.some((q) => q.error === error),
      quoteErrorCodes,
    }
  }, [error, quotes])
  return { ...state, ...coded, pending: !flow, ...(actions as Omit<UseOnRampReturn, keyof OnRampView | keyof typeof coded | 'pending'>) }
}
