/**
 * EVM decoders (issue 23 §2): calldata, EIP-7702 authorizations, `wallet_sendCalls` batches and
 * `wallet_grantPermissions`, from the request's bytes to a preview with coded flags. Pure, apart from
 * `checkPreview`, whose chain reads are injected.
 */
import { type Address, decodeFunctionData, getAddress, type Hex, isAddress, parseAbi, size, slice } from 'viem'
import { z } from 'zod/mini'
import { PREVIEW_FLAGS } from './types'
import type {
  AuthorizationPreview,
  BatchPreview,
  CallPreview,
  EvmCall,
  GrantedPermission,
  GrantPreview,
  Preview,
  PreviewConfig,
  PreviewFlag,
  PreviewReads,
} from './types'

/** The calls the decoders know (ERC-20, ERC-721 / ERC-1155's setApprovalForAll). */
export const KNOWN_CALLS_ABI = parseAbi([
  'function transfer(address to, uint256 amount) returns (bool)',
  'function transferFrom(address from, address to, uint256 amount) returns (bool)',
  'function approve(address spender, uint256 amount) returns (bool)',
  'function setApprovalForAll(address operator, bool approved)',
])

/** 2^255: an amount at or above it is "unlimited" (max uint256 and its neighbours). */
export const UNLIMITED_UINT256 = 2n ** 255n
/** 2^159: the same for Permit2's uint160 amounts. */
export const UNLIMITED_UINT160 = 2n ** 159n
export const ZERO_ADDRESS: Address = '0x0000000000000000000000000000000000000000'

/** The flags of every list, each once, most dangerous first (PREVIEW_FLAGS' order). */
export function mergeFlags(...lists: readonly (readonly PreviewFlag[])[]): PreviewFlag[] {
  const all = new Set(lists.flat())
  return PREVIEW_FLAGS.filter((f) => all.has(f))
}

/** What one call does: a known ERC-20 / approval-for-all call, a native transfer, or the bare selector. */
export function decodeCall(call: EvmCall): CallPreview {
  const value = call.value ?? 0n
  const data: Hex = call.data && call.data !== '0x' ? call.data : '0x'
  if (!call.to) return { kind: 'deploy', to: ZERO_ADDRESS, value, data, flags: [] }
  const to = getAddress(call.to)
  if (data === '0x') return { kind: 'nativeTransfer', to, value, flags: [] }
  let decoded: ReturnType<typeof decodeFunctionData<typeof KNOWN_CALLS_ABI>> | undefined
  try {
    decoded = decodeFunctionData({ abi: KNOWN_CALLS_ABI, data })
  } catch {
    decoded = undefined
  }
  switch (decoded?.functionName) {
    case 'transfer': {
      const [recipient, amount] = decoded.args
      return { kind: 'tokenTransfer', to, value, token: to, recipient, amount, flags: [] }
    }
    case 'transferFrom': {
      const [sender, recipient, amount] = decoded.args
      return { kind: 'tokenTransferFrom', to, value, token: to, sender, recipient, amount, flags: [] }
    }
    case 'approve': {
      const [spender, amount] = decoded.args
      return { kind: 'tokenApproval', to, value, token: to, spender, amount, flags: amount >= UNLIMITED_UINT256 ? ['unlimitedAmount'] : [] }
    }
    case 'setApprovalForAll': {
      const [operator, approved] = decoded.args
      return { kind: 'approvalForAll', to, value, collection: to, operator, approved, flags: approved ? ['approvalForAll'] : [] }
    }
    default:
      return { kind: 'contractCall', to, value, selector: size(data) >= 4 ? slice(data, 0, 4) : data, data, flags: ['unknownCall'] }
  }
}

/** Every ERC-20 a preview names (transfers, approvals, permits, a batch's calls), each once, for their symbol and decimals. */
export function tokensOf(preview: Preview): Address[] {
  const found: Address[] = []
  const add = (a: Address) => {
    if (!found.includes(a)) found.push(a)
  }
  const visit = (p: Preview) => {
    if (p.kind === 'tokenTransfer' || p.kind === 'tokenTransferFrom' || p.kind === 'tokenApproval') add(p.token)
    else if (p.kind === 'permit' && p.standard === 'eip2612') add(p.token)
    else if (p.kind === 'permit') for (const t of p.tokens) add(t.token)
    else if (p.kind === 'batch') for (const c of p.calls) visit(c)
  }
  visit(preview)
  return found
}

