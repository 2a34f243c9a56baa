import { createPublicKey, type KeyObject, verify } from 'node:crypto'
import { getBase58Encoder } from '@solana/kit'

export { isOfflineChain, isOfflineNamespace, type OfflineNamespace, type SignatureCheck, verifyNamespaceSignature } from './namespaces.ts'

/** The public Solana clusters (CAIP-2), accepted besides the configured Solana chain. */
export const SOLANA_CLUSTERS = [
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
] as const

const BASE58 = /^[1-9A-HJ-NP-Za-km-z]+$/

/** The bytes of a base58 text, or null when it is not base58. */
export function base58Bytes(text: string): Uint8Array | null {
  if (!BASE58.test(text)) return null
  try {
    return new Uint8Array(getBase58Encoder().encode(text))
  } catch {
    return null
  }
}

/**
 * Whether `signature` (base58, 64 bytes) is the ed25519 signature of the UTF-8 `message` by the
 * Solana account `address` (base58 of its 32-byte public key). Null when either is malformed.
 */
export function verifySolanaMessage(address: string, message: string, signature: string): boolean | null {
  const publicKey = base58Bytes(address)
  const sig = base58Bytes(signature)
  if (publicKey === null || publicKey.length !== 32 || sig === null || sig.length !== 64) return null
  let key: KeyObject
  try {
    key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(publicKey).toString('base64url') }, format: 'jwk' })
  } catch {
    return null
  }
  return verify(null, Buffer.from(message, 'utf8'), key, Buffer.from(sig))
}

/**
 * Whether a sign-in message's `domain` (an RFC 3986 authority: host or host:port) is the host of
 * one of the allowed origin rules (cors.ts: `*` stands for one run of letters, digits and hyphens).
 */
export function domainMatcher(originRules: readonly string[]): (domain: string) => boolean {
  const escapeRegExp = (text: string) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&')
  const patterns = originRules.map((rule) => {
    const authority = rule.replace(/^[a-zA-Z][a-zA-Z0-9+.-]*:\/\//, '').replace(/\/.*$/, '')
    return new RegExp(`^${authority.split('*').map(escapeRegExp).join('[A-Za-z0-9-]+')}$`, 'i')
  })
  return (domain) => patterns.some((pattern) => pattern.test(domain))
}
