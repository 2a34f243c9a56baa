/**
 * On-ramp providers (SPEC §7 /v1/onramp/*, /v1/generators/onrampurl): the interface every provider
 * adapter implements, the adapters by `kind`, and the sandbox adapter, which speaks the provider-style
 * HTTP API of @portico/devnet's on-ramp sandbox. A real provider (a Meld- or Coinbase-style API) is
 * one more adapter: a `kind` in ONRAMP_ADAPTERS and its config schema in config.ts (README
 * "On-ramp providers").
 */
import { z } from 'zod'
import type { OnrampProviderConfig } from '../config.ts'
import { HttpError } from '../errors.ts'

/** One network a purchase currency is sold on. */
export type OnrampCatalogueNetwork = {
  /** The provider's network id ('ethereum', 'portico-local-a'): what the client passes as `network`. */
  name: string
  displayName: string
  /** CAIP-2 ('eip155:1', 'solana:<ref>'). */
  caipNetworkId: string
  /** The token contract / mint; '' for the native currency. */
  contractAddress: string
}

/** What a provider sells and takes. */
export type OnrampCatalogue = {
  id: string
  name: string
  /** The provider's fee as a percentage string ('1.75'). */
  feePercent: string
  purchaseCurrencies: { symbol: string; name: string; networks: OnrampCatalogueNetwork[] }[]
  /** Fiat currencies, with each payment method's min and max (decimal strings). */
  paymentCurrencies: { id: string; methods: { id: string; min: string; max: string }[] }[]
}

export type OnrampQuoteInput = {
  purchaseCurrency: string
  network: string
  paymentCurrency: string
  /** The fiat amount, a decimal string with at most 2 decimals. */
  amount: string
  paymentMethod: string
}

/** Amounts as decimal strings: fiat with 2 decimals, the purchase rounded to 8 (SPEC §9). */
export type OnrampProviderQuote = {
  quoteId: string
  purchaseAmount: string
  paymentTotal: string
  paymentSubtotal: string
  providerFee: string
  networkFee: string
}

export type OnrampSessionInput = {
  purchaseCurrency: string
  network: string
  /** The destination wallet on `network`, already checked. */
  address: string
  paymentCurrency: string
  /** Preset fiat amount (2 decimals) or crypto amount (≤ 8 decimals); fiat wins when both are given. */
  fiatAmount?: string
  cryptoAmount?: string
  partnerUserId: string
}

export type OnrampSessionStatus = {
  status: 'CREATED' | 'PENDING' | 'COMPLETED' | 'FAILED'
  txHash?: string
  purchaseAmount?: string
}

/**
 * An on-ramp provider. Methods throw OnrampRefusal when the provider refuses the request (bad input:
 * answered 400 with its message) and an HttpError 502 when it cannot be reached or answers nonsense.
 */
export interface OnrampProvider {
  /** The id clients see in `providers` and pass back as `provider`. */
  readonly id: string
  /** What the provider sells and takes (adapters cache it). */
  catalogue(): Promise<OnrampCatalogue>
  quote(input: OnrampQuoteInput): Promise<OnrampProviderQuote>
  /** A checkout session for one destination; `url` is the page the client opens. */
  createSession(input: OnrampSessionInput): Promise<{ sessionId: string; url: string }>
  sessionStatus(sessionId: string): Promise<OnrampSessionStatus>
}

/** The provider refused the request; its message is shown to the client (400). */
export class OnrampRefusal extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'OnrampRefusal'
  }
}

/** How long a provider's catalogue is reused. */
export const ONRAMP_CATALOGUE_TTL_MS = 60_000
export const DEFAULT_ONRAMP_TIMEOUT_MS = 10_000

// ---- the sandbox adapter ------------------------------------------------------------------------

