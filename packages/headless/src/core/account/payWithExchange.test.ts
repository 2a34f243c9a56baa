/** SPEC §5: pay with exchange is available only when a flag is on and the namespace is supported. */
import { describe, expect, it } from 'vitest'
import { isPayWithExchangeAvailable, type PayWithExchangeFlags } from './payWithExchange'

describe('availability (SPEC §5): a flag on and the namespace supported', () => {
  it.each<[PayWithExchangeFlags, string | undefined, boolean]>([
    [{ payWithExchange: true }, 'eip155', true],
    [{ payWithExchange: true }, 'solana', true],
    [{ payments: true }, 'eip155', true],
    [{ pay: true }, 'solana', true],
    [{ payWithExchange: false, payments: false, pay: true }, 'eip155', true],
    [{ payWithExchange: false, payments: false }, 'eip155', false],
    [{}, 'eip155', false],
    [{ payWithExchange: true }, 'bip122', false],
    [{ payWithExchange: true, payments: true, pay: true }, 'polkadot', false],
    [{ payWithExchange: true }, 'cosmos', false],
    [{ payWithExchange: true }, undefined, false],
  ])('%j on %s → %s', (flags, namespace, out) => expect(isPayWithExchangeAvailable(flags, namespace as never)).toBe(out))
})
