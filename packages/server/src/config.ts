import { isAddress as isSolanaAddress } from '@solana/kit'
import { z } from 'zod'

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, { error: 'token address must be a 0x-prefixed 20-byte hex address' })

export const tokenConfigSchema = z.object({
  address: address.transform((value) => value as `0x${string}`),
  symbol: z.string().min(1),
  name: z.string().min(1),
  decimals: z.number().int().min(0).max(255),
})

const contractAddress = (what: string) =>
  z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/, { error: `${what} must be a 0x-prefixed 20-byte hex address` })
    .transform((value) => value as `0x${string}`)

/**
 * A chain's ENS deployment: its universal resolver (what viem's getEnsName / getEnsAddress /
 * getEnsText call) and, optionally, its registry. A chain with one is asked for ENS names by
 * /v1/identity and /v1/profile/account/{name}.eth. @portico/devnet's `chain.ens` fits as is.
 */
export const ensConfigSchema = z.object({
  universalResolver: contractAddress('ens.universalResolver'),
  registry: contractAddress('ens.registry').optional(),
})
export type EnsConfig = z.output<typeof ensConfigSchema>

/**
 * A chain's swap deployment (/v1/convert/*): a constant-product router (Uniswap-v2 style, with the
 * provider fee taken first: `getAmountsOut`, `swapExact*`, `factory()`, `feeRecipient()`,
 * `feeBps()`) and the wrapped native token that native swaps go through. @portico/devnet's
 * `chain.amm` fits as is (its other fields are ignored).
 */
export const swapConfigSchema = z.object({
  router: contractAddress('swap.router'),
  weth: contractAddress('swap.weth'),
  /** The router's name in history (the counterparty of a swap). @default DEFAULT_SWAP_ROUTER_NAME */
  name: z.string().min(1).max(64).optional(),
})

/** The name history gives a chain's swap router when its config names none. */
export const DEFAULT_SWAP_ROUTER_NAME = 'Swap router'

/**
 * Addresses the API names in history (AppConfig.knownAddresses): a treasury, a contract. EVM
 * addresses are compared without regard to case; Solana addresses are base58.
 */
export const knownAddressesSchema = z
  .array(
    z.object({
      address: z
        .string()
        .regex(/^(0x[0-9a-fA-F]{40}|[1-9A-HJ-NP-Za-km-z]{32,44})$/, { error: 'knownAddresses address must be an EVM or Solana address' }),
      name: z.string().min(1).max(64),
    }),
  )
  .max(1000)
export type KnownAddressesInput = z.input<typeof knownAddressesSchema>

/** The names of known addresses, EVM keys lower-case: the chains' swap routers, then `known` (which wins). */
export function knownAddressNames(
  chains: readonly { swap?: { router: string; name?: string } }[],
  known: z.output<typeof knownAddressesSchema>,
): Map<string, string> {
  const names = new Map<string, string>()
  const key = (address: string) => (address.startsWith('0x') ? address.toLowerCase() : address)
  for (const chain of chains) if (chain.swap) names.set(key(chain.swap.router), chain.swap.name ?? DEFAULT_SWAP_ROUTER_NAME)
  for (const entry of known) names.set(key(entry.address), entry.name)
  return names
}
export type SwapConfig = z.output<typeof swapConfigSchema>

export const chainConfigSchema = z.object({
  chainId: z.number().int().positive().lt(2147483648),
  name: z.string().min(1),
  rpcUrl: z.url(),
  /** A websocket endpoint; a chain with one is listed under `ws` by /v1/supported-chains. */
  wsUrl: z.url().optional(),
  nativeCurrency: z.object({
    name: z.string().min(1),
    symbol: z.string().min(1),
    decimals: z.number().int().min(0).max(255),
  }),
  tokens: z.array(tokenConfigSchema).default([]),
  /** The chain's ENS deployment, if it has one (ENS names are resolved on these chains only). */
  ens: ensConfigSchema.optional(),
  /** The chain's swap router and wrapped native token (swaps are served on these chains only). */
  swap: swapConfigSchema.optional(),
})

export const chainsConfigSchema = z.array(chainConfigSchema).superRefine((chains, ctx) => {
  const seen = new Set<number>()
  for (const chain of chains) {
    if (seen.has(chain.chainId)) ctx.addIssue({ code: 'custom', message: `duplicate chainId ${chain.chainId}` })
    seen.add(chain.chainId)
  }
})

