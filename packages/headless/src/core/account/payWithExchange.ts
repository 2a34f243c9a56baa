/**
 * Whether pay with exchange is offered (SPEC §5): a flag on and a supported namespace. Beside the
 * other wallet features and outside core/exchange, because it is read before the flow loads
 * (usePayWithExchange's `available`, an Account entry): the flow's own modules stay out of every
 * first load (scripts/size.mjs), and the lazy flow does not import this one (no shared chunk).
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