/** The address a preview gives rights to, for the no-code check. */
function grantee(preview: Preview): Address | undefined {
  if (preview.kind === 'tokenApproval' || (preview.kind === 'permit' && preview.spender)) return preview.spender
  if (preview.kind === 'approvalForAll' && preview.approved) return preview.operator
  return undefined
}

/**
 * The flags that need the chain: `spenderNoCode` (an approval, approval-for-all or permit to an
 * address with no code, through `reads.getCode`) and `largeAmount` (an ERC-20 approval above the
 * holder's balance × `largeMultiple`, through `reads.balanceOf`; `holder` is the signing account).
 * A batch checks each call. A read that fails adds nothing.
 */
export async function checkPreview<P extends Preview>(
  preview: P,
  reads: PreviewReads,
  config: PreviewConfig = {},
  holder?: Address,
): Promise<P> {
  if (preview.kind === 'batch') {
    const calls = await Promise.all(preview.calls.map((c) => checkPreview(c, reads, config, holder ?? preview.from)))
    return { ...preview, calls, flags: mergeFlags(preview.flags, ...calls.map((c) => c.flags)) }
  }
  const added: PreviewFlag[] = []
  const spender = grantee(preview)
  if (spender && reads.getCode) {
    const code = await reads.getCode(spender).catch(() => 'failed' as const)
    if (code === undefined || code === '0x') added.push('spenderNoCode')
  }
  if (preview.kind === 'tokenApproval' && holder && reads.balanceOf && !preview.flags.includes('unlimitedAmount')) {
    const balance = await reads.balanceOf(preview.token, holder).catch(() => undefined)
    // The multiple in thousandths, so that 1.5 works on bigints.
    const multiple = BigInt(Math.round((config.largeMultiple ?? 1) * 1000))
    if (balance !== undefined && preview.amount * 1000n > balance * multiple) added.push('largeAmount')
  }
  return added.length ? { ...preview, flags: mergeFlags(preview.flags, added) } : preview
}

const hexQuantity = z.string().check(z.regex(/^0x[0-9a-fA-F]{1,64}$/))
const quantity = z.union([hexQuantity, z.string().check(z.regex(/^\d{1,78}$/)), z.number(), z.custom<bigint>((v) => typeof v === 'bigint')])
const toBigInt = (q: string | number | bigint): bigint => BigInt(q)
const address = z.string().check(z.refine((s) => isAddress(s, { strict: false })))
const hexData = z.string().check(z.regex(/^0x([0-9a-fA-F]{2})*$/))

const authorizationSchema = z.object({
  address: z.optional(address),
  contractAddress: z.optional(address),
  chainId: quantity,
  nonce: quantity,
})

/** An EIP-7702 authorization (viem's `{ address | contractAddress, chainId, nonce }`): `unknownDelegate` unless the delegate is an executor. */
export function decodeAuthorization(input: unknown, config: PreviewConfig = {}): AuthorizationPreview {
  const a = authorizationSchema.parse(input)
  const raw = a.address ?? a.contractAddress
  if (!raw) throw new Error('An authorization needs the delegate address')
  const delegate = getAddress(raw)
  const known = (config.executors ?? []).some((e) => e.toLowerCase() === delegate.toLowerCase())
  return {
    kind: 'authorization',
    delegate,
    chainId: Number(toBigInt(a.chainId)),
    nonce: Number(toBigInt(a.nonce)),
    flags: known ? [] : ['unknownDelegate'],
  }
}

const sendCallsSchema = z.object({
  chainId: z.optional(quantity),
  from: z.optional(address),
  atomicRequired: z.optional(z.boolean()),
  calls: z.array(z.object({ to: z.optional(address), value: z.optional(quantity), data: z.optional(hexData) })).check(z.minLength(1)),
})

