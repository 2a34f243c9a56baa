// The Solana devnet's ledger: a litesvm (in-process SVM) with the transactions it ran, each recorded
// under its first signature in a block (slot) of its own, the blockhashes handed out, and what the
// authority does (airdrops, mints). The JSON-RPC methods (./methods.ts) read and write it; the
// transport (./transport.ts) hears of each transaction to notify its subscribers.
import { createHash } from 'node:crypto'
import {
  type Address,
  address,
  appendTransactionMessageInstructions,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase58Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  getTransactionEncoder,
  type Instruction,
  type KeyPairSigner,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Transaction,
} from '@solana/kit'
import { getCreateAccountInstruction, getTransferSolInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstructionAsync,
  getInitializeMint2Instruction,
  getMintToInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { FailedTransactionMetadata, LiteSVM, type TransactionMetadata } from 'litesvm'
import {
  base58,
  type RawAccount,
  TOKEN_2022_PROGRAM,
  TOKEN_PROGRAM,
  type TransactionErrorJson,
  transactionErrorJson,
  transactionErrorMessage,
} from './encoding.ts'
import { solanaDevSigner } from './keys.ts'
import { RpcError, TX_TYPE } from './params.ts'

/** Lamports per signature charged by litesvm (and mainnet). */
export const LAMPORTS_PER_SIGNATURE = 5000n
export const LAMPORTS_PER_SOL = 1_000_000_000n
/** Blocks a blockhash stays valid for (lastValidBlockHeight = blockHeight + this). */
export const BLOCKHASH_VALIDITY = 150n
/** Seed text of the default genesis hash: base58(sha256(this)). */
export const SOLANA_DEVNET_GENESIS_SEED = 'portico-solana-devnet'
/** Index (m/44'/501'/9'/0' of the devnet mnemonic) of the server's authority: faucet, fee payer, mint authority. */
export const SOLANA_AUTHORITY_INDEX = 9

export interface CreateMintOptions {
  decimals: number
  /** Keypair of the mint account; gives a stable address. @default a fresh random keypair */
  mint?: KeyPairSigner
  /** @default the server's authority */
  mintAuthority?: Address
  freezeAuthority?: Address | null
}

export interface MintToOptions {
  mint: Address
  owner: Address
  /** Base units. */
  amount: bigint
}

export interface TxRecord {
  signature: string
  slot: bigint
  blockTime: number
  err: TransactionErrorJson | null
  logs: string[]
  computeUnits: bigint
  fee: bigint
  wire: Uint8Array
  accountKeys: string[]
  preBalances: bigint[]
  postBalances: bigint[]
  /** The SPL token accounts among accountKeys, before and after (as the RPC's pre/postTokenBalances). */
  preTokenBalances: TokenBalanceRecord[]
  postTokenBalances: TokenBalanceRecord[]
}

/** A token account's balance at one side of a transaction (agave's UiTransactionTokenBalance fields). */
export interface TokenBalanceRecord {
  accountIndex: number
  mint: string
  owner: string
  programId: string
  amount: bigint
  decimals: number
}

/** The fields of kit's compiled (legacy / v0) transaction message that the RPC reports. */
export interface CompiledMessage {
  version: 'legacy' | number
  header: { numSignerAccounts: number; numReadonlySignerAccounts: number; numReadonlyNonSignerAccounts: number }
  staticAccounts: readonly string[]
  lifetimeToken: string
  instructions: readonly { programAddressIndex: number; accountIndices?: readonly number[]; data?: Uint8Array }[]
  addressTableLookups?: readonly { lookupTableAddress: string; readonlyIndexes: readonly number[]; writableIndexes: readonly number[] }[]
}

function defaultGenesisHash(): string {
  return base58(new Uint8Array(createHash('sha256').update(SOLANA_DEVNET_GENESIS_SEED).digest()))
}

export interface LedgerOptions {
  /** Base58 32-byte genesis hash the RPC reports. @default base58(sha256('portico-solana-devnet')) */
  genesisHash?: string
  /** Faucet / fee payer / mint authority. @default Solana dev account 9 of the devnet mnemonic */
  authority?: KeyPairSigner
  /** Lamports the authority starts with. @default 1_000_000 SOL */
  authorityLamports?: bigint
}

/** The ledger as the methods and the transport use it. */
export interface Ledger {
  svm: LiteSVM
  genesisHash: string
  authority: KeyPairSigner
  /** Transactions by their first signature. */
  records: Map<string, TxRecord>
  /** Transactions in the order they ran. */
  history: TxRecord[]
  /** Blockhashes handed out, with the block height they were current at. */
  blockhashes: Map<string, bigint>
  slot(): bigint
  context(): { slot: bigint }
  /** The current blockhash (remembered as handed out) and its last valid block height. */
  latestBlockhash(): { blockhash: string; lastValidBlockHeight: bigint }
  rawAccount(addr: Address): RawAccount | null
  mintDecimals(mint: string): number | undefined
  decodeWire(wire: Uint8Array): { tx: Transaction; message: CompiledMessage; signature: string | undefined }
  /** Executes a wire transaction (after a simulation when `preflight`), records it, advances one slot; resolves with its signature. */
  execute(wire: Uint8Array, preflight: boolean): string
  airdrop(to: Address, amount: bigint): Promise<string>
  createMint(o: CreateMintOptions): Promise<Address>
  mintTo(o: MintToOptions): Promise<Address>
  /** `listener` hears of each transaction once it is recorded. */
  onTransaction(listener: (rec: TxRecord) => void): void
}

/** A fresh ledger: the authority funded, slot 1, one blockhash handed out. */
export async function createLedger(options: LedgerOptions = {}): Promise<Ledger> {
  const svm = new LiteSVM().withBlockhashCheck(false).withTransactionHistory(0n)
  const genesisHash = options.genesisHash ?? defaultGenesisHash()
  if (getBase58Encoder().encode(genesisHash).length !== 32) throw new Error('genesisHash must be base58 of 32 bytes')
  const authority = options.authority ?? (await solanaDevSigner(SOLANA_AUTHORITY_INDEX))
  svm.setAccount({
    address: authority.address,
    lamports: lamports(options.authorityLamports ?? 1_000_000n * LAMPORTS_PER_SOL),
    programAddress: address('11111111111111111111111111111111'),
    executable: false,
    data: new Uint8Array(0),
    space: 0n,
  })
  svm.warpToSlot(1n)

  const records = new Map<string, TxRecord>()
  const history: TxRecord[] = []
  /** Blockhashes handed out, with the block height they were current at. */
  const blockhashes = new Map<string, bigint>()

  const slot = (): bigint => svm.getClock().slot
  const context = () => ({ slot: slot() })
  const latestBlockhash = () => {
    const blockhash = svm.latestBlockhash()
    if (!blockhashes.has(blockhash)) blockhashes.set(blockhash, slot())
    return { blockhash, lastValidBlockHeight: slot() + BLOCKHASH_VALIDITY }
  }
  latestBlockhash()

  const rawAccount = (addr: Address): RawAccount | null => {
    const a = svm.getAccount(addr)
    if (!a.exists) return null
    return { lamports: a.lamports, data: a.data, owner: a.programAddress, executable: a.executable }
  }
  const mintDecimals = (mint: string): number | undefined => {
    const a = svm.getAccount(address(mint))
    return a.exists && a.data.length >= 45 ? a.data[44] : undefined
  }

  const listeners: ((rec: TxRecord) => void)[] = []

  const decodeWire = (wire: Uint8Array) => {
    let tx: Transaction
    let message: CompiledMessage
    try {
      tx = getTransactionDecoder().decode(wire)
      message = getCompiledTransactionMessageDecoder().decode(tx.messageBytes) as unknown as CompiledMessage
    } catch (e) {
      throw new RpcError(-32602, `failed to deserialize ${TX_TYPE}: ${e instanceof Error ? e.message : String(e)}`)
    }
    const firstSignature = Object.values(tx.signatures)[0]
    return { tx, message, signature: firstSignature ? base58(firstSignature) : undefined }
  }

  /** Executes a decoded transaction, records it under its first signature, advances one slot. */
  const execute = (wire: Uint8Array, preflight: boolean): string => {
    const { tx, message, signature } = decodeWire(wire)
    if (!signature || Object.values(tx.signatures).some((s) => s === null)) {
      throw new RpcError(-32003, 'Transaction signature verification failure')
    }
    const known = records.get(signature)
    if (known) return signature
    if (preflight) {
      let sim: ReturnType<LiteSVM['simulateTransaction']>
      try {
        sim = svm.simulateTransaction(tx)
      } catch (e) {
        throw new RpcError(-32003, e instanceof Error ? e.message : 'Transaction signature verification failure')
      }
      if (sim instanceof FailedTransactionMetadata) {
        const err = transactionErrorJson(sim.err())
        const meta = sim.meta()
        throw new RpcError(-32002, `Transaction simulation failed: ${transactionErrorMessage(err)}`, {
          accounts: null,
          err,
          innerInstructions: null,
          logs: meta.logs(),
          replacementBlockhash: null,
          returnData: null,
          unitsConsumed: meta.computeUnitsConsumed(),
        })
      }
    }
    const accountKeys = message.staticAccounts.map(String)
    const balances = () => accountKeys.map((k) => svm.getBalance(address(k)) ?? 0n)
    const tokenBalances = (): TokenBalanceRecord[] => {
      const out: TokenBalanceRecord[] = []
      accountKeys.forEach((k, accountIndex) => {
        const a = rawAccount(address(k))
        if (!a || (a.owner !== TOKEN_PROGRAM && a.owner !== TOKEN_2022_PROGRAM) || a.data.length < 165) return
        const mint = base58(a.data.subarray(0, 32))
        const amount = new DataView(a.data.buffer, a.data.byteOffset).getBigUint64(64, true)
        out.push({
          accountIndex,
          mint,
          owner: base58(a.data.subarray(32, 64)),
          programId: a.owner,
          amount,
          decimals: mintDecimals(mint) ?? 0,
        })
      })
      return out
    }
    const preBalances = balances()
    const preTokenBalances = tokenBalances()
    let result: TransactionMetadata | FailedTransactionMetadata
    try {
      result = svm.sendTransaction(tx)
    } catch (e) {
      throw new RpcError(-32003, e instanceof Error ? e.message : 'Transaction signature verification failure')
    }
    const meta = result instanceof FailedTransactionMetadata ? result.meta() : result
    const err = result instanceof FailedTransactionMetadata ? transactionErrorJson(result.err()) : null
    const postBalances = balances()
    const postTokenBalances = tokenBalances()
    const rec: TxRecord = {
      signature,
      slot: slot(),
      blockTime: Math.floor(Date.now() / 1000),
      err,
      logs: meta.logs(),
      computeUnits: meta.computeUnitsConsumed(),
      // A failed transaction still pays its fee unless it never got that far (payer balance unchanged).
      fee: err && preBalances[0] === postBalances[0] ? 0n : LAMPORTS_PER_SIGNATURE * BigInt(message.header.numSignerAccounts),
      wire: new Uint8Array(wire),
      accountKeys,
      preBalances,
      postBalances,
      preTokenBalances,
      postTokenBalances,
    }
    records.set(signature, rec)
    history.push(rec)
    // Every transaction is its own block: new slot, new blockhash.
    svm.expireBlockhash()
    svm.warpToSlot(rec.slot + 1n)
    latestBlockhash()
    for (const listener of listeners) listener(rec)
    return signature
  }

  /** Builds, signs (authority pays) and executes a transaction; throws when it fails. */
  // One authority transaction at a time: two identical ones built on the same blockhash would share
  // a signature and land once.
  let authorityQueue: Promise<unknown> = Promise.resolve()
  const runAsAuthority = (instructions: Instruction[]): Promise<string> => {
    const run = authorityQueue.then(() => buildAndRunAsAuthority(instructions))
    authorityQueue = run.catch(() => {})
    return run
  }
  const buildAndRunAsAuthority = async (instructions: Instruction[]): Promise<string> => {
    const msg = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(authority, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(latestBlockhash(), m),
      (m) => appendTransactionMessageInstructions(instructions, m),
    )
    const signed = await signTransactionMessageWithSigners(msg)
    const wire = new Uint8Array(getTransactionEncoder().encode(signed))
    const sig = execute(wire, true)
    const rec = records.get(sig)
    if (rec?.err) throw new Error(`Transaction ${sig} failed: ${transactionErrorMessage(rec.err)}`)
    return sig
  }

  const airdrop = (to: Address, amount: bigint) =>
    runAsAuthority([getTransferSolInstruction({ source: authority, destination: to, amount })])

  const createMint = async (o: CreateMintOptions): Promise<Address> => {
    const mint = o.mint ?? (await generateKeyPairSigner())
    const space = 82n
    await runAsAuthority([
      getCreateAccountInstruction({
        payer: authority,
        newAccount: mint,
        lamports: svm.minimumBalanceForRentExemption(space),
        space,
        programAddress: TOKEN_PROGRAM_ADDRESS,
      }),
      getInitializeMint2Instruction({
        mint: mint.address,
        decimals: o.decimals,
        mintAuthority: o.mintAuthority ?? authority.address,
        freezeAuthority: o.freezeAuthority ?? null,
      }),
    ])
    return mint.address
  }

  const mintTo = async (o: MintToOptions): Promise<Address> => {
    const [ata] = await findAssociatedTokenPda({ owner: o.owner, mint: o.mint, tokenProgram: TOKEN_PROGRAM_ADDRESS })
    await runAsAuthority([
      await getCreateAssociatedTokenIdempotentInstructionAsync({ payer: authority, owner: o.owner, mint: o.mint }),
      getMintToInstruction({ mint: o.mint, token: ata, mintAuthority: authority, amount: o.amount }),
    ])
    return ata
  }

  return {
    svm,
    genesisHash,
    authority,
    records,
    history,
    blockhashes,
    slot,
    context,
    latestBlockhash,
    rawAccount,
    mintDecimals,
    decodeWire,
    execute,
    airdrop,
    createMint,
    mintTo,
    onTransaction: (listener) => void listeners.push(listener),
  }
}
