/**
 * The frame's key shares, wired (issue 22 §1): with an API of `keyCustody: 'shares'`, keys are made
 * here, their shares set up at the end of a login, and every signature is made here.
 *
 * - A login of a user without keys: createWalletKeys(); the device shares stay in this origin's
 *   IndexedDB (non-extractable wrapping key); the API gets the addresses, the auth shares and the
 *   recovery shares encrypted under a new recovery secret. The secret is held in this frame's memory
 *   only (`recoverySecret()`), for the recovery UI to show later (issue 22 §2); it is never stored
 *   beside the device share, since together they would be the key.
 * - A login of a user whose whole keys the API still holds (before key shares): the API releases them
 *   once, sealed to this session's ECDH key; they are split here at once and set up as above; the API
 *   deletes its sealed keys in the same transaction as it stores the auth shares.
 * - A signature: the auth share, sealed to the session's ECDH key, is fetched and opened; combined with
 *   the device share in withKey (the key exists for that call only), the signature is made with viem's
 *   local account or ed25519, and the buffers are wiped. Transactions are filled (nonce, gas, fees)
 *   through reads and relayed by the API, which holds no key for them. Nonces come from a queue per
 *   chain and account, so concurrent sends get consecutive nonces.
 */
import { ed25519 } from '@noble/curves/ed25519'
import { type AuthUser, BATCH_EXECUTOR_ABI, deviceSplitMessage, SESSION_GRANT_ABI } from '@portico/protocol/auth'
import { getBase58Decoder, getTransactionDecoder, getTransactionEncoder, type SignatureBytes } from '@solana/kit'
import {
  type Address,
  BaseError,
  bytesToHex,
  createPublicClient,
  custom,
  decodeFunctionData,
  defineChain,
  encodeFunctionData,
  type Hex,
  isAddressEqual,
  type SignedAuthorization,
  type TransactionSerializable,
  type TypedDataDefinition,
} from 'viem'
import { privateKeyToAccount, publicKeyToAddress } from 'viem/accounts'
import { getTransactionCount, prepareTransactionRequest } from 'viem/actions'
import { z } from 'zod/mini'
import type { AuthApi, KeysStatus } from './api'
import type { StoredSession } from './keys'
import type { KeyKind } from './shares'
import { randomBytes, toBase64url, utf8, wipe } from './shares/bytes'
import { loadDeviceShare, storeDeviceShare } from './shares/device'
import type { DeviceShareStore } from './shares/device-store'
import { KeyShareError } from './shares/errors'
import {
  generateRecoverySecret,
  normalizeRecoverySecret,
  openRecoveryShares,
  type RecoveryKey,
  sealRecoveryShares,
} from './shares/recovery'
import { openFromSession, sealToSession } from './shares/transit'
import { createWalletKeys, type KeyShares, splitKey } from './shares/wallet'
import { withKey } from './shares/with-key'

/** The methods the frame signs itself when the keys are shares. */
export const LOCAL_SIGNING_METHODS = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAndSendTransaction',
  'wallet_sendCalls',
  'wallet_grantPermissions',
  'wallet_revokePermissions',
] as const

/** What the frame answers when it can not sign here (texts; the codes are KeyShareError's). */
export const CUSTODY_ERRORS = {
  noDeviceShare: 'This device has no key share for this wallet: recover the wallet to sign here',
  notSetUp: 'The keys of this wallet are not set up yet',
  /** A session from before key shares has no ECDH key: no share can be sealed to it. */
  signInAgain: 'This session can not receive key shares: sign in again',
  notOwnAddress: 'The address is not the signed-in account',
  noRpc: 'No RPC for this chain',
  /** Recovery: a secret that is not 24 letters and digits of the recovery alphabet. */
  badRecoverySecret: 'A recovery secret is 24 letters and digits, as it was shown to you',
  /** Recovery: a well-formed secret that does not open the wallet's recovery shares. */
  wrongRecoverySecret: 'This recovery secret does not open this wallet',
  /** Recovery: the passkey's PRF output opens none of the wallet's recovery shares (another passkey, or one added later). */
  wrongPasskey: 'This passkey does not open this wallet: recover it with your recovery secret',
  /** Server-assisted recovery: what the API answered does not open (tampered with, or another wallet's). */
  serverRecoveryFailed: 'Server-assisted recovery could not open this wallet: recover it with your recovery secret',
} as const

export type ReadRpc = (chainId: number | string, method: string, params: unknown[]) => Promise<unknown>

export interface CustodyDeps {
  api: AuthApi
  deviceShares: DeviceShareStore
  /** Safe reads on a chain (nonce, gas, fees), as the frame serves them. */
  read: ReadRpc
}

const deviceId = (userId: string, kind: KeyKind) => `${userId}:${kind}`
const methodsOf = (api: AuthApi) => {
  const { keys, uploadKeys, keyShare, legacyKeys, relay } = api
  if (!keys || !uploadKeys || !keyShare || !legacyKeys || !relay) throw new Error('The auth API has no key-share calls')
  return { keys, uploadKeys, keyShare, legacyKeys, relay }
}

