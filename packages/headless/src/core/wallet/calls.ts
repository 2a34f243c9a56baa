/**
 * The one check of wallet_sendCalls (SPEC §5), for the wallet flow and the adapters (which import it
 * from headless's root in their lazily loaded code). Its own module, not wallet.ts: importing it
 * brings this check only, not the wallet flow, and an app that never checks calls carries none of it.
 */
import { z } from 'zod/mini'
import type { WalletCall } from '../../adapters'
import { invalidWalletCallError, PorticoError } from '../errors'

/** A string that starts with 0x; otherwise "'<field>' must start with 0x". */
const startsWith0x = (field: string) => z.string().check(z.regex(/^0x/, `'${field}' must start with 0x`))

/** SPEC §5: `to` starts with 0x; `data`, if given, starts with 0x; `value` is a string; at least one call. */
const walletCallsSchema = z
  .array(
    z.object({
      to: startsWith0x('to'),
      data: z.optional(startsWith0x('data')),
      value: z.optional(z.string({ error: "'value' must be a string" })),
    }),
  )
  .check(z.minLength(1, 'at least one call is needed'))

/**
 * The calls of wallet_sendCalls checked against SPEC §5, as the wallet gets them (`to`, `data` and
 * `value` only). Otherwise throws "Invalid wallet call: calls.0.to: 'to' must start with 0x; …"
 * (invalidWalletCallError, one 'path: problem' per issue).
 */
export function checkWalletCalls(calls: unknown): WalletCall[] {
  const parsed = walletCallsSchema.safeParse(calls)
  if (parsed.success) return parsed.data as WalletCall[]
  throw new PorticoError(invalidWalletCallError(parsed.error.issues.map((i) => `${['calls', ...i.path].join('.')}: ${i.message}`)))
}
