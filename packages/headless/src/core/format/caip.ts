import { ERRORS, PorticoError } from '../errors'
import { CHAIN_NAMESPACES, type CaipAddress, type CaipNetworkId, type ChainNamespace } from '../types'

const NAMESPACES: ReadonlySet<string> = new Set(CHAIN_NAMESPACES)

/** Whether `value` is one of the seven chain namespaces Portico knows (exact, lower case). */
const isChainNamespace = (value: string): value is ChainNamespace => NAMESPACES.has(value)

/** The colon-separated parts of a string with exactly `count` non-empty parts and a known namespace. */
function parts(value: unknown, count: number): string[] | null {
  if (typeof value !== 'string' || value.length === 0) return null
  const p = value.split(':')
  const [namespace] = p
  return p.length === count && p.every((s) => s.length > 0) && namespace !== undefined && isChainNamespace(namespace) ? p : null
}

/**
 * SPEC §5: a CAIP address has exactly 3 colon-separated, non-empty parts; its namespace is one of
 * CHAIN_NAMESPACES ('eip155:1:0xabc' yes, 'dogecoin:1:abc' no).
 */
export function isCaipAddress(value: unknown): value is CaipAddress {
  return parts(value, 3) !== null
}

/**
 * SPEC §5: a CAIP network id has exactly 2 colon-separated, non-empty parts; its namespace is one
 * of CHAIN_NAMESPACES ('eip155:1' yes, 'dogecoin:1' no).
 */
export function isCaipNetworkId(value: unknown): value is CaipNetworkId {
  return parts(value, 2) !== null
}

export interface ParsedCaipAddress {
  namespace: ChainNamespace
  chainId: string
  address: string
  caipNetworkId: CaipNetworkId
}

/** Splits 'eip155:1:0xabc' into its parts; throws 'Invalid CAIP address' otherwise (an unknown namespace too). */
export function parseCaipAddress(value: string): ParsedCaipAddress {
  if (!isCaipAddress(value)) throw new PorticoError(ERRORS.invalidCaipAddress)
  const [namespace, chainId, address] = value.split(':') as [string, string, string]
  return { namespace: namespace as ChainNamespace, chainId, address, caipNetworkId: `${namespace}:${chainId}` }
}

/** Splits 'eip155:1' into namespace and reference; throws 'Invalid CAIP network id' otherwise (an unknown namespace too). */
export function parseCaipNetworkId(value: string): { namespace: ChainNamespace; reference: string } {
  if (!isCaipNetworkId(value)) throw new PorticoError(ERRORS.invalidCaipNetworkId)
  const [namespace, reference] = value.split(':') as [string, string]
  return { namespace: namespace as ChainNamespace, reference }
}

/** 'eip155:1' + '0xabc' → 'eip155:1:0xabc'. */
export function toCaipAddress(caipNetworkId: CaipNetworkId, address: string): CaipAddress {
  return `${caipNetworkId}:${address}` as CaipAddress
}
