import type { KeyObject } from 'node:crypto'
import { AUTH_ERRORS } from '@portico/protocol/auth'
import {
  getBase58Decoder,
  getTransactionDecoder,
  getTransactionEncoder,
  type Address as SolanaAddress,
  type SignatureBytes,
} from '@solana/kit'
import {
  BaseError,
  createWalletClient,
  HttpRequestError,
  http,
  isAddressEqual,
  RpcRequestError,
  TimeoutError,
  type Hex,
  type TypedDataDefinition,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { getTransactionCount } from 'viem/actions'
import { z } from 'zod'
import type { ChainConfig, SolanaChainConfig } from '../config.ts'
import { AuthError } from './errors.ts'
import { ed25519Sign, solanaAddressOf } from './keys.ts'
import { noSendLock, type SendLock } from './send-lock.ts'
import { UNSUPPORTED_CHAIN } from '@portico/protocol/errors'

/** The methods the server signs for (everything else: AUTH_ERRORS.rpcNotAllowed). */
export const SIGNING_METHODS = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAndSendTransaction',
] as const
export type SigningMethod = (typeof SIGNING_METHODS)[number]

export type RpcRequest = { namespace: 'eip155' | 'solana'; chainId: number | string; method: string; params?: unknown[] | undefined }

export type SignerContext = {
  evmAddress: string
  solanaAddress: string
  /** The user's keys, decrypted only when a method needs them. */
  evmKey(): Promise<Hex>
  solanaKey(): Promise<KeyObject>
  chains: readonly ChainConfig[]
  solana?: SolanaChainConfig | undefined
  rpcTimeoutMs: number
  /** Serialises the sends of one account on one chain (the nonce). @default no lock */
  sendLock?: SendLock | undefined
}

const MAX_MESSAGE_CHARS = 16_384
const hexData = z.string().regex(/^0x([0-9a-fA-F]{2})*$/, { error: 'data must be 0x-prefixed hex bytes' })
const quantity = z
  .union([z.string().regex(/^0x[0-9a-fA-F]{1,64}$/), z.string().regex(/^\d{1,78}$/), z.number().int().nonnegative()], {
    error: 'value and gas must be hex or decimal quantities',
  })
  .transform((value) => BigInt(value))
const evmAddressParam = z.string().regex(/^0x[0-9a-fA-F]{40}$/, { error: 'Invalid EVM address' })
const base64 = (field: string, max: number) =>
  z
    .string({ error: `${field} must be base64` })
    .max(max, { error: `${field} is too long` })
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, { error: `${field} must be base64` })

const personalSignParams = z.tuple(
  [z.string({ error: 'personal_sign takes [message, address]' }).max(MAX_MESSAGE_CHARS), evmAddressParam],
  {
    error: 'personal_sign takes [message, address]',
  },
)
const typedDataParams = z.tuple([evmAddressParam, z.union([z.string().max(MAX_MESSAGE_CHARS * 4), z.record(z.string(), z.unknown())])], {
  error: 'eth_signTypedData_v4 takes [address, typedData]',
})
const typedDataSchema = z.object({
  types: z.record(z.string(), z.array(z.object({ name: z.string(), type: z.string() }))),
  primaryType: z.string(),
  domain: z.record(z.string(), z.unknown()).optional(),
  message: z.record(z.string(), z.unknown()),
})
const sendTransactionParams = z.tuple(
  [
    z.object({
      from: evmAddressParam.optional(),
      to: evmAddressParam,
      value: quantity.optional(),
      data: hexData.max(MAX_MESSAGE_CHARS * 4).optional(),
      gas: quantity.optional(),
    }),
  ],
  { error: 'eth_sendTransaction takes [{ to, value, data, gas? }]' },
)
const solanaSignMessageParams = z.tuple(
  [z.object({ message: base64('message', MAX_MESSAGE_CHARS), pubkey: z.string().max(64).optional() })],
  {
    error: 'solana_signMessage takes [{ message: base64 }]',
  },
)
const solanaTransactionParams = z.tuple(
  [z.union([base64('transaction', 8_192), z.object({ transaction: base64('transaction', 8_192) }).transform((v) => v.transaction)])],
  { error: 'takes [{ transaction: base64 }]' },
)

