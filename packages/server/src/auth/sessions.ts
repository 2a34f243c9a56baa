/**
 * ERC-7715 permissions for a wallet whose keys are shares (issue 22 §1): the API holds no key of the
 * user, so a grant is enforced ON CHAIN by the batch executor the account delegates to
 * (packages/devnet/contracts/BatchExecutor.sol): the frame signs one self-call `grant(...)` with the
 * user's key, and the app's signer is the session key. An execution is the signer's EIP-712
 * signature (@portico/protocol/auth's Execution, the same the API checks), relayed by the API as
 * `executeAsSession(context, calls, nonce, signature)` from a relayer account of its own
 * (auth.permissions.relayerKey), which pays the gas and can do nothing else: the account's code
 * checks target, function, value, expiry, revocation, nonce and signature, whoever sends it.
 */
import { KEYS_ERRORS, type PermissionExecuteRequest, SESSION_EXECUTE_ABI_ITEM, SESSION_GRANT_ABI } from '@portico/protocol/auth'
import {
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  type Hex,
  http,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { AuthError } from './errors.ts'
import { noSendLock } from './send-lock.ts'
import { evmChain, rpcFailure } from './signer.ts'
import type { SmartAccountContext } from './smart.ts'

/** The session part of the batch executor's ABI: the grants, the session's execution and their errors. */
export const SESSION_EXECUTOR_ABI = [
  ...SESSION_GRANT_ABI,
  SESSION_EXECUTE_ABI_ITEM,
  { type: 'error', name: 'UnknownGrant', inputs: [{ name: 'id', type: 'bytes32' }] },
  { type: 'error', name: 'GrantRevoked', inputs: [{ name: 'id', type: 'bytes32' }] },
  { type: 'error', name: 'GrantExpired', inputs: [{ name: 'id', type: 'bytes32' }] },
  { type: 'error', name: 'InvalidSignature', inputs: [] },
  {
    type: 'error',
    name: 'NonceUsed',
    inputs: [
      { name: 'id', type: 'bytes32' },
      { name: 'nonce', type: 'bytes32' },
    ],
  },
  {
    type: 'error',
    name: 'TargetNotAllowed',
    inputs: [
      { name: 'index', type: 'uint256' },
      { name: 'target', type: 'address' },
    ],
  },
  {
    type: 'error',
    name: 'SelectorNotAllowed',
    inputs: [
      { name: 'index', type: 'uint256' },
      { name: 'selector', type: 'bytes4' },
    ],
  },
  { type: 'error', name: 'AllowanceNotStarted', inputs: [{ name: 'id', type: 'bytes32' }] },
  {
    type: 'error',
    name: 'AllowanceExceeded',
    inputs: [
      { name: 'id', type: 'bytes32' },
      { name: 'value', type: 'uint256' },
    ],
  },
  {
    type: 'error',
    name: 'CallFailed',
    inputs: [
      { name: 'index', type: 'uint256' },
      { name: 'reason', type: 'bytes' },
    ],
  },
] as const

/** A self-call the frame signs and sends from the user's account (to: the account). */
export type SelfCall = { chainId: number; to: string; data: Hex }

/** The self-call that grants `grant` on chain. */
export function grantCall(grant: {
  chainId: number
  account: string
  id: string
  signer: string
  expiry: number
  contracts: { address: string; selectors: string[] | null }[]
  allowance: bigint | null
  periodS: number | null
  startsAt: number
}): SelfCall {
  return {
    chainId: grant.chainId,
    to: grant.account,
    data: encodeFunctionData({
      abi: SESSION_EXECUTOR_ABI,
      functionName: 'grant',
      args: [
        `0x${grant.id}`,
        grant.signer as Address,
        BigInt(grant.expiry),
        grant.contracts.map((c) => ({ target: c.address as Address, selectors: (c.selectors ?? []) as Hex[] })),
        grant.allowance ?? 0n,
        BigInt(grant.periodS ?? 0),
        grant.periodS === null ? 0n : BigInt(Math.floor(grant.startsAt / 1000)),
      ],
    }),
  }
}

/** The self-call that revokes grant `id` on chain. */
export const revokeCall = (chainId: number, account: string, id: string): SelfCall => ({
  chainId,
  to: account,
  data: encodeFunctionData({ abi: SESSION_EXECUTOR_ABI, functionName: 'revoke', args: [`0x${id}`] }),
})

/**
 * Send `executeAsSession` for `request` to `account` from the relayer: simulated first (a refusal by
 * the account's code is a 400 naming it, and costs the relayer nothing), then sent. The batch id, as
 * wallet_sendCalls makes them: 0x ‖ chain id (16 hex digits) ‖ the transaction hash.
 */
export async function relayExecution(
  ctx: SmartAccountContext,
  relayerKey: Hex | undefined,
  account: string,
  request: PermissionExecuteRequest,
): Promise<{ id: string }> {
  // Without a relayer (auth.permissions.relayerKey) nobody pays for the execution.
  if (relayerKey === undefined) throw new AuthError(400, KEYS_ERRORS.noPermissions)
  const chain = evmChain({ chains: ctx.chains }, request.chainId)
  const viemChain = {
    id: chain.chainId,
    name: chain.name,
    nativeCurrency: chain.nativeCurrency,
    rpcUrls: { default: { http: [chain.rpcUrl] } },
  }
  const transport = http(chain.rpcUrl, { timeout: ctx.rpcTimeoutMs, retryCount: 0 })
  const publicClient = createPublicClient({ chain: viemChain, transport })
  const wallet = createWalletClient({ account: privateKeyToAccount(relayerKey), chain: viemChain, transport })
  const args = [
    request.context as Hex,
    request.calls.map((c) => ({ to: c.to as Address, value: c.value === undefined ? 0n : BigInt(c.value), data: (c.data ?? '0x') as Hex })),
    request.nonce as Hex,
    request.signature as Hex,
  ] as const
  try {
    await publicClient.simulateContract({
      address: account as Address,
      abi: SESSION_EXECUTOR_ABI,
      functionName: 'executeAsSession',
      args,
      account: wallet.account,
    })
  } catch (error) {
    const reverted = error instanceof BaseError ? error.walk((e) => e instanceof ContractFunctionRevertedError) : null
    if (reverted instanceof ContractFunctionRevertedError) {
      throw new AuthError(400, `The account refused the execution: ${reverted.data?.errorName ?? reverted.shortMessage}`.slice(0, 300))
    }
    throw rpcFailure(error)
  }
  const hash = await (ctx.sendLock ?? noSendLock)(chain.chainId, wallet.account.address, async () => {
    try {
      return await wallet.sendTransaction({
        to: account as Address,
        data: encodeFunctionData({ abi: SESSION_EXECUTOR_ABI, functionName: 'executeAsSession', args }),
      })
    } catch (error) {
      throw rpcFailure(error)
    }
  })
  return { id: `0x${chain.chainId.toString(16).padStart(16, '0')}${hash.slice(2)}` }
}
