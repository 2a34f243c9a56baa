// zod schemas of the Solana JSON-RPC parameters the local RPC accepts, with the limits and error
// texts of the real cluster (agave's rpc/src/rpc.rs and solana-rpc-client-api), so a client that
// works here does not meet a new error on devnet or mainnet.
import type { Address } from '@solana/kit'
import { getBase58Encoder, getBase64Encoder } from '@solana/kit'
import { z } from 'zod'

/** getMultipleAccounts keys (agave MAX_MULTIPLE_ACCOUNTS). */
export const MAX_MULTIPLE_ACCOUNTS = 100
/** getSignatureStatuses signatures (agave MAX_GET_SIGNATURE_STATUSES_QUERY_ITEMS). */
export const MAX_SIGNATURE_STATUSES = 256
/** getSignaturesForAddress limit (agave MAX_GET_CONFIRMED_SIGNATURES_FOR_ADDRESS2_LIMIT). */
export const MAX_SIGNATURES_FOR_ADDRESS_LIMIT = 1000
/** getProgramAccounts filters (agave MAX_GET_PROGRAM_ACCOUNT_FILTERS). */
export const MAX_PROGRAM_ACCOUNT_FILTERS = 4
/** Bytes of a memcmp filter (solana-rpc-client-api MAX_DATA_SIZE) and their encoded lengths. */
const MAX_MEMCMP_BYTES = 128
const MAX_MEMCMP_BASE58 = 175
const MAX_MEMCMP_BASE64 = 172
/** getRecentPrioritizationFees addresses (MAX_TX_ACCOUNT_LOCKS). */
export const MAX_PRIORITIZATION_FEE_ADDRESSES = 128
/** Largest wire transaction (PACKET_DATA_SIZE) and its longest base58 / base64 texts (agave's golden values). */
export const PACKET_DATA_SIZE = 1232
const MAX_BASE58_TX = 1683
const MAX_BASE64_TX = 1644
/** Account data the binary/base58 encodings may carry (agave MAX_BASE58_BYTES). */
export const MAX_BASE58_ACCOUNT_BYTES = 128
/** Rust types named in agave's decode errors. */
export const TX_TYPE = 'solana_transaction::versioned::VersionedTransaction'
export const MESSAGE_TYPE = 'solana_message::versioned::VersionedMessage'

/** A JSON-RPC error; `code` -32602 is Invalid params. */
export class RpcError extends Error {
  readonly code: number
  readonly data: unknown
  constructor(code: number, message: string, data?: unknown) {
    super(message)
    this.code = code
    this.data = data
  }
}

export const invalidParams = (message: string) => new RpcError(-32602, `Invalid params: ${message}`)

/** An issue whose message is the whole JSON-RPC error message (agave's own wording). */
function fail(ctx: z.RefinementCtx, message: string): void {
  ctx.addIssue({ code: 'custom', message, params: { rpc: true } })
}

/** The -32602 error for a failed params parse: agave's wording where we have it, else "Invalid params: <where>: <what>". */
export function paramsError(error: z.ZodError): RpcError {
  const own = ownIssue(error.issues)
  if (own) return new RpcError(-32602, own.message)
  const issue = error.issues[0]
  if (!issue) return invalidParams('malformed')
  const where = issue.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('')
  return invalidParams(where ? `params${where}: ${issue.message}` : issue.message)
}

type Issue = z.core.$ZodIssue
/** The first issue carrying agave's own message, also inside the branches of a union. */
function ownIssue(issues: readonly Issue[]): Issue | undefined {
  for (const issue of issues) {
    if (issue.code === 'custom' && (issue.params as { rpc?: boolean } | undefined)?.rpc) return issue
    if (issue.code === 'invalid_union') {
      const inner = ownIssue(issue.errors.flat())
      if (inner) return inner
    }
  }
  return undefined
}

function decodeBase58(text: string): Uint8Array | undefined {
  try {
    return new Uint8Array(getBase58Encoder().encode(text))
  } catch {
    return undefined
  }
}

