// cosmos: ADR-036 arbitrary-message signing (Keplr's signArbitrary; cosmos_signAmino over
// WalletConnect) — secp256k1 over SHA-256 of the canonical amino JSON of a sign doc holding one
// MsgSignData { signer, data: base64(message) }. The client sends only the 64-byte r‖s (base64):
// the public key is recovered (both recovery ids) and must derive the bech32 address.
import { secp256k1 } from '@noble/curves/secp256k1'
import { sha256 } from '@noble/hashes/sha2'
import { bech32 } from '@scure/base'
import { base64Bytes, equalBytes, hash160, utf8, type SignatureCheck } from './bytes.ts'

/** JSON with object keys sorted at every level. */
function sortedJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(sortedJson).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${sortedJson(v)}`).join(',')}}`
  }
  return JSON.stringify(value)
}

/** The ADR-036 sign doc of a message (as @portico/walletconnect's adr036SignDoc builds it). */
export function adr036SignDoc(signer: string, message: string) {
  return {
    chain_id: '',
    account_number: '0',
    sequence: '0',
    fee: { gas: '0', amount: [] },
    msgs: [{ type: 'sign/MsgSignData', value: { signer, data: Buffer.from(message, 'utf8').toString('base64') } }],
    memo: '',
  }
}

/** The amino sign bytes: sorted JSON with &, <, > escaped as the Cosmos SDK does. */
export function adr036SignBytes(signer: string, message: string): Uint8Array {
  return utf8(sortedJson(adr036SignDoc(signer, message)).replace(/&/g, '\\u0026').replace(/</g, '\\u003c').replace(/>/g, '\\u003e'))
}

/** The 20-byte key hash of a bech32 account address (any prefix), else null. */
export function cosmosKeyHash(address: string): Uint8Array | null {
  if (address !== address.toLowerCase()) return null
  try {
    const { words } = bech32.decode(address as `${string}1${string}`, 90)
    const bytes = bech32.fromWords(words)
    return bytes.length === 20 ? bytes : null
  } catch {
    return null
  }
}

export function verifyCosmosSignature(address: string, message: string, signature: string): SignatureCheck {
  const keyHash = cosmosKeyHash(address)
  const sig = base64Bytes(signature)
  if (keyHash === null || sig === null || sig.length !== 64) return 'malformed'
  let compact: ReturnType<typeof secp256k1.Signature.fromCompact>
  try {
    compact = secp256k1.Signature.fromCompact(sig)
  } catch {
    return 'malformed'
  }
  const digest = sha256(adr036SignBytes(address, message))
  for (const recovery of [0, 1]) {
    try {
      const publicKey = compact.addRecoveryBit(recovery).recoverPublicKey(digest).toRawBytes(true)
      if (equalBytes(hash160(publicKey), keyHash)) return 'valid'
    } catch {
      // No point for this recovery id.
    }
  }
  return 'invalid'
}
