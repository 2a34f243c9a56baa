// Message signing of the WalletConnect dev wallet outside EVM and Solana, each with the key its
// address is derived from (accounts.ts): written from each ecosystem's documented scheme.
// - polkadot: ed25519 over the message wrapped in <Bytes>…</Bytes> (polkadot.js signRaw)
// - sui: ed25519 over BLAKE2b-256(intent [3,0,0] ‖ BCS vector<u8>(message)), serialized
//   flag 0x00 ‖ signature ‖ public key, base64 (Sui personal message)
// - cosmos: secp256k1 over SHA-256 of the canonical (sorted, escaped) amino JSON sign doc, or of the
//   protobuf SignDoc for cosmos_signDirect; 64-byte r‖s, base64
// - bip122: ECDSA "Bitcoin Signed Message" (double SHA-256), 65-byte recoverable signature, base64,
//   header 39 + recovery id (BIP-137, native SegWit P2WPKH)
// - stacks: secp256k1 over SHA-256("\x17Stacks Signed Message:\n" ‖ varint length ‖ message),
//   hex r‖s‖v (RSV)
import { ed25519 } from '@noble/curves/ed25519'
import { secp256k1 } from '@noble/curves/secp256k1'
import { blake2b } from '@noble/hashes/blake2'
import { sha256 } from '@noble/hashes/sha2'
import { HDKey } from 'viem/accounts'
import { DEVNET_MNEMONIC } from '../constants.ts'
import { mnemonicToSeed, slip10Ed25519 } from '../solana/keys.ts'
import { WC_WALLET_PATHS } from './accounts.ts'

const enc = new TextEncoder()
const toHex = (b: Uint8Array) => Buffer.from(b).toString('hex')
const toBase64 = (b: Uint8Array) => Buffer.from(b).toString('base64')
const concat = (...parts: (Uint8Array | number[])[]) => new Uint8Array(parts.flatMap((p) => [...p]))

/** Private keys of account `index` in the namespaces signed here (never leave the wallet). */
export interface WcWalletKeys {
  polkadot: Uint8Array
  sui: Uint8Array
  bip122: Uint8Array
  cosmos: Uint8Array
  stacks: Uint8Array
}

export function deriveWcWalletKeys(mnemonic: string = DEVNET_MNEMONIC, index = 0): WcWalletKeys {
  const seed = mnemonicToSeed(mnemonic)
  const secp = (path: string) => {
    const key = HDKey.fromMasterSeed(seed).derive(path).privateKey
    if (!key) throw new Error(`No private key at ${path}`)
    return key
  }
  return {
    polkadot: slip10Ed25519(seed, WC_WALLET_PATHS.polkadot(index)),
    sui: slip10Ed25519(seed, WC_WALLET_PATHS.sui(index)),
    bip122: secp(WC_WALLET_PATHS.bip122(index)),
    cosmos: secp(WC_WALLET_PATHS.cosmos(index)),
    stacks: secp(WC_WALLET_PATHS.stacks(index)),
  }
}

/** Bytes of a message given as 0x-hex (polkadot.js sends hex) or text. */
export function messageBytes(message: string): Uint8Array {
  if (/^0x([0-9a-f]{2})*$/i.test(message)) return new Uint8Array(Buffer.from(message.slice(2), 'hex'))
  return enc.encode(message)
}

// ---- polkadot ------------------------------------------------------------------------------------

const BYTES_OPEN = enc.encode('<Bytes>')
const BYTES_CLOSE = enc.encode('</Bytes>')

/** polkadot.js wraps raw sign payloads in <Bytes>…</Bytes> (unless they already are). */
export function wrapPolkadotBytes(bytes: Uint8Array): Uint8Array {
  const starts = BYTES_OPEN.every((b, i) => bytes[i] === b)
  const ends = BYTES_CLOSE.every((b, i) => bytes[bytes.length - BYTES_CLOSE.length + i] === b)
  return starts && ends ? bytes : concat(BYTES_OPEN, bytes, BYTES_CLOSE)
}

export function polkadotSignMessage(privateKey: Uint8Array, message: string): `0x${string}` {
  return `0x${toHex(ed25519.sign(wrapPolkadotBytes(messageBytes(message)), privateKey))}`
}

// ---- sui -----------------------------------------------------------------------------------------

/** ULEB128, the length prefix of BCS vectors. */
export function uleb128(n: number): number[] {
  const out: number[] = []
  let rest = n
  do {
    const byte = rest & 0x7f
    rest = Math.floor(rest / 128)
    out.push(rest ? byte | 0x80 : byte)
  } while (rest)
  return out
}

