// A Solana JSON-RPC + websocket server over litesvm (an in-process SVM), enough for @solana/kit and
// @solana/web3.js clients: balances, blockhashes, sending and confirming transactions, SPL token
// accounts. Design notes: /work/shared/notes/local-stack.md §2.
import { createHash } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import {
  type Address,
  address,
  appendTransactionMessageInstructions,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase58Encoder,
  getBase64Encoder,
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
import { WebSocket, WebSocketServer } from 'ws'
import {
  type AccountEncoding,
  accountJson,
  base58,
  base64,
  type RawAccount,
  stringifyJson,
  TOKEN_2022_PROGRAM,
  TOKEN_PROGRAM,
  tokenAmountJson,
  type TransactionErrorJson,
  transactionErrorJson,
  transactionErrorMessage,
} from './encoding.ts'
import { solanaDevSigner } from './keys.ts'

/** Lamports per signature charged by litesvm (and mainnet). */
export const LAMPORTS_PER_SIGNATURE = 5000n
export const LAMPORTS_PER_SOL = 1_000_000_000n
/** Blocks a blockhash stays valid for (lastValidBlockHeight = blockHeight + this). */
const BLOCKHASH_VALIDITY = 150n
/** Seed text of the default genesis hash: base58(sha256(this)). */
export const SOLANA_DEVNET_GENESIS_SEED = 'portico-solana-devnet'
/** Index (m/44'/501'/9'/0' of the devnet mnemonic) of the server's authority: faucet, fee payer, mint authority. */
export const SOLANA_AUTHORITY_INDEX = 9

export interface StartSolanaRpcOptions {
  /** TCP port on 127.0.0.1 for HTTP and websocket. 0 or undefined picks a free port. */
  port?: number
  /** Base58 32-byte genesis hash the RPC reports. @default base58(sha256('portico-solana-devnet')) */
  genesisHash?: string
  /** Faucet / fee payer / mint authority. @default Solana dev account 9 of the devnet mnemonic */
  authority?: KeyPairSigner
  /** Lamports the authority starts with. @default 1_000_000 SOL */
  authorityLamports?: bigint
}

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

interface TxRecord {
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
}

/** The fields of kit's compiled (legacy / v0) transaction message that the RPC reports. */
interface CompiledMessage {
  version: 'legacy' | number
  header: { numSignerAccounts: number; numReadonlySignerAccounts: number; numReadonlyNonSignerAccounts: number }
  staticAccounts: readonly string[]
  lifetimeToken: string
  instructions: readonly { programAddressIndex: number; accountIndices?: readonly number[]; data?: Uint8Array }[]
  addressTableLookups?: readonly { lookupTableAddress: string; readonlyIndexes: readonly number[]; writableIndexes: readonly number[] }[]
}

class RpcError extends Error {
  readonly code: number
  readonly data: unknown
  constructor(code: number, message: string, data?: unknown) {
    super(message)
    this.code = code
    this.data = data
  }
}

const invalidParams = (message: string) => new RpcError(-32602, `Invalid params: ${message}`)
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

function defaultGenesisHash(): string {
  return base58(new Uint8Array(createHash('sha256').update(SOLANA_DEVNET_GENESIS_SEED).digest()))
}

function parseAddress(v: unknown, what = 'address'): Address {
  if (typeof v !== 'string') throw invalidParams(`${what} must be a base58 string`)
  try {
    return address(v)
  } catch {
    throw invalidParams(`invalid ${what}: ${v}`)
  }
}

function configOf(v: unknown): Record<string, unknown> {
  return isRecord(v) ? v : {}
}

/** Starts the litesvm-backed RPC on 127.0.0.1 (HTTP POST JSON-RPC and websocket on the same port). */
export async function startSolanaRpc(options: StartSolanaRpcOptions = {}): Promise<SolanaRpcServer> {
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
  const counts: Record<string, number> = {}
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

  // ---- websocket subscriptions -------------------------------------------------------------
  interface SigSub {
    socket: WebSocket
    id: number
  }
  const sigSubs = new Map<string, SigSub[]>()
  const slotSubs = new Map<number, WebSocket>()
  let nextSubId = 1
  const wsSend = (socket: WebSocket, payload: unknown) => {
    if (socket.readyState === WebSocket.OPEN) socket.send(stringifyJson(payload))
  }
  const notifySignature = (sub: SigSub, rec: TxRecord) =>
    wsSend(sub.socket, {
      jsonrpc: '2.0',
      method: 'signatureNotification',
      params: { result: { context: { slot: rec.slot }, value: { err: rec.err } }, subscription: sub.id },
    })

  // ---- transactions ---------------------------------------------------------------------------
  const decodeWire = (wire: Uint8Array) => {
    let tx: Transaction
    let message: CompiledMessage
    try {
      tx = getTransactionDecoder().decode(wire)
      message = getCompiledTransactionMessageDecoder().decode(tx.messageBytes) as unknown as CompiledMessage
    } catch (e) {
      throw new RpcError(-32602, `failed to deserialize transaction: ${e instanceof Error ? e.message : String(e)}`)
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
    const preBalances = balances()
    let result: TransactionMetadata | FailedTransactionMetadata
    try {
      result = svm.sendTransaction(tx)
    } catch (e) {
      throw new RpcError(-32003, e instanceof Error ? e.message : 'Transaction signature verification failure')
    }
    const meta = result instanceof FailedTransactionMetadata ? result.meta() : result
    const err = result instanceof FailedTransactionMetadata ? transactionErrorJson(result.err()) : null
    const postBalances = balances()
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
    }
    records.set(signature, rec)
    history.push(rec)
    // Every transaction is its own block: new slot, new blockhash.
    svm.expireBlockhash()
    svm.warpToSlot(rec.slot + 1n)
    latestBlockhash()
    for (const sub of sigSubs.get(signature) ?? []) notifySignature(sub, rec)
    sigSubs.delete(signature)
    for (const [id, socket] of slotSubs) {
      wsSend(socket, {
        jsonrpc: '2.0',
        method: 'slotNotification',
        params: { result: { parent: rec.slot, root: rec.slot, slot: rec.slot + 1n }, subscription: id },
      })
    }
    return signature
  }

  const getEncoder = (encoding: unknown) => (encoding === 'base58' ? getBase58Encoder() : getBase64Encoder())

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

  // ---- JSON-RPC methods ---------------------------------------------------------------------
  const accountOut = (addr: Address, cfg: Record<string, unknown>) => {
    const raw = rawAccount(addr)
    const slice = isRecord(cfg.dataSlice) ? { offset: Number(cfg.dataSlice.offset), length: Number(cfg.dataSlice.length) } : undefined
    return raw ? accountJson(raw, cfg.encoding as AccountEncoding, mintDecimals, slice) : null
  }

  const tokenAccountsBy = (field: 'owner' | 'delegate', who: Address, filter: unknown, cfg: Record<string, unknown>) => {
    if (!isRecord(filter)) throw invalidParams('expected a { mint } or { programId } filter')
    let programs: string[]
    let mint: string | undefined
    if (typeof filter.mint === 'string') {
      mint = parseAddress(filter.mint, 'mint')
      const m = rawAccount(address(mint))
      programs = m ? [m.owner] : [TOKEN_PROGRAM]
    } else if (typeof filter.programId === 'string') {
      programs = [parseAddress(filter.programId, 'programId')]
      if (!programs.every((p) => p === TOKEN_PROGRAM || p === TOKEN_2022_PROGRAM)) {
        throw invalidParams('unrecognized Token program id')
      }
    } else {
      throw invalidParams('expected a { mint } or { programId } filter')
    }
    const out: { pubkey: string; account: unknown }[] = []
    for (const program of programs) {
      for (const acc of svm.getProgramAccounts(address(program))) {
        if (acc.data.length < 165) continue
        const t = { mint: base58(acc.data.subarray(0, 32)), owner: base58(acc.data.subarray(32, 64)) }
        const delegate = acc.data[72] === 1 ? base58(acc.data.subarray(76, 108)) : undefined
        if ((field === 'owner' ? t.owner : delegate) !== who) continue
        if (mint && t.mint !== mint) continue
        out.push({ pubkey: acc.address, account: accountOut(acc.address, cfg) })
      }
    }
    return { context: context(), value: out }
  }

  const txJson = (rec: TxRecord, cfg: Record<string, unknown>) => {
    const { tx, message } = decodeWire(rec.wire)
    const version = message.version === 'legacy' ? 'legacy' : message.version
    if (version !== 'legacy' && cfg.maxSupportedTransactionVersion === undefined) {
      throw new RpcError(
        -32015,
        `Transaction version (${version}) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": ${version}`,
      )
    }
    const encoding = cfg.encoding ?? 'json'
    let transaction: unknown
    if (encoding === 'base64') transaction = [base64(rec.wire), 'base64']
    else if (encoding === 'base58') transaction = [base58(rec.wire), 'base58']
    else {
      const lookups = message.version === 'legacy' ? undefined : (message.addressTableLookups ?? [])
      transaction = {
        signatures: Object.values(tx.signatures).map((s) => (s ? base58(s) : '1111111111111111111111111111111111111111111111111111111111111111')),
        message: {
          accountKeys: rec.accountKeys,
          header: {
            numReadonlySignedAccounts: message.header.numReadonlySignerAccounts,
            numReadonlyUnsignedAccounts: message.header.numReadonlyNonSignerAccounts,
            numRequiredSignatures: message.header.numSignerAccounts,
          },
          instructions: message.instructions.map((ix) => ({
            accounts: ix.accountIndices ?? [],
            data: base58(ix.data ?? new Uint8Array(0)),
            programIdIndex: ix.programAddressIndex,
            stackHeight: null,
          })),
          recentBlockhash: message.lifetimeToken,
          ...(lookups
            ? {
                addressTableLookups: lookups.map((l) => ({
                  accountKey: l.lookupTableAddress,
                  readonlyIndexes: l.readonlyIndexes,
                  writableIndexes: l.writableIndexes,
                })),
              }
            : {}),
        },
      }
    }
    return {
      blockTime: BigInt(rec.blockTime),
      meta: {
        computeUnitsConsumed: rec.computeUnits,
        err: rec.err,
        fee: rec.fee,
        innerInstructions: [],
        loadedAddresses: { readonly: [], writable: [] },
        logMessages: rec.logs,
        postBalances: rec.postBalances,
        postTokenBalances: [],
        preBalances: rec.preBalances,
        preTokenBalances: [],
        rewards: [],
        status: rec.err ? { Err: rec.err } : { Ok: null },
      },
      slot: rec.slot,
      transaction,
      ...(version === 'legacy' ? {} : { version }),
    }
  }

  const decodeParamTx = (p: unknown[], what: string) => {
    if (typeof p[0] !== 'string') throw invalidParams(`${what} must be an encoded string`)
    const cfg = configOf(p[1])
    try {
      return { wire: new Uint8Array(getEncoder(cfg.encoding ?? 'base58').encode(p[0])), cfg }
    } catch {
      throw invalidParams(`invalid ${String(cfg.encoding ?? 'base58')} encoding`)
    }
  }

  const methods: Record<string, (p: unknown[]) => unknown> = {
    getHealth: () => 'ok',
    getVersion: () => ({ 'solana-core': '2.2.0', 'feature-set': 3294202862 }),
    getGenesisHash: () => genesisHash,
    getIdentity: () => ({ identity: authority.address }),
    getSlot: () => slot(),
    getBlockHeight: () => slot(),
    getTransactionCount: () => BigInt(history.length),
    getEpochInfo: () => {
      const s = slot()
      return { absoluteSlot: s, blockHeight: s, epoch: s / 432000n, slotIndex: s % 432000n, slotsInEpoch: 432000n, transactionCount: BigInt(history.length) }
    },
    getLatestBlockhash: () => ({ context: context(), value: latestBlockhash() }),
    isBlockhashValid: (p) => {
      if (typeof p[0] !== 'string') throw invalidParams('blockhash must be a string')
      const at = blockhashes.get(p[0])
      return { context: context(), value: at !== undefined && slot() <= at + BLOCKHASH_VALIDITY }
    },
    getFeeForMessage: (p) => {
      if (typeof p[0] !== 'string') throw invalidParams('message must be a base64 string')
      try {
        const m = getCompiledTransactionMessageDecoder().decode(getBase64Encoder().encode(p[0]))
        return { context: context(), value: LAMPORTS_PER_SIGNATURE * BigInt(m.header.numSignerAccounts) }
      } catch {
        throw invalidParams('invalid message')
      }
    },
    getRecentPrioritizationFees: () => [],
    getMinimumBalanceForRentExemption: (p) => {
      const size = Number(p[0] ?? 0)
      if (!Number.isInteger(size) || size < 0) throw invalidParams('data length must be a non-negative integer')
      return svm.minimumBalanceForRentExemption(BigInt(size))
    },
    getBalance: (p) => ({ context: context(), value: svm.getBalance(parseAddress(p[0])) ?? 0n }),
    getAccountInfo: (p) => ({ context: context(), value: accountOut(parseAddress(p[0]), configOf(p[1])) }),
    getMultipleAccounts: (p) => {
      if (!Array.isArray(p[0])) throw invalidParams('expected an array of addresses')
      const cfg = configOf(p[1])
      return { context: context(), value: p[0].map((a) => accountOut(parseAddress(a), cfg)) }
    },
    getProgramAccounts: (p) => {
      const program = parseAddress(p[0], 'program id')
      const cfg = configOf(p[1])
      const filters = Array.isArray(cfg.filters) ? cfg.filters : []
      const list = svm.getProgramAccounts(program).filter((acc) =>
        filters.every((f: unknown) => {
          if (!isRecord(f)) return true
          if (typeof f.dataSize === 'number') return acc.data.length === f.dataSize
          if (isRecord(f.memcmp)) {
            const bytes = f.memcmp.encoding === 'base64' ? getBase64Encoder().encode(String(f.memcmp.bytes)) : getBase58Encoder().encode(String(f.memcmp.bytes))
            const offset = Number(f.memcmp.offset ?? 0)
            return bytes.every((b, i) => acc.data[offset + i] === b)
          }
          return true
        }),
      )
      const value = list.map((acc) => ({ pubkey: acc.address, account: accountOut(acc.address, cfg) }))
      return cfg.withContext ? { context: context(), value } : value
    },
    getTokenAccountsByOwner: (p) => tokenAccountsBy('owner', parseAddress(p[0], 'owner'), p[1], configOf(p[2])),
    getTokenAccountsByDelegate: (p) => tokenAccountsBy('delegate', parseAddress(p[0], 'delegate'), p[1], configOf(p[2])),
    getTokenAccountBalance: (p) => {
      const raw = rawAccount(parseAddress(p[0]))
      if (!raw || (raw.owner !== TOKEN_PROGRAM && raw.owner !== TOKEN_2022_PROGRAM) || raw.data.length < 165) {
        throw invalidParams('Invalid param: not a Token account')
      }
      const view = new DataView(raw.data.buffer, raw.data.byteOffset)
      const amount = view.getBigUint64(64, true)
      return { context: context(), value: tokenAmountJson(amount, mintDecimals(base58(raw.data.subarray(0, 32))) ?? 0) }
    },
    getTokenSupply: (p) => {
      const raw = rawAccount(parseAddress(p[0], 'mint'))
      if (!raw || raw.data.length !== 82) throw invalidParams('Invalid param: not a Token mint')
      const view = new DataView(raw.data.buffer, raw.data.byteOffset)
      return { context: context(), value: tokenAmountJson(view.getBigUint64(36, true), raw.data[44] ?? 0) }
    },
    getSignatureStatuses: (p) => {
      if (!Array.isArray(p[0])) throw invalidParams('expected an array of signatures')
      return {
        context: context(),
        value: p[0].map((s) => {
          const rec = typeof s === 'string' ? records.get(s) : undefined
          if (!rec) return null
          return { slot: rec.slot, confirmations: null, err: rec.err, confirmationStatus: 'finalized', status: rec.err ? { Err: rec.err } : { Ok: null } }
        }),
      }
    },
    getSignaturesForAddress: (p) => {
      const who = parseAddress(p[0])
      const cfg = configOf(p[1])
      const limit = typeof cfg.limit === 'number' ? cfg.limit : 1000
      return history
        .filter((r) => r.accountKeys.includes(who))
        .reverse()
        .slice(0, limit)
        .map((r) => ({ signature: r.signature, slot: r.slot, err: r.err, memo: null, blockTime: BigInt(r.blockTime), confirmationStatus: 'finalized' }))
    },
    getTransaction: (p) => {
      const rec = typeof p[0] === 'string' ? records.get(p[0]) : undefined
      return rec ? txJson(rec, configOf(p[1])) : null
    },
    sendTransaction: (p) => {
      const { wire, cfg } = decodeParamTx(p, 'transaction')
      return execute(wire, cfg.skipPreflight !== true)
    },
    simulateTransaction: (p) => {
      const { wire, cfg } = decodeParamTx(p, 'transaction')
      const { tx } = decodeWire(wire)
      const sigVerify = cfg.sigVerify === true
      if (!sigVerify) svm.withSigverify(false)
      try {
        const sim = svm.simulateTransaction(tx)
        const failed = sim instanceof FailedTransactionMetadata
        const meta = sim.meta()
        return {
          context: context(),
          value: {
            accounts: null,
            err: failed ? transactionErrorJson(sim.err()) : null,
            innerInstructions: null,
            logs: meta.logs(),
            replacementBlockhash: cfg.replaceRecentBlockhash ? latestBlockhash() : null,
            returnData: null,
            unitsConsumed: meta.computeUnitsConsumed(),
          },
        }
      } finally {
        if (!sigVerify) svm.withSigverify(true)
      }
    },
  }

  const asyncMethods: Record<string, (p: unknown[]) => Promise<unknown>> = {
    requestAirdrop: async (p) => {
      const to = parseAddress(p[0])
      const amount = typeof p[1] === 'number' || typeof p[1] === 'bigint' ? BigInt(p[1]) : -1n
      if (amount <= 0n) throw invalidParams('lamports must be a positive integer')
      return airdrop(to, amount)
    },
  }

  const call = async (req: unknown): Promise<unknown> => {
    if (!isRecord(req) || typeof req.method !== 'string') {
      return { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid request' } }
    }
    const id = typeof req.id === 'number' || typeof req.id === 'string' ? req.id : null
    counts[req.method] = (counts[req.method] ?? 0) + 1
    const params = Array.isArray(req.params) ? req.params : req.params === undefined ? [] : undefined
    try {
      if (!params) throw invalidParams('params must be an array')
      const sync = methods[req.method]
      const asyncFn = asyncMethods[req.method]
      if (!sync && !asyncFn) throw new RpcError(-32601, 'Method not found')
      const result = sync ? sync(params) : await asyncFn!(params)
      return { jsonrpc: '2.0', id, result }
    } catch (e) {
      if (e instanceof RpcError) {
        return { jsonrpc: '2.0', id, error: { code: e.code, message: e.message, ...(e.data === undefined ? {} : { data: e.data }) } }
      }
      return { jsonrpc: '2.0', id, error: { code: -32603, message: e instanceof Error ? e.message : 'Internal error' } }
    }
  }

  // ---- HTTP ---------------------------------------------------------------------------------
  const cors = (req: IncomingMessage, res: ServerResponse) => {
    res.setHeader('access-control-allow-origin', '*')
    res.setHeader('access-control-allow-methods', 'POST, GET, OPTIONS')
    res.setHeader('access-control-allow-headers', req.headers['access-control-request-headers'] ?? 'content-type, solana-client')
    res.setHeader('access-control-max-age', '86400')
  }

  const server = createServer((req, res) => {
    cors(req, res)
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end()
      return
    }
    if (req.method === 'GET') {
      res.writeHead(req.url === '/health' ? 200 : 405, { 'content-type': 'text/plain' }).end(req.url === '/health' ? 'ok' : 'Use POST')
      return
    }
    if (req.method !== 'POST') {
      res.writeHead(405).end()
      return
    }
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (c: Buffer) => {
      size += c.length
      if (size > 16 * 1024 * 1024) req.destroy()
      else chunks.push(c)
    })
    req.on('end', () => {
      void (async () => {
        let body: unknown
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8'))
        } catch {
          res.writeHead(200, { 'content-type': 'application/json' })
          res.end(stringifyJson({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }))
          return
        }
        let out: unknown
        if (Array.isArray(body)) {
          out = []
          for (const r of body) (out as unknown[]).push(await call(r))
        } else out = await call(body)
        res.writeHead(200, { 'content-type': 'application/json' })
        res.end(stringifyJson(out))
      })().catch(() => {
        if (!res.headersSent) res.writeHead(500).end()
      })
    })
  })

  // ---- websocket ------------------------------------------------------------------------------
  const wss = new WebSocketServer({ server })
  wss.on('error', () => {})
  wss.on('connection', (socket) => {
    socket.on('error', () => {})
    socket.on('close', () => {
      for (const [sig, subs] of sigSubs) {
        const left = subs.filter((s) => s.socket !== socket)
        if (left.length) sigSubs.set(sig, left)
        else sigSubs.delete(sig)
      }
      for (const [id, s] of slotSubs) if (s === socket) slotSubs.delete(id)
    })
    socket.on('message', (data) => {
      let req: unknown
      try {
        req = JSON.parse(data.toString())
      } catch {
        wsSend(socket, { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } })
        return
      }
      if (!isRecord(req) || typeof req.method !== 'string') {
        wsSend(socket, { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid request' } })
        return
      }
      const id = typeof req.id === 'number' || typeof req.id === 'string' ? req.id : null
      if (id === null) return // notifications (e.g. kit's keep-alive pings) get no answer
      const method = req.method
      const params = Array.isArray(req.params) ? req.params : []
      counts[method] = (counts[method] ?? 0) + 1
      if (method === 'signatureSubscribe') {
        if (typeof params[0] !== 'string') {
          wsSend(socket, { jsonrpc: '2.0', id, error: { code: -32602, message: 'Invalid params: signature must be a string' } })
          return
        }
        const sub: SigSub = { socket, id: nextSubId++ }
        wsSend(socket, { jsonrpc: '2.0', id, result: sub.id })
        const rec = records.get(params[0])
        if (rec) notifySignature(sub, rec)
        else sigSubs.set(params[0], [...(sigSubs.get(params[0]) ?? []), sub])
        return
      }
      if (method === 'slotSubscribe') {
        const subId = nextSubId++
        slotSubs.set(subId, socket)
        wsSend(socket, { jsonrpc: '2.0', id, result: subId })
        return
      }
      if (method.endsWith('Subscribe')) {
        wsSend(socket, { jsonrpc: '2.0', id, result: nextSubId++ })
        return
      }
      if (method.endsWith('Unsubscribe')) {
        const subId = params[0]
        slotSubs.delete(Number(subId))
        for (const [sig, subs] of sigSubs) {
          const left = subs.filter((s) => s.id !== subId)
          if (left.length) sigSubs.set(sig, left)
          else sigSubs.delete(sig)
        }
        wsSend(socket, { jsonrpc: '2.0', id, result: true })
        return
      }
      void call(req).then((out) => wsSend(socket, out))
    })
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve())
  })
  const addr = server.address()
  const port = typeof addr === 'object' && addr ? addr.port : 0

  let stopped: Promise<void> | undefined
  return {
    rpcUrl: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}`,
    port,
    genesisHash,
    caipNetworkId: `solana:${genesisHash.slice(0, 32)}`,
    authority: authority.address,
    svm,
    airdrop,
    createMint,
    mintTo,
    methodCounts: () => ({ ...counts }),
    stop: () => {
      stopped ??= new Promise<void>((resolve) => {
        for (const c of wss.clients) c.terminate()
        wss.close()
        server.closeAllConnections()
        server.close(() => resolve())
      })
      return stopped
    },
  }
}