/** `wallet_sendCalls`' first parameter: each call decoded; the batch's flags are all of its calls'. */
export function decodeSendCalls(input: unknown): BatchPreview {
  const p = sendCallsSchema.parse(input)
  const calls = p.calls.map((c) =>
    decodeCall({
      ...(c.to ? { to: c.to as Address } : {}),
      ...(c.value !== undefined ? { value: toBigInt(c.value) } : {}),
      ...(c.data ? { data: c.data as Hex } : {}),
    }),
  )
  return {
    kind: 'batch',
    ...(p.chainId !== undefined ? { chainId: Number(toBigInt(p.chainId)) } : {}),
    ...(p.from ? { from: getAddress(p.from) } : {}),
    calls,
    atomic: p.atomicRequired ?? false,
    flags: mergeFlags(...calls.map((c) => c.flags)),
  }
}

const grantSchema = z.object({
  chainId: quantity,
  expiry: z.number(),
  signer: z.object({ type: z.string(), data: z.looseObject({ id: z.optional(z.string()) }) }),
  permissions: z.array(
    // z.union, not discriminatedUnion: the first load's zod chunk carries union already (scripts/size.mjs).
    z.union([
      z.object({
        type: z.literal('contract-call'),
        data: z.object({
          address,
          calls: z.optional(z.array(z.string())),
          functions: z.optional(z.array(z.object({ functionName: z.string() }))),
        }),
      }),
      z.object({ type: z.literal('native-token-limit'), data: z.object({ allowance: quantity }) }),
      z.object({
        type: z.literal('native-token-recurring-allowance'),
        data: z.object({ allowance: quantity, period: z.number() }),
      }),
    ]),
  ),
})

/** 7 days: a grant longer than this is `longDuration` unless `maxGrantSeconds` says otherwise. */
export const DEFAULT_MAX_GRANT_SECONDS = 7 * 24 * 3600

export const nowSeconds = (config: PreviewConfig): number => Math.floor(config.now ? config.now() : Date.now() / 1000)

/** `wallet_grantPermissions`' first parameter (the Portico API's ERC-7715 shape): what, which targets, how long. */
export function decodeGrant(input: unknown, config: PreviewConfig = {}): GrantPreview {
  const g = grantSchema.parse(input)
  const permissions: GrantedPermission[] = g.permissions.map((p) => {
    switch (p.type) {
      case 'contract-call':
        return {
          type: 'contractCall',
          target: getAddress(p.data.address),
          functions: [...(p.data.calls ?? []), ...(p.data.functions ?? []).map((f) => f.functionName)],
        }
      case 'native-token-limit':
        return { type: 'nativeTokenLimit', allowance: toBigInt(p.data.allowance) }
      default:
        return { type: 'nativeTokenRecurringAllowance', allowance: toBigInt(p.data.allowance), period: p.data.period }
    }
  })
  const duration = g.expiry - nowSeconds(config)
  return {
    kind: 'grantPermissions',
    chainId: Number(toBigInt(g.chainId)),
    signer: g.signer.data.id ?? g.signer.type,
    permissions,
    targets: permissions.flatMap((p) => (p.type === 'contractCall' ? [p.target] : [])),
    expiry: g.expiry,
    duration,
    flags: duration > (config.maxGrantSeconds ?? DEFAULT_MAX_GRANT_SECONDS) ? ['longDuration'] : [],
  }
}

const transactionSchema = z.object({
  to: z.optional(z.nullable(address)),
  value: z.optional(quantity),
  data: z.optional(hexData),
  input: z.optional(hexData),
})

/** `eth_sendTransaction`'s transaction object (hex quantities) as a call. */
export function callOfTransaction(input: unknown): EvmCall {
  const t = transactionSchema.parse(input)
  const data = t.data ?? t.input
  return {
    ...(t.to ? { to: getAddress(t.to) } : {}),
    ...(t.value !== undefined ? { value: toBigInt(t.value) } : {}),
    ...(data ? { data: data as Hex } : {}),
  }
}
