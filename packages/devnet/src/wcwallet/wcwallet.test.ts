import {
  appendTransactionMessageInstructions,
  address as solAddress,
  compileTransaction,
  createNoopSigner,
  createSolanaRpc,
  createTransactionMessage,
  getBase58Decoder,
  getBase58Encoder,
  getBase64Decoder,
  getBase64Encoder,
  getTransactionDecoder,
  getTransactionEncoder,
  getUtf8Encoder,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signatureBytes,
  verifySignature,
  getPublicKeyFromAddress,
} from '@solana/kit'
import { createHash } from 'node:crypto'
import { ed25519 } from '@noble/curves/ed25519'
import { secp256k1 } from '@noble/curves/secp256k1'
import { getTransferSolInstruction } from '@solana-program/system'
import { SignClient } from '@walletconnect/sign-client'
import type { SessionTypes } from '@walletconnect/types'
import { createPublicClient, type Hex, http, parseEther, verifyMessage, verifyTypedData } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AnvilInstance, startAnvil } from '../anvil.ts'
import { type Relay, startRelay } from '../relay/relay.ts'
import { type SolanaDevnet, startSolanaDevnet } from '../solana/devnet.ts'
import { WC_WALLET_CHAINS } from './accounts.ts'
import { blake2b, cosmosAddress, p2wpkhAddress, ss58Address, stacksAddress, suiAddress } from './addresses.ts'
import { startWcWallet, type WcWallet } from './wallet.ts'

// sign-client skips verify.walletconnect.org when IS_VITEST is 'true'; make sure that is not what
// keeps these clients on loopback (the relay's `attestation: ""` must).
delete process.env.IS_VITEST

// Record every fetch made in this test process (sign-client, viem, the wallet): none may leave loopback.
const fetched: string[] = []
const realFetch = globalThis.fetch
globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
  fetched.push(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url)
  return realFetch(input, init)
}) as typeof fetch
const isLoopback = (url: string) => ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname)

const METADATA = { name: 'Portico test dapp', description: 'test', url: 'http://127.0.0.1:5173', icons: [] }

