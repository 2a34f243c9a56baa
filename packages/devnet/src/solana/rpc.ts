// A Solana JSON-RPC + websocket server over litesvm (an in-process SVM), enough for @solana/kit and
// @solana/web3.js clients: balances, blockhashes, sending and confirming transactions, SPL token
// accounts. Design notes: /work/shared/notes/local-stack.md §2.
// Three concerns, a module each: the ledger (./ledger.ts: litesvm, the recorded transactions, the
// authority's airdrops and mints), the JSON-RPC methods over it (./methods.ts) and the transport
// (./transport.ts: HTTP, websocket subscriptions, origins and limits).
import type { Address, KeyPairSigner } from '@solana/kit'
import type { LiteSVM } from 'litesvm'
import { type CreateMintOptions, createLedger, type MintToOptions } from './ledger.ts'
import { createMethods } from './methods.ts'
import { startTransport } from './transport.ts'

export type { CreateMintOptions, MintToOptions } from './ledger.ts'
export { LAMPORTS_PER_SIGNATURE, LAMPORTS_PER_SOL, SOLANA_AUTHORITY_INDEX, SOLANA_DEVNET_GENESIS_SEED } from './ledger.ts'
export { isLoopbackOrigin } from './transport.ts'

export interface StartSolanaRpcOptions {
  /** TCP port on 127.0.0.1 for HTTP and websocket. 0 or undefined picks a free port. */
  port?: number
  /** Base58 32-byte genesis hash the RPC reports. @default base58(sha256('portico-solana-devnet')) */
  genesisHash?: string
  /** Faucet / fee payer / mint authority. @default Solana dev account 9 of the devnet mnemonic */
  authority?: KeyPairSigner
  /** Lamports the authority starts with. @default 1_000_000 SOL */
  authorityLamports?: bigint
  /**
   * Browser origins allowed to call the RPC (CORS, and the Origin of websocket handshakes), besides
   * http(s) on 127.0.0.1, localhost and [::1] at any port, which are always allowed. Requests without
   * an Origin (Node clients) are not affected; other origins get 403 and no CORS headers.
   */
  allowedOrigins?: string[]
  /** Largest HTTP body and websocket frame, in bytes; larger bodies get 413, larger frames close the socket (1009). @default 51200 (agave's MAX_REQUEST_BODY_SIZE) */
  maxRequestBytes?: number
  /** Largest requestAirdrop; more gets -32603 'Internal error' as from agave's faucet. @default 1000 SOL */
  maxAirdropLamports?: bigint
  /** Active websocket subscriptions over all sockets; more are refused. @default 10000 */
  maxSubscriptions?: number
  /** Bytes queued for sending on one websocket before the slow reader is disconnected. @default 16 MiB */
  maxBufferedBytesPerSocket?: number
}

export interface SolanaRpcServer {
  rpcUrl: string
  /** Same port as rpcUrl (web3.js v1 users must pass it as `wsEndpoint`). */
  wsUrl: string
  port: number
  genesisHash: string
  /** `solana:<first 32 characters of the genesis hash>` */
  caipNetworkId: string
  /** The server's faucet / fee payer / default mint authority. */
  authority: Address
  /** The underlying litesvm instance (advanced use; bypasses the signature log). */
  svm: LiteSVM
  /** Transfers lamports from the authority (a recorded, confirmable transaction). Returns its signature. */
  airdrop(to: Address, amount: bigint): Promise<string>
  /** Creates and initialises an SPL token mint (Token program); the authority pays. */
  createMint(options: CreateMintOptions): Promise<Address>
  /** Mints to the owner's associated token account (created if missing). Returns that account. */
  mintTo(options: MintToOptions): Promise<Address>
  /** Count of HTTP requests per JSON-RPC method. */
  methodCounts(): Record<string, number>
  stop(): Promise<void>
}

/** Starts the litesvm-backed RPC on 127.0.0.1 (HTTP POST JSON-RPC and websocket on the same port). */
export async function startSolanaRpc(options: StartSolanaRpcOptions = {}): Promise<SolanaRpcServer> {
  const ledger = await createLedger(options)
  const rpc = createMethods(ledger, options)
  const { port, stop } = await startTransport(ledger, rpc, options)
  return {
    rpcUrl: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}`,
    port,
    genesisHash: ledger.genesisHash,
    caipNetworkId: `solana:${ledger.genesisHash.slice(0, 32)}`,
    authority: ledger.authority.address,
    svm: ledger.svm,
    airdrop: ledger.airdrop,
    createMint: ledger.createMint,
    mintTo: ledger.mintTo,
    methodCounts: rpc.methodCounts,
    stop,
  }
}
