// Everything the adapter needs from @solana/kit, in one module that the adapter loads with import()
// the first time it signs or sends, so kit stays out of an app's initial load.
import { getBase58Decoder, getBase64Decoder } from '@solana/kit'

export { buildTransferTransaction } from './transfer'
export { associatedTokenAddress, buildTokenTransferTransaction, TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from './spl'
export const base58 = (bytes: Uint8Array): string => getBase58Decoder().decode(bytes)
export const base64 = (bytes: Uint8Array): string => getBase64Decoder().decode(bytes)