describe('WalletConnect dev wallet through the local relay', () => {
  let relay: Relay
  let anvil: AnvilInstance
  let solana: SolanaDevnet
  let wallet: WcWallet
  let dapp: InstanceType<typeof SignClient>
  let session: SessionTypes.Struct
  const deletes: string[] = []

  beforeAll(async () => {
    ;[relay, anvil, solana] = await Promise.all([startRelay(), startAnvil({ chainId: 31337 }), startSolanaDevnet()])
    wallet = await startWcWallet({
      relayUrl: relay.url,
      evm: { chains: [{ chainId: 31337, rpcUrl: anvil.rpcUrl }] },
      solana: { rpcUrl: solana.rpcUrl },
    })
    dapp = await SignClient.init({
      projectId: 'local-project-id',
      relayUrl: relay.url,
      customStoragePrefix: 'dapp',
      storageOptions: { database: ':memory:' },
      telemetryEnabled: false,
      logger: 'silent',
      metadata: METADATA,
    })
    dapp.on('session_delete', ({ topic }) => deletes.push(topic))
  })
  afterAll(async () => {
    await wallet?.stop()
    await dapp?.core.relayer.transportClose().catch(() => {})
    dapp?.core.heartbeat.stop()
    await Promise.all([relay?.stop(), anvil?.stop(), solana?.stop()])
    globalThis.fetch = realFetch
  })

  const connect = () =>
    dapp.connect({
      requiredNamespaces: {
        eip155: {
          chains: ['eip155:31337'],
          methods: ['personal_sign', 'eth_sendTransaction'],
          events: ['accountsChanged', 'chainChanged'],
        },
      },
      optionalNamespaces: {
        eip155: { chains: ['eip155:31337'], methods: ['eth_signTypedData_v4'], events: [] },
        solana: {
          chains: [solana.caipNetworkId],
          methods: ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction'],
          events: [],
        },
        bip122: { chains: [WC_WALLET_CHAINS.bip122], methods: ['getAccountAddresses', 'signMessage'], events: [] },
        polkadot: { chains: [WC_WALLET_CHAINS.polkadot], methods: ['polkadot_signMessage'], events: [] },
        cosmos: { chains: [WC_WALLET_CHAINS.cosmos], methods: ['cosmos_signAmino', 'cosmos_signDirect'], events: [] },
        sui: { chains: [WC_WALLET_CHAINS.sui], methods: ['sui_signPersonalMessage'], events: [] },
        stacks: { chains: [WC_WALLET_CHAINS.stacks], methods: ['stx_signMessage'], events: [] },
      },
    })

  const request = <T>(method: string, params: unknown, chainId = 'eip155:31337') =>
    dapp.request<T>({ topic: session.topic, chainId, request: { method, params } })

  it('pairs and approves: the session carries a correctly formatted account per namespace', async () => {
    const { uri, approval } = await connect()
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    await wallet.pair(uri!)
    const [walletSession, dappSession] = await Promise.all([wallet.approveNext(), approval()])
    session = dappSession
    expect(walletSession.topic).toBe(session.topic)
    const ns = session.namespaces
    expect(Object.keys(ns).sort()).toEqual(['bip122', 'cosmos', 'eip155', 'polkadot', 'solana', 'stacks', 'sui'])
    const cases: [string, RegExp][] = [
      ['eip155', /^eip155:31337:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266$/],
      ['solana', new RegExp(`^${solana.caipNetworkId}:oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96$`)],
      ['bip122', /^bip122:000000000019d6689c085ae165831e93:bc1q[02-9ac-hj-np-z]{38}$/],
      ['polkadot', /^polkadot:91b171bb158e2d3848fa23a9f1c25182:1[1-9A-HJ-NP-Za-km-z]{46,47}$/],
      ['cosmos', /^cosmos:cosmoshub-4:cosmos1[02-9ac-hj-np-z]{38}$/],
      ['sui', /^sui:mainnet:0x[0-9a-f]{64}$/],
      ['stacks', /^stacks:1:SP[0-9A-HJKMNP-TV-Z]{38,39}$/],
    ]
    for (const [key, pattern] of cases) {
      expect(ns[key]?.accounts).toHaveLength(1)
      expect(ns[key]?.accounts[0]).toMatch(pattern)
    }
    expect(ns.eip155?.methods).toEqual(expect.arrayContaining(['personal_sign', 'eth_sendTransaction', 'eth_signTypedData_v4']))
    expect(wallet.sessions().map((s) => s.topic)).toEqual([session.topic])
    expect(relay.stats().methods).toMatchObject({ wc_proposeSession: 1, wc_approveSession: 1 })
  })

  it('personal_sign and eth_signTypedData_v4 signatures verify with viem', async () => {
    const account = wallet.accounts.eip155
    const message = 'Sign in to Portico'
    const hexMessage = `0x${Buffer.from(message).toString('hex')}` as Hex
    const sig = await request<Hex>('personal_sign', [hexMessage, account])
    expect(await verifyMessage({ address: account, message, signature: sig })).toBe(true)
    const typed = {
      domain: { name: 'Portico', version: '1', chainId: 31337 },
      types: { Mail: [{ name: 'contents', type: 'string' }] },
      primaryType: 'Mail' as const,
      message: { contents: 'hello' },
    }
    const typedSig = await request<Hex>('eth_signTypedData_v4', [account, JSON.stringify(typed)])
    expect(await verifyTypedData({ address: account, ...typed, signature: typedSig })).toBe(true)
    // Another account's request is refused with 4100.
    await expect(request('personal_sign', [hexMessage, '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'])).rejects.toMatchObject({ code: 4100 })
  })

  it('eth_sendTransaction is signed by the wallet and mined on anvil', async () => {
    const to = '0x000000000000000000000000000000000000bEEF'
    const hash = await request<Hex>('eth_sendTransaction', [
      { from: wallet.accounts.eip155, to, value: `0x${parseEther('1.5').toString(16)}` },
    ])
    const client = createPublicClient({ transport: http(anvil.rpcUrl, { retryCount: 0 }) })
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(wallet.accounts.eip155.toLowerCase())
    expect(await client.getBalance({ address: to })).toBe(parseEther('1.5'))
  })

  it('solana_signMessage, solana_signTransaction and solana_signAndSendTransaction work against the local RPC', async () => {
    const chainId = solana.caipNetworkId
    const owner = solAddress(wallet.accounts.solana)
    const message = getBase58Decoder().decode(getUtf8Encoder().encode('hello solana'))
    const { signature } = await request<{ signature: string }>('solana_signMessage', { message, pubkey: owner }, chainId)
    const key = await getPublicKeyFromAddress(owner)
    expect(await verifySignature(key, signatureBytes(getBase58Encoder().encode(signature)), getUtf8Encoder().encode('hello solana'))).toBe(
      true,
    )

    const rpc = createSolanaRpc(solana.rpcUrl)
    const recipient = solAddress(solana.accounts[2]!)
    const { value: blockhash } = await rpc.getLatestBlockhash().send()
    const unsigned = compileTransaction(
      pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayerSigner(createNoopSigner(owner), m),
        (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
        (m) =>
          appendTransactionMessageInstructions(
            [getTransferSolInstruction({ source: createNoopSigner(owner), destination: recipient, amount: 7_000n })],
            m,
          ),
      ),
    )
    const wire = getBase64Decoder().decode(getTransactionEncoder().encode(unsigned))
    const signed = await request<{ signature: string; transaction: string }>('solana_signTransaction', { transaction: wire }, chainId)
    const decoded = getTransactionDecoder().decode(getBase64Encoder().encode(signed.transaction))
    expect(getBase58Decoder().decode(decoded.signatures[owner]!)).toBe(signed.signature)

    const before = (await rpc.getBalance(recipient).send()).value
    const sent = await request<{ signature: string }>('solana_signAndSendTransaction', { transaction: wire }, chainId)
    expect(sent.signature).toBe(signed.signature)
    const status = await rpc.getSignatureStatuses([sent.signature as never]).send()
    expect(status.value[0]?.err).toBeNull()
    expect((await rpc.getBalance(recipient).send()).value).toBe(before + 7_000n)
  })

  it('signs messages on polkadot, sui, cosmos, bip122 and stacks with the keys their addresses come from', async () => {
    const text = 'hello portico'
    const bytes = Buffer.from(text)
    const sha = (b: Uint8Array) => new Uint8Array(createHash('sha256').update(b).digest())
    const b64 = (s: string) => new Uint8Array(Buffer.from(s, 'base64'))
    const hexBytes = (s: string) => new Uint8Array(Buffer.from(s.replace(/^0x/, ''), 'hex'))

    // polkadot: ed25519 over <Bytes>message</Bytes>; the public key is the one inside the SS58 address.
    const dot = await request<{ signature: string }>(
      'polkadot_signMessage',
      { address: wallet.accounts.polkadot, message: `0x${bytes.toString('hex')}` },
      WC_WALLET_CHAINS.polkadot,
    )
    expect(dot.signature).toMatch(/^0x[0-9a-f]{128}$/)
    const dotKey = getBase58Encoder().encode(wallet.accounts.polkadot).slice(1, 33) as Uint8Array
    expect(ss58Address(dotKey, 0)).toBe(wallet.accounts.polkadot)
    expect(ed25519.verify(hexBytes(dot.signature), Buffer.from('<Bytes>hello portico</Bytes>'), dotKey)).toBe(true)
    expect(ed25519.verify(hexBytes(dot.signature), bytes, dotKey)).toBe(false)

    // sui: flag 0 ‖ signature ‖ public key over BLAKE2b-256([3, 0, 0] ‖ ULEB128 length ‖ message).
    const sui = await request<{ signature: string; bytes: string }>(
      'sui_signPersonalMessage',
      { message: bytes.toString('base64'), address: wallet.accounts.sui },
      WC_WALLET_CHAINS.sui,
    )
    expect(sui.bytes).toBe('aGVsbG8gcG9ydGljbw==')
    const serialized = b64(sui.signature)
    expect(serialized).toHaveLength(97)
    expect(serialized[0]).toBe(0)
    const suiKey = serialized.slice(65)
    expect(suiAddress(suiKey)).toBe(wallet.accounts.sui)
    const digest = blake2b(new Uint8Array([3, 0, 0, 13, ...bytes]), 32)
    expect(ed25519.verify(serialized.slice(1, 65), digest, suiKey)).toBe(true)

    // cosmos_signAmino (an ADR-036 doc): secp256k1 over SHA-256 of the sorted JSON.
    const signDoc = {
      chain_id: '',
      account_number: '0',
      sequence: '0',
      fee: { gas: '0', amount: [] },
      msgs: [{ type: 'sign/MsgSignData', value: { signer: wallet.accounts.cosmos, data: 'aGVsbG8gcG9ydGljbw==' } }],
      memo: '',
    }
    const amino = await request<{ signature: { pub_key: { type: string; value: string }; signature: string }; signed: unknown }>(
      'cosmos_signAmino',
      { signerAddress: wallet.accounts.cosmos, signDoc },
      WC_WALLET_CHAINS.cosmos,
    )
    expect(amino.signature.pub_key.type).toBe('tendermint/PubKeySecp256k1')
    const cosmosKey = b64(amino.signature.pub_key.value)
    expect(cosmosAddress(cosmosKey)).toBe(wallet.accounts.cosmos)
    const sorted = `{"account_number":"0","chain_id":"","fee":{"amount":[],"gas":"0"},"memo":"","msgs":[{"type":"sign/MsgSignData","value":{"data":"aGVsbG8gcG9ydGljbw==","signer":"${wallet.accounts.cosmos}"}}],"sequence":"0"}`
    expect(secp256k1.verify(b64(amino.signature.signature), sha(Buffer.from(sorted)), cosmosKey)).toBe(true)
    expect(amino.signed).toEqual(signDoc)

    // cosmos_signDirect: SHA-256 of the protobuf SignDoc (fields 1, 2 bytes; 3 string; 4 varint).
    const direct = await request<{ signature: { signature: string } }>(
      'cosmos_signDirect',
      {
        signerAddress: wallet.accounts.cosmos,
        signDoc: { chainId: 'cosmoshub-4', accountNumber: '300', bodyBytes: 'AQI=', authInfoBytes: 'Aw==' },
      },
      WC_WALLET_CHAINS.cosmos,
    )
    const protobuf = new Uint8Array([0x0a, 2, 1, 2, 0x12, 1, 3, 0x1a, 11, ...Buffer.from('cosmoshub-4'), 0x20, 0xac, 0x02])
    expect(secp256k1.verify(b64(direct.signature.signature), sha(protobuf), cosmosKey)).toBe(true)

    // bip122 signMessage: BIP-137 (header 39 + recovery id) over the double SHA-256 "Bitcoin Signed Message".
    const btc = await request<{ address: string; signature: string }>(
      'signMessage',
      { account: wallet.accounts.bip122, message: text, protocol: 'ecdsa' },
      WC_WALLET_CHAINS.bip122,
    )
    expect(btc.address).toBe(wallet.accounts.bip122)
    const btcSig = b64(btc.signature)
    expect(btcSig).toHaveLength(65)
    expect(btcSig[0]).toBeGreaterThanOrEqual(39)
    expect(btcSig[0]).toBeLessThanOrEqual(42)
    const btcHash = sha(sha(new Uint8Array([24, ...Buffer.from('Bitcoin Signed Message:\n'), 13, ...bytes])))
    const btcKey = secp256k1.Signature.fromCompact(btcSig.slice(1))
      .addRecoveryBit(btcSig[0]! - 39)
      .recoverPublicKey(btcHash)
      .toRawBytes(true)
    expect(p2wpkhAddress(btcKey)).toBe(wallet.accounts.bip122)

    // stx_signMessage: RSV hex over SHA-256("\x17Stacks Signed Message:\n" ‖ length ‖ message).
    const stx = await request<{ signature: string; publicKey: string }>('stx_signMessage', { message: text }, WC_WALLET_CHAINS.stacks)
    expect(stx.signature).toMatch(/^[0-9a-f]{130}$/)
    const stxSig = hexBytes(stx.signature)
    const stxHash = sha(new Uint8Array([23, ...Buffer.from('Stacks Signed Message:\n'), 13, ...bytes]))
    const stxKey = secp256k1.Signature.fromCompact(stxSig.slice(0, 64))
      .addRecoveryBit(stxSig[64]!)
      .recoverPublicKey(stxHash)
      .toRawBytes(true)
    expect(Buffer.from(stxKey).toString('hex')).toBe(stx.publicKey)
    expect(stacksAddress(stxKey)).toBe(wallet.accounts.stacks)

    // Another account's request is refused with 4100.
    await expect(
      request(
        'polkadot_signMessage',
        { address: '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5', message: '0x00' },
        WC_WALLET_CHAINS.polkadot,
      ),
    ).rejects.toMatchObject({ code: 4100 })
  })

  it('emits accountsChanged and chainChanged to the dapp', async () => {
    const events: { name: string; data: unknown }[] = []
    const got = new Promise<void>((resolve) => {
      dapp.on('session_event', ({ params }) => {
        events.push(params.event)
        if (events.length === 2) resolve()
      })
    })
    await wallet.emitAccountsChanged()
    await wallet.emitChainChanged(31337)
    await got
    expect(events).toEqual([
      { name: 'accountsChanged', data: [wallet.accounts.eip155] },
      { name: 'chainChanged', data: 31337 },
    ])
  })

  it("a rejected proposal rejects the dapp's approval", async () => {
    const { uri, approval } = await connect()
    await wallet.pair(uri!)
    const settled = approval().then(
      () => 'approved',
      (e: { message?: string; code?: number }) => e,
    )
    await wallet.rejectNext()
    expect(await settled).toMatchObject({ code: 5000, message: 'User rejected.' })
  })

  it('a wallet-side disconnect reaches the dapp', async () => {
    const deleted = new Promise<string>((resolve) => dapp.once('session_delete', ({ topic }) => resolve(topic)))
    await wallet.disconnect(session.topic)
    expect(await deleted).toBe(session.topic)
    expect(wallet.sessions()).toEqual([])
    expect(deletes).toContain(session.topic)
  })

  it('auto-approves proposals, and queues requests for approveNextRequest / rejectNextRequest', async () => {
    const auto = await startWcWallet({
      relayUrl: relay.url,
      accountIndex: 1,
      evm: { chains: [{ chainId: 31337, rpcUrl: anvil.rpcUrl }] },
      autoApprove: true,
      autoApproveRequests: false,
    })
    try {
      expect(auto.chains.solana).toEqual([])
      const { uri, approval } = await dapp.connect({
        optionalNamespaces: { eip155: { chains: ['eip155:31337'], methods: ['personal_sign'], events: [] } },
      })
      await auto.pair(uri!)
      const s = await approval()
      expect(s.namespaces.eip155?.accounts).toEqual(['eip155:31337:0x70997970C51812dc3A010C7d01b50e0d17dc79C8'])
      const ask = (text: string) =>
        dapp.request<Hex>({
          topic: s.topic,
          chainId: 'eip155:31337',
          request: { method: 'personal_sign', params: [text, auto.accounts.eip155] },
        })
      const first = ask('first')
      expect((await auto.approveNextRequest()) as Hex).toBe(await first)
      expect(await verifyMessage({ address: auto.accounts.eip155, message: 'first', signature: await first })).toBe(true)
      const second = ask('second').catch((e: unknown) => e)
      await auto.rejectNextRequest()
      expect(await second).toMatchObject({ code: 5000 })
      expect(auto.requestLog().map((e) => [e.method, e.error?.code ?? 'ok'])).toEqual([
        ['personal_sign', 'ok'],
        ['personal_sign', 5000],
      ])
      const unsupported = dapp
        .request({
          topic: s.topic,
          chainId: 'eip155:31337',
          request: { method: 'personal_sign', params: ['x', '0x0000000000000000000000000000000000000001'] },
        })
        .catch((e: unknown) => e)
      await expect(auto.approveNextRequest()).rejects.toThrow(/not an account of this wallet/)
      expect(await unsupported).toMatchObject({ code: 4100 })
      await auto.disconnect()
    } finally {
      await auto.stop()
    }
  })

  it('made zero non-loopback fetches', () => {
    expect(fetched.length).toBeGreaterThan(0)
    expect(fetched.filter((u) => !isLoopback(u))).toEqual([])
  })
})