const money = z.string().regex(/^\d{1,16}(\.\d{1,18})?$/)
const sandboxConfigSchema = z.object({
  id: z.string(),
  name: z.string().min(1).max(64),
  feePercent: money,
  assets: z
    .array(
      z.object({
        symbol: z.string().min(1).max(16),
        name: z.string().min(1).max(64),
        networks: z
          .array(
            z.object({
              network: z.string().min(1).max(64),
              displayName: z.string().min(1).max(64),
              caipNetworkId: z.string().min(3).max(80),
              contractAddress: z.string().max(64),
            }),
          )
          .max(64),
      }),
    )
    .max(64),
  fiatCurrencies: z
    .array(
      z.object({
        id: z.string().min(1).max(8),
        methods: z.array(z.object({ id: z.string().min(1).max(32), min: money, max: money })).max(16),
      }),
    )
    .max(32),
})
const sandboxQuoteSchema = z.object({
  quoteId: z.string().max(128),
  fiatAmount: money,
  providerFee: money,
  networkFee: money,
  subtotal: money,
  cryptoAmount: money,
})
const sandboxSessionSchema = z.object({ sessionId: z.string().min(1).max(128), url: z.url({ protocol: /^https?$/ }) })
const sandboxStatusSchema = z.object({
  status: z.enum(['CREATED', 'PENDING', 'COMPLETED', 'FAILED']),
  txHash: z.string().max(128).optional(),
  cryptoAmount: money.optional(),
})
const sandboxErrorSchema = z.object({ error: z.object({ code: z.string(), message: z.string().min(1).max(500) }) })

/**
 * The adapter of @portico/devnet's on-ramp sandbox (one provider at `baseUrl`, e.g.
 * http://127.0.0.1:4100/sandpay): GET /v1/config, POST /v1/quotes, POST /v1/sessions,
 * GET /v1/sessions/{id}. A 4xx with `{ error: { message } }` is the provider's refusal.
 */
