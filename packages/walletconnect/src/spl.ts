/**
 * SPL token transfers built by the light engine (loaded with import() on the first one, so neither
 * the adapter nor the engine chunk grows): the associated token accounts (program-derived addresses:
 * SHA-256 from WebCrypto, the ed25519 on-curve test in BigInt), then one legacy transaction that
 * creates the receiver's account if it is missing (CreateIdempotent) and moves the tokens with
 * TransferChecked — the layouts of the Associated Token Account and Token programs, no program client.
 */
import { base58Decode, base58Encode, compactU16, utf8 } from './codec'

export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
/** Token-2022: the same TransferChecked layout. */
export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'
export const ASSOCIATED_TOKEN_PROGRAM = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL'
const SYSTEM_PROGRAM = '11111111111111111111111111111111'
/** Token program instruction TransferChecked; Associated Token Account program instruction CreateIdempotent. */
const TRANSFER_CHECKED = 12
const CREATE_IDEMPOTENT = 1

const P = 2n ** 255n - 19n
const mod = (a: bigint): bigint => ((a % P) + P) % P
function pow(base: bigint, exp: bigint): bigint {
  let result = 1n
  let b = mod(base)
  for (let e = exp; e > 0n; e >>= 1n) {
    if (e & 1n) result = (result * b) % P
    b = (b * b) % P
  }
  return result
}
/** ed25519's d = −121665/121666 mod p. */
const D = mod(-121665n * pow(121666n, P - 2n))

/**
 * Whether 32 bytes are a point of ed25519, as the runtime decides for a program address
 * (curve25519-dalek's decompress): y (the sign bit cleared, taken mod p) whose x² = (y² − 1)/(d·y² + 1)
 * is a square. A program address must not be one.
 */
export function isOnCurve(bytes: Uint8Array): boolean {
  if (bytes.length !== 32) return false
  let y = 0n
  // Little-endian.
  for (const [i, byte] of bytes.entries()) y |= BigInt(i === 31 ? byte & 0x7f : byte) << BigInt(8 * i)
  const y2 = mod(y * y)
  const x2 = mod((y2 - 1n) * pow(D * y2 + 1n, P - 2n))
  return x2 === 0n || pow(x2, (P - 1n) / 2n) === 1n
}

const key = (address: string): Uint8Array => {
  const bytes = base58Decode(address)
  if (bytes.length !== 32) throw new Error(`Not a Solana address: ${address}`)
  return bytes
}

async function sha256(parts: readonly Uint8Array[]): Promise<Uint8Array> {
  const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    all.set(p, at)
    at += p.length
  }
  return new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', all))
}

/** findProgramAddress: the first SHA-256(seeds ‖ bump ‖ program ‖ 'ProgramDerivedAddress'), bump 255 down, that is off the curve. */
export async function programAddress(seeds: readonly Uint8Array[], program: string): Promise<string> {
  const programKey = key(program)
  const marker = utf8('ProgramDerivedAddress')
  for (let bump = 255; bump >= 0; bump--) {
    const hash = await sha256([...seeds, new Uint8Array([bump]), programKey, marker])
    if (!isOnCurve(hash)) return base58Encode(hash)
  }
  throw new Error('No program address for these seeds')
}

/** The associated token account of `owner` for `mint` under `tokenProgram`. */
export const associatedTokenAddress = (owner: string, mint: string, tokenProgram: string = TOKEN_PROGRAM): Promise<string> =>
  programAddress([key(owner), key(tokenProgram), key(mint)], ASSOCIATED_TOKEN_PROGRAM)

interface AccountMeta {
  address: string
  signer: boolean
  writable: boolean
}
interface Instruction {
  program: string
  accounts: AccountMeta[]
  data: number[]
}

/**
 * An unsigned legacy transaction (wire format) of `instructions`, paid by `feePayer` (its only
 * signer): accounts merged by address, ordered writable signers, read-only signers, writable, read-only.
 */
