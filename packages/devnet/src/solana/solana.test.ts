import {
  type Address,
  address,
  airdropFactory,
  appendTransactionMessageInstructions,
  assertIsTransactionWithBlockhashLifetime,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  createTransactionMessage,
  getBase58Encoder,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  isSolanaError,
  type KeyPairSigner,
  lamports,
  pipe,
  type Rpc,
  type RpcSubscriptions,
  type SolanaRpcApi,
  type SolanaRpcSubscriptionsApi,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE,
  sendAndConfirmTransactionFactory,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { zstdDecompressSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { type SolanaDevnet, startSolanaDevnet } from './devnet.ts'
import { uiAmountString } from './encoding.ts'
import { mnemonicToSeed, slip10Ed25519, solanaDevSigner } from './keys.ts'
import { type SolanaRpcServer, startSolanaRpc } from './rpc.ts'

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex')
const TOKEN = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'

describe('Solana dev keys', () => {
  it('follows the SLIP-0010 ed25519 test vector 1', () => {
    const seed = Buffer.from('000102030405060708090a0b0c0d0e0f', 'hex')
    expect(hex(slip10Ed25519(seed, 'm'))).toBe('2b4be7f19ee27bbf30c667b642d5f4aa69fd169872f8fc3059c08ebae2eb19e7')
    expect(hex(slip10Ed25519(seed, "m/0'"))).toBe('68e0fe46dfb67e368c75379acec591dad19df3cde26e63b93a8e704f1dade7a3')
    expect(hex(slip10Ed25519(seed, "m/0'/1'/2'/2'/1000000000'"))).toBe('8f94d394a8e8fd6b1bc2f3f49f5c47e385281d5c17e65324b0f62483e37e8793')
    expect(() => slip10Ed25519(seed, 'm/0')).toThrow(/hardened/)
  })

  it('derives the BIP-39 seed of the devnet mnemonic (checked against the mnemonic test vector)', () => {
    // Trezor's BIP-39 vector: 'abandon ×11 about' with passphrase 'TREZOR'.
    const seed = mnemonicToSeed('abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about', 'TREZOR')
    expect(hex(seed)).toBe(
      'c55257c360c07c72029aebc1b53c05ed0362ada38ead3e3e9efa3708e53495531f09a6987599d18264c1e1c92f2cf141630c7a3c4ab7c81b2f001698e7463b04',
    )
  })

  it("gives stable base58 addresses for dev accounts (m/44'/501'/i'/0')", async () => {
    const a0 = await solanaDevSigner(0)
    const a0again = await solanaDevSigner(0)
    const a1 = await solanaDevSigner(1)
    expect(a0.address).toBe('oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96')
    expect(a0.address).toBe(a0again.address)
    expect(a0.address).not.toBe(a1.address)
    expect(getBase58Encoder().encode(a0.address)).toHaveLength(32)
  })
})

describe('uiAmountString', () => {
  it.each([
    [1_000_000_000n, 6, '1000'],
    [1_500_000n, 6, '1.5'],
    [1n, 6, '0.000001'],
    [0n, 9, '0'],
    [123n, 0, '123'],
  ])('%s with %s decimals → %s', (amount, decimals, out) => {
    expect(uiAmountString(amount, decimals)).toBe(out)
  })
})

describe('startSolanaDevnet (litesvm RPC) with @solana/kit', () => {
  let devnet: SolanaDevnet
  let rpc: Rpc<SolanaRpcApi>
  let rpcSubscriptions: RpcSubscriptions<SolanaRpcSubscriptionsApi>
  let payer: KeyPairSigner

  beforeAll(async () => {
    devnet = await startSolanaDevnet()
    rpc = createSolanaRpc(devnet.rpcUrl)
    rpcSubscriptions = createSolanaRpcSubscriptions(devnet.wsUrl)
    payer = await solanaDevSigner(0)
  })
  afterAll(async () => {
    await devnet?.stop()
  })

  const raw = async (method: string, params: unknown[] = []) => {
    const res = await fetch(devnet.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    })
    return (await res.json()) as { result?: WireJson; error?: { code: number; message: string; data?: WireJson } }
  }

  const transferMessage = async (from: KeyPairSigner, to: Address, amount: bigint) => {
    const { value: blockhash } = await rpc.getLatestBlockhash().send()
    return pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(from, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
      (m) => appendTransactionMessageInstructions([getTransferSolInstruction({ source: from, destination: to, amount })], m),
    )
  }

  it('serves loopback URLs and a base58 32-byte genesis hash with its CAIP-2 id', async () => {
    expect(devnet.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(devnet.wsUrl).toBe(devnet.rpcUrl.replace('http', 'ws'))
    const genesis = await rpc.getGenesisHash().send()
    expect(devnet.caipNetworkId).toBe('solana:CdTVLPWPbyfapDkhQ9VtSSLdbrLSEuyS')
    expect(genesis).toBe(devnet.genesisHash)
    expect(getBase58Encoder().encode(genesis)).toHaveLength(32)
    expect(devnet.caipNetworkId).toBe(`solana:${genesis.slice(0, 32)}`)
    expect(await rpc.getHealth().send()).toBe('ok')
    expect((await rpc.getVersion().send())['solana-core']).toMatch(/^\d+\.\d+\.\d+$/)
  })

  it("funds the four dev accounts (m/44'/501'/0..3'/0') with 100 SOL each", async () => {
    expect(devnet.accounts).toHaveLength(4)
    expect(devnet.accounts[0]).toBe(payer.address)
    for (const account of devnet.accounts) {
      const { value } = await rpc.getBalance(account).send()
      expect(account === payer.address ? value <= 100_000_000_000n : value === 100_000_000_000n).toBe(true)
    }
  })

  it('holds 1000 "USD Coin" (6 decimals) per dev account, readable with getTokenAccountsByOwner jsonParsed', async () => {
    expect(devnet.usdcMint).toBe('GYUbjc8XZSbz8K21zBasax5SFH2bsy1Z1eBJeSE8Zhce')
    expect(devnet.usdcMint).toBe((await solanaDevSigner(100)).address)
    const { value } = await rpc.getTokenAccountsByOwner(devnet.accounts[1]!, { mint: devnet.usdcMint }, { encoding: 'jsonParsed' }).send()
    expect(value).toHaveLength(1)
    const info = value[0]!.account.data.parsed.info
    expect(info).toMatchObject({ mint: devnet.usdcMint, owner: devnet.accounts[1], state: 'initialized', isNative: false })
    expect(info.tokenAmount).toEqual({ amount: '1000000000', decimals: 6, uiAmount: 1000, uiAmountString: '1000' })
    const byProgram = await rpc
      .getTokenAccountsByOwner(
        devnet.accounts[1]!,
        { programId: address('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA') },
        { encoding: 'base64' },
      )
      .send()
    expect(byProgram.value.map((v) => v.pubkey)).toEqual([value[0]!.pubkey])
    const balance = await rpc.getTokenAccountBalance(value[0]!.pubkey).send()
    expect(balance.value.uiAmountString).toBe('1000')
    const mint = await rpc.getAccountInfo(devnet.usdcMint, { encoding: 'jsonParsed' }).send()
    expect(mint.value?.data).toMatchObject({
      parsed: {
        type: 'mint',
        info: { decimals: 6, supply: '4000000000', isInitialized: true },
      },
    })
  })

  it('transfers SOL with sendAndConfirmTransactionFactory (websocket confirmation)', async () => {
    const recipient = (await solanaDevSigner(42)).address
    const tx = await signTransactionMessageWithSigners(await transferMessage(payer, recipient, 1_234_567n))
    assertIsTransactionWithBlockhashLifetime(tx)
    const before = (await rpc.getBalance(payer.address).send()).value
    await sendAndConfirmTransactionFactory({ rpc, rpcSubscriptions })(tx, { commitment: 'confirmed' })
    const signature = getSignatureFromTransaction(tx)
    expect((await rpc.getBalance(recipient).send()).value).toBe(1_234_567n)
    expect((await rpc.getBalance(payer.address).send()).value).toBe(before - 1_234_567n - 5000n)
    const statuses = await rpc.getSignatureStatuses([signature]).send()
    expect(statuses.value[0]).toMatchObject({ err: null, confirmationStatus: 'finalized' })
    const got = await rpc.getTransaction(signature, { maxSupportedTransactionVersion: 0, encoding: 'json' }).send()
    expect(got?.meta?.err).toBeNull()
    expect(got?.meta?.fee).toBe(5000n)
    expect(got?.meta?.logMessages?.join('\n')).toContain('Program 11111111111111111111111111111111 success')
    expect(got?.transaction.message.accountKeys).toContain(recipient)
    // Without maxSupportedTransactionVersion a v0 transaction is refused, as on a real node.
    expect((await raw('getTransaction', [signature, { encoding: 'json' }])).error?.code).toBe(-32015)
  })

  it('rejects a transfer beyond the balance in preflight with -32002 and the transaction error', async () => {
    const poor = await solanaDevSigner(43)
    await airdropFactory({ rpc, rpcSubscriptions })({
      recipientAddress: poor.address,
      lamports: lamports(1_000_000n),
      commitment: 'confirmed',
    })
    expect((await rpc.getBalance(poor.address).send()).value).toBe(1_000_000n)
    const tx = await signTransactionMessageWithSigners(await transferMessage(poor, payer.address, 5_000_000n))
    assertIsTransactionWithBlockhashLifetime(tx)
    let caught: unknown
    try {
      await sendAndConfirmTransactionFactory({ rpc, rpcSubscriptions })(tx, { commitment: 'confirmed' })
    } catch (e) {
      caught = e
    }
    expect(isSolanaError(caught, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE)).toBe(true)
    // The raw answer carries the agave shape.
    const res = await raw('sendTransaction', [getBase64EncodedWireTransaction(tx), { encoding: 'base64' }])
    expect(res.error?.code).toBe(-32002)
    expect(res.error?.message).toBe('Transaction simulation failed: Error processing Instruction 0: custom program error: 0x1')
    expect(res.error?.data.err).toEqual({ InstructionError: [0, { Custom: 1 }] })
    expect(res.error?.data.logs.length).toBeGreaterThan(0)
    expect((await rpc.getBalance(poor.address).send()).value).toBe(1_000_000n)
    // skipPreflight lands it as a failed transaction that pays its fee.
    const sig = await rpc.sendTransaction(getBase64EncodedWireTransaction(tx), { encoding: 'base64', skipPreflight: true }).send()
    const status = await rpc.getSignatureStatuses([sig]).send()
    // kit reads RPC integers as bigints.
    expect(status.value[0]?.err).toEqual({ InstructionError: [0n, { Custom: 1n }] })
    expect((await rpc.getBalance(poor.address).send()).value).toBe(995_000n)
  })

  it('lands concurrent identical airdrops separately', async () => {
    const target = (await solanaDevSigner(45)).address
    // Raw fetches: kit would coalesce two identical in-flight requests into one.
    const [{ result: a }, { result: b }] = await Promise.all([
      raw('requestAirdrop', [target, 2_000_000]),
      raw('requestAirdrop', [target, 2_000_000]),
    ])
    expect(a).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
    expect(a).not.toBe(b)
    expect((await rpc.getBalance(target).send()).value).toBe(4_000_000n)
    expect((await raw('requestAirdrop', [target, 0])).error?.code).toBe(-32602)
  })

  it('moves to a new slot and blockhash per transaction; old blockhashes stay valid', async () => {
    const a = await rpc.getLatestBlockhash().send()
    const slotA = await rpc.getSlot().send()
    await devnet.server.airdrop((await solanaDevSigner(44)).address, 1_000_000_000n)
    const b = await rpc.getLatestBlockhash().send()
    expect(await rpc.getSlot().send()).toBe(slotA + 1n)
    expect(b.value.blockhash).not.toBe(a.value.blockhash)
    expect(b.value.lastValidBlockHeight).toBe(a.value.lastValidBlockHeight + 1n)
    expect((await rpc.isBlockhashValid(a.value.blockhash).send()).value).toBe(true)
    expect((await rpc.isBlockhashValid(b.value.blockhash).send()).value).toBe(true)
    const epoch = await rpc.getEpochInfo().send()
    expect(epoch.blockHeight).toBe(await rpc.getBlockHeight().send())
    expect(await rpc.getMinimumBalanceForRentExemption(0n).send()).toBe(890_880n)
  })

  it('answers protocol errors with JSON-RPC codes and sends CORS headers', async () => {
    expect((await raw('noSuchMethod')).error?.code).toBe(-32601)
    expect((await raw('getBalance', ['not-an-address'])).error?.code).toBe(-32602)
    expect((await raw('sendTransaction', ['AAAA', { encoding: 'base64' }])).error?.code).toBe(-32602)
    const bad = await fetch(devnet.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{nope' })
    expect(await bad.json()).toMatchObject({ error: { code: -32700 } })
    const preflight = await fetch(devnet.rpcUrl, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://127.0.0.1:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,solana-client',
      },
    })
    expect(preflight.status).toBe(204)
    // The calling loopback origin is echoed, never '*'.
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173')
    expect(preflight.headers.get('access-control-allow-headers')).toBe('content-type,solana-client')
    const batch = await fetch(devnet.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([
        { jsonrpc: '2.0', id: 1, method: 'getHealth' },
        { jsonrpc: '2.0', id: 2, method: 'getGenesisHash' },
      ]),
    })
    expect(((await batch.json()) as RpcAnswer[]).map((r) => r.result)).toEqual(['ok', devnet.genesisHash])
  })
})

// biome-ignore lint/suspicious/noExplicitAny: JSON-RPC frames read off the wire; each expect() checks the fields it reads.
type WireJson = any

type RpcAnswer = { result?: WireJson; error?: { code: number; message: string; data?: WireJson } }

/** One JSON-RPC POST; returns the HTTP status and the parsed body. */
async function post(url: string, body: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }) {
  const res = await fetch(url, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) })
  const text = await res.text()
  let json: WireJson
  try {
    json = JSON.parse(text)
  } catch {
    json = undefined
  }
  return { status: res.status, json, text, headers: res.headers }
}

