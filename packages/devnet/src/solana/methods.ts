// The Solana devnet's JSON-RPC methods over its ledger (./ledger.ts), as agave answers them: params
// parsed with zod (bad ones are -32602), accounts in the encodings asked for, transactions, token
// accounts, signature statuses, simulations and the faucet. The transport (./transport.ts) hands
// each request to `call`.
import * as zlib from 'node:zlib'
import { type Address, address, getCompiledTransactionMessageDecoder } from '@solana/kit'
import { FailedTransactionMetadata, type LiteSVM } from 'litesvm'
import { z } from 'zod'
import {
  accountJson,
  base58,
  base64,
  type RawAccount,
  TOKEN_2022_PROGRAM,
  TOKEN_PROGRAM,
  tokenAmountJson,
  transactionErrorJson,
} from './encoding.ts'
import {
  BLOCKHASH_VALIDITY,
  LAMPORTS_PER_SIGNATURE,
  LAMPORTS_PER_SOL,
  type Ledger,
  type TokenBalanceRecord,
  type TxRecord,
} from './ledger.ts'
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
  transactionConfig,
  u64,
} from './params.ts'

export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** Method names counted one by one in methodCounts(); later new names are counted as 'other'. */
const MAX_COUNTED_METHODS = 256

/** No params. */
export const none = z.tuple([])

/** The methods as the transport uses them. */
export interface RpcMethods {
  /** Answers one JSON-RPC request (an invalid one, an unknown method or a failed one with its error object). */
  call(req: unknown): Promise<unknown>
  /** Counts a request of `name` (HTTP or websocket) in methodCounts(). */
  countMethod(name: string): void
  /** The JSON-RPC error answer for `e` (an RpcError's code, message and data; anything else -32603). */
  errorOut(id: string | number | null, e: unknown): unknown
  /** Count of requests per JSON-RPC method. */
  methodCounts(): Record<string, number>
}

/** The JSON-RPC methods over `ledger`. */
export function createMethods(ledger: Ledger, options: { maxAirdropLamports?: bigint } = {}): RpcMethods {
  const { svm, records, slot, context, rawAccount } = ledger
  const counts = new Map<string, number>()
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
      const json = accountJson(raw, 'base64', ledger.mintDecimals, slice)
      const data = slice ? raw.data.subarray(slice.offset, slice.offset + slice.length) : raw.data
      return { ...json, data: [base64(new Uint8Array(zstdCompress(data))), 'base64+zstd'] }
    }
    return accountJson(raw, encoding === 'binary' ? undefined : encoding, ledger.mintDecimals, slice)
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

  const tokenBalanceJson = (b: TokenBalanceRecord) => ({
    accountIndex: b.accountIndex,
    mint: b.mint,
    owner: b.owner,
    programId: b.programId,
    uiTokenAmount: tokenAmountJson(b.amount, b.decimals),
  })
  const txJson = (rec: TxRecord, cfg: Record<string, unknown>) => {
    const { tx, message } = ledger.decodeWire(rec.wire)
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
        postTokenBalances: rec.postTokenBalances.map(tokenBalanceJson),
        preBalances: rec.preBalances,
        preTokenBalances: rec.preTokenBalances.map(tokenBalanceJson),
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
  const withContext = z.tuple([contextConfig])

  method('getHealth', none, () => 'ok')
  method('getVersion', none, () => ({ 'solana-core': '2.2.0', 'feature-set': 3294202862 }))
  method('getGenesisHash', none, () => ledger.genesisHash)
  method('getIdentity', none, () => ({ identity: ledger.authority.address }))
  method('getSlot', withContext, () => slot())
  method('getBlockHeight', withContext, () => slot())
  method('getTransactionCount', withContext, () => BigInt(ledger.history.length))
  method('getEpochInfo', withContext, () => {
    const s = slot()
    return {
      absoluteSlot: s,
      blockHeight: s,
      epoch: s / 432000n,
      slotIndex: s % 432000n,
      slotsInEpoch: 432000n,
      transactionCount: BigInt(ledger.history.length),
    }
  })
  method('getLatestBlockhash', withContext, () => ({ context: context(), value: ledger.latestBlockhash() }))
  method('isBlockhashValid', z.tuple([blockhashText, contextConfig]), ([hash]) => {
    const at = ledger.blockhashes.get(hash)
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
    return { context: context(), value: tokenAmountJson(amount, ledger.mintDecimals(base58(raw.data.subarray(0, 32))) ?? 0) }
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
    for (let i = ledger.history.length - 1; i >= 0 && out.length < limit; i--) {
      const r = ledger.history[i]
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
    ledger.execute(decodeParamTx(text, cfg?.encoding), cfg?.skipPreflight !== true),
  )
  method('simulateTransaction', z.tuple([z.string(), simulateTransactionConfig]), ([text, config]) => {
    const cfg = config ?? {}
    const { tx } = ledger.decodeWire(decodeParamTx(text, cfg.encoding))
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
          replacementBlockhash: cfg.replaceRecentBlockhash ? ledger.latestBlockhash() : null,
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
    return ledger.airdrop(to, BigInt(amount))
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

  return { call, countMethod, errorOut, methodCounts: () => Object.fromEntries(counts) }
}
