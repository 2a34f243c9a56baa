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
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SolanaDevnet, startSolanaDevnet } from './devnet.ts'
import { uiAmountString } from './encoding.ts'
import { mnemonicToSeed, slip10Ed25519, solanaDevSigner } from './keys.ts'

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex')

describe('Solana dev keys', () => {
  it('follows the SLIP-0010 ed25519 test vector 1', () => {
    const seed = Buffer.from('000102030405060708090a0b0c0d0e0f', 'hex')
    expect(hex(slip10Ed25519(seed, 'm'))).toBe('2b4be7f19ee27bbf30c667b642d5f4aa69fd169872f8fc3059c08ebae2eb19e7')
    expect(hex(slip10Ed25519(seed, "m/0'"))).toBe('68e0fe46dfb67e368c75379acec591dad19df3cde26e63b93a8e704f1dade7a3')
    expect(hex(slip10Ed25519(seed, "m/0'/1'/2'/2'/1000000000'"))).toBe(
      '8f94d394a8e8fd6b1bc2f3f49f5c47e385281d5c17e65324b0f62483e37e8793',
    )
    expect(() => slip10Ed25519(seed, 'm/0')).toThrow(/hardened/)
  })

  it('derives the BIP-39 seed of the devnet mnemonic (checked against the mnemonic test vector)', () => {
    // Trezor's BIP-39 vector: 'abandon ×11 about' with passphrase 'TREZOR'.
    const seed = mnemonicToSeed('abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about', 'TREZOR')
    expect(hex(seed)).toBe(
      'c55257c360c07c72029aebc1b53c05ed0362ada38ead3e3e9efa3708e53495531f09a6987599d18264c1e1c92f2cf141630c7a3c4ab7c81b2f001698e7463b04',
    )
  })

  it('gives stable base58 addresses for dev accounts (m/44\'/501\'/i\'/0\')', async () => {
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
    return (await res.json()) as { result?: any; error?: { code: number; message: string; data?: any } }
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

  it('funds the four dev accounts (m/44\'/501\'/0..3\'/0\') with 100 SOL each', async () => {
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
    const { value } = await rpc
      .getTokenAccountsByOwner(devnet.accounts[1]!, { mint: devnet.usdcMint }, { encoding: 'jsonParsed' })
      .send()
    expect(value).toHaveLength(1)
    const info = value[0]!.account.data.parsed.info
    expect(info).toMatchObject({ mint: devnet.usdcMint, owner: devnet.accounts[1], state: 'initialized', isNative: false })
    expect(info.tokenAmount).toEqual({ amount: '1000000000', decimals: 6, uiAmount: 1000, uiAmountString: '1000' })
    const byProgram = await rpc
      .getTokenAccountsByOwner(devnet.accounts[1]!, { programId: address('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA') }, { encoding: 'base64' })
      .send()
    expect(byProgram.value.map((v) => v.pubkey)).toEqual([value[0]!.pubkey])
    const balance = await rpc.getTokenAccountBalance(value[0]!.pubkey).send()
    expect(balance.value.uiAmountString).toBe('1000')
    const mint = await rpc.getAccountInfo(devnet.usdcMint, { encoding: 'jsonParsed' }).send()
    expect((mint.value?.data as any).parsed).toMatchObject({ type: 'mint', info: { decimals: 6, supply: '4000000000', isInitialized: true } })
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
    await airdropFactory({ rpc, rpcSubscriptions })({ recipientAddress: poor.address, lamports: lamports(1_000_000n), commitment: 'confirmed' })
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
    const bad = await fetch(devnet.rpcUrl, { method: 'POST', body: '{nope' })
    expect(((await bad.json()) as any).error.code).toBe(-32700)
    const preflight = await fetch(devnet.rpcUrl, {
      method: 'OPTIONS',
      headers: { origin: 'http://127.0.0.1:5173', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,solana-client' },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
    expect(preflight.headers.get('access-control-allow-headers')).toBe('content-type,solana-client')
    const batch = await fetch(devnet.rpcUrl, {
      method: 'POST',
      body: JSON.stringify([
        { jsonrpc: '2.0', id: 1, method: 'getHealth' },
        { jsonrpc: '2.0', id: 2, method: 'getGenesisHash' },
      ]),
    })
    expect(((await batch.json()) as any[]).map((r) => r.result)).toEqual(['ok', devnet.genesisHash])
  })
})