/** A websocket JSON-RPC client that keeps every frame and the close code. */
class WsClient {
  readonly frames: WireJson[] = []
  closeCode: number | undefined
  private nextId = 1
  private constructor(readonly socket: WebSocket) {
    socket.on('message', (d) => this.frames.push(JSON.parse(d.toString())))
    socket.on('close', (code) => (this.closeCode = code))
  }
  static async open(url: string): Promise<WsClient> {
    const socket = new WebSocket(url)
    await new Promise((resolve, reject) => {
      socket.once('open', resolve)
      socket.once('error', reject)
    })
    return new WsClient(socket)
  }
  async until<T>(get: () => T | undefined): Promise<T> {
    for (let i = 0; i < 500; i++) {
      const v = get()
      if (v !== undefined) return v
      await new Promise((r) => setTimeout(r, 10))
    }
    throw new Error('timed out waiting on the websocket')
  }
  async request(method: string, params?: unknown): Promise<RpcAnswer> {
    const id = this.nextId++
    this.socket.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }))
    return this.until(() => this.frames.find((f) => f.id === id))
  }
  closed(): Promise<number> {
    return this.until(() => this.closeCode)
  }
}

describe('startSolanaRpc: fails the way a real cluster fails', () => {
  let rpc: SolanaRpcServer
  let tokenAccount: string
  let owner: string
  let mint: string
  beforeAll(async () => {
    rpc = await startSolanaRpc({ maxAirdropLamports: 10n * 1_000_000_000n, allowedOrigins: ['https://app.example'] })
    owner = (await solanaDevSigner(5)).address
    mint = await rpc.createMint({ decimals: 6 })
    tokenAccount = await rpc.mintTo({ mint: address(mint), owner: address(owner), amount: 5n })
  })
  afterAll(async () => {
    await rpc?.stop()
  })
  const call = async (method: string, params?: unknown): Promise<RpcAnswer> => {
    const { status, json } = await post(rpc.rpcUrl, { jsonrpc: '2.0', id: 7, method, params })
    expect([method, status]).toEqual([method, 200])
    return json
  }
  const keys = async (n: number) => Promise.all(Array.from({ length: n }, async (_, i) => (await solanaDevSigner(200 + i)).address))
  const sig = (n: number) => Array.from({ length: n }, () => '1'.repeat(64))

  it("reports a mint's token balances before and after in getTransaction (pre/postTokenBalances, as agave)", async () => {
    const [latest] = (await call('getSignaturesForAddress', [tokenAccount, { limit: 1 }])).result as { signature: string }[]
    const tx = (await call('getTransaction', [latest?.signature, { encoding: 'json', maxSupportedTransactionVersion: 0 }])).result as {
      transaction: { message: { accountKeys: string[] } }
      meta: { preTokenBalances: unknown[]; postTokenBalances: { accountIndex: number }[] }
    }
    const index = tx.transaction.message.accountKeys.indexOf(tokenAccount)
    const balance = (amount: string, uiAmount: number, uiAmountString: string) => ({
      accountIndex: index,
      mint,
      owner,
      programId: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
      uiTokenAmount: { amount, decimals: 6, uiAmount, uiAmountString },
    })
    // The token account is created in the same transaction: nothing before it, 5 base units after.
    expect(tx.meta.preTokenBalances).toEqual([])
    expect(tx.meta.postTokenBalances).toEqual([balance('5', 0.000005, '0.000005')])
  })

  it('dispatches only its own methods: Object.prototype names and websocket-only methods get -32601', async () => {
    for (const method of ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf', 'signatureSubscribe', 'getBlock']) {
      expect([method, (await call(method, [])).error]).toEqual([method, { code: -32601, message: 'Method not found' }])
    }
    const counts = rpc.methodCounts()
    expect(Object.getPrototypeOf(counts)).toBe(Object.prototype)
    expect(counts.constructor).toBe(1)
    expect(Object.hasOwn(counts, '__proto__')).toBe(true)
    expect((await call('getHealth')).result).toBe('ok')
  })

  it("applies the cluster's input limits with agave's codes and messages", async () => {
    const hundred = await keys(100)
    const extra = (await solanaDevSigner(300)).address
    const table: [string, unknown[], { code: number; message: string }][] = [
      ['getMultipleAccounts', [[...hundred, extra]], { code: -32602, message: 'Too many inputs provided; max 100' }],
      // The count is checked before the keys, as on agave.
      ['getMultipleAccounts', [Array(101).fill('not-a-key')], { code: -32602, message: 'Too many inputs provided; max 100' }],
      ['getSignatureStatuses', [sig(257)], { code: -32602, message: 'Too many inputs provided; max 256' }],
      [
        'getRecentPrioritizationFees',
        [[...hundred, ...hundred.slice(0, 29)]],
        { code: -32602, message: 'Too many inputs provided; max 128' },
      ],
      ['getSignaturesForAddress', [owner, { limit: 0 }], { code: -32602, message: 'Invalid limit; max 1000' }],
      ['getSignaturesForAddress', [owner, { limit: 1001 }], { code: -32602, message: 'Invalid limit; max 1000' }],
      ['getSignaturesForAddress', [owner, { limit: -1 }], { code: -32602, message: 'Invalid limit; max 1000' }],
      [
        'getProgramAccounts',
        [TOKEN, { encoding: 'base64', filters: Array(5).fill({ dataSize: 165 }) }],
        { code: -32602, message: 'Too many filters provided; max 4' },
      ],
      [
        'getProgramAccounts',
        [
          TOKEN,
          { encoding: 'base64', filters: [{ memcmp: { offset: 0, bytes: Buffer.alloc(129).toString('base64'), encoding: 'base64' } }] },
        ],
        { code: -32602, message: 'Invalid param: DataTooLarge' },
      ],
      [
        'sendTransaction',
        ['A'.repeat(1645), { encoding: 'base64' }],
        {
          code: -32602,
          message: 'base64 encoded solana_transaction::versioned::VersionedTransaction too large: 1645 bytes (max: encoded/raw 1644/1232)',
        },
      ],
      [
        'sendTransaction',
        ['2'.repeat(1684)],
        {
          code: -32602,
          message: 'base58 encoded solana_transaction::versioned::VersionedTransaction too large: 1684 bytes (max: encoded/raw 1683/1232)',
        },
      ],
      [
        'simulateTransaction',
        [Buffer.alloc(1233).toString('base64'), { encoding: 'base64' }],
        { code: -32602, message: 'decoded solana_transaction::versioned::VersionedTransaction too large: 1233 bytes (max: 1232 bytes)' },
      ],
      // A 165-byte token account in the legacy binary/base58 encoding (the default when none is asked for).
      [
        'getAccountInfo',
        [tokenAccount],
        { code: -32600, message: 'Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.' },
      ],
      [
        'getTokenAccountsByOwner',
        [owner, { mint }, { encoding: 'base58' }],
        { code: -32600, message: 'Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.' },
      ],
      ['requestAirdrop', [owner, 10_000_000_001], { code: -32603, message: 'Internal error' }],
    ]
    for (const [method, params, error] of table) {
      const answer = await call(method, params)
      expect([method, { code: answer.error?.code, message: answer.error?.message }]).toEqual([method, error])
    }
    // At the limits they answer.
    expect((await call('getMultipleAccounts', [hundred, { encoding: 'base64' }])).result.value).toHaveLength(100)
    expect((await call('getSignatureStatuses', [sig(256)])).result.value).toEqual(Array(256).fill(null))
    expect(await call('getSignaturesForAddress', [owner, { limit: 1000 }])).toMatchObject({ result: [{ err: null }] })
    expect((await call('getAccountInfo', [tokenAccount, { dataSlice: { offset: 0, length: 128 } }])).result.value.data).toEqual(
      expect.any(String),
    )
    expect((await call('getAccountInfo', [tokenAccount, { encoding: 'base64' }])).result.value.space).toBe(165)
    const zstd = (await call('getAccountInfo', [tokenAccount, { encoding: 'base64+zstd' }])).result.value.data
    expect(zstd[1]).toBe('base64+zstd')
    expect(zstdDecompressSync(Buffer.from(zstd[0], 'base64'))).toHaveLength(165)
    expect((await call('requestAirdrop', [owner, 10_000_000_000])).result).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
    expect((await call('requestAirdrop', [owner, 10_000_000_001])).error?.data).toBe('request too large; req: ◎10.000000001, cap: ◎10')
  })

  it('validates the params of every method: wrong types get -32602 with a message, never a crash', async () => {
    const unused = (await solanaDevSigner(302)).address
    const table: [string, unknown, string][] = [
      ['getBalance', [], 'Invalid params: Too small: expected array to have >=1 items'],
      ['getBalance', [42], 'Invalid params: params[0]: Invalid input: expected string, received number'],
      ['getBalance', ['not-an-address'], 'Invalid param: Invalid'],
      ['getBalance', ['1111'], 'Invalid param: WrongSize'],
      ['getBalance', { address: owner }, 'Invalid params: params must be an array'],
      ['getHealth', [1], 'Invalid params: Too big: expected array to have <=0 items'],
      ['getAccountInfo', [owner, 'base64'], 'Invalid params: params[1]: Invalid input: expected object, received string'],
      [
        'getAccountInfo',
        [owner, { encoding: 'hex' }],
        'Invalid params: params[1].encoding: Invalid option: expected one of "binary"|"base58"|"base64"|"base64+zstd"|"jsonParsed"',
      ],
      ['getMultipleAccounts', ['x'], 'Invalid params: params[0]: Invalid input: expected array, received string'],
      [
        'getSignaturesForAddress',
        [owner, { limit: '10' }],
        'Invalid params: params[1].limit: Invalid input: expected number, received string',
      ],
      ['getSignaturesForAddress', [owner, { before: 'not-a-signature' }], 'Invalid param: Invalid'],
      ['getSignaturesForAddress', [owner, { until: 'abc' }], 'Invalid param: WrongSize'],
      ['getSignatureStatuses', [['x']], 'Invalid param: WrongSize'],
      ['getTransaction', [123], 'Invalid params: params[0]: Invalid input: expected string, received number'],
      ['sendTransaction', [{}], 'Invalid params: params[0]: Invalid input: expected string, received object'],
      [
        'sendTransaction',
        ['AAAA', { skipPreflight: 'yes' }],
        'Invalid params: params[1].skipPreflight: Invalid input: expected boolean, received string',
      ],
      [
        'simulateTransaction',
        ['AA', { sigVerify: true, replaceRecentBlockhash: true }],
        'sigVerify may not be used with replaceRecentBlockhash',
      ],
      ['requestAirdrop', [owner, -5], 'Invalid params: params[1]: Too small: expected number to be >=0'],
      ['requestAirdrop', [owner, 1.5], 'Invalid params: params[1]: Invalid input: expected int, received number'],
      ['requestAirdrop', [owner, '100'], 'Invalid params: params[1]: Invalid input: expected number, received string'],
      ['getMinimumBalanceForRentExemption', ['10'], 'Invalid params: params[0]: Invalid input: expected number, received string'],
      [
        'getSlot',
        [{ commitment: 'soon' }],
        'Invalid params: params[0].commitment: Invalid option: expected one of "processed"|"confirmed"|"finalized"|"recent"|"single"|"singleGossip"|"root"|"max"',
      ],
      ['getTokenAccountsByOwner', [owner, {}], 'Invalid params: params[1]: expected { mint: <address> } or { programId: <address> }'],
      ['getTokenAccountsByOwner', [owner, { mint: 'x' }], 'Invalid param: WrongSize'],
      ['getTokenAccountsByOwner', [owner, { programId: owner }], 'Invalid param: unrecognized Token program id'],
      ['getTokenAccountsByOwner', [owner, { mint: unused }, { encoding: 'base64' }], 'Invalid param: could not find mint'],
      ['getTokenAccountsByOwner', [owner, { mint: rpc.authority }, { encoding: 'base64' }], 'Invalid param: not a Token mint'],
      ['getTokenAccountBalance', [unused], 'Invalid param: could not find account'],
      ['getTokenAccountBalance', [rpc.authority], 'Invalid param: not a Token account'],
      ['getTokenSupply', [tokenAccount], 'Invalid param: mint could not be unpacked'],
      [
        'getProgramAccounts',
        [TOKEN, { filters: [{ size: 1 }] }],
        'Invalid params: params[1].filters[0]: expected { dataSize }, { memcmp: { offset, bytes, encoding? } } or "tokenAccountState"',
      ],
      ['isBlockhashValid', [7], 'Invalid params: params[0]: Invalid input: expected string, received number'],
      [
        'getFeeForMessage',
        ['AAAA'],
        'failed to deserialize solana_message::versioned::VersionedMessage: Codec [fixCodecSize] expected 32 bytes, got 0.',
      ],
    ]
    for (const [method, params, message] of table) {
      expect([method, params, (await call(method, params)).error]).toEqual([method, params, { code: -32602, message }])
    }
    // Every method, every wrong shape: a JSON-RPC answer with status 200, and the server goes on.
    const methods = [
      'getHealth',
      'getVersion',
      'getGenesisHash',
      'getIdentity',
      'getSlot',
      'getBlockHeight',
      'getTransactionCount',
      'getEpochInfo',
      'getLatestBlockhash',
      'isBlockhashValid',
      'getFeeForMessage',
      'getRecentPrioritizationFees',
      'getMinimumBalanceForRentExemption',
      'getBalance',
      'getAccountInfo',
      'getMultipleAccounts',
      'getProgramAccounts',
      'getTokenAccountsByOwner',
      'getTokenAccountsByDelegate',
      'getTokenAccountBalance',
      'getTokenSupply',
      'getSignatureStatuses',
      'getSignaturesForAddress',
      'getTransaction',
      'sendTransaction',
      'simulateTransaction',
      'requestAirdrop',
    ]
    const shapes: unknown[] = [null, 1, 'x', {}, [null, null, null, null], [[]], [{}], [true, 1], [-1], [owner, 'x', 'y', 'z']]
    for (const method of methods) {
      const { status, json } = await post(
        rpc.rpcUrl,
        shapes.map((params, id) => ({ jsonrpc: '2.0', id, method, params })),
      )
      expect([method, status, json.length]).toEqual([method, 200, shapes.length])
      for (const answer of json as RpcAnswer[]) {
        if (answer.error)
          expect([method, [-32602, -32600].includes(answer.error.code), typeof answer.error.message]).toEqual([method, true, 'string'])
      }
    }
    expect((await call('getHealth')).result).toBe('ok')
  })

  it('serves other requests while a long batch runs (no request holds the server)', async () => {
    // About 360 entries in one body under the 50 KiB cap, each scanning the token program's accounts.
    const entry = { jsonrpc: '2.0', id: 0, method: 'getProgramAccounts', params: [TOKEN, { encoding: 'jsonParsed' }] }
    const entries: string[] = []
    while (entries.join(',').length + 100 < 50 * 1024) entries.push(JSON.stringify({ ...entry, id: entries.length }))
    const count = entries.length
    expect(count).toBeGreaterThan(300)
    const done = () => rpc.methodCounts().getProgramAccounts ?? 0
    const before = done()
    const batch = post(rpc.rpcUrl, `[${entries.join(',')}]`)
    // Once the server has started on the batch, ask for something else.
    for (let i = 0; i < 100_000 && done() === before; i++) await new Promise((r) => setImmediate(r))
    expect(done()).toBeGreaterThan(before)
    const health = await post(rpc.rpcUrl, { jsonrpc: '2.0', id: 1, method: 'getHealth' })
    expect(health.json.result).toBe('ok')
    // It was answered while the batch was still being worked through.
    expect(done() - before).toBeLessThan(count)
    const b = await batch
    expect(b.json).toHaveLength(count)
    expect(b.json.every((r: RpcAnswer) => Array.isArray(r.result))).toBe(true)
    expect(done() - before).toBe(count)
  }, 30_000)

  it('caps HTTP bodies at 50 KiB (413) and websocket frames alike (closed with 1009)', async () => {
    const big = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getHealth', params: [], pad: 'x'.repeat(50 * 1024) })
    const refused = await post(rpc.rpcUrl, big)
    expect(refused.status).toBe(413)
    expect(refused.json).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Request body too large; max 51200 bytes' } })
    expect((await call('getHealth')).result).toBe('ok')
    const ws = await WsClient.open(rpc.wsUrl)
    expect((await ws.request('slotSubscribe', [])).result).toEqual(expect.any(Number))
    ws.socket.send(big)
    expect(await ws.closed()).toBe(1009)
  })

  it('speaks only real subscriptions over the websocket: unknown methods -32601, unknown ids -32602', async () => {
    const ws = await WsClient.open(rpc.wsUrl)
    for (const method of ['fooSubscribe', 'accountSubscribe2', 'toString', 'constructor', 'getBalance', 'requestAirdrop']) {
      expect([method, (await ws.request(method, [owner])).error]).toEqual([method, { code: -32601, message: 'Method not found' }])
    }
    const slot = (await ws.request('slotSubscribe', [])).result
    expect((await ws.request('slotUnsubscribe', [slot])).result).toBe(true)
    expect((await ws.request('slotUnsubscribe', [slot])).error).toEqual({ code: -32602, message: 'Invalid subscription id.' })
    expect((await ws.request('signatureUnsubscribe', [999_999])).error).toEqual({ code: -32602, message: 'Invalid subscription id.' })
    expect((await ws.request('signatureSubscribe', ['not-a-signature'])).error).toEqual({ code: -32602, message: 'Invalid param: Invalid' })
    expect((await ws.request('slotSubscribe', [1])).error).toEqual({
      code: -32602,
      message: 'Invalid params: Too big: expected array to have <=0 items',
    })
    ws.socket.close()
  })

  it("refuses subscriptions past maxSubscriptions with agave's message", async () => {
    const small = await startSolanaRpc({ maxSubscriptions: 2 })
    try {
      const ws = await WsClient.open(small.wsUrl)
      const a = (await ws.request('slotSubscribe', [])).result
      await ws.request('signatureSubscribe', ['1'.repeat(64)])
      expect((await ws.request('slotSubscribe', [])).error).toEqual({
        code: -32603,
        message: 'Internal Error: Subscription refused. Node subscription limit reached',
      })
      expect((await ws.request('slotUnsubscribe', [a])).result).toBe(true)
      expect((await ws.request('slotSubscribe', [])).result).toEqual(expect.any(Number))
      ws.socket.close()
    } finally {
      await small.stop()
    }
  })

  it('sends no CORS wildcard: loopback (and configured) origins are echoed, others get 403 and cannot reach the faucet', async () => {
    const preflight = (origin: string) =>
      fetch(rpc.rpcUrl, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      })
    for (const origin of ['http://127.0.0.1:5173', 'http://localhost:3000', 'http://[::1]:8080', 'https://app.example']) {
      const res = await preflight(origin)
      expect([origin, res.status, res.headers.get('access-control-allow-origin')]).toEqual([origin, 204, origin])
    }
    for (const origin of ['https://evil.example', 'http://127.0.0.1.evil.example', 'null']) {
      const res = await preflight(origin)
      expect([origin, res.status, res.headers.get('access-control-allow-origin')]).toEqual([origin, 403, null])
    }
    // A cross-site "simple" POST (no preflight) to the faucet is refused before it runs.
    const target = (await solanaDevSigner(301)).address
    const airdrop = { jsonrpc: '2.0', id: 1, method: 'requestAirdrop', params: [target, 1_000_000_000] }
    const evil = await post(rpc.rpcUrl, airdrop, { 'content-type': 'text/plain', origin: 'https://evil.example' })
    expect([evil.status, evil.text, evil.headers.get('access-control-allow-origin')]).toEqual([403, 'Origin not allowed', null])
    // Without an Origin a non-JSON body is refused like agave's HTTP server does.
    const plain = await post(rpc.rpcUrl, airdrop, { 'content-type': 'text/plain' })
    expect([plain.status, plain.text]).toEqual([415, 'Supplied content type is not allowed. Content-Type: application/json is required\n'])
    expect((await call('getBalance', [target])).result.value).toBe(0)
    // The page's own origin still gets its airdrop, with its origin echoed.
    const page = await post(rpc.rpcUrl, airdrop, { 'content-type': 'application/json', origin: 'http://127.0.0.1:5173' })
    expect([page.status, page.headers.get('access-control-allow-origin')]).toEqual([200, 'http://127.0.0.1:5173'])
    expect((await call('getBalance', [target])).result.value).toBe(1_000_000_000)
    // The websocket handshake checks the Origin too.
    const handshake = (origin: string) =>
      new Promise<number | 'open'>((resolve) => {
        const socket = new WebSocket(rpc.wsUrl, { headers: { origin } })
        socket.once('open', () => {
          socket.close()
          resolve('open')
        })
        socket.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0))
      })
    expect(await handshake('https://evil.example')).toBe(403)
    expect(await handshake('http://localhost:5173')).toBe('open')
  })

  it('disconnects a websocket reader whose unsent notifications pass maxBufferedBytesPerSocket', async () => {
    const small = await startSolanaRpc({ maxBufferedBytesPerSocket: 1 })
    try {
      const ws = await WsClient.open(small.wsUrl)
      // The answer to the subscription itself is larger than 1 byte: the socket is dropped instead of queueing it.
      ws.socket.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'slotSubscribe', params: [] }))
      expect(await ws.closed()).toBe(1006)
      expect(ws.frames).toEqual([])
    } finally {
      await small.stop()
    }
  })
})
