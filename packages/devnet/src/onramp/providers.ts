// The sandbox's on-ramp providers, their test cards, fiat rates and token prices.
import type { MethodLimit } from './quote.ts'

/** A fiat currency a provider takes, with its payment methods' limits. */
export interface SandboxFiatCurrency {
  id: string
  methods: readonly MethodLimit[]
}

/** One sandbox provider: what it charges and what it takes. It sells every asset the sandbox delivers. */
export interface SandboxOnrampProvider {
  /** Path segment and id: `<sandbox url>/<id>` is the provider's base URL. Lower-case letters, digits, '-'. */
  id: string
  name: string
  /** The provider's fee, in basis points of the payment (SPEC §9: 1–2 % by default). */
  feeBps: number
  fiatCurrencies: readonly SandboxFiatCurrency[]
}

/**
 * The two default providers. SandPay is the cheaper (1 %) with wide card limits; TestRamp charges
 * 1.75 % but takes smaller card payments (from 10), up to lower maxima. Only cards are taken at the
 * checkout; bank methods are listed for their limits.
 */
export const SANDBOX_ONRAMP_PROVIDERS: readonly SandboxOnrampProvider[] = [
  {
    id: 'sandpay',
    name: 'SandPay',
    feeBps: 100,
    fiatCurrencies: [
      {
        id: 'USD',
        methods: [
          { id: 'card', min: '20.00', max: '5000.00' },
          { id: 'ach_bank_account', min: '50.00', max: '20000.00' },
        ],
      },
      {
        id: 'EUR',
        methods: [
          { id: 'card', min: '20.00', max: '4500.00' },
          { id: 'sepa_bank_account', min: '50.00', max: '18000.00' },
        ],
      },
    ],
  },
  {
    id: 'testramp',
    name: 'TestRamp',
    feeBps: 175,
    fiatCurrencies: [
      { id: 'USD', methods: [{ id: 'card', min: '10.00', max: '2500.00' }] },
      { id: 'EUR', methods: [{ id: 'card', min: '10.00', max: '2300.00' }] },
    ],
  },
]

/** Test card numbers (spaces ignored). Any other number is refused as unknown; nothing is charged. */
export const SANDBOX_TEST_CARDS = {
  /** Paid: the tokens are sent. */
  success: '4242 4242 4242 4242',
  /** Declined by the issuer: nothing is sent. */
  decline: '4000 0000 0000 0002',
} as const

/** USD per unit of each fiat currency. */
export const SANDBOX_FIAT_RATES: Readonly<Record<string, string>> = { USD: '1', EUR: '1.08' }

/** USD per whole token (the Portico API's price table: ETH 3000, USDC 1, SOL 150). */
export const SANDBOX_TOKEN_PRICES: Readonly<Record<string, string>> = { ETH: '3000', USDC: '1', SOL: '150' }

/** Address index of the sandbox treasury on the devnet mnemonic: EVM m/44'/60'/0'/0/23 and Solana m/44'/501'/23'/0'. */
export const DEVNET_ONRAMP_TREASURY_INDEX = 23
