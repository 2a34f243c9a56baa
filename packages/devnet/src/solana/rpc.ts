// A Solana JSON-RPC + websocket server over litesvm (an in-process SVM), enough for @solana/kit and
// @solana/web3.js clients: balances, blockhashes, sending and confirming transactions, SPL token
// accounts. Design notes: /work/shared/notes/local-stack.md §2.
import { createHash } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import * as zlib from 'node:zlib'
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
import { WebSocket, WebSocketServer } from 'ws'
import { z } from 'zod'
import {
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
import {
  type AccountConfig,
  accountConfig,
  blockhash as blockhashText,
  contextConfig,
  decodeWireText,
  invalidParams,
  listOf,
  MAX_BASE58_ACCOUNT_BYTES,
  MAX_MULTIPLE_ACCOUNTS,
  MAX_PRIORITIZATION_FEE_ADDRESSES,
  MAX_SIGNATURE_STATUSES,
  MAX_SIGNATURES_FOR_ADDRESS_LIMIT,
  parseParams,
  programAccountsConfig,
  pubkey,
  MESSAGE_TYPE,
  RpcError,
  sendTransactionConfig,
  signature as signatureText,
  signaturesForAddressConfig,
  signatureStatusesConfig,
  simulateTransactionConfig,
  tokenAccountsFilter,
  TX_TYPE,
  transactionConfig,
  u64,
} from './params.ts'

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

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** Method names counted one by one in methodCounts(); later new names are counted as 'other'. */
const MAX_COUNTED_METHODS = 256
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]'])

/** http(s) on a loopback host, any port. */
export function isLoopbackOrigin(origin: string): boolean {
  try {
    const url = new URL(origin)
    return (url.protocol === 'http:' || url.protocol === 'https:') && LOOPBACK_HOSTS.has(url.hostname) && url.origin === origin
  } catch {
    return false
  }
}