export function legacyTransaction(feePayer: string, instructions: readonly Instruction[], recentBlockhash: string): Uint8Array {
  const metas = new Map<string, AccountMeta>([[feePayer, { address: feePayer, signer: true, writable: true }]])
  const add = (m: AccountMeta) => {
    const had = metas.get(m.address)
    metas.set(m.address, had ? { address: m.address, signer: had.signer || m.signer, writable: had.writable || m.writable } : { ...m })
  }
  for (const ix of instructions) {
    for (const a of ix.accounts) add(a)
    add({ address: ix.program, signer: false, writable: false })
  }
  const rank = (m: AccountMeta) => (m.signer ? (m.writable ? 0 : 1) : m.writable ? 2 : 3)
  // The fee payer first; then by rank, each rank in first-seen order (Array.prototype.sort is stable).
  const ordered = [...metas.values()].sort((a, b) => (a.address === feePayer ? -1 : b.address === feePayer ? 1 : rank(a) - rank(b)))
  const signers = ordered.filter((m) => m.signer)
  if (signers.length !== 1) throw new Error('Only the fee payer may sign')
  const positions = new Map(ordered.map((m, i) => [m.address, i]))
  // Every program and account of an instruction was added to `metas` above.
  const indexOf = (address: string): number => {
    const at = positions.get(address)
    if (at === undefined) throw new Error(`${address} is not among the message's accounts`)
    return at
  }
  const message = [
    signers.length,
    signers.filter((m) => !m.writable).length,
    ordered.filter((m) => !m.signer && !m.writable).length,
    ...compactU16(ordered.length),
    ...ordered.flatMap((m) => [...key(m.address)]),
    ...key(recentBlockhash),
    ...compactU16(instructions.length),
    ...instructions.flatMap((ix) => [
      indexOf(ix.program),
      ...compactU16(ix.accounts.length),
      ...ix.accounts.map((a) => indexOf(a.address)),
      ...compactU16(ix.data.length),
      ...ix.data,
    ]),
  ]
  return new Uint8Array([...compactU16(signers.length), ...new Array<number>(64 * signers.length).fill(0), ...message])
}

const u64le = (value: bigint): number[] => {
  if (value < 0n || value >= 1n << 64n) throw new Error('amount out of range')
  return Array.from({ length: 8 }, (_, i) => Number((value >> BigInt(8 * i)) & 0xffn))
}

/**
 * The unsigned transfer of `amount` base units of `mint` from `from`'s associated token account to
 * `to`'s, created first when missing (CreateIdempotent, paid by `from`), with TransferChecked.
 */
export async function splTransferTransaction(p: {
  from: string
  to: string
  mint: string
  amount: bigint
  decimals: number
  /** The mint's owner as read from the chain: Token or Token-2022, else it is not a token mint. */
  tokenProgram: unknown
  recentBlockhash: string
}): Promise<Uint8Array> {
  if (p.tokenProgram !== TOKEN_PROGRAM && p.tokenProgram !== TOKEN_2022_PROGRAM)
    throw new Error(`${p.mint} is not a mint of the Token or Token-2022 program`)
  const tokenProgram: string = p.tokenProgram
  if (!Number.isInteger(p.decimals) || p.decimals < 0 || p.decimals > 255) throw new Error(`decimals out of range: ${p.decimals}`)
  const [source, destination] = await Promise.all([
    associatedTokenAddress(p.from, p.mint, tokenProgram),
    associatedTokenAddress(p.to, p.mint, tokenProgram),
  ])
  const create: Instruction = {
    program: ASSOCIATED_TOKEN_PROGRAM,
    accounts: [
      { address: p.from, signer: true, writable: true },
      { address: destination, signer: false, writable: true },
      { address: p.to, signer: false, writable: false },
      { address: p.mint, signer: false, writable: false },
      { address: SYSTEM_PROGRAM, signer: false, writable: false },
      { address: tokenProgram, signer: false, writable: false },
    ],
    data: [CREATE_IDEMPOTENT],
  }
  const transfer: Instruction = {
    program: tokenProgram,
    accounts: [
      { address: source, signer: false, writable: true },
      { address: p.mint, signer: false, writable: false },
      { address: destination, signer: false, writable: true },
      { address: p.from, signer: true, writable: false },
    ],
    data: [TRANSFER_CHECKED, ...u64le(p.amount), p.decimals],
  }
  return legacyTransaction(p.from, [create, transfer], p.recentBlockhash)
}
