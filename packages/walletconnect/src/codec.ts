/**
 * Byte codecs and the one Solana transaction the engine builds (a native SOL transfer), written
 * here so the engine needs neither @solana/kit nor another adapter. Loaded with the engine only.
 */

const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

export function base58Encode(bytes: Uint8Array): string {
  let n = 0n
  for (const b of bytes) n = (n << 8n) | BigInt(b)
  let out = ''
  while (n > 0n) {
    out = B58[Number(n % 58n)] + out
    n /= 58n
  }
  for (const b of bytes) {
    if (b !== 0) break
    out = `1${out}`
  }
  return out
}

export function base58Decode(text: string): Uint8Array {
  let n = 0n
  for (const c of text) {
    const v = B58.indexOf(c)
    if (v < 0) throw new Error(`Invalid base58 character ${JSON.stringify(c)}`)
    n = n * 58n + BigInt(v)
  }
  const body: number[] = []
  while (n > 0n) {
    body.unshift(Number(n & 0xffn))
    n >>= 8n
  }
  let zeros = 0
  while (text[zeros] === '1') zeros++
  return new Uint8Array([...new Array<number>(zeros).fill(0), ...body])
}

export function base64Encode(bytes: Uint8Array): string {
  let binary = ''
  for (const b of bytes) binary += String.fromCharCode(b)
  return btoa(binary)
}

export const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text)

/** Solana's compact-u16 length prefix (1–3 bytes, 7 bits each, little end first). */
export function compactU16(n: number): number[] {
  if (!Number.isInteger(n) || n < 0 || n > 0xffff) throw new Error('compact-u16 out of range')
  const out: number[] = []
  let rest = n
  for (;;) {
    const low = rest & 0x7f
    rest >>= 7
    if (rest === 0) {
      out.push(low)
      return out
    }
    out.push(low | 0x80)
  }
}

const SYSTEM_PROGRAM = new Uint8Array(32)
const TRANSFER = 2

const u64le = (value: bigint): number[] => {
  if (value < 0n || value >= 1n << 64n) throw new Error('lamports out of range')
  return Array.from({ length: 8 }, (_, i) => Number((value >> BigInt(8 * i)) & 0xffn))
}

const key = (address: string): Uint8Array => {
  const bytes = base58Decode(address)
  if (bytes.length !== 32) throw new Error(`Not a Solana address: ${address}`)
  return bytes
}

/**
 * An unsigned legacy transaction (wire format) moving `lamports` from `from` (fee payer and only
 * signer) to `to` with the System Program's Transfer instruction.
 */
export function solanaTransferTransaction(from: string, to: string, lamports: bigint, recentBlockhash: string): Uint8Array {
  const self = from === to
  const keys = self ? [key(from), SYSTEM_PROGRAM] : [key(from), key(to), SYSTEM_PROGRAM]
  const blockhash = key(recentBlockhash)
  const program = keys.length - 1
  const data = [TRANSFER, 0, 0, 0, ...u64le(lamports)]
  const message = [
    // header: 1 signature; 0 read-only signed; 1 read-only unsigned (the System Program)
    1,
    0,
    1,
    ...compactU16(keys.length),
    ...keys.flatMap((k) => [...k]),
    ...blockhash,
    ...compactU16(1),
    program,
    ...compactU16(2),
    0,
    self ? 0 : 1,
    ...compactU16(data.length),
    ...data,
  ]
  // One empty signature slot for the fee payer, then the message.
  return new Uint8Array([...compactU16(1), ...new Array<number>(64).fill(0), ...message])
}