function defaultGenesisHash(): string {
  return base58(new Uint8Array(createHash('sha256').update(SOLANA_DEVNET_GENESIS_SEED).digest()))
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
  const counts = new Map<string, number>()
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
  const maxSubscriptions = options.maxSubscriptions ?? 10_000
  const maxBuffered = options.maxBufferedBytesPerSocket ?? 16 * 1024 * 1024
  interface Subscription {
    id: number
    socket: WebSocket
    kind: 'signature' | 'slot'
    signature?: string
  }
  /** Active subscriptions by id; a signature subscription ends with its one notification, as on agave. */
  const subscriptions = new Map<number, Subscription>()
  /** Ids of the signature subscriptions waiting for each signature. */
  const bySignature = new Map<string, Set<number>>()
  /** Every id handed to a socket, with its kind (an auto-ended signature subscription may still be unsubscribed). */
  const issued = new WeakMap<WebSocket, Map<number, Subscription['kind']>>()
  let nextSubId = 1
  /** Sends one frame; a socket whose unsent data would pass maxBuffered is terminated instead. */
  const wsSend = (socket: WebSocket, payload: unknown) => {
    if (socket.readyState !== WebSocket.OPEN) return
    const text = stringifyJson(payload)
    if (socket.bufferedAmount + Buffer.byteLength(text) > maxBuffered) {
      socket.terminate()
      return
    }
    socket.send(text)
  }
  const notifySignature = (sub: Subscription, rec: TxRecord) =>
    wsSend(sub.socket, {
      jsonrpc: '2.0',
      method: 'signatureNotification',
      params: { result: { context: { slot: rec.slot }, value: { err: rec.err } }, subscription: sub.id },
    })
  const endSubscription = (id: number) => {
    const sub = subscriptions.get(id)
    if (!sub) return
    subscriptions.delete(id)
    if (sub.signature) {
      const ids = bySignature.get(sub.signature)
      ids?.delete(id)
      if (ids?.size === 0) bySignature.delete(sub.signature)
    }
  }

  // ---- transactions ---------------------------------------------------------------------------
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
    for (const id of [...(bySignature.get(signature) ?? [])]) {
      const sub = subscriptions.get(id)
      endSubscription(id)
      if (sub) notifySignature(sub, rec)
    }
    for (const sub of [...subscriptions.values()]) {
      if (sub.kind !== 'slot') continue
      wsSend(sub.socket, {
        jsonrpc: '2.0',
        method: 'slotNotification',
        params: { result: { parent: rec.slot, root: rec.slot, slot: rec.slot + 1n }, subscription: sub.id },
      })
    }
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

  // ---- JSON-RPC methods ---------------------------------------------------------------------
  const maxAirdrop = options.maxAirdropLamports ?? 1000n * LAMPORTS_PER_SOL
  const zstdCompress = (zlib as { zstdCompressSync?: (data: Uint8Array) => Buffer }).zstdCompressSync

  /** The account in the requested encoding, with agave's refusal of base58 data over 128 bytes. */
  const encodeAccount = (raw: RawAccount, cfg: AccountConfig) => {
    const encoding = cfg.encoding ?? 'binary'
    const slice = cfg.dataSlice
    const length = slice ? Math.min(slice.length, Math.max(0, raw.data.length - slice.offset)) : raw.data.length
    if ((encoding === 'binary' || encoding === 'base58') && length > MAX_BASE58_ACCOUNT_BYTES) {
      throw new RpcError(
        -32600,
        `Encoded binary (base 58) data should be less than ${MAX_BASE58_ACCOUNT_BYTES} bytes, please use Base64 encoding.`,
      )
    }
    if (encoding === 'base64+zstd') {
      if (!zstdCompress) throw invalidParams('base64+zstd needs a Node.js with zlib zstd (22.15 or later)')
      const json = accountJson(raw, 'base64', mintDecimals, slice)
      const data = slice ? raw.data.subarray(slice.offset, slice.offset + slice.length) : raw.data
      return { ...json, data: [base64(new Uint8Array(zstdCompress(data))), 'base64+zstd'] }
    }
    return accountJson(raw, encoding === 'binary' ? undefined : encoding, mintDecimals, slice)
  }
  const accountOut = (addr: Address, cfg: AccountConfig) => {
    const raw = rawAccount(addr)
    return raw ? encodeAccount(raw, cfg) : null
  }

  const rawOf = (acc: ReturnType<LiteSVM['getProgramAccounts']>[number]): RawAccount => ({
    lamports: acc.lamports,
    data: acc.data as Uint8Array,
    owner: acc.programAddress,
    executable: acc.executable,
  })
  const lamportsToSol = (value: bigint) => String(Number(value) / 1e9)

  const NATIVE_MINT = 'So11111111111111111111111111111111111111112'
  const isTokenProgram = (program: string) => program === TOKEN_PROGRAM || program === TOKEN_2022_PROGRAM

  const tokenAccountsBy = (field: 'owner' | 'delegate', who: Address, filter: z.output<typeof tokenAccountsFilter>, cfg: AccountConfig) => {
    let program: string
    let mint: string | undefined
    if ('mint' in filter) {
      mint = filter.mint
      if (mint === NATIVE_MINT) program = TOKEN_PROGRAM
      else {
        const m = rawAccount(filter.mint)
        if (!m) throw new RpcError(-32602, 'Invalid param: could not find mint')
        if (!isTokenProgram(m.owner)) throw new RpcError(-32602, 'Invalid param: not a Token mint')
        program = m.owner
      }
    } else {
      if (!isTokenProgram(filter.programId)) throw new RpcError(-32602, 'Invalid param: unrecognized Token program id')
      program = filter.programId
    }
    const out: { pubkey: string; account: unknown }[] = []
    for (const acc of svm.getProgramAccounts(address(program))) {
      if (acc.data.length < 165) continue
      const t = { mint: base58(acc.data.subarray(0, 32)), owner: base58(acc.data.subarray(32, 64)) }
      const delegate = acc.data[72] === 1 ? base58(acc.data.subarray(76, 108)) : undefined
      if ((field === 'owner' ? t.owner : delegate) !== who) continue
      if (mint && t.mint !== mint) continue
      out.push({ pubkey: acc.address, account: accountOut(acc.address, cfg) })
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
        signatures: Object.values(tx.signatures).map((s) =>
          s ? base58(s) : '1111111111111111111111111111111111111111111111111111111111111111',
        ),
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

  const decodeParamTx = (text: string, encoding: 'base58' | 'base64' | undefined) => decodeWireText(text, encoding)

  type Handler = (params: unknown[]) => unknown
  /** The HTTP methods. A Map, so 'toString', 'constructor' or '__proto__' are simply not found. */
  const methods = new Map<string, Handler>()
  /** Registers a method whose params are parsed (zod) before it runs: bad params → -32602 with a message. */
  const method = <S extends z.ZodType>(name: string, schema: S, run: (params: z.output<S>) => unknown) => {
    methods.set(name, (params) => run(parseParams(schema, params)))
  }
  const none = z.tuple([])
  const withContext = z.tuple([contextConfig])

  method('getHealth', none, () => 'ok')
  method('getVersion', none, () => ({ 'solana-core': '2.2.0', 'feature-set': 3294202862 }))
  method('getGenesisHash', none, () => genesisHash)
  method('getIdentity', none, () => ({ identity: authority.address }))
  method('getSlot', withContext, () => slot())
  method('getBlockHeight', withContext, () => slot())
  method('getTransactionCount', withContext, () => BigInt(history.length))
  method('getEpochInfo', withContext, () => {
    const s = slot()
    return {
      absoluteSlot: s,
      blockHeight: s,
      epoch: s / 432000n,
      slotIndex: s % 432000n,
      slotsInEpoch: 432000n,
      transactionCount: BigInt(history.length),
    }
  })
  method('getLatestBlockhash', withContext, () => ({ context: context(), value: latestBlockhash() }))
  method('isBlockhashValid', z.tuple([blockhashText, contextConfig]), ([hash]) => {
    const at = blockhashes.get(hash)
    return { context: context(), value: at !== undefined && slot() <= at + BLOCKHASH_VALIDITY }
  })
  method('getFeeForMessage', z.tuple([z.string(), contextConfig]), ([text]) => {
    const bytes = decodeWireText(text, 'base64', MESSAGE_TYPE)
    let signers: number
    try {
      signers = getCompiledTransactionMessageDecoder().decode(bytes).header.numSignerAccounts
    } catch (e) {
      throw new RpcError(-32602, `failed to deserialize ${MESSAGE_TYPE}: ${e instanceof Error ? e.message : String(e)}`)
    }
    return { context: context(), value: LAMPORTS_PER_SIGNATURE * BigInt(signers) }
  })
  method('getRecentPrioritizationFees', z.tuple([listOf(pubkey, MAX_PRIORITIZATION_FEE_ADDRESSES).optional()]), () => [])
  method('getMinimumBalanceForRentExemption', z.tuple([u64, contextConfig]), ([size]) => svm.minimumBalanceForRentExemption(BigInt(size)))
  method('getBalance', z.tuple([pubkey, contextConfig]), ([who]) => ({ context: context(), value: svm.getBalance(who) ?? 0n }))
  method('getAccountInfo', z.tuple([pubkey, accountConfig]), ([who, cfg]) => ({ context: context(), value: accountOut(who, cfg ?? {}) }))
  method('getMultipleAccounts', z.tuple([listOf(pubkey, MAX_MULTIPLE_ACCOUNTS), accountConfig]), ([keys, cfg]) => ({
    context: context(),
    value: keys.map((k) => accountOut(k, cfg ?? {})),
  }))
  method('getProgramAccounts', z.tuple([pubkey, programAccountsConfig]), ([program, config]) => {
    const cfg = config ?? {}
    const filters = cfg.filters ?? []
    const list = svm.getProgramAccounts(program).filter((acc) =>
      filters.every((f) => {
        if (f === 'tokenAccountState') return isTokenProgram(program) && acc.data.length >= 165 && acc.data[108] !== 0
        if ('dataSize' in f) return acc.data.length === f.dataSize
        const { offset, bytes } = f.memcmp
        return offset + bytes.length <= acc.data.length && bytes.every((b, i) => acc.data[offset + i] === b)
      }),
    )
    const value = list.map((acc) => ({ pubkey: acc.address, account: encodeAccount(rawOf(acc), cfg) }))
    return cfg.withContext ? { context: context(), value } : value
  })
  method('getTokenAccountsByOwner', z.tuple([pubkey, tokenAccountsFilter, accountConfig]), ([who, filter, cfg]) =>
    tokenAccountsBy('owner', who, filter, cfg ?? {}),
  )
  method('getTokenAccountsByDelegate', z.tuple([pubkey, tokenAccountsFilter, accountConfig]), ([who, filter, cfg]) =>
    tokenAccountsBy('delegate', who, filter, cfg ?? {}),
  )
  method('getTokenAccountBalance', z.tuple([pubkey, contextConfig]), ([who]) => {
    const raw = rawAccount(who)
    if (!raw) throw new RpcError(-32602, 'Invalid param: could not find account')
    if (!isTokenProgram(raw.owner) || raw.data.length < 165) throw new RpcError(-32602, 'Invalid param: not a Token account')
    const view = new DataView(raw.data.buffer, raw.data.byteOffset)
    const amount = view.getBigUint64(64, true)
    return { context: context(), value: tokenAmountJson(amount, mintDecimals(base58(raw.data.subarray(0, 32))) ?? 0) }
  })
  method('getTokenSupply', z.tuple([pubkey, contextConfig]), ([mint]) => {
    const raw = rawAccount(mint)
    if (!raw) throw new RpcError(-32602, 'Invalid param: could not find account')
    if (!isTokenProgram(raw.owner)) throw new RpcError(-32602, 'Invalid param: not a Token mint')
    if (raw.data.length < 82 || raw.data[45] !== 1) throw new RpcError(-32602, 'Invalid param: mint could not be unpacked')
    const view = new DataView(raw.data.buffer, raw.data.byteOffset)
    return { context: context(), value: tokenAmountJson(view.getBigUint64(36, true), raw.data[44] ?? 0) }
  })
  method('getSignatureStatuses', z.tuple([listOf(signatureText, MAX_SIGNATURE_STATUSES), signatureStatusesConfig]), ([signatures]) => ({
    context: context(),
    value: signatures.map((s) => {
      const rec = records.get(s)
      if (!rec) return null
      return {
        slot: rec.slot,
        confirmations: null,
        err: rec.err,
        confirmationStatus: 'finalized',
        status: rec.err ? { Err: rec.err } : { Ok: null },
      }
    }),
  }))
  method('getSignaturesForAddress', z.tuple([pubkey, signaturesForAddressConfig]), ([who, config]) => {
    const cfg = config ?? {}
    const limit = cfg.limit ?? MAX_SIGNATURES_FOR_ADDRESS_LIMIT
    const out: unknown[] = []
    // Newest first; `before` starts after that signature, `until` stops before it.
    let started = cfg.before === undefined
    for (let i = history.length - 1; i >= 0 && out.length < limit; i--) {
      const r = history[i]
      if (r === undefined || r.signature === cfg.until) break
      if (!started) {
        started = r.signature === cfg.before
        continue
      }
      if (!r.accountKeys.includes(who)) continue
      out.push({
        signature: r.signature,
        slot: r.slot,
        err: r.err,
        memo: null,
        blockTime: BigInt(r.blockTime),
        confirmationStatus: 'finalized',
      })
    }
    return out
  })
  method('getTransaction', z.tuple([signatureText, transactionConfig]), ([sig, cfg]) => {
    const rec = records.get(sig)
    return rec ? txJson(rec, cfg ?? {}) : null
  })
  method('sendTransaction', z.tuple([z.string(), sendTransactionConfig]), ([text, cfg]) =>
    execute(decodeParamTx(text, cfg?.encoding), cfg?.skipPreflight !== true),
  )
  method('simulateTransaction', z.tuple([z.string(), simulateTransactionConfig]), ([text, config]) => {
    const cfg = config ?? {}
    const { tx } = decodeWire(decodeParamTx(text, cfg.encoding))
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
  })
  method('requestAirdrop', z.tuple([pubkey, u64, contextConfig]), async ([to, amount]) => {
    // agave's faucet refuses over-cap requests and the RPC reports any faucet failure as Internal error.
    if (BigInt(amount) > maxAirdrop) {
      throw new RpcError(
        -32603,
        'Internal error',
        `request too large; req: ◎${lamportsToSol(BigInt(amount))}, cap: ◎${lamportsToSol(maxAirdrop)}`,
      )
    }
    if (amount === 0) throw invalidParams('lamports must be greater than 0')
    return airdrop(to, BigInt(amount))
  })

  const countMethod = (name: string) => {
    const key = counts.has(name) || counts.size < MAX_COUNTED_METHODS ? name : 'other'
    counts.set(key, (counts.get(key) ?? 0) + 1)
  }

  const errorOut = (id: string | number | null, e: unknown) => {
    if (e instanceof RpcError) {
      return { jsonrpc: '2.0', id, error: { code: e.code, message: e.message, ...(e.data === undefined ? {} : { data: e.data }) } }
    }
    return { jsonrpc: '2.0', id, error: { code: -32603, message: e instanceof Error ? e.message : 'Internal error' } }
  }

  const call = async (req: unknown): Promise<unknown> => {
    if (!isRecord(req) || typeof req.method !== 'string') {
      return { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid request' } }
    }
    const id = typeof req.id === 'number' || typeof req.id === 'string' ? req.id : null
    countMethod(req.method)
    try {
      const run = methods.get(req.method)
      if (!run) throw new RpcError(-32601, 'Method not found')
      if (req.params !== undefined && !Array.isArray(req.params)) throw invalidParams('params must be an array')
      return { jsonrpc: '2.0', id, result: await run(req.params ?? []) }
    } catch (e) {
      return errorOut(id, e)
    }
  }

  // ---- HTTP ---------------------------------------------------------------------------------
  const maxRequestBytes = options.maxRequestBytes ?? 50 * 1024
  const extraOrigins = new Set(options.allowedOrigins ?? [])
  /** No Origin (a Node client) or an allowed one; browsers elsewhere get no CORS headers and 403. */
  const originAllowed = (origin: string | undefined) => origin === undefined || isLoopbackOrigin(origin) || extraOrigins.has(origin)

  const cors = (req: IncomingMessage, res: ServerResponse) => {
    const origin = req.headers.origin
    res.setHeader('vary', 'Origin')
    if (origin === undefined || !originAllowed(origin)) return
    res.setHeader('access-control-allow-origin', origin)
    res.setHeader('access-control-allow-methods', 'POST, GET, OPTIONS')
    res.setHeader('access-control-allow-headers', req.headers['access-control-request-headers'] ?? 'content-type, solana-client')
    res.setHeader('access-control-max-age', '86400')
  }
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(stringifyJson(body))
  }

  const server = createServer((req, res) => {
    cors(req, res)
    if (!originAllowed(req.headers.origin)) {
      res.writeHead(403, { 'content-type': 'text/plain', connection: 'close' }).end('Origin not allowed')
      req.resume()
      return
    }
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
    // Like agave's HTTP server: JSON only (which also keeps cross-site form posts off the faucet).
    const type = ((req.headers['content-type'] ?? '').split(';')[0] ?? '').trim().toLowerCase()
    if (type !== 'application/json') {
      res.writeHead(415, { 'content-type': 'text/plain', connection: 'close' })
      res.end('Supplied content type is not allowed. Content-Type: application/json is required\n')
      req.resume()
      return
    }
    const tooLarge = () => {
      json(res, 413, { jsonrpc: '2.0', id: null, error: { code: -32600, message: `Request body too large; max ${maxRequestBytes} bytes` } })
    }
    if (Number(req.headers['content-length'] ?? 0) > maxRequestBytes) {
      res.setHeader('connection', 'close')
      tooLarge()
      req.resume()
      return
    }
    const chunks: Buffer[] = []
    let size = 0
    let refused = false
    req.on('data', (c: Buffer) => {
      size += c.length
      if (refused) {
        // Read on (and drop) so the client can read the 413; a sender that never stops is cut off.
        if (size > 16 * maxRequestBytes) req.destroy()
        return
      }
      if (size > maxRequestBytes) {
        refused = true
        chunks.length = 0
        res.setHeader('connection', 'close')
        tooLarge()
        return
      }
      chunks.push(c)
    })
    req.on('end', () => {
      if (refused) return
      void (async () => {
        let body: unknown
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8'))
        } catch {
          json(res, 200, { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } })
          return
        }
        let out: unknown
        if (Array.isArray(body)) {
          if (body.length === 0) out = { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid request' } }
          else {
            const list: unknown[] = []
            for (const r of body) {
              list.push(await call(r))
              // Let other requests in between the entries of a batch.
              await new Promise<void>((resolve) => setImmediate(resolve))
            }
            out = list
          }
        } else out = await call(body)
        json(res, 200, out)
      })().catch(() => {
        if (!res.headersSent) json(res, 200, { jsonrpc: '2.0', id: null, error: { code: -32603, message: 'Internal error' } })
      })
    })
  })

  // ---- websocket ------------------------------------------------------------------------------
  const subscriptionRefused = () => new RpcError(-32603, 'Internal Error: Subscription refused. Node subscription limit reached')
  const invalidSubscription = () => new RpcError(-32602, 'Invalid subscription id.')
  type WsHandler = (socket: WebSocket, params: unknown[]) => unknown
  const issue = (socket: WebSocket, kind: Subscription['kind'], signature?: string): Subscription => {
    if (subscriptions.size >= maxSubscriptions) throw subscriptionRefused()
    const sub: Subscription = { id: nextSubId++, socket, kind, ...(signature ? { signature } : {}) }
    let mine = issued.get(socket)
    if (!mine) {
      mine = new Map()
      issued.set(socket, mine)
    }
    mine.set(sub.id, kind)
    return sub
  }
  const unsubscribe =
    (kind: Subscription['kind']): WsHandler =>
    (socket, params) => {
      const [id] = parseParams(z.tuple([u64]), params)
      if (issued.get(socket)?.get(id) !== kind) throw invalidSubscription()
      issued.get(socket)?.delete(id)
      endSubscription(id)
      return true
    }
  /** The websocket methods (agave's pubsub has only subscriptions); anything else is -32601. */
  const wsMethods = new Map<string, WsHandler>([
    [
      'signatureSubscribe',
      (socket, params) => {
        const [sig] = parseParams(
          z.tuple([
            signatureText,
            z.object({ commitment: z.string().optional(), enableReceivedNotification: z.boolean().optional() }).nullish(),
          ]),
          params,
        )
        const sub = issue(socket, 'signature', sig)
        const rec = records.get(sig)
        if (rec) {
          // Already landed: notified at once (after the subscribe answer) and ended, as on agave.
          return { result: sub.id, after: () => notifySignature(sub, rec) }
        }
        subscriptions.set(sub.id, sub)
        let ids = bySignature.get(sig)
        if (!ids) {
          ids = new Set()
          bySignature.set(sig, ids)
        }
        ids.add(sub.id)
        return { result: sub.id }
      },
    ],
    ['signatureUnsubscribe', unsubscribe('signature')],
    [
      'slotSubscribe',
      (socket, params) => {
        parseParams(none, params)
        const sub = issue(socket, 'slot')
        subscriptions.set(sub.id, sub)
        return { result: sub.id }
      },
    ],
    ['slotUnsubscribe', unsubscribe('slot')],
  ])

  const wss = new WebSocketServer({
    server,
    maxPayload: maxRequestBytes,
    verifyClient: (info, done) => (originAllowed(info.req.headers.origin) ? done(true) : done(false, 403, 'Origin not allowed')),
  })
  wss.on('error', () => {})
  wss.on('connection', (socket) => {
    socket.on('error', () => {})
    socket.on('close', () => {
      for (const [id, sub] of [...subscriptions]) if (sub.socket === socket) endSubscription(id)
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
      countMethod(req.method)
      try {
        const run = wsMethods.get(req.method)
        if (!run) throw new RpcError(-32601, 'Method not found')
        if (req.params !== undefined && !Array.isArray(req.params)) throw invalidParams('params must be an array')
        const out = run(socket, req.params ?? []) as { result: unknown; after?: () => void } | boolean
        if (typeof out === 'boolean') wsSend(socket, { jsonrpc: '2.0', id, result: out })
        else {
          wsSend(socket, { jsonrpc: '2.0', id, result: out.result })
          out.after?.()
        }
      } catch (e) {
        wsSend(socket, errorOut(id, e))
      }
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
    methodCounts: () => Object.fromEntries(counts),
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
