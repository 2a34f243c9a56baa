/**
 * The engine's boundary: every raw JSON-RPC answer (session request results, chain RPC answers),
 * the session's accounts and the chain ids of wallet events are parsed here with zod before use.
 */
import { ERRORS, isCaipNetworkId, PorticoError } from '@portico/headless'
import { z } from 'zod/mini'
import { parseEvmChainId } from './hex'
import { type CaipAccount, parseCaipAccount } from './namespaces'

/** Parses `raw` or throws 'An error occurred' with the raw value as the cause. */
export function parse<T>(schema: z.ZodMiniType<T>, raw: unknown): T {
  const parsed = schema.safeParse(raw)
  if (!parsed.success) throw new PorticoError(ERRORS.frameGeneric, { cause: raw })
  return parsed.data
}

const nonEmpty = z.string().check(z.minLength(1))
const hexString = z.string().check(z.regex(/^0x[0-9a-fA-F]*$/))

// ---- session request results ---------------------------------------------------------------------

/** eip155 signatures and transaction hashes: 0x-hex strings. */
export const hexResult = z.pipe(
  hexString,
  z.transform((s) => s as `0x${string}`),
)
/** Results that are an object with a non-empty string field (`signature`, `txid` …). */
export const fieldResult = <K extends string>(key: K) =>
  z.pipe(
    z.object({ [key]: nonEmpty } as Record<K, typeof nonEmpty>),
    z.transform((o) => (o as Record<K, string>)[key]),
  )
/** cosmos_signAmino: `{ signature: { signature } }`. */
export const aminoResult = z.pipe(
  z.object({ signature: z.object({ signature: nonEmpty }) }),
  z.transform((o) => o.signature.signature),
)

/** wallet_sendCalls: `{ id }` (EIP-5792 v2) or the id itself (v1). */
export const sendCallsResult = z.pipe(
  z.union([nonEmpty, z.object({ id: nonEmpty })]),
  z.transform((r) => ({ id: typeof r === 'string' ? r : r.id })),
)

/** wallet_getCallsStatus as CallsStatus, wallet_getCapabilities per chain id ({} on anything else): read as every adapter reads them. */
export { parseCallsStatus as callsStatus, parseCapabilities as capabilities } from '@portico/headless/adapter-kit'

// ---- session accounts and event payloads ------------------------------------------------------------

/** The CAIP-10 accounts of a session namespace; malformed entries are dropped. */
export function sessionAccounts(raw: unknown): CaipAccount[] {
  const list = z.array(z.unknown()).safeParse(raw)
  if (!list.success) return []
  return list.data.flatMap((item) => {
    const s = nonEmpty.safeParse(item)
    const account = s.success ? parseCaipAccount(s.data) : undefined
    return account ? [account] : []
  })
}

/**
 * Addresses in an accountsChanged / bip122_addressesChanged payload: CAIP-10 or plain strings, or
 * objects with `address` (WalletConnect Bitcoin) or `pubkey` (Solana). Anything else is skipped,
 * CAIP-10 accounts that headless would not read too (another namespace, more than 3 parts).
 */
const addressItem = z.union([nonEmpty, z.object({ address: nonEmpty }), z.object({ pubkey: nonEmpty })])
export function eventAddresses(raw: unknown): string[] | undefined {
  const list = z.array(z.unknown()).safeParse(raw)
  if (!list.success) return undefined
  const out: string[] = []
  for (const item of list.data) {
    const parsed = addressItem.safeParse(item)
    if (!parsed.success) continue
    const v = parsed.data
    const raw = typeof v === 'string' ? v : 'address' in v ? v.address : v.pubkey
    // No address of the seven families has a colon: a value with one must be a CAIP-10 account headless reads.
    const address = raw.includes(':') ? parseCaipAccount(raw)?.address : raw
    if (address !== undefined && !out.includes(address)) out.push(address)
  }
  return out
}

/** A wallet event: `{ name, data }`. */
export const walletEvent = z.object({ name: z.string(), data: z.unknown() })

