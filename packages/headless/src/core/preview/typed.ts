/**
 * EIP-712 typed data (eth_signTypedData_v4): EIP-2612 Permit and Uniswap Permit2 read as permits
 * (spender, tokens, amounts, deadline), anything else as its primary type, domain and digest.
 */
import { type Address, getAddress, hashTypedData, isAddress, type TypedDataDomain } from 'viem'
import { z } from 'zod/mini'
import { mergeFlags, nowSeconds, UNLIMITED_UINT160, UNLIMITED_UINT256 } from './evm'
import type { PermitToken, PreviewConfig, PreviewFlag, TypedDataPreview } from './types'

/** 30 days: a permit valid for longer is `farDeadline` unless `maxDeadlineSeconds` says otherwise. */
export const DEFAULT_MAX_DEADLINE_SECONDS = 30 * 24 * 3600

const quantity = z.union([
  z.string().check(z.regex(/^(0x[0-9a-fA-F]{1,64}|\d{1,78})$/)),
  z.number(),
  z.custom<bigint>((v) => typeof v === 'bigint'),
])
const address = z.string().check(z.refine((s) => isAddress(s, { strict: false })))
const typedDataSchema = z.object({
  types: z.record(z.string(), z.array(z.object({ name: z.string(), type: z.string() }))),
  primaryType: z.string(),
  domain: z.optional(
    z.object({
      name: z.optional(z.string()),
      version: z.optional(z.string()),
      chainId: z.optional(quantity),
      verifyingContract: z.optional(address),
      salt: z.optional(z.string()),
    }),
  ),
  message: z.record(z.string(), z.unknown()),
})

const eip2612 = z.object({ owner: address, spender: address, value: quantity, nonce: quantity, deadline: quantity })
const details = z.object({ token: address, amount: quantity, expiration: quantity, nonce: quantity })
const permitSingle = z.object({ details, spender: address, sigDeadline: quantity })
const permitBatch = z.object({ details: z.array(details), spender: address, sigDeadline: quantity })
const permitted = z.object({ token: address, amount: quantity })
const transferFrom = z.object({ permitted, spender: address, nonce: quantity, deadline: quantity })
const batchTransferFrom = z.object({ permitted: z.array(permitted), spender: address, nonce: quantity, deadline: quantity })

const big = (q: string | number | bigint) => BigInt(q)
const seconds = (q: string | number | bigint) => Number(big(q))

/** The typed data as the wallet receives it: the object or its JSON text. */
function parseTypedData(input: unknown) {
  const value = typeof input === 'string' ? JSON.parse(input) : input
  return typedDataSchema.parse(value)
}

/**
 * The permit's flags: `unlimitedAmount` for an amount at the top of its range (uint256 ≥ 2^255;
 * Permit2's uint160 ≥ 2^159), `farDeadline` when the signature or an allowance lasts beyond now +
 * `maxDeadlineSeconds`.
 */
function permitFlags(amounts: bigint[], limit: bigint, deadlines: number[], config: PreviewConfig): PreviewFlag[] {
  const flags: PreviewFlag[] = []
  if (amounts.some((a) => a >= limit)) flags.push('unlimitedAmount')
  const latest = nowSeconds(config) + (config.maxDeadlineSeconds ?? DEFAULT_MAX_DEADLINE_SECONDS)
  if (deadlines.some((d) => d > latest)) flags.push('farDeadline')
  return flags
}

