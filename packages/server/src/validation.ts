import { isAddress as isSolanaAddress } from '@solana/kit'
import { getAddress, type Address } from 'viem'
import { z } from 'zod'
import type * as core from 'zod/v4/core'
import { HttpError, preview } from './errors.ts'

/** The message per top-level field ('' for the input itself), for schemas whose own messages are generic. */
export type FieldMessages = Readonly<Record<string, string>>

/**
 * Parse `input` with `schema` (classic zod or zod/mini, e.g. a @portico/protocol schema); on
 * failure throw a 400 carrying the first issue's message, or the `messages` entry of the field it
 * is about.
 */
export function parseInput<S extends core.$ZodType>(schema: S, input: unknown, messages?: FieldMessages): core.output<S> {
  const result = z.safeParse(schema, input)
  if (!result.success) {
    const issue = result.error.issues[0]
    const field = issue?.path[0]
    const mapped = messages?.[typeof field === 'string' ? field : '']
    throw new HttpError(400, mapped ?? issue?.message ?? 'Invalid request')
  }
  return result.data
}

export const EVM_ADDRESS = /^(0x)?[0-9a-fA-F]{40}$/
/** SPEC §5: a Solana address is 32–44 base58 characters. */
export const SOLANA_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/
const CAIP2 = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/
const WALLET_ID = /^[0-9a-f]{64}$/

/** SPEC §5: 40 hex characters, optional 0x prefix. Normalised to a checksummed 0x address. */
export const evmAddress = z
  .string({ error: 'Invalid EVM address' })
  .regex(EVM_ADDRESS, { error: 'Invalid EVM address' })
  .transform((value): Address => getAddress(`0x${value.replace(/^0x/, '').toLowerCase()}`))

/**
 * SPEC §5: 32–44 base58 characters, and (server-side) they must decode to the 32 bytes of an
 * Ed25519 public key, since that is what the chain is asked about.
 */
export const solanaAddress = z
  .string({ error: 'Invalid Solana address' })
  .regex(SOLANA_ADDRESS, { error: 'Invalid Solana address' })
  .refine((value) => isSolanaAddress(value), { error: 'Invalid Solana address' })

/** A CAIP-2 network id: exactly two colon-separated parts (`eip155:1`). */
export const caip2 = z
  .string({ error: 'Invalid CAIP-2 chain id' })
  .refine((value) => CAIP2.test(value), { error: (issue) => `Invalid CAIP-2 chain id ${preview(issue.input)}` })

/** Longest list a comma-separated query value may hold. */
export const MAX_LIST_ITEMS = 100
/** Longest item of a comma-separated query value. */
export const MAX_LIST_ITEM_LENGTH = 256

/** `a,b,c` → `['a','b','c']`, empty items dropped. */
function splitList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0)
}

/** An optional comma-separated query value whose items must each pass `check` (at most 100 items of 256 characters). */
export function commaList(field: string, check: (item: string) => boolean, message: (item: string) => string) {
  return z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return undefined
      const items = splitList(value)
      if (items.length > MAX_LIST_ITEMS) {
        ctx.addIssue({ code: 'custom', message: `${field} must hold at most ${MAX_LIST_ITEMS} items` })
        return z.NEVER
      }
      for (const item of items) {
        if (item.length > MAX_LIST_ITEM_LENGTH || !check(item)) {
          ctx.addIssue({ code: 'custom', message: message(item) })
          return z.NEVER
        }
      }
      return items
    })
}

export const walletIdList = (field: string) =>
  commaList(
    field,
    (id) => WALLET_ID.test(id),
    (id) => `Invalid wallet id ${preview(id)}`,
  )
export const caip2List = (field: string) =>
  commaList(
    field,
    (id) => CAIP2.test(id),
    (id) => `Invalid CAIP-2 chain id ${preview(id)}`,
  )
export const plainList = (field: string) =>
  commaList(
    field,
    () => true,
    (item) => `${field} items must be at most ${MAX_LIST_ITEM_LENGTH} characters, got ${preview(item)}`,
  )

/** An optional positive integer in `[min, max]` given as a query string. */
export function queryInt(field: string, min: number, max: number, fallback: number) {
  const message = `${field} must be an integer between ${min} and ${max}`
  return z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return fallback
      if (!/^\d{1,16}$/.test(value)) {
        ctx.addIssue({ code: 'custom', message })
        return z.NEVER
      }
      const n = Number(value)
      if (n < min || n > max) {
        ctx.addIssue({ code: 'custom', message })
        return z.NEVER
      }
      return n
    })
}

/** `currency`: only USD is priced (SPEC §9 shows USD); absent means USD. */
export const usdCurrency = z
  .string({ error: 'currency must be a string' })
  .optional()
  .refine((value) => value === undefined || value.toLowerCase() === 'usd', {
    error: (issue) => `Unsupported currency ${preview(issue.input)}`,
  })

export function isCaip2(value: string): boolean {
  return CAIP2.test(value)
}
