/**
 * The networks a catalogue wallet is listed for, per namespace (CAIP-2). A wallet of a namespace
 * matches every chain of it, including the devnet chains 31337/31338 (EVM) and the Solana clusters.
 */
export const NAMESPACE_CHAINS = {
  eip155: [
    'eip155:1',
    'eip155:10',
    'eip155:56',
    'eip155:137',
    'eip155:8453',
    'eip155:42161',
    'eip155:43114',
    'eip155:31337',
    'eip155:31338',
  ],
  solana: ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', 'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z'],
  bip122: ['bip122:000000000019d6689c085ae165831e93'],
  cosmos: ['cosmos:cosmoshub-4'],
  polkadot: ['polkadot:91b171bb158e2d3848fa23a9f1c25182'],
  sui: ['sui:mainnet'],
  stacks: ['stacks:1'],
} as const

export type Namespace = keyof typeof NAMESPACE_CHAINS
export const NAMESPACES = Object.keys(NAMESPACE_CHAINS) as Namespace[]