/** A CAIP-2 chain id `namespace:reference` of one of the seven namespaces (headless's isCaipNetworkId). */
export const caipChainId = z.string().check(
  z.regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/),
  z.refine((id) => isCaipNetworkId(id)),
)

/** An EVM chain id from a chainChanged payload: number, decimal or hex string, or CAIP-2. */
export function evmChainId(raw: unknown): number | undefined {
  const parsed = z.union([z.number(), z.string()]).safeParse(raw)
  return parsed.success ? parseEvmChainId(parsed.data) : undefined
}

/** The CAIP-2 reference in a non-EVM chainChanged payload (`ns:ref` or `ref`). */
export function chainReference(raw: unknown): string | undefined {
  const parsed = nonEmpty.safeParse(raw)
  if (!parsed.success) return undefined
  return parsed.data.slice(parsed.data.indexOf(':') + 1) || undefined
}

// ---- chain RPC answers (the JSON-RPC envelope and receipts: @portico/headless/adapter-kit) ----------------------------------------------------------------------------

/** eth_getBalance: a hex quantity; Solana getBalance: `{ value: lamports }`. */
export const evmBalance = z.union([hexString, z.number()])
export const solanaBalance = z.object({ value: z.union([z.number(), z.bigint()]) })
/** getLatestBlockhash: `{ value: { blockhash } }`. */
export const latestBlockhash = z.object({ value: z.object({ blockhash: nonEmpty }) })

// ---- the peer wallet's identity ----------------------------------------------------------------

/** Longest wallet name shown; longer ones are cut with an ellipsis. */
export const PEER_NAME_MAX = 48
const MAX_ICON_URL = 2_048
const MAX_ICON_DATA_URI = 100_000
const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp|svg\+xml)[;,]/i

/** An icon URL an <img> may load: http(s) (a real host), or a data: image of a raster or SVG type. */
function usableIcon(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  const url = value.trim()
  if (DATA_IMAGE.test(url)) return url.length <= MAX_ICON_DATA_URI ? url : undefined
  if (url.length > MAX_ICON_URL || !URL.canParse(url)) return undefined
  const parsed = new URL(url)
  return (parsed.protocol === 'https:' || parsed.protocol === 'http:') && parsed.hostname !== '' ? parsed.href : undefined
}

// C0/C1 controls, zero-width characters and bidi controls, as character-class ranges.
const INVISIBLE_OR_BIDI_RANGES = '\\u0000-\\u001f\\u007f-\\u009f\\u200b-\\u200f\\u202a-\\u202e\\u2066-\\u2069'
const INVISIBLE_OR_BIDI = new RegExp(`[${INVISIBLE_OR_BIDI_RANGES}]`, 'g')

const peerMetadataSchema = z.object({ name: z.string(), icons: z.optional(z.array(z.unknown())) })

/**
 * The wallet's own name and icon from a session's peer metadata (untrusted: anything the wallet
 * sent). The name loses control characters and outer spaces and is cut to PEER_NAME_MAX; the icon is
 * the first usable one (usableIcon). Undefined without a usable name: the connector stays the wallet.
 */
export function peerWallet(metadata: unknown): { name: string; icon?: string } | undefined {
  const parsed = peerMetadataSchema.safeParse(metadata)
  if (!parsed.success) return undefined
  const clean = parsed.data.name.replace(INVISIBLE_OR_BIDI, '').replace(/\s+/g, ' ').trim()
  if (!clean) return undefined
  const chars = [...clean]
  const name =
    chars.length > PEER_NAME_MAX
      ? `${chars
          .slice(0, PEER_NAME_MAX - 1)
          .join('')
          .trimEnd()}…`
      : clean
  const icon = (parsed.data.icons ?? []).map(usableIcon).find((i) => i !== undefined)
  return icon ? { name, icon } : { name }
}

/** The session's chain per namespace as the engine stored it (sign-client storage, read back after a reload). */
export const storedChains = z.nullable(z.object({ topic: nonEmpty, chains: z.record(z.string(), caipChainId) }))
