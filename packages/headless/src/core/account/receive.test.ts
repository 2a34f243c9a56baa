import { describe, expect, it } from 'vitest'
import { ADDRESS, SOL_ADDRESS, base, mainnet, solana } from '../test-utils'
import type { CaipNetwork } from '../types'
import { receiveNetworks, receivePayload } from './receive'

const devnet: CaipNetwork = {
  ...solana,
  id: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  caipNetworkId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  name: 'Solana Devnet',
}

describe('receivePayload', () => {
  it.each<[string, string, Pick<CaipNetwork, 'id' | 'chainNamespace'> | undefined, string]>([
    ['EVM mainnet: EIP-681 with the chain id', ADDRESS, mainnet, `ethereum:${ADDRESS}@1`],
    ['EVM Base', ADDRESS, base, `ethereum:${ADDRESS}@8453`],
    ['Solana: the bare address', SOL_ADDRESS, solana, SOL_ADDRESS],
    [
      'bip122: the bare address',
      'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      { id: '000000000019d6689c085ae165831e93', chainNamespace: 'bip122' },
      'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    ],
    ['no network: the bare address', ADDRESS, undefined, ADDRESS],
  ])('%s', (_name, address, network, expected) => {
    expect(receivePayload(address, network)).toBe(expected)
  })
})

describe('receiveNetworks: the app networks of the account namespace, in the app order', () => {
  const networks = [mainnet, solana, base, devnet]
  it.each<[string, Parameters<typeof receiveNetworks>[1], string[]]>([
    ['eip155', 'eip155', ['Ethereum', 'Base']],
    ['solana', 'solana', ['Solana', 'Solana Devnet']],
    ['a namespace the app has no network of', 'cosmos', []],
    ['no namespace', undefined, []],
  ])('%s', (_name, namespace, expected) => {
    expect(receiveNetworks(networks, namespace).map((n) => n.name)).toEqual(expected)
  })
})
