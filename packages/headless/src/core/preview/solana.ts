/**
 * Solana transfers from a wire transaction (base64, as wallets pass it, or its bytes): SOL system
 * transfers and SPL Token Transfer / TransferChecked, read with @solana/kit's codecs and the
 * programs' own instruction parsers. Other instructions show their program.
 */
import { identifySystemInstruction, parseTransferSolInstruction, SYSTEM_PROGRAM_ADDRESS, SystemInstruction } from '@solana-program/system'
import {
  identifyTokenInstruction,
  parseTransferCheckedInstruction,
  parseTransferInstruction,
  TOKEN_PROGRAM_ADDRESS,
  TokenInstruction,
} from '@solana-program/token'
import {
  decompileTransactionMessage,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  type Instruction,
} from '@solana/kit'
import type { SolanaInstructionPreview, SolanaTransactionPreview } from './types'

type FullInstruction = Parameters<typeof parseTransferSolInstruction>[0]

function decodeInstruction(ix: Instruction): SolanaInstructionPreview {
  const program = ix.programAddress as string
  const full = ix as FullInstruction
  try {
    if (program === SYSTEM_PROGRAM_ADDRESS && ix.data && identifySystemInstruction(ix.data) === SystemInstruction.TransferSol) {
      const p = parseTransferSolInstruction(full)
      return {
        kind: 'solTransfer',
        source: p.accounts.source.address,
        destination: p.accounts.destination.address,
        lamports: p.data.amount,
      }
    }
    if (program === TOKEN_PROGRAM_ADDRESS && ix.data) {
      const which = identifyTokenInstruction(ix.data)
      if (which === TokenInstruction.Transfer) {
        const p = parseTransferInstruction(full)
        return {
          kind: 'splTransfer',
          source: p.accounts.source.address,
          destination: p.accounts.destination.address,
          authority: p.accounts.authority.address,
          amount: p.data.amount,
        }
      }
      if (which === TokenInstruction.TransferChecked) {
        const p = parseTransferCheckedInstruction(full)
        return {
          kind: 'splTransferChecked',
          source: p.accounts.source.address,
          mint: p.accounts.mint.address,
          destination: p.accounts.destination.address,
          authority: p.accounts.authority.address,
          amount: p.data.amount,
          decimals: p.data.decimals,
        }
      }
    }
  } catch {
    // Bytes that look like a transfer but do not parse: shown as an instruction of its program.
  }
  return { kind: 'solanaInstruction', program }
}

/**
 * A wire transaction's instructions. A v0 transaction whose accounts come from address lookup tables
 * can not be read without them: it throws (the caller shows the request as unknown).
 */
export function decodeSolanaTransaction(wire: string | Uint8Array): SolanaTransactionPreview {
  const bytes = typeof wire === 'string' ? getBase64Encoder().encode(wire) : wire
  const tx = getTransactionDecoder().decode(bytes)
  const compiled = getCompiledTransactionMessageDecoder().decode(tx.messageBytes)
  const message = decompileTransactionMessage(compiled)
  return {
    kind: 'solanaTransaction',
    feePayer: message.feePayer.address,
    instructions: (message.instructions as readonly Instruction[]).map((ix) => decodeInstruction(ix)),
    flags: [],
  }
}