const BASE58 = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/

/** An SPL token the server reports for Solana accounts. */
export const solanaTokenConfigSchema = z.object({
  mint: z
    .string()
    .regex(BASE58, { error: 'token mint must be a base58 Solana address' })
    .refine((value) => isSolanaAddress(value), { error: 'token mint must be a base58 Solana address' }),
  symbol: z.string().min(1),
  name: z.string().min(1),
  decimals: z.number().int().min(0).max(255),
})

/** The one Solana chain the server reads (native SOL, 9 decimals, plus the configured SPL tokens). */
export const solanaChainConfigSchema = z.object({
  caipNetworkId: z
    .string()
    .regex(/^solana:[1-9A-HJ-NP-Za-km-z]{1,32}$/, { error: 'caipNetworkId must be solana:<genesis hash reference>' }),
  name: z.string().min(1),
  rpcUrl: z.url(),
  tokens: z.array(solanaTokenConfigSchema).default([]),
})

export type SolanaTokenConfig = z.output<typeof solanaTokenConfigSchema>
export type SolanaChainConfig = z.output<typeof solanaChainConfigSchema>
export type SolanaChainConfigInput = z.input<typeof solanaChainConfigSchema>

/** SOL, the native currency of every Solana chain. */
export const SOLANA_NATIVE_CURRENCY = { name: 'Solana', symbol: 'SOL', decimals: 9 } as const

export type TokenConfig = z.output<typeof tokenConfigSchema>
export type ChainConfig = z.output<typeof chainConfigSchema>
/** What callers pass: `tokens` may be omitted. */
export type ChainConfigInput = z.input<typeof chainConfigSchema>

export function caipNetworkId(chain: { chainId: number }): string {
  return `eip155:${chain.chainId}`
}

/**
 * The name suffix (a domain) under which the names service registers names: `alice` is registered
 * as `alice.<zone>`. SPEC §9 leaves the suffix open; Portico's default is `portico.id`.
 */
export const DEFAULT_NAME_ZONE = 'portico.id'

/** A name zone: lower-case DNS labels (letters, digits, hyphen) joined by dots, at most 100 characters. */
export const nameZoneSchema = z
  .string()
  .max(100, { error: 'name zone must be at most 100 characters' })
  .regex(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/, {
    error: 'name zone must be a lower-case domain such as portico.id',
  })

/**
 * `exchanges`: the exchange providers behind pay with exchange (POST /v1/json-rpc, routes/exchange.ts),
 * one entry each. A real exchange's adapter is one more `kind` here (and in createExchangeProvider,
 * providers/exchange.ts), or an ExchangeProvider passed as `providers.exchange`.
 */
export const exchangeProviderConfigSchema = z.discriminatedUnion('kind', [
  z.object({
    /** The exchange sandbox of @portico/devnet (startExchangeSandbox), over its HTTP API. */
    kind: z.literal('sandbox'),
    url: z.url({ protocol: /^https?$/, error: 'exchanges[].url must be an absolute http(s) URL' }),
    /** Per-request timeout. @default 10_000 */
    timeoutMs: z.number().int().positive().max(120_000).optional(),
  }),
])
export type ExchangeProviderConfig = z.output<typeof exchangeProviderConfigSchema>
export type ExchangeProviderConfigInput = z.input<typeof exchangeProviderConfigSchema>
export const exchangesConfigSchema = z.array(exchangeProviderConfigSchema)

/**
 * One on-ramp provider (/v1/onramp/*, /v1/generators/onrampurl), by adapter `kind`:
 * - `sandbox`: @portico/devnet's on-ramp sandbox, one provider at `baseUrl` (`<sandbox url>/<provider id>`).
 * A real provider is one more kind here, with its own fields (API key, environment …), and its
 * adapter in providers/onramp.ts ONRAMP_ADAPTERS.
 */
