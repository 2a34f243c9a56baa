import { createPublicClient, defineChain, getAddress, http, isAddress, type Address, type PublicClient } from 'viem'
import { normalize } from 'viem/ens'
import { caipNetworkId, type ChainConfig, type EnsConfig } from '../config.ts'
import { ChainRpcError } from '../errors.ts'

/** A chain with an ENS deployment. */
export type EnsChain = ChainConfig & { ens: EnsConfig }

/** An address's ENS primary name, with its avatar when the `avatar` record is an http(s) or data URL. */
export type EnsName = { name: string; avatar: string | null }

/** What an ENS name resolves to. */
export type EnsRecord = {
  /** The normalised name. */
  name: string
  /**
   * Coin type (decimal string) → address: '60' (ENSIP-9) and each coin type asked for (ENSIP-11,
   * 0x80000000 | chainId); a coin type without its own record gets the '60' address.
   */
  addresses: Record<string, Address>
  /** The `avatar` text record when it is an http(s) or data URL. */
  avatar: string | null
}

/** ENS lookups on one chain. A chain that can not be asked is a ChainRpcError (502). */
export interface EnsProvider {
  /** The primary name of `address` (ENSIP-19 reverse record, checked forward), null when none. */
  getName(chain: EnsChain, address: Address): Promise<EnsName | null>
  /**
   * The addresses and avatar of the normalised `name` (coin type 60 and `coinTypes`), null when it
   * resolves to no address.
   */
  resolveName(chain: EnsChain, name: string, coinTypes: readonly number[]): Promise<EnsRecord | null>
}

/** How long an ENS answer is reused (SPEC §9: ENS and identity 5 min). */
export const ENS_CACHE_TTL_MS = 5 * 60_000
/** Per-request timeout of ENS reads: short, so an unreachable chain answers 502 soon. */
export const DEFAULT_ENS_TIMEOUT_MS = 5_000
/** Most answers kept at once; the oldest go first. */
const MAX_CACHE_ENTRIES = 10_000

/** The avatar record as an image URL the client can load itself, else null (NFT avatars and IPFS are not resolved). */
export function avatarUrl(record: string | null | undefined): string | null {
  if (!record) return null
  const value = record.trim()
  if (value.length > 100_000) return null
  return /^(https?:\/\/[^\s]+|data:image\/[^\s]+)$/i.test(value) ? value : null
}

/** The name when it is ENS-normalised (ENSIP-15), else null. */
export function normalizedEnsName(name: string): string | null {
  try {
    return normalize(name) === name ? name : null
  } catch {
    return null
  }
}

/**
 * ENS read with viem over each chain's JSON-RPC, through the chain's universal resolver
 * (getEnsName, getEnsAddress, getEnsText); answers cached ENS_CACHE_TTL_MS (failures are not).
 */
export function createRpcEnsProvider(options: { timeoutMs?: number; cacheTtlMs?: number; now?: () => number } = {}): EnsProvider {
  const ttl = options.cacheTtlMs ?? ENS_CACHE_TTL_MS
  const now = options.now ?? Date.now
  const clients = new Map<string, PublicClient>()
  const cache = new Map<string, { expires: number; value: unknown }>()

  const clientFor = (chain: EnsChain): PublicClient => {
    const key = `${chain.chainId}|${chain.rpcUrl}|${chain.ens.universalResolver}`
    let client = clients.get(key)
    if (client === undefined) {
      const viemChain = defineChain({
        id: chain.chainId,
        name: chain.name,
        nativeCurrency: chain.nativeCurrency,
        rpcUrls: { default: { http: [chain.rpcUrl] } },
        contracts: {
          ensUniversalResolver: { address: chain.ens.universalResolver },
          ...(chain.ens.registry ? { ensRegistry: { address: chain.ens.registry } } : {}),
        },
      })
      client = createPublicClient({
        chain: viemChain,
        transport: http(chain.rpcUrl, { retryCount: 0, timeout: options.timeoutMs ?? DEFAULT_ENS_TIMEOUT_MS }),
      }) as PublicClient
      clients.set(key, client)
    }
    return client
  }

  async function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = cache.get(key)
    if (hit !== undefined && hit.expires > now()) return hit.value as T
    const value = await load()
    cache.delete(key)
    if (cache.size >= MAX_CACHE_ENTRIES) {
      const oldest = cache.keys().next()
      if (!oldest.done) cache.delete(oldest.value)
    }
    cache.set(key, { expires: now() + ttl, value })
    return value
  }

  async function ask<T>(chain: EnsChain, read: () => Promise<T>): Promise<T> {
    try {
      return await read()
    } catch (cause) {
      throw new ChainRpcError(caipNetworkId(chain), cause)
    }
  }

  return {
    getName(chain, address) {
      return cached(`${chain.chainId}|name|${address.toLowerCase()}`, async () => {
        const client = clientFor(chain)
        const found = await ask(chain, () => client.getEnsName({ address }))
        const name = found === null ? null : normalizedEnsName(found)
        if (name === null) return null
        const avatar = await ask(chain, () => client.getEnsText({ name, key: 'avatar' }))
        return { name, avatar: avatarUrl(avatar) } satisfies EnsName
      })
    },
    resolveName(chain, name, coinTypes) {
      const types = [...new Set(coinTypes)].filter((t) => t !== 60).sort((a, b) => a - b)
      return cached(`${chain.chainId}|resolve|${name}|${types.join(',')}`, async () => {
        const client = clientFor(chain)
        const [eth, perType, avatar] = await Promise.all([
          ask(chain, () => client.getEnsAddress({ name })),
          Promise.all(types.map((coinType) => ask(chain, () => client.getEnsAddress({ name, coinType: BigInt(coinType) })))),
          ask(chain, () => client.getEnsText({ name, key: 'avatar' })),
        ])
        const addresses: Record<string, Address> = {}
        if (eth !== null && isAddress(eth, { strict: false })) addresses['60'] = getAddress(eth)
        for (const [i, coinType] of types.entries()) {
          const found = perType[i]
          const address = found && isAddress(found, { strict: false }) ? getAddress(found) : addresses['60']
          if (address !== undefined) addresses[String(coinType)] = address
        }
        if (Object.keys(addresses).length === 0) return null
        return { name, addresses, avatar: avatarUrl(avatar) } satisfies EnsRecord
      })
    },
  }
}