function parse<S extends z.ZodType>(schema: S, params: unknown): z.output<S> {
  const result = schema.safeParse(params ?? [])
  if (!result.success) throw new AuthError(400, result.error.issues[0]?.message ?? 'Invalid params')
  return result.data
}

function ownEvm(ctx: SignerContext, address: string) {
  if (!isAddressEqual(address as Hex, ctx.evmAddress as Hex)) throw new AuthError(400, 'The address is not the signed-in account')
}

export function evmChain(ctx: Pick<SignerContext, 'chains'>, chainId: number | string): ChainConfig {
  const text = String(chainId)
  const id = /^0x[0-9a-fA-F]{1,8}$/.test(text) ? Number.parseInt(text, 16) : Number(text.replace(/^eip155:/, ''))
  const chain = ctx.chains.find((c) => c.chainId === id)
  if (chain === undefined) throw new AuthError(400, UNSUPPORTED_CHAIN)
  return chain
}

/** An upstream RPC failure (network, timeout) is a 502; the node refusing the transaction is the caller's 400. */
export function rpcFailure(error: unknown): AuthError {
  if (error instanceof BaseError) {
    const transport = error.walk((e) => e instanceof HttpRequestError || e instanceof TimeoutError)
    const refused = error.walk((e) => e instanceof RpcRequestError)
    if (transport && !refused) return new AuthError(502, 'The chain RPC did not answer', {}, { cause: error })
    return new AuthError(400, error.shortMessage.slice(0, 300), {}, { cause: error })
  }
  return new AuthError(502, 'The chain RPC did not answer', {}, { cause: error })
}

/** Run one signing method for the user. The caller has checked the session. */
export async function runSigningRpc(ctx: SignerContext, request: RpcRequest): Promise<unknown> {
  const method = request.method
  if (!(SIGNING_METHODS as readonly string[]).includes(method)) throw new AuthError(400, AUTH_ERRORS.rpcNotAllowed)
  const namespace = method.startsWith('solana_') ? 'solana' : 'eip155'
  if (request.namespace !== namespace) throw new AuthError(400, `${method} is a ${namespace} method`)

  switch (method as SigningMethod) {
    case 'personal_sign': {
      const [message, address] = parse(personalSignParams, request.params)
      ownEvm(ctx, address)
      const account = privateKeyToAccount(await ctx.evmKey())
      const isHex = /^0x([0-9a-fA-F]{2})*$/.test(message)
      return account.signMessage({ message: isHex ? { raw: message as Hex } : message })
    }
    case 'eth_signTypedData_v4': {
      const [address, raw] = parse(typedDataParams, request.params)
      ownEvm(ctx, address)
      let json: unknown = raw
      if (typeof raw === 'string') {
        try {
          json = JSON.parse(raw)
        } catch {
          throw new AuthError(400, 'Invalid typed data: not JSON')
        }
      }
      const typed = typedDataSchema.safeParse(json)
      if (!typed.success) throw new AuthError(400, `Invalid typed data: ${typed.error.issues[0]?.message ?? ''}`)
      const { EIP712Domain: _domain, ...types } = typed.data.types
      const account = privateKeyToAccount(await ctx.evmKey())
      try {
        return await account.signTypedData({
          domain: typed.data.domain ?? {},
          types,
          primaryType: typed.data.primaryType,
          message: typed.data.message,
        } as unknown as TypedDataDefinition)
      } catch (error) {
        throw new AuthError(
          400,
          `Invalid typed data: ${error instanceof BaseError ? error.shortMessage : 'it can not be encoded'}`.slice(0, 300),
        )
      }
    }
    case 'eth_sendTransaction': {
      const [tx] = parse(sendTransactionParams, request.params)
      if (tx.from !== undefined) ownEvm(ctx, tx.from)
      const chain = evmChain(ctx, request.chainId)
      const account = privateKeyToAccount(await ctx.evmKey())
      const client = createWalletClient({
        account,
        chain: {
          id: chain.chainId,
          name: chain.name,
          nativeCurrency: chain.nativeCurrency,
          rpcUrls: { default: { http: [chain.rpcUrl] } },
        },
        transport: http(chain.rpcUrl, { timeout: ctx.rpcTimeoutMs, retryCount: 0 }),
      })
      // The nonce: the node's pending count, read under the account's lock, so that concurrent
      // sends from one account each get the next one.
      const lock = ctx.sendLock ?? noSendLock
      return lock(chain.chainId, account.address, async () => {
        try {
          const nonce = await getTransactionCount(client, { address: account.address, blockTag: 'pending' })
          return await client.sendTransaction({
            to: tx.to as Hex,
            nonce,
            ...(tx.value !== undefined ? { value: tx.value } : {}),
            ...(tx.data !== undefined ? { data: tx.data as Hex } : {}),
            ...(tx.gas !== undefined ? { gas: tx.gas } : {}),
          })
        } catch (error) {
          throw rpcFailure(error)
        }
      })
    }
    case 'solana_signMessage': {
      const [{ message, pubkey }] = parse(solanaSignMessageParams, request.params)
      if (pubkey !== undefined && pubkey !== ctx.solanaAddress) throw new AuthError(400, 'The address is not the signed-in account')
      const signature = ed25519Sign(await ctx.solanaKey(), Buffer.from(message, 'base64'))
      return { signature: getBase58Decoder().decode(signature) }
    }
    case 'solana_signTransaction':
    case 'solana_signAndSendTransaction': {
      const [wire] = parse(solanaTransactionParams, request.params)
      if (method === 'solana_signAndSendTransaction') solanaChain(ctx, request.chainId)
      const key = await ctx.solanaKey()
      const signed = signSolanaTransaction(key, Buffer.from(wire, 'base64'))
      if (method === 'solana_signTransaction') return { transaction: signed.transaction, signature: signed.signature }
      const signature = await sendSolanaTransaction(solanaChain(ctx, request.chainId), signed.transaction, ctx.rpcTimeoutMs)
      return { signature }
    }
  }
}