export const onrampProviderConfigSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('sandbox'),
    /** The id clients see in `providers`: lower-case letters, digits and '-'. */
    id: z.string().regex(/^[a-z0-9-]{1,32}$/, { error: 'onramp provider id must be 1-32 lower-case letters, digits or -' }),
    /** @default the name the provider gives */
    name: z.string().min(1).max(64).optional(),
    baseUrl: z.url({ protocol: /^https?$/, error: 'onramp provider baseUrl must be an absolute http(s) URL' }),
  }),
])
export type OnrampProviderConfig = z.output<typeof onrampProviderConfigSchema>

export const onrampConfigSchema = z.object({
  providers: z
    .array(onrampProviderConfigSchema)
    .max(16)
    .default([])
    .superRefine((providers, ctx) => {
      const seen = new Set<string>()
      for (const p of providers) {
        if (seen.has(p.id)) ctx.addIssue({ code: 'custom', message: `duplicate onramp provider id ${p.id}` })
        seen.add(p.id)
      }
    }),
  /** Per-request timeout of the provider calls. @default 10_000 */
  timeoutMs: z.number().int().positive().max(120_000).optional(),
})
export type OnrampConfig = z.output<typeof onrampConfigSchema>
export type OnrampConfigInput = z.input<typeof onrampConfigSchema>

/** `rpcProxy.upstreams` keys: a CAIP-2 id of a namespace the proxy serves (eip155 or solana). */
const proxiedChainId = z.string().regex(/^(eip155:[0-9]{1,10}|solana:[1-9A-HJ-NP-Za-km-z]{1,32})$/, {
  error: 'rpcProxy.upstreams keys must be eip155:<chain id> or solana:<genesis hash reference>',
})

/**
 * The blockchain RPC proxy (POST /v1/?chainId=<caip2>&projectId=…, routes/rpc.ts). Every chain of
 * `chains` and `solana` is proxied to its `rpcUrl`; `upstreams` replaces a chain's list (first
 * preferred, the next ones for failover) or adds chains that only the proxy serves.
 */
export const rpcProxyConfigSchema = z.object({
  /**
   * Per-project token bucket over JSON-RPC calls (a batch of n costs n): `requestsPerSecond` refill,
   * `burst` capacity (default 2 × requestsPerSecond). `false` turns the limit off.
   * @default { requestsPerSecond: 100, burst: 200 }
   */
  rateLimit: z
    .union([
      z.literal(false),
      z.object({
        requestsPerSecond: z.number({ error: 'rpcProxy.rateLimit.requestsPerSecond must be a positive number' }).positive().max(1_000_000),
        burst: z.number({ error: 'rpcProxy.rateLimit.burst must be a positive integer' }).int().positive().max(1_000_000).optional(),
      }),
    ])
    .optional(),
  /** Entries of the in-memory cache of immutable answers (0 turns it off). @default 10_000 */
  cacheSize: z.number({ error: 'rpcProxy.cacheSize must be an integer from 0' }).int().min(0).max(10_000_000).optional(),
  /** About how many bytes of serialised answers the cache holds. @default 33_554_432 (32 MiB) */
  cacheBytes: z.number({ error: 'rpcProxy.cacheBytes must be a positive integer' }).int().positive().optional(),
  /** Per-attempt timeout of an upstream request; on expiry the next upstream is tried. @default 10_000 */
  timeoutMs: z.number({ error: 'rpcProxy.timeoutMs must be a positive integer' }).int().positive().max(120_000).optional(),
  /** Upstream RPC URLs per CAIP-2 id, tried in order. @default each configured chain's [rpcUrl] */
  upstreams: z
    .record(
      proxiedChainId,
      z
        .array(z.url({ protocol: /^https?$/, error: 'rpcProxy.upstreams URLs must be absolute http(s) URLs' }))
        .min(1)
        .max(16),
    )
    .optional(),
  /** Most calls in one batch. @default 100 */
  maxBatch: z.number().int().min(1).max(1_000).optional(),
  /** Widest eth_getLogs range in blocks. @default 10_000 */
  maxLogRange: z.number().int().min(1).max(10_000_000).optional(),
  /**
   * Blocks below the head after which a block, transaction or receipt counts as final and is cached
   * (the head is the highest eth_blockNumber seen through the proxy). @default 64
   */
  finalityDepth: z.number().int().min(0).max(100_000).optional(),
})
export type RpcProxyConfig = z.output<typeof rpcProxyConfigSchema>
export type RpcProxyConfigInput = z.input<typeof rpcProxyConfigSchema>