const hexData = z.string().check(z.regex(/^0x([0-9a-fA-F]{2})*$/))
const quantity = z.union([z.string().check(z.regex(/^(0x[0-9a-fA-F]{1,64}|\d{1,78})$/)), z.number().check(z.int(), z.gte(0))])
const evmAddress = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/, { error: 'Invalid EVM address' }))
const base64 = z.string().check(z.maxLength(16_384), z.regex(/^[A-Za-z0-9+/]*={0,2}$/))
const paramsOf = <S extends z.ZodMiniType>(schema: S, params: unknown, usage: string): z.infer<S> => {
  const parsed = schema.safeParse(params ?? [])
  if (!parsed.success) throw new Error(usage)
  return parsed.data
}
const personalSignParams = z.tuple([z.string().check(z.maxLength(16_384)), evmAddress])
const typedDataParams = z.tuple([evmAddress, z.union([z.string().check(z.maxLength(65_536)), z.record(z.string(), z.unknown())])])
const typedDataSchema = z.object({
  types: z.record(z.string(), z.array(z.object({ name: z.string(), type: z.string() }))),
  primaryType: z.string(),
  domain: z.optional(z.record(z.string(), z.unknown())),
  message: z.record(z.string(), z.unknown()),
})
const sendTransactionParams = z.tuple([
  z.object({
    from: z.optional(evmAddress),
    to: evmAddress,
    value: z.optional(quantity),
    data: z.optional(hexData),
    gas: z.optional(quantity),
  }),
])
const sendCallsParams = z.tuple([
  z.object({
    chainId: z.optional(z.union([z.string().check(z.regex(/^(0x[0-9a-fA-F]{1,8}|\d{1,10}|eip155:\d{1,10})$/)), z.number()])),
    from: z.optional(evmAddress),
    calls: z
      .array(z.object({ to: evmAddress, data: z.optional(hexData), value: z.optional(quantity) }))
      .check(z.minLength(1), z.maxLength(32)),
    atomicRequired: z.optional(z.boolean()),
    capabilities: z.optional(z.record(z.string(), z.unknown())),
  }),
])
/** The self-call the API answers a grant or revocation of a wallet with shares with (see the server's sessions.ts). */
const selfCallSchema = z.object({
  chainId: z.number(),
  to: z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/)),
  data: z.string().check(z.regex(/^0x([0-9a-fA-F]{2})*$/)),
})
type GrantArgs = readonly [Hex, Address, bigint, readonly { target: Address; selectors: readonly Hex[] }[], bigint, bigint, bigint]
/**
 * Whether the grant the API asks the frame to sign is the one the app requested: the session key is
 * the requested signer, the expiry the requested one, every target a requested contract, and the
 * allowance the requested one (none: 0). (The selectors the API derived from an abi are not re-derived here.)
 */
function grantMatches(requested: unknown, [, sessionKey, expiry, scopes, allowance]: GrantArgs): boolean {
  const r = requested as {
    expiry?: unknown
    signer?: { type?: string; data?: { id?: string; address?: string; publicKey?: string; keys?: { publicKey?: string }[] } }
    permissions?: { type?: string; data?: { address?: string; allowance?: string } }[]
  }
  const data = r?.signer?.data
  const key = r?.signer?.type === 'account' ? (data?.id ?? data?.address) : (data?.publicKey ?? data?.id ?? data?.keys?.[0]?.publicKey)
  if (typeof key !== 'string') return false
  const signer = r.signer?.type === 'account' ? key : /^0x04[0-9a-fA-F]{128}$/.test(key) ? publicKeyToAddress(key as Hex) : ''
  if (!/^0x[0-9a-fA-F]{40}$/.test(signer) || !isAddressEqual(signer as Address, sessionKey)) return false
  if (typeof r.expiry !== 'number' || BigInt(r.expiry) !== expiry) return false
  const contracts = (r.permissions ?? []).filter((p) => p.type === 'contract-call').map((p) => String(p.data?.address).toLowerCase())
  if (!scopes.every((s) => contracts.includes(s.target.toLowerCase()))) return false
  const limit = (r.permissions ?? []).find((p) => p.type !== 'contract-call')?.data?.allowance
  return (limit === undefined ? 0n : BigInt(limit)) === allowance
}
/** A batch the node says reverts is sent anyway (its status then says so) with this gas, as the API did. */
const REVERTING_BATCH_GAS = { base: 200_000n, perCall: 100_000n }
const solanaMessageParams = z.tuple([z.object({ message: base64, pubkey: z.optional(z.string().check(z.maxLength(64))) })])
const solanaTransactionParams = z.tuple([z.union([base64, z.object({ transaction: base64 })])])

const b64 = (bytes: Uint8Array) => {
  let text = ''
  for (const b of bytes) text += String.fromCharCode(b)
  return btoa(text)
}
const fromB64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0))
export const evmChainNumber = (chainId: number | string): number => {
  const text = String(chainId)
  return /^0x[0-9a-fA-F]+$/.test(text) ? Number.parseInt(text, 16) : Number(text.replace(/^eip155:/, ''))
}

