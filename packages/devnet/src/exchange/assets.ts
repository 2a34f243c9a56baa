// The assets an exchange sandbox can send, named by CAIP-19 ids on the chains it is given:
//   native ETH   eip155:<chainId>/slip44:60
//   USDC (ERC-20) eip155:<chainId>/erc20:<token address>        (address matched case-insensitively)
//   native SOL   solana:<genesis reference>/slip44:501
//   USDC (SPL)   solana:<genesis reference>/token:<mint>
// and the amount and recipient parsing every request goes through.
import { formatUnits } from '@portico/protocol/chain'
import { isAddress as isSolanaAddress } from '@solana/kit'
import { getAddress, isAddress as isEvmAddress, type Address } from 'viem'

export type SandboxAsset =
  | { kind: 'evm-native'; caip19: string; chainId: number; symbol: 'ETH'; decimals: 18 }
  | { kind: 'erc20'; caip19: string; chainId: number; symbol: 'USDC'; decimals: 6; token: Address }
  | { kind: 'sol'; caip19: string; network: string; symbol: 'SOL'; decimals: 9 }
  | { kind: 'spl'; caip19: string; network: string; symbol: 'USDC'; decimals: 6; mint: string }

export interface SandboxEvmChain {
  chainId: number
  name?: string
  rpcUrl: string
  /** The chain's USDC (6 decimals, `mint(to, value)` by its owner). Without it only ETH is offered. */
  usdc?: Address
}

export interface SandboxSolanaChain {
  /** `solana:<first 32 characters of the genesis hash>` */
  caipNetworkId: string
  name?: string
  rpcUrl: string
  /** The USDC mint (6 decimals). Without it only SOL is offered. */
  usdcMint?: string
}

/** Every asset the sandbox sends on the given chains, by lower-cased CAIP-19 id. */
export function sandboxAssets(evm: readonly SandboxEvmChain[], solana: SandboxSolanaChain | undefined): Map<string, SandboxAsset> {
  const assets = new Map<string, SandboxAsset>()
  const add = (asset: SandboxAsset) => assets.set(asset.caip19.toLowerCase(), asset)
  for (const chain of evm) {
    add({ kind: 'evm-native', caip19: `eip155:${chain.chainId}/slip44:60`, chainId: chain.chainId, symbol: 'ETH', decimals: 18 })
    if (chain.usdc) {
      const token = getAddress(chain.usdc)
      add({ kind: 'erc20', caip19: `eip155:${chain.chainId}/erc20:${token}`, chainId: chain.chainId, symbol: 'USDC', decimals: 6, token })
    }
  }
  if (solana) {
    add({ kind: 'sol', caip19: `${solana.caipNetworkId}/slip44:501`, network: solana.caipNetworkId, symbol: 'SOL', decimals: 9 })
    if (solana.usdcMint) {
      // A base58 mint is case-sensitive: it is kept as given and only the key is lower-cased.
      add({
        kind: 'spl',
        caip19: `${solana.caipNetworkId}/token:${solana.usdcMint}`,
        network: solana.caipNetworkId,
        symbol: 'USDC',
        decimals: 6,
        mint: solana.usdcMint,
      })
    }
  }
  return assets
}

/** The CAIP-2 network of an asset. */
export function assetNetwork(asset: SandboxAsset): string {
  return asset.kind === 'evm-native' || asset.kind === 'erc20' ? `eip155:${asset.chainId}` : asset.network
}

/** A base58 SPL mint is case-sensitive: look it up exactly after the case-insensitive match. */
export function findAsset(assets: ReadonlyMap<string, SandboxAsset>, caip19: string): SandboxAsset | undefined {
  const asset = assets.get(caip19.toLowerCase())
  if (asset?.kind === 'spl' && asset.caip19 !== caip19) return undefined
  return asset
}

const DECIMAL = /^(\d{1,30})(?:\.(\d{1,60}))?$/

/**
 * A positive decimal amount in base units of `decimals`, digits past `decimals` dropped (an
 * exchange never sends more than was asked). Undefined for anything else, or for an amount that is 0
 * in base units.
 */
export function parseAmount(value: string, decimals: number): bigint | undefined {
  const match = DECIMAL.exec(value)
  if (!match) return undefined
  const whole = match[1] as string
  const fraction = (match[2] ?? '').slice(0, decimals).padEnd(decimals, '0')
  const units = BigInt(whole + fraction)
  return units > 0n ? units : undefined
}

/** Base units as a decimal string without trailing zeros (`1500000`, 6 → `1.5`). */
export { formatUnits }

/**
 * The recipient's address when `recipient` is a CAIP-10 account on the asset's network
 * (`eip155:31337:0x…`, `solana:<ref>:<base58>`), else undefined.
 */
export function recipientAddress(asset: SandboxAsset, recipient: string): string | undefined {
  const network = assetNetwork(asset)
  if (!recipient.startsWith(`${network}:`)) return undefined
  const address = recipient.slice(network.length + 1)
  if (asset.kind === 'evm-native' || asset.kind === 'erc20')
    return /^0x[0-9a-fA-F]{40}$/.test(address) && isEvmAddress(address, { strict: false }) ? getAddress(address) : undefined
  return /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(address) && isSolanaAddress(address) ? address : undefined
}