/** Base58 of exactly `size` bytes, refused like solana's FromStr (`Invalid param: WrongSize` / `Invalid`). */
const base58Of = (size: number, maxLength: number) =>
  z.string().superRefine((text, ctx) => {
    if (text.length > maxLength) return fail(ctx, 'Invalid param: WrongSize')
    const bytes = decodeBase58(text)
    if (!bytes) return fail(ctx, 'Invalid param: Invalid')
    if (bytes.length !== size) fail(ctx, 'Invalid param: WrongSize')
  })

export const pubkey = base58Of(32, 44).transform((text) => text as Address)
export const signature = base58Of(64, 88)
export const blockhash = base58Of(32, 44)

/** u64 / usize values as JSON numbers (within JavaScript's safe integers). */
export const u64 = z.number().int().nonnegative()

const commitment = z.enum(['processed', 'confirmed', 'finalized', 'recent', 'single', 'singleGossip', 'root', 'max'])

export const contextConfig = z.object({ commitment: commitment.optional(), minContextSlot: u64.optional() }).nullish()

const accountEncoding = z.enum(['binary', 'base58', 'base64', 'base64+zstd', 'jsonParsed'])
export type AccountEncodingName = z.infer<typeof accountEncoding>

export const accountConfig = z
  .object({
    commitment: commitment.optional(),
    minContextSlot: u64.optional(),
    encoding: accountEncoding.optional(),
    dataSlice: z.object({ offset: u64, length: u64 }).optional(),
  })
  .nullish()
export type AccountConfig = NonNullable<z.output<typeof accountConfig>>

/** An array of at most `max` items: the count is checked first, with agave's message, then each item. */
export const listOf = <T extends z.ZodType>(item: T, max: number) =>
  z
    .array(z.unknown())
    .superRefine((list, ctx) => {
      if (list.length > max) fail(ctx, `Too many inputs provided; max ${max}`)
    })
    .pipe(z.array(item))

const memcmp = z
  .object({
    offset: u64,
    bytes: z.string(),
    encoding: z.enum(['base58', 'base64', 'binary']).optional(),
  })
  .transform((m, ctx) => {
    const base64 = m.encoding === 'base64'
    if (m.bytes.length > (base64 ? MAX_MEMCMP_BASE64 : MAX_MEMCMP_BASE58)) {
      fail(ctx, 'Invalid param: DataTooLarge')
      return z.NEVER
    }
    let bytes: Uint8Array | undefined
    if (base64) {
      bytes = /^[A-Za-z0-9+/]*={0,2}$/.test(m.bytes) ? new Uint8Array(getBase64Encoder().encode(m.bytes)) : undefined
    } else {
      bytes = decodeBase58(m.bytes)
    }
    if (!bytes) {
      fail(ctx, `Invalid param: ${base64 ? 'Base64DecodeError' : 'Base58DecodeError'}`)
      return z.NEVER
    }
    if (bytes.length > MAX_MEMCMP_BYTES) {
      fail(ctx, 'Invalid param: DataTooLarge')
      return z.NEVER
    }
    return { offset: m.offset, bytes }
  })

const filter = z.union([z.object({ dataSize: u64 }).strict(), z.object({ memcmp }).strict(), z.literal('tokenAccountState')], {
  error: 'expected { dataSize }, { memcmp: { offset, bytes, encoding? } } or "tokenAccountState"',
})
export type ProgramAccountsFilter = z.output<typeof filter>

export const programAccountsConfig = z
  .object({
    commitment: commitment.optional(),
    minContextSlot: u64.optional(),
    encoding: accountEncoding.optional(),
    dataSlice: z.object({ offset: u64, length: u64 }).optional(),
    withContext: z.boolean().optional(),
    filters: z
      .array(z.unknown())
      .superRefine((list, ctx) => {
        if (list.length > MAX_PROGRAM_ACCOUNT_FILTERS) fail(ctx, `Too many filters provided; max ${MAX_PROGRAM_ACCOUNT_FILTERS}`)
      })
      .pipe(z.array(filter))
      .optional(),
  })
  .nullish()

