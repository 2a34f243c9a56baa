/**
 * Whether pay with exchange is offered (SPEC §5): a flag on and a supported namespace. A module of
 * its own, a few lines, so that a first-load hook (usePayWithExchange's idle state, an Account
 * entry) can decide without carrying the flow's rules; rules.ts re-exports it.
 */
import type { ChainNamespace } from '../types'

/** SPEC §1/§9 platform support: pay with exchange runs on EVM and Solana. */
export const PAY_WITH_EXCHANGE_NAMESPACES: readonly ChainNamespace[] = ['eip155', 'solana']

/**
 * The flags that turn the flow on (any one of them): the remote flags `payWithExchange` and
 * `payments`, and the app's own `pay`.
 */
export interface PayWithExchangeFlags {
  payWithExchange?: boolean
  payments?: boolean
  pay?: boolean
}

/** SPEC §5: available only when payWithExchange, payments or pay is on and the namespace is supported. */
export function isPayWithExchangeAvailable(flags: PayWithExchangeFlags, namespace: ChainNamespace | undefined): boolean {
  const on = flags.payWithExchange === true || flags.payments === true || flags.pay === true
  return on && namespace !== undefined && PAY_WITH_EXCHANGE_NAMESPACES.includes(namespace)
}
