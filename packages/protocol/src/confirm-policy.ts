/**
 * The embedded wallet's confirmation policy (issues 23 §1 and 22 §2): which unsafe requests the frame may
 * let through without the user's confirmation, and which transfers need a fresh second factor.
 *
 * The project's policy is server configuration (`portico-api project set-policy`), read by the frame from
 * its own API (GET /projects/v1/confirm-policy?projectId=, answered `{ policy }`, `null` for none). The
 * app's options may only narrow it (the frame intersects the two: ../../embedded/src/frame/policy.ts).
 * No policy: every unsafe request is confirmed by the user.
 *
 *   auto.methods          the methods that may skip the prompt (a subset of AUTO_METHODS)
 *   auto.chains[caip2]    for transactions (eth_sendTransaction, wallet_sendCalls) on that chain only:
 *     targets             the `to` addresses allowed (every call's); absent: any address
 *     perTx               the most native value (base units, decimal) of one transaction or batch
 *     perDay              the most native value sent without a prompt per UTC day, per user (every device:
 *                         the API counts it, POST /v1/auth/policy/spend)
 *   stepUp[caip2]         a transaction or batch whose native value is above this (base units) needs a
 *                         fresh second factor, typed in the confirmation window
 */
import { z } from 'zod/mini'

/** The unsafe methods a policy may let through without a prompt (never grants, Solana, or the email change). */
export const AUTO_METHODS = ['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction', 'wallet_sendCalls'] as const
export type AutoMethod = (typeof AUTO_METHODS)[number]

/** A chain as CAIP-2 (`eip155:1`, `eip155:31337`). */
export const CAIP2_EVM = /^eip155:[1-9]\d{0,15}$/
const chainKey = z.string().check(z.regex(CAIP2_EVM, { error: 'a chain is eip155:<chain id>, e.g. eip155:1' }))
/** An amount in the chain's base units (wei), as a decimal string. */
const amount = z
  .string()
  .check(z.regex(/^(0|[1-9]\d{0,77})$/, { error: 'an amount is a whole number of base units (wei) as a string, e.g. "10000000000000000"' }))
const address = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/, { error: 'a target is a 0x address of 40 hex digits' }))

export const chainRuleSchema = z.strictObject({
  targets: z.optional(z.array(address).check(z.maxLength(100))),
  perTx: z.optional(amount),
  perDay: z.optional(amount),
})
export type ChainRule = z.infer<typeof chainRuleSchema>

export const confirmPolicySchema = z.strictObject({
  auto: z.optional(
    z.strictObject({
      methods: z.array(z.enum(AUTO_METHODS)).check(z.maxLength(AUTO_METHODS.length)),
      chains: z.optional(z.record(chainKey, chainRuleSchema)),
    }),
  ),
  stepUp: z.optional(z.record(chainKey, amount)),
})
export type ConfirmPolicy = z.infer<typeof confirmPolicySchema>

/** GET /projects/v1/confirm-policy */
export const confirmPolicyResponseSchema = z.object({ policy: z.nullable(confirmPolicySchema) })
export type ConfirmPolicyResponse = z.infer<typeof confirmPolicyResponseSchema>

/**
 * The app's narrowing (createPortico's embedded adapter option `confirmPolicy`): `false` turns the
 * automatic confirmations off (step-ups stay); otherwise the same shape, taken only where it is stricter.
 */
export const policyNarrowingSchema = z.union([z.literal(false), confirmPolicySchema])
export type PolicyNarrowing = z.infer<typeof policyNarrowingSchema>

/**
 * POST /v1/auth/policy/spend (stamped by the session key): before the frame lets a transfer through without
 * a prompt under a per-day cap, the API counts it in the user's tally of the UTC day on that chain, for every
 * device of the user at once. `cap` is the frame's cap (the project's, or the app's narrower one); the API
 * takes the lower of it and the project's own. `allowed: false` (the day's tally would pass the cap, or the
 * project lets no transfer through on that chain): nothing is counted, and the frame asks the user.
 */
export const policySpendRequestSchema = z.strictObject({
  projectId: z.string().check(z.minLength(1), z.maxLength(128)),
  chain: chainKey,
  value: amount,
  cap: amount,
})
export type PolicySpendRequest = z.infer<typeof policySpendRequestSchema>
export const policySpendResponseSchema = z.object({
  allowed: z.boolean(),
  /** The user's tally of the day on that chain after this answer (base units). */
  spent: amount,
})
export type PolicySpendResponse = z.infer<typeof policySpendResponseSchema>
