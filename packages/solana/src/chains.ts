import type { CaipNetwork } from '@portico/headless'

/** Wallet Standard chain names of the public clusters and their CAIP-2 references (genesis hash, 32 characters). */
export const SOLANA_CLUSTERS = {
  mainnet: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  devnet: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  testnet: '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
} as const

const ALIAS_BY_REF: Record<string, string> = Object.fromEntries(
  Object.entries(SOLANA_CLUSTERS).map(([name, ref]) => [ref, `solana:${name}`]),
)

/** The CAIP-2 reference of a Wallet Standard chain: 'solana:devnet' → 'EtWT…', 'solana:<ref>' → '<ref>'. */
export function chainReference(chain: string): string | undefined {
  if (!chain.startsWith('solana:')) return undefined
  const rest = chain.slice('solana:'.length)
  return (SOLANA_CLUSTERS as Record<string, string>)[rest] ?? (rest || undefined)
}

/** The Wallet Standard chain names that stand for `network` ('solana:<ref>' and, for public clusters, 'solana:devnet' …). */
export function walletChainsOf(network: Pick<CaipNetwork, 'id' | 'caipNetworkId'>): string[] {
  const ref = String(network.caipNetworkId.split(':')[1] ?? network.id)
  const alias = ALIAS_BY_REF[ref]
  return alias ? [alias, `solana:${ref}`] : [`solana:${ref}`]
}

/** Which of the wallet's chains names `network`, if any. */
export function walletChainFor(walletChains: readonly string[], network: Pick<CaipNetwork, 'id' | 'caipNetworkId'>): string | undefined {
  const names = walletChainsOf(network)
  return names.find((n) => walletChains.includes(n))
}
