// Byte helpers shared by the namespace verifiers (verify-*.ts): strict decoders that answer null on
// malformed input instead of throwing, and the hashes the address schemes are built from.
import { ripemd160 } from '@noble/hashes/legacy'
import { sha256 } from '@noble/hashes/sha2'
import { base64 } from '@scure/base'

/** What a namespace verifier says of a signature. */
export type SignatureCheck =
  /** The account signed this message. */
  | 'valid'
  /** Well formed, but not this account's signature of this message. */
  | 'invalid'
  /** The signature (or the address) is not in the namespace's format. */
  | 'malformed'
  /** A signature scheme this server can not verify (e.g. sr25519 on polkadot). */
  | 'unsupported'

export const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text)

export const concatBytes = (...parts: (Uint8Array | number[])[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const part of parts) {
    out.set(part, at)
    at += part.length
  }
  return out
}

export const equalBytes = (a: Uint8Array, b: Uint8Array): boolean => a.length === b.length && a.every((byte, i) => byte === b[i])

/** RIPEMD-160(SHA-256(data)): the key hash of Bitcoin, Cosmos and Stacks addresses. */
export const hash160 = (data: Uint8Array): Uint8Array => ripemd160(sha256(data))

/** Bytes of even-length hex (optionally 0x-prefixed), else null. */
export function hexBytes(text: string, prefix: 'required' | 'optional'): Uint8Array | null {
  const match = (prefix === 'required' ? /^0x((?:[0-9a-fA-F]{2})*)$/ : /^(?:0x)?((?:[0-9a-fA-F]{2})*)$/).exec(text)
  if (!match || match[1] === '') return null
  return new Uint8Array(Buffer.from(match[1] as string, 'hex'))
}

/** Bytes of canonical padded base64 (RFC 4648), else null. */
export function base64Bytes(text: string): Uint8Array | null {
  try {
    return base64.decode(text)
  } catch {
    return null
  }
}

/** Bitcoin's CompactSize length prefix (also the Stacks message prefix's). */
export function compactSize(n: number): number[] {
  if (n < 0xfd) return [n]
  if (n <= 0xffff) return [0xfd, n & 0xff, n >> 8]
  return [0xfe, n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, (n >>> 24) & 0xff]
}