/** EIP-712 typed data as a preview: a Permit / Permit2 permit, else the primary type, the domain and the digest signed. */
export function decodeTypedData(input: unknown, config: PreviewConfig = {}): TypedDataPreview {
  const data = parseTypedData(input)
  const domain = data.domain ?? {}
  const chainId = domain.chainId !== undefined ? seconds(domain.chainId) : undefined
  const verifyingContract = domain.verifyingContract ? getAddress(domain.verifyingContract) : undefined
  const common = { ...(chainId !== undefined ? { chainId } : {}) }
  const isPermit2 = domain.name === 'Permit2'
  const m = data.message
  if (!isPermit2 && data.primaryType === 'Permit' && verifyingContract) {
    const p = eip2612.safeParse(m)
    if (p.success) {
      const amount = big(p.data.value)
      const deadline = seconds(p.data.deadline)
      return {
        kind: 'permit',
        standard: 'eip2612',
        token: verifyingContract,
        owner: getAddress(p.data.owner),
        spender: getAddress(p.data.spender),
        amount,
        nonce: big(p.data.nonce),
        deadline,
        ...common,
        flags: permitFlags([amount], UNLIMITED_UINT256, [deadline], config),
      }
    }
  }
  if (isPermit2) {
    const permit2 = (
      primaryType: 'PermitSingle' | 'PermitBatch' | 'PermitTransferFrom' | 'PermitBatchTransferFrom',
      spender: string,
      tokens: PermitToken[],
      nonce: bigint,
      deadline: number,
      limit: bigint,
    ): TypedDataPreview => ({
      kind: 'permit',
      standard: 'permit2',
      primaryType,
      ...(verifyingContract ? { verifyingContract } : {}),
      spender: getAddress(spender),
      tokens,
      nonce,
      deadline,
      ...common,
      flags: permitFlags(
        tokens.map((t) => t.amount),
        limit,
        [deadline, ...tokens.flatMap((t) => (t.expiration === undefined ? [] : [t.expiration]))],
        config,
      ),
    })
    const allowance = (d: z.infer<typeof details>): PermitToken => ({
      token: getAddress(d.token),
      amount: big(d.amount),
      expiration: seconds(d.expiration),
    })
    const once = (t: z.infer<typeof permitted>): PermitToken => ({ token: getAddress(t.token), amount: big(t.amount) })
    switch (data.primaryType) {
      case 'PermitSingle': {
        const p = permitSingle.safeParse(m)
        if (p.success)
          return permit2(
            'PermitSingle',
            p.data.spender,
            [allowance(p.data.details)],
            big(p.data.details.nonce),
            seconds(p.data.sigDeadline),
            UNLIMITED_UINT160,
          )
        break
      }
      case 'PermitBatch': {
        const p = permitBatch.safeParse(m)
        // Each allowance has its own nonce; the batch shows the first.
        if (p.success)
          return permit2(
            'PermitBatch',
            p.data.spender,
            p.data.details.map(allowance),
            big(p.data.details[0]?.nonce ?? 0),
            seconds(p.data.sigDeadline),
            UNLIMITED_UINT160,
          )
        break
      }
      case 'PermitTransferFrom': {
        const p = transferFrom.safeParse(m)
        if (p.success)
          return permit2(
            'PermitTransferFrom',
            p.data.spender,
            [once(p.data.permitted)],
            big(p.data.nonce),
            seconds(p.data.deadline),
            UNLIMITED_UINT256,
          )
        break
      }
      case 'PermitBatchTransferFrom': {
        const p = batchTransferFrom.safeParse(m)
        if (p.success)
          return permit2(
            'PermitBatchTransferFrom',
            p.data.spender,
            p.data.permitted.map(once),
            big(p.data.nonce),
            seconds(p.data.deadline),
            UNLIMITED_UINT256,
          )
        break
      }
    }
  }
  const hash = hashTypedData({
    domain: { ...domain, ...(chainId !== undefined ? { chainId } : {}) } as TypedDataDomain,
    types: data.types,
    primaryType: data.primaryType,
    message: m,
  } as Parameters<typeof hashTypedData>[0])
  return {
    kind: 'typedData',
    primaryType: data.primaryType,
    domain: {
      ...(domain.name !== undefined ? { name: domain.name } : {}),
      ...(domain.version !== undefined ? { version: domain.version } : {}),
      ...common,
      ...(verifyingContract ? { verifyingContract: verifyingContract as Address } : {}),
    },
    hash,
    flags: mergeFlags([]),
  }
}