/** The digest a Sui personal message signature covers. */
export function suiPersonalMessageDigest(message: Uint8Array): Uint8Array {
  // Intent: scope PersonalMessage (3), version V0 (0), app Sui (0); then BCS vector<u8>.
  return blake2b(concat([3, 0, 0], uleb128(message.length), message), { dkLen: 32 })
}

export function suiSignPersonalMessage(privateKey: Uint8Array, message: Uint8Array): { signature: string; bytes: string } {
  const signature = ed25519.sign(suiPersonalMessageDigest(message), privateKey)
  return { signature: toBase64(concat([0x00], signature, ed25519.getPublicKey(privateKey))), bytes: toBase64(message) }
}

// ---- cosmos --------------------------------------------------------------------------------------

/** JSON with object keys sorted at every level (amino sign bytes). */
export function sortedJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(sortedJson).join(',')}]`
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined)
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${sortedJson(v)}`).join(',')}}`
  }
  return JSON.stringify(value)
}

/** The bytes of an amino sign doc: sorted JSON with &, <, > escaped as the Cosmos SDK does. */
export function aminoSignBytes(signDoc: unknown): Uint8Array {
  const escaped = sortedJson(signDoc).replace(/&/g, '\\u0026').replace(/</g, '\\u003c').replace(/>/g, '\\u003e')
  return enc.encode(escaped)
}

const varint = (n: bigint): number[] => {
  const out: number[] = []
  let rest = n
  do {
    const byte = Number(rest & 0x7fn)
    rest >>= 7n
    out.push(rest ? byte | 0x80 : byte)
  } while (rest)
  return out
}

/** Protobuf SignDoc { body_bytes = 1; auth_info_bytes = 2; chain_id = 3; account_number = 4 }. */
export function directSignBytes(doc: {
  bodyBytes: Uint8Array
  authInfoBytes: Uint8Array
  chainId: string
  accountNumber: bigint
}): Uint8Array {
  const field = (n: number, bytes: Uint8Array) => (bytes.length ? [(n << 3) | 2, ...varint(BigInt(bytes.length)), ...bytes] : [])
  const chain = enc.encode(doc.chainId)
  return concat(
    field(1, doc.bodyBytes),
    field(2, doc.authInfoBytes),
    field(3, chain),
    doc.accountNumber ? [(4 << 3) | 0, ...varint(doc.accountNumber)] : [],
  )
}

export function cosmosSign(privateKey: Uint8Array, signBytes: Uint8Array): { pub_key: { type: string; value: string }; signature: string } {
  const signature = secp256k1.sign(sha256(signBytes), privateKey)
  return {
    pub_key: { type: 'tendermint/PubKeySecp256k1', value: toBase64(secp256k1.getPublicKey(privateKey, true)) },
    signature: toBase64(signature.toCompactRawBytes()),
  }
}

// ---- bip122 --------------------------------------------------------------------------------------

/** Bitcoin's CompactSize length prefix. */
function compactSize(n: number): number[] {
  if (n < 0xfd) return [n]
  if (n <= 0xffff) return [0xfd, n & 0xff, n >> 8]
  return [0xfe, n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, (n >>> 24) & 0xff]
}

export function bitcoinMessageHash(message: string): Uint8Array {
  const magic = enc.encode('Bitcoin Signed Message:\n')
  const body = enc.encode(message)
  return sha256(sha256(concat(compactSize(magic.length), magic, compactSize(body.length), body)))
}

/** BIP-137 signature of a native SegWit (P2WPKH) address, base64. */
export function bitcoinSignMessage(privateKey: Uint8Array, message: string): string {
  const signature = secp256k1.sign(bitcoinMessageHash(message), privateKey)
  return toBase64(concat([39 + signature.recovery], signature.toCompactRawBytes()))
}

// ---- stacks --------------------------------------------------------------------------------------

export function stacksMessageHash(message: string): Uint8Array {
  const prefix = enc.encode('\x17Stacks Signed Message:\n')
  const body = enc.encode(message)
  return sha256(concat(prefix, compactSize(body.length), body))
}

export function stacksSignMessage(privateKey: Uint8Array, message: string): { signature: string; publicKey: string } {
  const signature = secp256k1.sign(stacksMessageHash(message), privateKey)
  return {
    signature: toHex(concat(signature.toCompactRawBytes(), [signature.recovery])),
    publicKey: toHex(secp256k1.getPublicKey(privateKey, true)),
  }
}
