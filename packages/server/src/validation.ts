import { getAddress, type Address } from 'viem'
import { z } from 'zod'
import { HttpError } from './errors.ts'

/** Parse `input` with `schema`; on failure throw a 400 carrying the first issue's message. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input)
  if (!result.success) {
    throw new HttpError(400, result.error.issues[0]?.message ?? 'Invalid request')
  }
  return result.data
}

const EVM_ADDRESS = /^(0x)?[0-9a-fA-F]{40}$/
const CAIP2 = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/
const WALLET_ID = /^[0-9a-f]{64}$/

/** SPEC §5: 40 hex characters, optional 0x prefix. Normalised to a checksummed 0x address. */
export const evmAddress = z
  .string({ error: 'Invalid EVM address' })
  .regex(EVM_ADDRESS, { error: 'Invalid EVM address' })
  .transform((value): Address => getAddress(`0x${value.replace(/^0x/, '').toLowerCase()}`))

/** A CAIP-2 network id: exactly two colon-separated parts (`eip155:1`). */
export const caip2 = z
  .string({ error: 'Invalid CAIP-2 chain id' })
  .refine((value) => CAIP2.test(value), { error: (issue) => `Invalid CAIP-2 chain id ${String(issue.input)}` })

/** `a,b,c` → `['a','b','c']`, empty items dropped. */
function splitList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0)
}

/** An optional comma-separated query value whose items must each pass `check`. */
export function commaList(check: (item: string) => boolean, message: (item: string) => string) {
  return z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return undefined
      const items = splitList(value)
      for (const item of items) {
        if (!check(item)) {
          ctx.addIssue({ code: 'custom', message: message(item) })
          return z.NEVER
        }
      }
      return items
    })
}

export const walletIdList = commaList(
  (id) => WALLET_ID.test(id),
  (id) => `Invalid wallet id ${id}`,
)
export const caip2List = commaList(
  (id) => CAIP2.test(id),
  (id) => `Invalid CAIP-2 chain id ${id}`,
)
export const plainList = commaList(
  () => true,
  () => '',
)

/** An optional positive integer in `[min, max]` given as a query string. */
export function queryInt(field: string, min: number, max: number, fallback: number) {
  const message = `${field} must be an integer between ${min} and ${max}`
  return z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return fallback
      if (!/^\d+$/.test(value)) {
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

export function isCaip2(value: string): boolean {
  return CAIP2.test(value)
}