export function solanaChain(ctx: Pick<SignerContext, 'solana'>, chainId: number | string): SolanaChainConfig {
  const id = String(chainId)
  const solana = ctx.solana
  if (solana === undefined || (id !== solana.caipNetworkId && `solana:${id}` !== solana.caipNetworkId))
    throw new AuthError(400, UNSUPPORTED_CHAIN)
  return solana
}

/** Add the user's signature to a wire transaction that names their address as a signer. */
export function signSolanaTransaction(key: KeyObject, wire: Uint8Array): { transaction: string; signature: string } {
  let tx: ReturnType<ReturnType<typeof getTransactionDecoder>['decode']>
  try {
    tx = getTransactionDecoder().decode(wire)
  } catch {
    throw new AuthError(400, 'Invalid Solana transaction')
  }
  const address = solanaAddressOf(key) as SolanaAddress
  if (!Object.hasOwn(tx.signatures, address)) {
    throw new AuthError(400, 'The transaction does not ask for the signed-in account’s signature')
  }
  const signature = ed25519Sign(key, new Uint8Array(tx.messageBytes)) as SignatureBytes
  const signed = { ...tx, signatures: { ...tx.signatures, [address]: signature } }
  let bytes: Uint8Array
  try {
    bytes = new Uint8Array(getTransactionEncoder().encode(signed))
  } catch {
    throw new AuthError(400, 'Invalid Solana transaction')
  }
  return { transaction: Buffer.from(bytes).toString('base64'), signature: getBase58Decoder().decode(signature) }
}

export async function sendSolanaTransaction(chain: SolanaChainConfig, transaction: string, timeoutMs: number): Promise<string> {
  let body: unknown
  try {
    const res = await fetch(chain.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'sendTransaction', params: [transaction, { encoding: 'base64' }] }),
      signal: AbortSignal.timeout(timeoutMs),
    })
    body = await res.json()
  } catch (error) {
    throw new AuthError(502, 'The chain RPC did not answer', {}, { cause: error })
  }
  const parsed = z
    .union([
      z.object({ result: z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/) }),
      z.object({ error: z.object({ message: z.string() }) }),
    ])
    .safeParse(body)
  if (!parsed.success) throw new AuthError(502, 'The chain RPC did not answer')
  if ('error' in parsed.data) throw new AuthError(400, parsed.data.error.message.slice(0, 300))
  return parsed.data.result
}
