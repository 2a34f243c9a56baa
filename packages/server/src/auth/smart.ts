/**
 * The embedded wallet's smart account: an EIP-7702 delegation of the user's EOA to a batch executor
 * (packages/devnet/contracts/BatchExecutor.sol: `execute((address,uint256,bytes)[])`, callable only
 * by the account itself, all or nothing). The address stays the EOA's; "deployed" means the EOA's
 * code on that chain is `0xef0100 || executor` (read with eth_getCode, never a stored flag).
 *
 * EIP-5792 over POST /v1/auth/rpc:
 *   wallet_sendCalls      [{ version?, chainId, from?, calls: [{ to, data?, value? }], atomicRequired?, capabilities? }]
 *                         → { id }. A delegated account (or one whose user prefers the smart account, on
 *                         a chain with an executor: the delegation rides in the same type-4 transaction)
 *                         sends ONE transaction to itself calling execute(calls): atomic. A plain EOA
 *                         with atomicRequired is refused; without it, one transaction per call.
 *   wallet_getCallsStatus [id] → { version, id, chainId, status (100 pending, 200 confirmed, 500 reverted,
 *                         600 partly reverted), atomic, receipts }
 *   wallet_getCapabilities [address, chainIds?] → { [chainIdHex]: { atomic: { status: 'supported' | 'ready' }, permissions } }
 *                         for the chains with an executor ('supported' once delegated; permissions:
 *                         ERC-7715, see permissions.ts).
 * The batch id is stateless: 0x ‖ chain id (16 hex digits) ‖ the transaction hashes (64 hex digits each).
 */