export function createSandboxOnrampProvider(config: {
  id: string
  name?: string
  baseUrl: string
  timeoutMs?: number
  now?: () => number
}): OnrampProvider {
  const base = config.baseUrl.replace(/\/+$/, '')
  const timeoutMs = config.timeoutMs ?? DEFAULT_ONRAMP_TIMEOUT_MS
  const now = config.now ?? Date.now
  let cached: { at: number; value: OnrampCatalogue } | undefined
  let inflight: Promise<OnrampCatalogue> | undefined

  /** One request; a connection dropped before any answer (a keep-alive socket the provider just closed) is tried once more. */
  async function send(method: 'GET' | 'POST', path: string, body: unknown): Promise<{ res: Response; text: string }> {
    for (let attempt = 0; ; attempt++) {
      try {
        const res = await fetch(`${base}${path}`, {
          method,
          headers: body === undefined ? {} : { 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(timeoutMs),
          redirect: 'error',
        })
        return { res, text: await res.text() }
      } catch (error) {
        const dropped = error instanceof TypeError && !(error.cause instanceof Error && /timeout|abort/i.test(error.cause.name))
        if (attempt === 0 && dropped) continue
        throw new HttpError(502, `On-ramp provider ${config.id} is unreachable`, { cause: error })
      }
    }
  }

  async function call<S extends z.ZodType>(method: 'GET' | 'POST', path: string, schema: S, body?: unknown): Promise<z.infer<S>> {
    const { res, text } = await send(method, path, body)
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      throw new HttpError(502, `On-ramp provider ${config.id} answered ${res.status} without JSON`)
    }
    if (res.status >= 400 && res.status < 500) {
      const refusal = sandboxErrorSchema.safeParse(json)
      if (refusal.success) throw new OnrampRefusal(refusal.data.error.message)
    }
    if (!res.ok) throw new HttpError(502, `On-ramp provider ${config.id} answered ${res.status}`)
    const parsed = schema.safeParse(json)
    if (!parsed.success)
      throw new HttpError(502, `On-ramp provider ${config.id} answered an unexpected ${path.split('/')[2] ?? 'response'}`)
    return parsed.data
  }

  async function load(): Promise<OnrampCatalogue> {
    // A refused config request is a misconfigured base URL, not the client's fault: 502.
    const raw = await call('GET', '/v1/config', sandboxConfigSchema).catch((error: unknown) => {
      throw error instanceof OnrampRefusal
        ? new HttpError(502, `On-ramp provider ${config.id} refused its config request: ${error.message}`)
        : error
    })
    return {
      id: config.id,
      name: config.name ?? raw.name,
      feePercent: raw.feePercent,
      purchaseCurrencies: raw.assets.map((a) => ({
        symbol: a.symbol,
        name: a.name,
        networks: a.networks.map((n) => ({
          name: n.network,
          displayName: n.displayName,
          caipNetworkId: n.caipNetworkId,
          contractAddress: n.contractAddress,
        })),
      })),
      paymentCurrencies: raw.fiatCurrencies.map((f) => ({
        id: f.id,
        methods: f.methods.map((m) => ({ id: m.id, min: m.min, max: m.max })),
      })),
    }
  }

  return {
    id: config.id,
    async catalogue() {
      if (cached && now() - cached.at < ONRAMP_CATALOGUE_TTL_MS) return cached.value
      inflight ??= load()
        .then((value) => {
          cached = { at: now(), value }
          return value
        })
        .finally(() => {
          inflight = undefined
        })
      return inflight
    },
    async quote(input) {
      const q = await call('POST', '/v1/quotes', sandboxQuoteSchema, {
        asset: input.purchaseCurrency,
        network: input.network,
        fiatCurrency: input.paymentCurrency,
        fiatAmount: input.amount,
        paymentMethod: input.paymentMethod,
      })
      return {
        quoteId: q.quoteId,
        purchaseAmount: q.cryptoAmount,
        paymentTotal: q.fiatAmount,
        paymentSubtotal: q.subtotal,
        providerFee: q.providerFee,
        networkFee: q.networkFee,
      }
    },
    async createSession(input) {
      return call('POST', '/v1/sessions', sandboxSessionSchema, {
        destination: { address: input.address, network: input.network },
        asset: input.purchaseCurrency,
        fiatCurrency: input.paymentCurrency,
        ...(input.fiatAmount !== undefined
          ? { fiatAmount: input.fiatAmount }
          : input.cryptoAmount !== undefined
            ? { cryptoAmount: input.cryptoAmount }
            : {}),
        partnerUserId: input.partnerUserId,
      })
    },
    async sessionStatus(sessionId) {
      const s = await call('GET', `/v1/sessions/${encodeURIComponent(sessionId)}`, sandboxStatusSchema)
      return { status: s.status, ...(s.txHash ? { txHash: s.txHash } : {}), ...(s.cryptoAmount ? { purchaseAmount: s.cryptoAmount } : {}) }
    },
  }
}

/** The adapter of each provider `kind`. A real provider's adapter is added here (and its config in config.ts). */
export const ONRAMP_ADAPTERS: {
  [K in OnrampProviderConfig['kind']]: (
    config: Extract<OnrampProviderConfig, { kind: K }>,
    options: { timeoutMs: number },
  ) => OnrampProvider
} = {
  sandbox: (config, options) =>
    createSandboxOnrampProvider({ id: config.id, name: config.name, baseUrl: config.baseUrl, timeoutMs: options.timeoutMs }),
}

/** The configured providers (config.ts `onramp.providers`), in order. */
export function createOnrampProviders(configs: readonly OnrampProviderConfig[], options: { timeoutMs?: number } = {}): OnrampProvider[] {
  const timeoutMs = options.timeoutMs ?? DEFAULT_ONRAMP_TIMEOUT_MS
  return configs.map((config) => ONRAMP_ADAPTERS[config.kind](config, { timeoutMs }))
}
