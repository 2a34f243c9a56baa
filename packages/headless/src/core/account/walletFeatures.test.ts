import { describe, expect, it } from 'vitest'
import { DEFAULT_FEATURES } from '../options/options'
import type { ChainNamespace } from '../types'
import { WALLET_FEATURES, walletFeatures, type WalletFeature } from './walletFeatures'

const ALL = [...WALLET_FEATURES]
const on = { onramp: true, swaps: true }

describe('walletFeatures (SPEC §9 order onramp, swaps, receive, send; SPEC §1 platforms; flags)', () => {
  it.each<[string, { onramp: boolean; swaps: boolean }, ChainNamespace | undefined, readonly WalletFeature[], WalletFeature[]]>([
    // every flow available: the order and the platform rules
    ['EVM, every flag on', on, 'eip155', ALL, ['onramp', 'swaps', 'receive', 'send']],
    ['Solana: no swaps (EVM only)', on, 'solana', ALL, ['onramp', 'receive', 'send']],
    ['bip122: receive only', on, 'bip122', ALL, ['receive']],
    ['polkadot: receive only', on, 'polkadot', ALL, ['receive']],
    ['cosmos: receive only', on, 'cosmos', ALL, ['receive']],
    // the flags
    ['EVM, onramp off', { onramp: false, swaps: true }, 'eip155', ALL, ['swaps', 'receive', 'send']],
    ['EVM, swaps off', { onramp: true, swaps: false }, 'eip155', ALL, ['onramp', 'receive', 'send']],
    ['EVM, both off: receive and send have no flag', { onramp: false, swaps: false }, 'eip155', ALL, ['receive', 'send']],
    ['Solana, onramp off', { onramp: false, swaps: true }, 'solana', ALL, ['receive', 'send']],
    // not connected
    ['no namespace', on, undefined, ALL, []],
    // flows not built are hidden
    ['EVM, only receive built', on, 'eip155', ['receive'], ['receive']],
    ['EVM, send and receive built: still SPEC order', on, 'eip155', ['send', 'receive'], ['receive', 'send']],
    ['Solana, swaps built only: nothing', on, 'solana', ['swaps'], []],
  ])('%s', (_name, features, namespace, available, expected) => {
    expect(walletFeatures({ features, namespace, available })).toEqual(expected)
  })

  it('defaults: the default flags and the views built in this version (all four) on EVM; on-ramp, receive and send on Solana; receive only elsewhere', () => {
    expect(walletFeatures({ features: DEFAULT_FEATURES, namespace: 'eip155' })).toEqual(['onramp', 'swaps', 'receive', 'send'])
    expect(walletFeatures({ features: DEFAULT_FEATURES, namespace: 'solana' })).toEqual(['onramp', 'receive', 'send'])
    expect(walletFeatures({ features: DEFAULT_FEATURES, namespace: 'bip122' })).toEqual(['receive'])
  })

  it('a custom order is honoured, duplicates dropped', () => {
    expect(walletFeatures({ features: on, namespace: 'eip155', available: ALL, order: ['send', 'receive', 'send', 'onramp'] })).toEqual([
      'send',
      'receive',
      'onramp',
    ])
  })
})