import {
  type Address,
  BaseError,
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  ExecutionRevertedError,
  getAddress,
  type Hex,
  http,
  isAddressEqual,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { z } from 'zod'
import type { ChainConfig } from '../config.ts'
import { AuthError } from './errors.ts'
import { PERMISSIONS_CAPABILITY } from './capabilities.ts'
import { noSendLock, type SendLock } from './send-lock.ts'
import { evmChain, rpcFailure } from './signer.ts'
import { BATCH_EXECUTOR_ABI } from '@portico/protocol/auth'
import { RPC_NOT_ALLOWED } from '@portico/protocol/errors'

/** The methods this module answers (the rest of /v1/auth/rpc is signer.ts). */
export const SMART_ACCOUNT_METHODS = ['wallet_sendCalls', 'wallet_getCallsStatus', 'wallet_getCapabilities'] as const
export const isSmartAccountMethod = (method: string) => (SMART_ACCOUNT_METHODS as readonly string[]).includes(method)

/** At most this many calls in one batch. */
export const MAX_BATCH_CALLS = 32
/** A batch that the node says will revert is still sent (its status then says so) with this much gas per call, plus a base. */
const REVERTING_BATCH_GAS = { base: 200_000n, perCall: 100_000n }
const DELEGATION_PREFIX = '0xef0100'

export type SmartAccountContext = {
  chains: readonly ChainConfig[]
  /** chain id → executor address (only chains with a smart account). */
  executors: ReadonlyMap<number, Address>
  rpcTimeoutMs: number
  /** Serialises the sends of one account on one chain (the nonce). @default no lock */
  sendLock?: SendLock | undefined
}

export type SmartUser = {
  evmAddress: string
  preferredAccountType: 'eoa' | 'smartAccount'
  evmKey(): Promise<Hex>
}

const evmAddress = z.string().regex(/^0x[0-9a-fA-F]{40}$/, { error: 'Invalid EVM address' })
const call = z.object({
  // SPEC §5: 'to' starts with 0x; data, if given, starts with 0x; value is a string.
  to: z.string({ error: "'to' must start with 0x" }).regex(/^0x/, { error: "'to' must start with 0x" }).pipe(evmAddress),
  data: z
    .string({ error: "'data' must start with 0x" })
    .regex(/^0x/, { error: "'data' must start with 0x" })
    .regex(/^0x([0-9a-fA-F]{2})*$/, { error: "'data' must be hex bytes" })
    .max(65_536, { error: "'data' is too long" })
    .optional(),
  value: z
    .string({ error: "'value' must be a string" })
    .regex(/^(0x[0-9a-fA-F]{1,64}|\d{1,78})$/, { error: "'value' must be a hex or decimal quantity" })
    .optional(),
})
const chainIdField = z.union([z.string().regex(/^(0x[0-9a-fA-F]{1,8}|\d{1,10}|eip155:\d{1,10})$/), z.number().int().nonnegative()], {
  error: 'chainId must be a hex chain id',
})
const SEND_CALLS_USAGE = 'wallet_sendCalls takes [{ chainId, from, calls: [{ to, data?, value? }], atomicRequired }]'
const sendCallsParams = z.tuple(
  [
    z.object(
      {
        version: z.string().max(16).optional(),
        chainId: chainIdField.optional(),
        from: evmAddress.optional(),
        calls: z
          .array(call, { error: 'calls must be a list' })
          .min(1, { error: 'at least one call is needed' })
          .max(MAX_BATCH_CALLS, { error: `at most ${MAX_BATCH_CALLS} calls in a batch` }),
        atomicRequired: z.boolean().optional(),
        capabilities: z.record(z.string().max(64), z.unknown()).optional(),
      },
      { error: SEND_CALLS_USAGE },
    ),
  ],
  { error: SEND_CALLS_USAGE },
)
const BATCH_ID = /^0x([0-9a-fA-F]{16})((?:[0-9a-fA-F]{64}){1,32})$/
const callsStatusParams = z.tuple([z.string().max(4096).regex(BATCH_ID, { error: 'Unknown batch id' })], {
  error: 'wallet_getCallsStatus takes [id]',
})
const capabilitiesParams = z.union([z.tuple([evmAddress]), z.tuple([evmAddress, z.array(chainIdField).max(64)])], {
  error: 'wallet_getCapabilities takes [address, chainIds?]',
})

function parse<S extends z.ZodType>(schema: S, params: unknown): z.output<S> {
  const result = schema.safeParse(params ?? [])
  if (!result.success) {
    const issue = result.error.issues[0]
    const where = issue && issue.path.length > 1 ? `${issue.path.slice(1).join('.')}: ` : ''
    throw new AuthError(400, `${where}${issue?.message ?? 'Invalid params'}`.slice(0, 300))
  }
  return result.data
}

const hexChainId = (id: number) => `0x${id.toString(16)}`
const quantity = (value: string | undefined) => (value === undefined ? 0n : BigInt(value))

function clients(ctx: SmartAccountContext, chain: ChainConfig, key?: Hex) {
  const viemChain = {
    id: chain.chainId,
    name: chain.name,
    nativeCurrency: chain.nativeCurrency,
    rpcUrls: { default: { http: [chain.rpcUrl] } },
  }
  const transport = http(chain.rpcUrl, { timeout: ctx.rpcTimeoutMs, retryCount: 0 })
  const publicClient = createPublicClient({ chain: viemChain, transport })
  const wallet = key === undefined ? undefined : createWalletClient({ account: privateKeyToAccount(key), chain: viemChain, transport })
  return { publicClient, wallet }
}

/** The address `account` delegates to on `chain` (EIP-7702), or null when it has no delegation. */
export async function delegationOf(ctx: SmartAccountContext, chain: ChainConfig, account: string): Promise<Address | null> {
  let code: Hex | undefined
  try {
    code = await clients(ctx, chain).publicClient.getCode({ address: account as Address })
  } catch (error) {
    throw rpcFailure(error)
  }
  if (!code || code.length !== DELEGATION_PREFIX.length + 40 || !code.toLowerCase().startsWith(DELEGATION_PREFIX)) return null
  return getAddress(`0x${code.slice(DELEGATION_PREFIX.length)}`)
}

/** The account's code on `chain` is `0xef0100 || executor`. */
export async function isSmartAccountDeployed(ctx: SmartAccountContext, chainId: number, account: string): Promise<boolean> {
  const executor = ctx.executors.get(chainId)
  const chain = ctx.chains.find((c) => c.chainId === chainId)
  if (executor === undefined || chain === undefined) return false
  const delegate = await delegationOf(ctx, chain, account)
  return delegate !== null && isAddressEqual(delegate, executor)
}

function executorFor(ctx: SmartAccountContext, chain: ChainConfig): Address {
  const executor = ctx.executors.get(chain.chainId)
  if (executor === undefined) throw new AuthError(400, `Smart accounts are not available on chain ${chain.chainId}`)
  return executor
}

/** Why a send failed, for the caller: the node's refusal (400) or an unreachable RPC (502). */
function sendFailure(error: unknown, what: string): AuthError {
  const failure = rpcFailure(error)
  return failure.status === 502 ? failure : new AuthError(400, `${what}: ${failure.message}`.slice(0, 300), {}, { cause: error })
}

/**
 * Delegate the user's EOA to the chain's executor: an EIP-7702 authorization signed with the user's
 * key, in a type-4 transaction the EOA sends to itself (self-sponsored: the EOA pays the gas).
 * Nothing is sent when the delegation is already there. Resolves once the code says so.
 */
export async function enableSmartAccount(ctx: SmartAccountContext, chainId: number, user: SmartUser): Promise<void> {
  const chain = evmChain({ chains: ctx.chains }, chainId)
  const executor = executorFor(ctx, chain)
  if (await isSmartAccountDeployed(ctx, chain.chainId, user.evmAddress)) return
  const { publicClient, wallet } = clients(ctx, chain, await user.evmKey())
  if (!wallet) throw new AuthError(400, 'No key')
  // The authorization's nonce and the transaction's come from the node's pending count, under the account's lock.
  const hash = await (ctx.sendLock ?? noSendLock)(chain.chainId, wallet.account.address, async () => {
    try {
      const authorization = await wallet.signAuthorization({ contractAddress: executor, executor: 'self' })
      return await wallet.sendTransaction({ authorizationList: [authorization], to: wallet.account.address, data: '0x' })
    } catch (error) {
      throw sendFailure(error, 'The smart account could not be set up')
    }
  })
  try {
    const receipt = await publicClient.waitForTransactionReceipt({ hash, timeout: ctx.rpcTimeoutMs, pollingInterval: 100 })
    if (receipt.status !== 'success') throw new AuthError(400, 'The smart account could not be set up: the delegation transaction reverted')
  } catch (error) {
    if (error instanceof AuthError) throw error
    throw new AuthError(502, 'The smart account could not be set up: the delegation transaction was not confirmed', {}, { cause: error })
  }
  if (!(await isSmartAccountDeployed(ctx, chain.chainId, user.evmAddress))) {
    throw new AuthError(400, 'The smart account could not be set up: the account does not delegate to the executor')
  }
}

const reverts = (error: unknown) => error instanceof BaseError && error.walk((e) => e instanceof ExecutionRevertedError) !== null

/** EIP-5792 wallet_sendCalls for the user. */
export async function sendCalls(
  ctx: SmartAccountContext,
  user: SmartUser,
  requestChainId: number | string,
  params: unknown,
): Promise<{ id: string }> {
  const [request] = parse(sendCallsParams, params)
  if (request.from !== undefined && !isAddressEqual(request.from as Address, user.evmAddress as Address)) {
    throw new AuthError(400, 'The address is not the signed-in account')
  }
  const unsupported = Object.entries(request.capabilities ?? {}).find(
    ([, value]) => !(typeof value === 'object' && value !== null && (value as { optional?: unknown }).optional === true),
  )
  if (unsupported) throw new AuthError(400, `Unsupported capability: ${unsupported[0]}`)
  const chain = evmChain({ chains: ctx.chains }, request.chainId ?? requestChainId)
  const executor = ctx.executors.get(chain.chainId)
  const delegate = executor === undefined ? null : await delegationOf(ctx, chain, user.evmAddress)
  const delegated = executor !== undefined && delegate !== null && isAddressEqual(delegate, executor)
  const delegateNow = executor !== undefined && !delegated && user.preferredAccountType === 'smartAccount'
  const atomic = delegated || delegateNow
  if (!atomic && request.atomicRequired === true) {
    throw new AuthError(
      400,
      executor === undefined
        ? `Atomic batches are not available on chain ${chain.chainId}`
        : 'Atomic batches need the smart account: set the preferred account to smartAccount first',
    )
  }
  const { publicClient, wallet: maybeWallet } = clients(ctx, chain, await user.evmKey())
  if (!maybeWallet) throw new AuthError(400, 'No key')
  const wallet = maybeWallet
  const self = wallet.account.address
  const prefix = `0x${chain.chainId.toString(16).padStart(16, '0')}`

  /** Estimate, and when the node says the transaction reverts, send it anyway with a fixed gas limit (its status will say it failed). */
  async function send(tx: Parameters<typeof wallet.sendTransaction>[0], calls: number): Promise<Hex> {
    let gas: bigint
    try {
      gas = await publicClient.estimateGas({ ...tx, account: wallet.account } as Parameters<typeof publicClient.estimateGas>[0])
    } catch (error) {
      if (!reverts(error)) throw sendFailure(error, 'The calls could not be sent')
      gas = REVERTING_BATCH_GAS.base + REVERTING_BATCH_GAS.perCall * BigInt(calls)
    }
    try {
      return await wallet.sendTransaction({ ...tx, gas } as Parameters<typeof wallet.sendTransaction>[0])
    } catch (error) {
      throw sendFailure(error, 'The calls could not be sent')
    }
  }

  // Under the account's lock: the authorization's nonce and each transaction's come from the node's
  // pending count, so concurrent sends from one account line up instead of reusing a nonce.
  return (ctx.sendLock ?? noSendLock)(chain.chainId, self, async () => {
    if (atomic) {
      const data = encodeFunctionData({
        abi: BATCH_EXECUTOR_ABI,
        functionName: 'execute',
        args: [request.calls.map((c) => ({ to: c.to as Address, value: quantity(c.value), data: (c.data ?? '0x') as Hex }))],
      })
      let authorizationList: Awaited<ReturnType<typeof wallet.signAuthorization>>[] | undefined
      if (delegateNow) {
        try {
          authorizationList = [await wallet.signAuthorization({ contractAddress: executor as Address, executor: 'self' })]
        } catch (error) {
          throw sendFailure(error, 'The smart account could not be set up')
        }
      }
      const hash = await send(
        { to: self, data, ...(authorizationList ? { authorizationList } : {}) } as Parameters<typeof wallet.sendTransaction>[0],
        request.calls.length,
      )
      return { id: `${prefix}${hash.slice(2)}` }
    }

    // A plain EOA, atomicity not required: one transaction per call, in order.
    const hashes: Hex[] = []
    for (const c of request.calls) {
      hashes.push(
        await send(
          { to: c.to as Address, value: quantity(c.value), ...(c.data ? { data: c.data as Hex } : {}) } as Parameters<
            typeof wallet.sendTransaction
          >[0],
          1,
        ),
      )
    }
    return { id: `${prefix}${hashes.map((h) => h.slice(2)).join('')}` }
  })
}

type Receipt = {
  logs: { address: string; data: string; topics: string[] }[]
  status: '0x1' | '0x0'
  blockHash: string
  blockNumber: string
  gasUsed: string
  transactionHash: string
}

/** EIP-5792 wallet_getCallsStatus: the batch's transactions, read from the chain. Only the user's own batches. */
export async function callsStatus(ctx: SmartAccountContext, user: SmartUser, params: unknown) {
  const [id] = parse(callsStatusParams, params)
  const match = BATCH_ID.exec(id) as RegExpExecArray
  const chainId = Number.parseInt(match[1] as string, 16)
  const chain = ctx.chains.find((c) => c.chainId === chainId)
  if (chain === undefined) throw new AuthError(400, 'Unknown batch id')
  const hashes = Array.from((match[2] as string).matchAll(/.{64}/g), ([h]) => `0x${h.toLowerCase()}` as Hex)
  const { publicClient } = clients(ctx, chain)
  const receipts: Receipt[] = []
  let pending = false
  let atomic = false
  for (const hash of hashes) {
    try {
      const tx = await publicClient.getTransaction({ hash })
      if (!isAddressEqual(tx.from, user.evmAddress as Address)) throw new AuthError(400, 'Unknown batch id')
      atomic = hashes.length === 1 && tx.to !== null && isAddressEqual(tx.to, tx.from)
    } catch (error) {
      if (error instanceof AuthError) throw error
      if (error instanceof BaseError && error.walk((e) => e instanceof TransactionNotFoundError))
        throw new AuthError(400, 'Unknown batch id')
      throw rpcFailure(error)
    }
    try {
      const r = await publicClient.getTransactionReceipt({ hash })
      receipts.push({
        logs: r.logs.map((l) => ({ address: l.address, data: l.data, topics: [...l.topics] })),
        status: r.status === 'success' ? '0x1' : '0x0',
        blockHash: r.blockHash,
        blockNumber: `0x${r.blockNumber.toString(16)}`,
        gasUsed: `0x${r.gasUsed.toString(16)}`,
        transactionHash: r.transactionHash,
      })
    } catch (error) {
      if (error instanceof BaseError && error.walk((e) => e instanceof TransactionReceiptNotFoundError)) {
        pending = true
        continue
      }
      throw rpcFailure(error)
    }
  }
  const failed = receipts.filter((r) => r.status === '0x0').length
  const status = pending ? 100 : failed === 0 ? 200 : failed === receipts.length ? 500 : 600
  return { version: '2.0.0', id, chainId: hexChainId(chainId), status, atomic, receipts }
}

/** EIP-5792 wallet_getCapabilities: atomic batches on the chains with an executor. */
export async function capabilities(
  ctx: SmartAccountContext,
  user: SmartUser,
  params: unknown,
): Promise<Record<string, { atomic: { status: 'supported' | 'ready' }; permissions: typeof PERMISSIONS_CAPABILITY }>> {
  const parsed = parse(capabilitiesParams, params)
  const [address] = parsed
  if (!isAddressEqual(address as Address, user.evmAddress as Address)) throw new AuthError(400, 'The address is not the signed-in account')
  const asked = parsed.length === 2 ? parsed[1].map((id) => evmChain({ chains: ctx.chains }, id).chainId) : undefined
  const result: Record<string, { atomic: { status: 'supported' | 'ready' }; permissions: typeof PERMISSIONS_CAPABILITY }> = {}
  for (const chain of ctx.chains) {
    if (!ctx.executors.has(chain.chainId) || (asked && !asked.includes(chain.chainId))) continue
    const deployed = await isSmartAccountDeployed(ctx, chain.chainId, user.evmAddress)
    result[hexChainId(chain.chainId)] = { atomic: { status: deployed ? 'supported' : 'ready' }, permissions: PERMISSIONS_CAPABILITY }
  }
  return result
}

/** One of SMART_ACCOUNT_METHODS. */
export async function runSmartAccountRpc(
  ctx: SmartAccountContext,
  user: SmartUser,
  request: { namespace: string; chainId: number | string; method: string; params?: unknown[] | undefined },
) {
  if (request.namespace !== 'eip155') throw new AuthError(400, `${request.method} is an eip155 method`)
  switch (request.method) {
    case 'wallet_sendCalls':
      return sendCalls(ctx, user, request.chainId, request.params)
    case 'wallet_getCallsStatus':
      return callsStatus(ctx, user, request.params)
    case 'wallet_getCapabilities':
      return capabilities(ctx, user, request.params)
    default:
      throw new AuthError(400, RPC_NOT_ALLOWED)
  }
}