export function createCustody(deps: CustodyDeps) {
  /** The key status of each session (by session id), learned at login or at the first signature. */
  const statuses = new Map<string, KeysStatus>()
  /** The recovery secret made at this frame's last key set-up, for the recovery UI (memory only). */
  let pendingRecoverySecret: string | undefined
  /** Per chain and account: the queue of sends and the next nonce this frame knows of. */
  const nonceQueues = new Map<string, { tail: Promise<unknown>; next?: number }>()

  async function status(session: StoredSession): Promise<KeysStatus> {
    const known = statuses.get(session.sessionId)
    if (known) return known
    const fresh = await methodsOf(deps.api).keys(session)
    statuses.set(session.sessionId, fresh)
    return fresh
  }

  /**
   * Device shares kept here, auth shares and recovery blobs to the API; the secret kept in memory. With
   * the PRF output of the passkey this login used, the recovery share is sealed under it too.
   */
  async function setUp(session: StoredSession, userId: string, keys: Record<KeyKind, KeyShares>, prf?: Uint8Array): Promise<KeysStatus> {
    const secret = generateRecoverySecret()
    const recoveryKeys: RecoveryKey[] = prf ? [{ secret }, { prf }] : [{ secret }]
    // Server-assisted recovery, when the operator turned it on: the recovery share sealed to its key too.
    const escrowKey = (await status(session)).escrowKey
    try {
      const upload = {} as Record<
        KeyKind,
        { address: string; authShare: string; recovery: Record<string, unknown>; escrow?: Awaited<ReturnType<typeof sealToSession>> }
      >
      for (const kind of ['evm', 'solana'] as const) {
        const share = keys[kind]
        await storeDeviceShare(deps.deviceShares, deviceId(userId, kind), { kind, address: share.address, share: share.device })
        upload[kind] = {
          address: share.address,
          authShare: toBase64url(share.auth),
          recovery: { ...(await sealRecoveryShares(share.recovery, recoveryKeys, { userId, purpose: kind })) },
          ...(escrowKey ? { escrow: await sealToSession(escrowKey, share.recovery, { userId, purpose: `escrow-${kind}` }) } : {}),
        }
      }
      const answer = await methodsOf(deps.api).uploadKeys(session, upload)
      pendingRecoverySecret = secret
      return answer
    } finally {
      for (const share of Object.values(keys)) wipe(share.device, share.auth, share.recovery)
    }
  }

  async function openAuthShare(session: StoredSession, userId: string, kind: KeyKind, split?: string): Promise<Uint8Array> {
    if (!session.encryptionKeyPair) throw new Error(CUSTODY_ERRORS.signInAgain)
    const sealed = await methodsOf(deps.api).keyShare(session, kind, split)
    return openFromSession(session.encryptionKeyPair, sealed, { userId, purpose: kind })
  }

  /**
   * The device share and the auth share of `kind`, fetched now (so that a send can fetch them while it
   * reads the chain): `use(fn)` runs `fn` with the whole key for one call (withKey wipes it), `drop()`
   * wipes the shares unused. Each share is wiped once used or dropped.
   */
  function keySharesOf(session: StoredSession, user: AuthUser, kind: KeyKind) {
    const fetched = (async () => {
      let device: Uint8Array
      let split: string | undefined
      try {
        ;({ share: device, split } = await loadDeviceShare(deps.deviceShares, deviceId(user.userId, kind)))
      } catch (error) {
        if (error instanceof KeyShareError && (error.code === 'no-device-share' || error.code === 'cannot-open'))
          throw new Error(CUSTODY_ERRORS.noDeviceShare, { cause: error })
        throw error
      }
      try {
        return { device, auth: await openAuthShare(session, user.userId, kind, split) }
      } catch (error) {
        wipe(device)
        throw error
      }
    })()
    // A send that fails before it signs drops the shares; their own failure is the signature's to report.
    fetched.catch(() => undefined)
    return {
      async use<T>(fn: (key: Uint8Array) => Promise<T>): Promise<T> {
        const { device, auth } = await fetched
        try {
          const address = kind === 'evm' ? user.evmAddress : user.solanaAddress
          return await withKey({ kind, address, shares: [device, auth] }, fn)
        } finally {
          wipe(device, auth)
        }
      },
      drop(): void {
        fetched.then(
          ({ device, auth }) => wipe(device, auth),
          () => undefined,
        )
      },
    }
  }

  /** `fn` with the user's whole key of `kind`, for one call (withKey wipes it). */
  function withUserKey<T>(session: StoredSession, user: AuthUser, kind: KeyKind, fn: (key: Uint8Array) => Promise<T>): Promise<T> {
    return keySharesOf(session, user, kind).use(fn)
  }

  /** Runs `fn` after every earlier send of this chain and account (the nonce queue). */
  function inQueue<T>(key: string, fn: (queue: { next?: number }) => Promise<T>): Promise<T> {
    const queue = nonceQueues.get(key) ?? { tail: Promise.resolve() }
    nonceQueues.set(key, queue)
    const run = queue.tail.then(
      () => fn(queue),
      () => fn(queue),
    )
    queue.tail = run.catch(() => undefined)
    return run
  }

  /** A client for reads on `chainId` (the frame's own RPC, or the API's). */
  function evmClientOf(chainId: number | string) {
    const id = evmChainNumber(chainId)
    const chain = defineChain({
      id,
      name: `eip155:${id}`,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [] } },
    })
    const client = createPublicClient({
      chain,
      transport: custom({ request: ({ method, params: p }) => deps.read(id, method, (p ?? []) as unknown[]) }),
    })
    return { id, chain, client }
  }
  type EvmClient = ReturnType<typeof evmClientOf>

  type Outgoing = { to: Address; value?: bigint; data?: Hex; gas?: bigint; delegateTo?: Address; gasIfReverting?: bigint }

  /**
   * Inside the account's queue: the next nonce (the node's pending count, or past this frame's last
   * send), an EIP-7702 authorization when `delegateTo` (the account sends it itself: nonce + 1), the gas
   * and fees through reads, the signature here, the relay by the API.
   */
  async function sendOne(session: StoredSession, user: AuthUser, evm: EvmClient, queue: { next?: number }, tx: Outgoing): Promise<Hex> {
    const address = user.evmAddress as Address
    // The transaction's key shares are fetched while the chain is read (nonce, gas, fees).
    const shares = keySharesOf(session, user, 'evm')
    let used = false
    try {
      const pending = await getTransactionCount(evm.client, { address, blockTag: 'pending' })
      const nonce = Math.max(pending, queue.next ?? 0)
      let authorizationList: SignedAuthorization[] | undefined
      if (tx.delegateTo) {
        const target = tx.delegateTo
        authorizationList = [
          await withUserKey(session, user, 'evm', (key) =>
            privateKeyToAccount(bytesToHex(key)).signAuthorization({ chainId: evm.id, address: target, nonce: nonce + 1 }),
          ),
        ]
      }
      const request = {
        account: address,
        chain: evm.chain,
        to: tx.to,
        nonce,
        ...(tx.value !== undefined ? { value: tx.value } : {}),
        ...(tx.data !== undefined ? { data: tx.data } : {}),
        ...(tx.gas !== undefined ? { gas: tx.gas } : {}),
        ...(authorizationList ? { authorizationList } : {}),
      }
      let prepared: Awaited<ReturnType<typeof prepareTransactionRequest>>
      try {
        prepared = await prepareTransactionRequest(evm.client, request as Parameters<typeof prepareTransactionRequest>[1])
      } catch (error) {
        if (tx.gasIfReverting === undefined || tx.gas !== undefined) throw error
        prepared = await prepareTransactionRequest(evm.client, { ...request, gas: tx.gasIfReverting } as Parameters<
          typeof prepareTransactionRequest
        >[1])
      }
      const unsigned = {
        chainId: evm.id,
        to: tx.to,
        nonce,
        gas: prepared.gas,
        ...(tx.value !== undefined ? { value: tx.value } : {}),
        ...(tx.data !== undefined ? { data: tx.data } : {}),
        ...(authorizationList
          ? { type: 'eip7702' as const, authorizationList }
          : prepared.maxFeePerGas !== undefined
            ? { type: 'eip1559' as const }
            : { type: 'legacy' as const, gasPrice: prepared.gasPrice }),
        ...(prepared.maxFeePerGas !== undefined
          ? { maxFeePerGas: prepared.maxFeePerGas, maxPriorityFeePerGas: prepared.maxPriorityFeePerGas }
          : {}),
      } as TransactionSerializable
      used = true
      const serialized = await shares.use((key) => privateKeyToAccount(bytesToHex(key)).signTransaction(unsigned))
      const hash = await methodsOf(deps.api).relay(session, { namespace: 'eip155', chainId: evm.id, transaction: serialized })
      queue.next = nonce + 1
      return hash as Hex
    } catch (error) {
      if (!used) shares.drop()
      // The node's count is read again next time (a nonce may have been skipped or taken elsewhere).
      queue.next = undefined
      if (error instanceof BaseError) throw new Error(error.shortMessage.slice(0, 300), { cause: error })
      throw error
    }
  }

  /** `fn` in the queue of the user's EVM account on `evm`'s chain. */
  const inAccountQueue = <T>(user: AuthUser, evm: EvmClient, fn: (queue: { next?: number }) => Promise<T>) =>
    inQueue(`${evm.id}:${user.evmAddress.toLowerCase()}`, fn)

  async function sendTransaction(session: StoredSession, user: AuthUser, chainId: number | string, params: unknown): Promise<Hex> {
    const [tx] = paramsOf(sendTransactionParams, params, 'eth_sendTransaction takes [{ to, value, data, gas? }]')
    if (tx.from !== undefined && !isAddressEqual(tx.from as Hex, user.evmAddress as Hex)) throw new Error(CUSTODY_ERRORS.notOwnAddress)
    const evm = evmClientOf(chainId)
    return inAccountQueue(user, evm, (queue) =>
      sendOne(session, user, evm, queue, {
        to: tx.to as Address,
        ...(tx.value !== undefined ? { value: BigInt(tx.value) } : {}),
        ...(tx.data !== undefined ? { data: tx.data as Hex } : {}),
        ...(tx.gas !== undefined ? { gas: BigInt(tx.gas) } : {}),
      }),
    )
  }

  /** The executor the account delegates to on `evm`'s chain, if it does (its code is 0xef0100 ‖ executor). */
  async function delegationOf(evm: EvmClient, account: string): Promise<Address | null> {
    const code = String((await deps.read(evm.id, 'eth_getCode', [account, 'latest'])) ?? '0x').toLowerCase()
    return code.startsWith('0xef0100') && code.length === 48 ? (`0x${code.slice(8)}` as Address) : null
  }

  async function waitMined(evm: EvmClient, hash: Hex, timeoutMs = 30_000): Promise<'0x1' | '0x0'> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const receipt = (await deps.read(evm.id, 'eth_getTransactionReceipt', [hash])) as { status?: '0x1' | '0x0' } | null
      if (receipt?.status) return receipt.status
      if (Date.now() > deadline) throw new Error('The smart account could not be set up: the delegation transaction was not confirmed')
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }

  const executorOn = async (session: StoredSession, id: number): Promise<Address | undefined> =>
    (await status(session)).executors?.[String(id)] as Address | undefined

  /**
   * EIP-5792 wallet_sendCalls, as the API did it with its key: a delegated account (or one whose user
   * prefers the smart account, delegating in the same type-4 transaction) sends one transaction to
   * itself calling execute(calls), atomic; a plain EOA without atomicRequired one transaction per call.
   * The batch id is the API's: 0x ‖ chain id (16 hex digits) ‖ the transaction hashes.
   */
  async function sendCalls(session: StoredSession, user: AuthUser, chainId: number | string, params: unknown): Promise<{ id: string }> {
    const [request] = paramsOf(
      sendCallsParams,
      params,
      'wallet_sendCalls takes [{ chainId, from, calls: [{ to, data?, value? }], atomicRequired }]',
    )
    if (request.from !== undefined && !isAddressEqual(request.from as Address, user.evmAddress as Address))
      throw new Error(CUSTODY_ERRORS.notOwnAddress)
    const unsupported = Object.entries(request.capabilities ?? {}).find(
      ([, value]) => !(typeof value === 'object' && value !== null && (value as { optional?: unknown }).optional === true),
    )
    if (unsupported) throw new Error(`Unsupported capability: ${unsupported[0]}`)
    const evm = evmClientOf(request.chainId ?? chainId)
    const executor = await executorOn(session, evm.id)
    const delegate = executor === undefined ? null : await delegationOf(evm, user.evmAddress)
    const delegated = executor !== undefined && delegate !== null && isAddressEqual(delegate, executor)
    const delegateNow = executor !== undefined && !delegated && user.preferredAccountType === 'smartAccount'
    if (!(delegated || delegateNow) && request.atomicRequired === true) {
      throw new Error(
        executor === undefined
          ? `Atomic batches are not available on chain ${evm.id}`
          : 'Atomic batches need the smart account: set the preferred account to smartAccount first',
      )
    }
    const prefix = `0x${evm.id.toString(16).padStart(16, '0')}`
    const self = user.evmAddress as Address
    return inAccountQueue(user, evm, async (queue) => {
      if (delegated || delegateNow) {
        const data = encodeFunctionData({
          abi: BATCH_EXECUTOR_ABI,
          functionName: 'execute',
          args: [request.calls.map((c) => ({ to: c.to as Address, value: BigInt(c.value ?? 0), data: (c.data ?? '0x') as Hex }))],
        })
        const hash = await sendOne(session, user, evm, queue, {
          to: self,
          data,
          ...(delegateNow && executor ? { delegateTo: executor } : {}),
          gasIfReverting: REVERTING_BATCH_GAS.base + REVERTING_BATCH_GAS.perCall * BigInt(request.calls.length),
        })
        return { id: `${prefix}${hash.slice(2)}` }
      }
      const hashes: Hex[] = []
      for (const c of request.calls) {
        hashes.push(
          await sendOne(session, user, evm, queue, {
            to: c.to as Address,
            value: BigInt(c.value ?? 0),
            ...(c.data ? { data: c.data as Hex } : {}),
            gasIfReverting: REVERTING_BATCH_GAS.base + REVERTING_BATCH_GAS.perCall,
          }),
        )
      }
      return { id: `${prefix}${hashes.map((h) => h.slice(2)).join('')}` }
    })
  }

  /**
   * ERC-7715 permissions with keys as shares, enforced on chain by the executor: the account is
   * delegated on the grant's chain first (if it is not); the API checks and stores the grant (or marks
   * it revoked) and answers with the self-call that makes it so on chain. That call is checked here (to
   * the account itself; `grant` of the answered context, or `revoke`), signed, relayed and waited for;
   * the app gets the API's answer without it.
   */
  async function permissions(
    session: StoredSession,
    user: AuthUser,
    request: { method: string; chainId: number | string; params: unknown[] },
  ) {
    const granting = request.method === 'wallet_grantPermissions'
    if (granting) {
      const first = request.params[0] as { chainId?: unknown } | undefined
      const chainId = typeof first?.chainId === 'string' || typeof first?.chainId === 'number' ? first.chainId : request.chainId
      await enableSmartAccount(session, user, chainId)
    }
    const answer = (await deps.api.rpc(session, {
      namespace: 'eip155',
      chainId: request.chainId,
      method: request.method,
      params: request.params,
    })) as Record<string, unknown>
    const { grantCall, revokeCall, ...result } = answer ?? {}
    const call = selfCallSchema.safeParse(granting ? grantCall : revokeCall)
    if (!call.success) throw new Error('The API did not answer with the permission’s transaction')
    if (!isAddressEqual(call.data.to as Address, user.evmAddress as Address)) throw new Error(CUSTODY_ERRORS.notOwnAddress)
    let decoded: ReturnType<typeof decodeFunctionData<typeof SESSION_GRANT_ABI>>
    try {
      decoded = decodeFunctionData({ abi: SESSION_GRANT_ABI, data: call.data.data as Hex })
    } catch {
      throw new Error('The API answered with a transaction that is not a permission’s')
    }
    const expected = granting
      ? decoded.functionName === 'grant' &&
        String(decoded.args[0]).toLowerCase() === String(result.context).toLowerCase() &&
        grantMatches(request.params[0], decoded.args as unknown as GrantArgs)
      : decoded.functionName === 'revoke'
    if (!expected) throw new Error('The API answered with a transaction that is not this permission’s')
    const evm = evmClientOf(call.data.chainId)
    const hash = await inAccountQueue(user, evm, (queue) =>
      sendOne(session, user, evm, queue, { to: user.evmAddress as Address, data: call.data.data as Hex }),
    )
    if ((await waitMined(evm, hash)) !== '0x1')
      throw new Error(`The permission could not be ${granting ? 'granted' : 'revoked'} on chain: the transaction reverted`)
    return result
  }

  /**
   * The smart account on `chainId` (EIP-7702): unless the account already delegates to the chain's
   * executor, an authorization and a type-4 transaction to itself are signed here and relayed; resolves
   * once mined and the code says so.
   */
  async function enableSmartAccount(session: StoredSession, user: AuthUser, chainId: number | string): Promise<void> {
    const evm = evmClientOf(chainId)
    const executor = await executorOn(session, evm.id)
    if (!executor) throw new Error(`Smart accounts are not available on chain ${evm.id}`)
    const current = await delegationOf(evm, user.evmAddress)
    if (current && isAddressEqual(current, executor)) return
    const hash = await inAccountQueue(user, evm, (queue) =>
      sendOne(session, user, evm, queue, { to: user.evmAddress as Address, data: '0x', delegateTo: executor }),
    )
    if ((await waitMined(evm, hash)) !== '0x1')
      throw new Error('The smart account could not be set up: the delegation transaction reverted')
  }

  function signSolanaWire(key: Uint8Array, user: AuthUser, wire: string): { transaction: string; signature: string } {
    let tx: ReturnType<ReturnType<typeof getTransactionDecoder>['decode']>
    try {
      tx = getTransactionDecoder().decode(fromB64(wire))
    } catch {
      throw new Error('Invalid Solana transaction')
    }
    if (!Object.hasOwn(tx.signatures, user.solanaAddress)) {
      throw new Error('The transaction does not ask for the signed-in account’s signature')
    }
    const signature = ed25519.sign(new Uint8Array(tx.messageBytes), key) as SignatureBytes
    const bytes = new Uint8Array(
      getTransactionEncoder().encode({ ...tx, signatures: { ...tx.signatures, [user.solanaAddress]: signature } }),
    )
    return { transaction: b64(bytes), signature: getBase58Decoder().decode(signature) }
  }

  return {
    /** The recovery secret of this frame's last key set-up (memory only), for the recovery UI. */
    recoverySecret: () => pendingRecoverySecret,
    /** The user has saved the recovery secret: it goes from memory, and is not offered again. */
    forgetRecoverySecret: () => {
      pendingRecoverySecret = undefined
    },

    /**
     * A device without a device share (issue 22 §2): the first split's recovery share, opened with the
     * user's recovery secret, and its auth share rebuild each key; the key is split again for this device
     * (shares of two splits never combine, so the other devices keep theirs), the new device share kept
     * here, and the new auth share and recovery blob (under the same secret) given to the API with the
     * key's signature of deviceSplitMessage as proof. Nothing is kept when any step fails. `by` is the
     * secret as typed, a passkey's PRF output (then the new split's recovery blob is sealed under it), or
     * 'server': server-assisted recovery, the API opens the recovery shares it escrowed and seals them to
     * this session (the new split's recovery blob is then sealed under a secret no one keeps: recovery
     * always starts from the first split).
     */
    async recover(session: StoredSession, user: AuthUser, by: string | { prf: Uint8Array } | 'server'): Promise<void> {
      const { keyRecovery, keyEscrow, addDevice } = deps.api
      if (!keyRecovery || !addDevice || (by === 'server' && !keyEscrow)) throw new Error('The auth API has no recovery calls')
      let opener: RecoveryKey
      try {
        opener =
          by === 'server' ? { secret: generateRecoverySecret() } : typeof by === 'string' ? { secret: normalizeRecoverySecret(by) } : by
      } catch (error) {
        throw new Error(CUSTODY_ERRORS.badRecoverySecret, { cause: error })
      }
      if (by === 'server' && !session.encryptionKeyPair) throw new Error(CUSTODY_ERRORS.signInAgain)
      const blobs = by === 'server' && keyEscrow ? await keyEscrow(session) : await keyRecovery(session)
      const split = toBase64url(randomBytes(16))
      const fresh = {} as Record<KeyKind, KeyShares>
      const upload = {} as Record<KeyKind, { address: string; authShare: string; recovery: Record<string, unknown>; proof: string }>
      try {
        for (const kind of ['evm', 'solana'] as const) {
          const context = { userId: user.userId, purpose: kind }
          let recovery: Uint8Array
          try {
            recovery =
              by === 'server'
                ? await openFromSession(session.encryptionKeyPair as CryptoKeyPair, blobs[kind], {
                    userId: user.userId,
                    purpose: `escrow-${kind}`,
                  })
                : await openRecoveryShares(blobs[kind], opener, context)
          } catch (error) {
            if (error instanceof KeyShareError && error.code === 'cannot-open')
              throw new Error(
                by === 'server'
                  ? CUSTODY_ERRORS.serverRecoveryFailed
                  : 'secret' in opener
                    ? CUSTODY_ERRORS.wrongRecoverySecret
                    : CUSTODY_ERRORS.wrongPasskey,
                { cause: error },
              )
            throw error
          }
          const auth = await openAuthShare(session, user.userId, kind, blobs.split).catch((error: unknown) => {
            wipe(recovery)
            throw error
          })
          try {
            const address = kind === 'evm' ? user.evmAddress : user.solanaAddress
            await withKey({ kind, address, shares: [auth, recovery] }, async (key) => {
              const shares = await splitKey(kind, key)
              fresh[kind] = shares
              const authShare = toBase64url(shares.auth)
              const message = deviceSplitMessage(user.userId, split, kind, authShare)
              upload[kind] = {
                address: shares.address,
                authShare,
                recovery: { ...(await sealRecoveryShares(shares.recovery, [opener], context)) },
                proof:
                  kind === 'evm'
                    ? await privateKeyToAccount(bytesToHex(key)).signMessage({ message })
                    : bytesToHex(ed25519.sign(utf8(message), key)),
              }
            })
          } finally {
            wipe(auth, recovery)
          }
        }
        await addDevice(session, { split, evm: upload.evm, solana: upload.solana })
        for (const kind of ['evm', 'solana'] as const) {
          const shares = fresh[kind]
          await storeDeviceShare(deps.deviceShares, deviceId(user.userId, kind), {
            kind,
            address: shares.address,
            share: shares.device,
            split,
          })
        }
      } finally {
        for (const shares of Object.values(fresh)) wipe(shares.device, shares.auth, shares.recovery)
      }
      statuses.delete(session.sessionId)
    },

    /**
     * At the end of a login on a device without this wallet's device share: recovery with the PRF output
     * of the passkey the login used, else with the server's help when the operator turned it on. When
     * neither works (no PRF, another passkey, a second factor not yet verified…), the device stays to
     * recover as any other (the modal offers the recovery secret).
     */
    async recoverAtLogin(session: StoredSession, user: AuthUser, prf?: Uint8Array): Promise<void> {
      if ((await this.keyState(session, user)) !== 'recover') return
      if (prf) {
        try {
          await this.recover(session, user, { prf })
          return
        } catch {
          // the server's help, if any, below
        }
      }
      if ((await status(session)).escrowKey) await this.recover(session, user, 'server').catch(() => undefined)
    },

    /** Forgets what the frame knows of a session (sign-out). */
    forget(session?: StoredSession) {
      if (session) statuses.delete(session.sessionId)
      else statuses.clear()
    },

    /**
     * At the end of a login: under key shares, a new user's keys are made and set up here, and a
     * legacy user's whole keys migrated (with `prf`, a passkey login's PRF output, the recovery share is
     * sealed under it too). Answers the user as it now is (with the new addresses).
     */
    async afterLogin(session: StoredSession, user: AuthUser, prf?: Uint8Array): Promise<AuthUser> {
      const api = methodsOf(deps.api)
      let current = await status(session)
      if (current.custody !== 'shares') return user
      if (current.evm === 'none' && current.solana === 'none') {
        current = await setUp(session, user.userId, await createWalletKeys(), prf)
      } else if (current.evm === 'legacy' && current.solana === 'legacy') {
        if (!session.encryptionKeyPair) throw new Error(CUSTODY_ERRORS.signInAgain)
        const sealed = await api.legacyKeys(session)
        const keys = {} as Record<KeyKind, KeyShares>
        try {
          for (const kind of ['evm', 'solana'] as const) {
            const key = await openFromSession(session.encryptionKeyPair, sealed[kind], { userId: user.userId, purpose: `legacy-${kind}` })
            try {
              keys[kind] = await splitKey(kind, key)
            } finally {
              wipe(key)
            }
          }
        } catch (error) {
          for (const share of Object.values(keys)) wipe(share.device, share.auth, share.recovery)
          throw error
        }
        current = await setUp(session, user.userId, keys, prf)
      }
      statuses.set(session.sessionId, current)
      return current.evm === 'shares' ? await deps.api.user(session) : user
    },

    /**
     * EXPORT_KEY (the caller has checked the second factor): the whole key of `kind`, rebuilt from the
     * device and auth shares, handed to `show` as a copy (which it wipes; withKey wipes its own).
     */
    async exportKey(session: StoredSession, user: AuthUser, kind: KeyKind, show: (key: Uint8Array) => void): Promise<void> {
      await withUserKey(session, user, kind, async (key) => show(key.slice()))
    },

    /**
     * Where this session's signatures are made: 'server' (the API's custody), 'recover' (shares, but this
     * device has no device share of the wallet: a new device), or 'here'.
     */
    async keyState(session: StoredSession, user: AuthUser): Promise<'here' | 'recover' | 'server'> {
      const s = await status(session)
      if (s.custody !== 'shares') return 'server'
      if (s.evm !== 'shares') return 'here'
      try {
        wipe((await loadDeviceShare(deps.deviceShares, deviceId(user.userId, 'evm'))).share)
        return 'here'
      } catch (error) {
        if (error instanceof KeyShareError && (error.code === 'no-device-share' || error.code === 'cannot-open')) return 'recover'
        throw error
      }
    },

    /** True when this session's signatures are made here (its keys are shares). */
    async signsHere(session: StoredSession): Promise<boolean> {
      const s = await status(session)
      return s.evm === 'shares' || s.solana === 'shares'
    },

    enableSmartAccount,

    /** One of LOCAL_SIGNING_METHODS, signed here. */
    async sign(session: StoredSession, user: AuthUser, request: { method: string; chainId: number | string; params: unknown[] }) {
      switch (request.method) {
        case 'personal_sign': {
          const [message, address] = paramsOf(personalSignParams, request.params, 'personal_sign takes [message, address]')
          if (!isAddressEqual(address as Hex, user.evmAddress as Hex)) throw new Error(CUSTODY_ERRORS.notOwnAddress)
          const isHex = /^0x([0-9a-fA-F]{2})*$/.test(message)
          return withUserKey(session, user, 'evm', (key) =>
            privateKeyToAccount(bytesToHex(key)).signMessage({ message: isHex ? { raw: message as Hex } : message }),
          )
        }
        case 'eth_signTypedData_v4': {
          const [address, raw] = paramsOf(typedDataParams, request.params, 'eth_signTypedData_v4 takes [address, typedData]')
          if (!isAddressEqual(address as Hex, user.evmAddress as Hex)) throw new Error(CUSTODY_ERRORS.notOwnAddress)
          let json: unknown = raw
          if (typeof raw === 'string') {
            try {
              json = JSON.parse(raw)
            } catch {
              throw new Error('Invalid typed data: not JSON')
            }
          }
          const typed = typedDataSchema.safeParse(json)
          if (!typed.success) throw new Error('Invalid typed data')
          const { EIP712Domain: _domain, ...types } = typed.data.types
          return withUserKey(session, user, 'evm', async (key) => {
            try {
              return await privateKeyToAccount(bytesToHex(key)).signTypedData({
                domain: typed.data.domain ?? {},
                types,
                primaryType: typed.data.primaryType,
                message: typed.data.message,
              } as unknown as TypedDataDefinition)
            } catch (error) {
              throw new Error(
                `Invalid typed data: ${error instanceof BaseError ? error.shortMessage : 'it can not be encoded'}`.slice(0, 300),
              )
            }
          })
        }
        case 'eth_sendTransaction':
          return sendTransaction(session, user, request.chainId, request.params)
        case 'wallet_sendCalls':
          return sendCalls(session, user, request.chainId, request.params)
        case 'wallet_grantPermissions':
        case 'wallet_revokePermissions':
          return permissions(session, user, request)
        case 'solana_signMessage': {
          const [{ message, pubkey }] = paramsOf(solanaMessageParams, request.params, 'solana_signMessage takes [{ message: base64 }]')
          if (pubkey !== undefined && pubkey !== user.solanaAddress) throw new Error(CUSTODY_ERRORS.notOwnAddress)
          const signature = await withUserKey(session, user, 'solana', async (key) => ed25519.sign(fromB64(message), key))
          return { signature: getBase58Decoder().decode(signature) }
        }
        case 'solana_signTransaction':
        case 'solana_signAndSendTransaction': {
          const [param] = paramsOf(solanaTransactionParams, request.params, 'takes [{ transaction: base64 }]')
          const wire = typeof param === 'string' ? param : param.transaction
          const signed = await withUserKey(session, user, 'solana', async (key) => signSolanaWire(key, user, wire))
          if (request.method === 'solana_signTransaction') return signed
          const signature = await methodsOf(deps.api).relay(session, {
            namespace: 'solana',
            chainId: request.chainId,
            transaction: signed.transaction,
          })
          return { signature }
        }
        default:
          throw new Error(`${request.method} is not signed in the frame`)
      }
    },
  }
}

export type Custody = ReturnType<typeof createCustody>