export const tokenAccountsFilter = z.union([z.object({ mint: pubkey }).strict(), z.object({ programId: pubkey }).strict()], {
  error: 'expected { mint: <address> } or { programId: <address> }',
})

export const signaturesForAddressConfig = z
  .object({
    commitment: commitment.optional(),
    minContextSlot: u64.optional(),
    // agave reads it as usize and then refuses 0 and > 1000 with one message.
    limit: z
      .number()
      .int()
      .superRefine((limit, ctx) => {
        if (limit < 1 || limit > MAX_SIGNATURES_FOR_ADDRESS_LIMIT) fail(ctx, `Invalid limit; max ${MAX_SIGNATURES_FOR_ADDRESS_LIMIT}`)
      })
      .optional(),
    before: signature.optional(),
    until: signature.optional(),
  })
  .nullish()

export const transactionConfig = z
  .object({
    commitment: commitment.optional(),
    encoding: z.enum(['json', 'jsonParsed', 'base58', 'base64']).optional(),
    maxSupportedTransactionVersion: z.number().int().min(0).max(255).optional(),
  })
  .nullish()

const txEncoding = z.enum(['base58', 'base64']).optional()

export const sendTransactionConfig = z
  .object({
    encoding: txEncoding,
    skipPreflight: z.boolean().optional(),
    preflightCommitment: commitment.optional(),
    maxRetries: u64.optional(),
    minContextSlot: u64.optional(),
  })
  .nullish()

export const simulateTransactionConfig = z
  .object({
    encoding: txEncoding,
    sigVerify: z.boolean().optional(),
    replaceRecentBlockhash: z.boolean().optional(),
    commitment: commitment.optional(),
    minContextSlot: u64.optional(),
    innerInstructions: z.boolean().optional(),
    accounts: z.object({ addresses: z.array(pubkey), encoding: accountEncoding.optional() }).optional(),
  })
  .nullish()
  .superRefine((cfg, ctx) => {
    if (cfg?.sigVerify && cfg.replaceRecentBlockhash) fail(ctx, 'sigVerify may not be used with replaceRecentBlockhash')
  })

export const signatureStatusesConfig = z.object({ searchTransactionHistory: z.boolean().optional() }).nullish()

/** Decodes a wire transaction with agave's size limits and messages (decode_and_deserialize). */
export function decodeWireText(text: string, encoding: 'base58' | 'base64' | undefined, type = TX_TYPE): Uint8Array {
  const base64 = encoding === 'base64'
  const max = base64 ? MAX_BASE64_TX : MAX_BASE58_TX
  const name = base64 ? 'base64' : 'base58'
  if (text.length > max) {
    throw new RpcError(-32602, `${name} encoded ${type} too large: ${text.length} bytes (max: encoded/raw ${max}/${PACKET_DATA_SIZE})`)
  }
  let wire: Uint8Array | undefined
  if (base64) wire = /^[A-Za-z0-9+/]*={0,2}$/.test(text) ? new Uint8Array(getBase64Encoder().encode(text)) : undefined
  else wire = decodeBase58(text)
  if (!wire) throw new RpcError(-32602, `invalid ${name} encoding: ${base64 ? 'InvalidByte' : 'InvalidCharacter'}`)
  if (wire.length > PACKET_DATA_SIZE) {
    throw new RpcError(-32602, `decoded ${type} too large: ${wire.length} bytes (max: ${PACKET_DATA_SIZE} bytes)`)
  }
  return wire
}

/** Parses `params` against a tuple schema: JSON-RPC -32602 with a message when they do not fit. */
export function parseParams<T extends z.ZodType>(schema: T, params: unknown[]): z.output<T> {
  const result = schema.safeParse(params)
  if (!result.success) throw paramsError(result.error)
  return result.data
}
