import { ERRORS, PorticoError } from '../errors'
import type { CaipAddress, CaipNetworkId, ChainNamespace } from '../types'

const parts = (value: unknown): string[] | null =>
  typeof value === 'string' && value.length > 0 ? value.split(':') : null

/** SPEC §5: a CAIP address has exactly 3 colon-separated, non-empty parts. */
export function isCaipAddress(value: unknown): value is CaipAddress {
  const p = parts(value)
  return p !== null && p.length === 3 && p.every((s) => s.length > 0)
}

/** SPEC §5: a CAIP network id has exactly 2 colon-separated, non-empty parts. */
export function isCaipNetworkId(value: unknown): value is CaipNetworkId {
  const p = parts(value)
  return p !== null && p.length === 2 && p.every((s) => s.length > 0)
}

export interface ParsedCaipAddress {
  namespace: ChainNamespace
  chainId: string
  address: string
  caipNetworkId: CaipNetworkId
}

/** Splits 'eip155:1:0xabc' into its parts; throws 'Invalid CAIP address' otherwise. */
export function parseCaipAddress(value: string): ParsedCaipAddress {
  if (!isCaipAddress(value)) throw new PorticoError(ERRORS.invalidCaipAddress)
  const [namespace, chainId, address] = value.split(':') as [string, string, string]
  return { namespace: namespace as ChainNamespace, chainId, address, caipNetworkId: `${namespace}:${chainId}` }
}

/** Splits 'eip155:1' into namespace and reference; throws 'Invalid CAIP network id' otherwise. */
export function parseCaipNetworkId(value: string): { namespace: ChainNamespace; reference: string } {
  if (!isCaipNetworkId(value)) throw new PorticoError(ERRORS.invalidCaipNetworkId)
  const [namespace, reference] = value.split(':') as [string, string]
  return { namespace: namespace as ChainNamespace, reference }
}

/** 'eip155:1' + '0xabc' → 'eip155:1:0xabc'. */
export function toCaipAddress(caipNetworkId: CaipNetworkId, address: string): CaipAddress {
  return `${caipNetworkId}:${address}` as CaipAddress
}
