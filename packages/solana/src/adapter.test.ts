import type { AdapterContext, CaipNetwork, ChainAdapter, Connector } from '@portico/headless'
import {
  type Address,
  decompileTransactionMessage,
  generateKeyPairSigner,
  getBase58Decoder,
  getBase58Encoder,
  getBase64EncodedWireTransaction,
  getCompiledTransactionMessageDecoder,
  getPublicKeyFromAddress,
  getTransactionDecoder,
  type KeyPairSigner,
  signBytes,
  signTransaction,
  type SignatureBytes,
  verifySignature,
} from '@solana/kit'
import type { Wallets } from '@wallet-standard/app'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import { beforeAll, describe, expect, it } from 'vitest'
import { solanaAdapter, solanaConnectorId } from './adapter'
import { chainReference, SOLANA_CLUSTERS, walletChainsOf } from './chains'
import { formatLamports } from './rpc'
import { transferData } from './transfer'
import { transferCheckedData } from './spl'
import type { Timers } from '@portico/headless'

// The chain is faked here (adapters may not import the devnet): JSON-RPC answers come from `rpcStub`.
// packages/devnet/src/wallet/solana-adapter.test.ts runs this adapter against the real local chain.
const LOCAL_REF = 'CdTVLPWPbyfapDkhQ9VtSSLdbrLSEuyS'
const RPC_URL = 'http://127.0.0.1:8899'
const sol = { caipNetworkId: `solana:${LOCAL_REF}`, rpcUrl: RPC_URL }
const BLOCKHASH = 'EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N'

let signers: KeyPairSigner[]
beforeAll(async () => {
  signers = [await generateKeyPairSigner(), await generateKeyPairSigner()]
})

/** A JSON-RPC endpoint in a function: records each call, answers from `answers`. */
function rpcStub(answers: Record<string, (params: unknown[]) => unknown>) {
  const calls: { url: string; method: string; params: unknown[] }[] = []
  const fetchStub = (async (url: string | URL | Request, init?: RequestInit) => {
    const { method, params } = JSON.parse(String(init?.body)) as { method: string; params: unknown[] }
    calls.push({ url: String(url), method, params })
    const answer = answers[method]
    const body = answer
      ? { jsonrpc: '2.0', id: 1, result: answer(params) }
      : { jsonrpc: '2.0', id: 1, error: { code: -32601, message: `Method not found: ${method}` } }
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } })
  }) as typeof fetch
  return { calls, fetch: fetchStub }
}

const localNetwork = (): CaipNetwork => {
  const ref = sol.caipNetworkId.split(':')[1] as string
  return {
    id: ref,
    caipNetworkId: `solana:${ref}`,
    chainNamespace: 'solana',
    name: 'Portico Local Solana',
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
    rpcUrls: { default: { http: [sol.rpcUrl] } },
  }
}
const solanaDevnet: CaipNetwork = {
  id: SOLANA_CLUSTERS.devnet,
  caipNetworkId: `solana:${SOLANA_CLUSTERS.devnet}`,
  chainNamespace: 'solana',
  name: 'Solana Devnet',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: ['http://127.0.0.1:1'] } },
}

/** A Wallet Standard registry like getWallets(), without window. */
function createRegistry(): Wallets & { unregister(w: Wallet): void } {
  const wallets = new Set<Wallet>()
  const listeners = { register: new Set<(...w: Wallet[]) => void>(), unregister: new Set<(...w: Wallet[]) => void>() }
  return {
    get: () => [...wallets],
    on(event, listener) {
      listeners[event].add(listener)
      return () => listeners[event].delete(listener)
    },
    register(...ws) {
      for (const w of ws) wallets.add(w)
      for (const l of listeners.register) l(...ws)
      return () => this.unregister(ws[0] as Wallet)
    },
    unregister(w) {
      wallets.delete(w)
      for (const l of listeners.unregister) l(w)
    },
  }
}

interface FakeWalletOptions {
  name?: string
  chains?: `${string}:${string}`[]
  /** Rejects standard:connect (not silent) like a user refusing. */
  reject?: boolean
  signAndSend?: boolean
}

/** A Wallet Standard Solana wallet over the dev keys that sends to the local RPC. */
function fakeWallet(opts: FakeWalletOptions = {}) {
  const chains = opts.chains ?? [sol.caipNetworkId as `${string}:${string}`]
  let authorized = false
  let selected = 0
  const calls: string[] = []
  const sent: Uint8Array[] = []
  const listeners = new Set<(p: { accounts?: readonly WalletAccount[] }) => void>()
  const accountOf = (s: KeyPairSigner): WalletAccount => ({
    address: s.address,
    publicKey: getBase58Encoder().encode(s.address) as Uint8Array,
    chains,
    features: ['solana:signMessage', 'solana:signAndSendTransaction'],
  })
  const exposed = () => (authorized ? [accountOf(signers[selected] as KeyPairSigner)] : [])
  const signerFor = (account: WalletAccount) => {
    const s = signers.find((x) => x.address === account.address)
    if (!s || !authorized) throw Object.assign(new Error('Unauthorized'), { code: 4100 })
    return s
  }
  const sign = async (account: WalletAccount, transaction: Uint8Array) => {
    const tx = getTransactionDecoder().decode(transaction)
    return signTransaction([signerFor(account).keyPair], tx)
  }
  const feats: Record<string, unknown> = {
    'standard:connect': {
      version: '1.0.0',
      connect: async (input?: { silent?: boolean }) => {
        calls.push(input?.silent ? 'connect(silent)' : 'connect')
        if (!input?.silent) {
          if (opts.reject) throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
          authorized = true
        }
        return { accounts: exposed() }
      },
    },
    'standard:disconnect': {
      version: '1.0.0',
      disconnect: async () => {
        calls.push('disconnect')
        authorized = false
      },
    },
    'standard:events': {
      version: '1.0.0',
      on: (_event: 'change', l: (p: { accounts?: readonly WalletAccount[] }) => void) => {
        listeners.add(l)
        return () => listeners.delete(l)
      },
    },
    'solana:signMessage': {
      version: '1.0.0',
      signMessage: async (...inputs: { account: WalletAccount; message: Uint8Array }[]) =>
        Promise.all(
          inputs.map(async ({ account, message }) => ({
            signedMessage: message,
            signature: await signBytes(signerFor(account).keyPair.privateKey, message),
          })),
        ),
    },
    'solana:signTransaction': {
      version: '1.0.0',
      supportedTransactionVersions: ['legacy', 0],
      signTransaction: async (...inputs: { account: WalletAccount; transaction: Uint8Array }[]) =>
        Promise.all(
          inputs.map(async ({ account, transaction }) => {
            calls.push('signTransaction')
            const signed = await sign(account, transaction)
            return { signedTransaction: Uint8Array.from(Buffer.from(getBase64EncodedWireTransaction(signed), 'base64')) }
          }),
        ),
    },
  }
  if (opts.signAndSend !== false) {
    feats['solana:signAndSendTransaction'] = {
      version: '1.0.0',
      supportedTransactionVersions: ['legacy', 0],
      signAndSendTransaction: async (...inputs: { account: WalletAccount; chain: string; transaction: Uint8Array }[]) =>
        Promise.all(
          inputs.map(async ({ account, chain, transaction }) => {
            calls.push(`signAndSendTransaction(${chain})`)
            const signed = await sign(account, transaction)
            sent.push(transaction)
            return { signature: signed.signatures[account.address as Address] as Uint8Array }
          }),
        ),
    }
  }
  const wallet: Wallet = {
    version: '1.0.0',
    name: opts.name ?? 'Fake Solana Wallet',
    icon: 'data:image/svg+xml;base64,PHN2Zy8+',
    chains,
    features: feats as Wallet['features'],
    get accounts() {
      return exposed()
    },
  }
  return {
    wallet,
    calls,
    sent,
    select(i: number) {
      selected = i
      for (const l of listeners) l({ accounts: exposed() })
    },
    revoke() {
      authorized = false
      for (const l of listeners) l({ accounts: [] })
    },
    changeChains(next: `${string}:${string}`[]) {
      for (const l of listeners) l({ chains: next } as never)
    },
  }
}

function harness(adapter: ChainAdapter, networks: CaipNetwork[] = [localNetwork()]) {
  const connectors: Connector[][] = []
  const accountsChanged: string[][] = []
  const chainChanged: (number | string)[] = []
  const ctx: AdapterContext = {
    networks,
    projectId: 'test',
    getActiveNetwork: () => networks[0],
    setConnectors: (list) => connectors.push(list),
    onAccountsChanged: (a) => accountsChanged.push(a),
    onChainChanged: (c) => chainChanged.push(c),
    onDisconnect: () => {},
    emit: () => {},
  }
  const cleanup = adapter.setup(ctx) as () => void
  return { connectors, accountsChanged, chainChanged, cleanup, last: () => connectors.at(-1) ?? [] }
}

const ID = solanaConnectorId('Fake Solana Wallet')

describe('solana adapter: discovery', () => {
  it('registers Solana wallets with connect and signing as announced connectors, and follows (un)registration', () => {
    const registry = createRegistry()
    const first = fakeWallet()
    registry.register(first.wallet)
    const h = harness(solanaAdapter({ wallets: registry }))
    expect(h.last()).toEqual([
      { id: ID, name: 'Fake Solana Wallet', type: 'announced', namespace: 'solana', imageUrl: 'data:image/svg+xml;base64,PHN2Zy8+' },
    ])
    // Not Solana wallets: an EVM-only chain list, or no standard:connect.
    const evmOnly = fakeWallet({ name: 'EVM only', chains: ['eip155:1'] })
    const noConnect = fakeWallet({ name: 'No connect' })
    delete (noConnect.wallet.features as Record<string, unknown>)['standard:connect']
    registry.register(evmOnly.wallet, noConnect.wallet)
    const late = fakeWallet({ name: 'Late Wallet' })
    registry.register(late.wallet)
    expect(h.last().map((c) => c.id)).toEqual([ID, solanaConnectorId('Late Wallet')])
    registry.unregister(late.wallet)
    expect(h.last().map((c) => c.id)).toEqual([ID])
    h.cleanup()
    registry.register(fakeWallet({ name: 'After cleanup' }).wallet)
    expect(h.last().map((c) => c.id)).toEqual([ID])
  })

  it('does nothing without a window and without a registry (SSR)', () => {
    const h = harness(solanaAdapter())
    expect(h.connectors).toEqual([])
  })
})

describe('solana adapter: sessions', () => {
  it('connects with standard:connect, on the active network when the wallet has it', async () => {
    const registry = createRegistry()
    const fw = fakeWallet()
    registry.register(fw.wallet)
    const adapter = solanaAdapter({ wallets: registry })
    harness(adapter)
    const ref = sol.caipNetworkId.split(':')[1]
    expect(await adapter.connect({ connectorId: ID })).toEqual({
      address: signers[0]!.address,
      chainId: ref,
      accounts: [signers[0]!.address],
    })
    expect(fw.calls).toEqual(['connect'])
  })

  it('reports the wallet’s first Solana chain when it lacks the active network', async () => {
    const registry = createRegistry()
    registry.register(fakeWallet({ chains: ['solana:devnet', 'solana:mainnet'] }).wallet)
    const adapter = solanaAdapter({ wallets: registry })
    harness(adapter)
    expect((await adapter.connect({ connectorId: ID })).chainId).toBe(SOLANA_CLUSTERS.devnet)
  })

  it('passes a rejection on with its code, and fails for an unknown connector', async () => {
    const registry = createRegistry()
    registry.register(fakeWallet({ reject: true }).wallet)
    const adapter = solanaAdapter({ wallets: registry })
    harness(adapter)
    await expect(adapter.connect({ connectorId: ID })).rejects.toMatchObject({ code: 4001 })
    await expect(adapter.connect({ connectorId: 'wallet-standard:Nope' })).rejects.toThrow('Failed to connect')
  })

  it('reconnects silently: null before authorisation, the account after; waits for a late wallet', async () => {
    const registry = createRegistry()
    const fw = fakeWallet()
    registry.register(fw.wallet)
    const adapter = solanaAdapter({ wallets: registry, reconnectWaitMs: 0 })
    harness(adapter)
    expect(await adapter.reconnect({ connectorId: ID })).toBeNull()
    await adapter.connect({ connectorId: ID })
    expect((await adapter.reconnect({ connectorId: ID }))?.address).toBe(signers[0]!.address)
    expect(fw.calls).toEqual(['connect(silent)', 'connect', 'connect(silent)'])

    // After a reload the wallet registers later than the app asks.
    const lateRegistry = createRegistry()
    const late = solanaAdapter({ wallets: lateRegistry, reconnectWaitMs: 5000 })
    harness(late)
    const pending = late.reconnect({ connectorId: ID })
    lateRegistry.register(fw.wallet)
    expect((await pending)?.address).toBe(signers[0]!.address)
    expect(await solanaAdapter({ wallets: createRegistry(), reconnectWaitMs: 0 }).reconnect({ connectorId: ID })).toBeNull()
  })

  it('reports account changes from standard:events, [] on revoke; disconnect calls standard:disconnect', async () => {
    const registry = createRegistry()
    const fw = fakeWallet()
    registry.register(fw.wallet)
    const adapter = solanaAdapter({ wallets: registry })
    const h = harness(adapter)
    await adapter.connect({ connectorId: ID })
    fw.select(1)
    fw.revoke()
    expect(h.accountsChanged).toEqual([[signers[1]!.address], []])
    await adapter.connect({ connectorId: ID })
    await adapter.disconnect({ connectorId: ID })
    fw.select(0) // no longer listened to
    expect(h.accountsChanged).toHaveLength(2)
    expect(fw.calls.at(-1)).toBe('disconnect')
    expect(await adapter.reconnect({ connectorId: ID })).toBeNull()
  })

  it('reports a chain change when the wallet drops the chain in use; keeping it says nothing', async () => {
    const registry = createRegistry()
    const fw = fakeWallet()
    registry.register(fw.wallet)
    const adapter = solanaAdapter({ wallets: registry })
    const h = harness(adapter)
    await adapter.connect({ connectorId: ID })
    fw.changeChains([sol.caipNetworkId as `${string}:${string}`, 'solana:devnet'])
    expect(h.chainChanged).toEqual([])
    fw.changeChains(['solana:devnet'])
    expect(h.chainChanged).toEqual([SOLANA_CLUSTERS.devnet])
    expect(h.accountsChanged).toEqual([])
  })
})

describe('solana adapter: networks, signing, sending, balance', () => {
  async function connected(opts: FakeWalletOptions = {}, networks?: CaipNetwork[]) {
    const registry = createRegistry()
    const fw = fakeWallet(opts)
    registry.register(fw.wallet)
    const adapter = solanaAdapter({ wallets: registry })
    harness(adapter, networks)
    await adapter.connect({ connectorId: ID })
    return { adapter, fw }
  }

  it('signMessage returns the base58 ed25519 signature of the UTF-8 message', async () => {
    const { adapter } = await connected()
    const signature = await adapter.signMessage({ message: 'Sign in to Portico', address: signers[0]!.address })
    expect(signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{86,88}$/)
    const key = await getPublicKeyFromAddress(signers[0]!.address as Address)
    const bytes = getBase58Encoder().encode(signature) as SignatureBytes
    expect(await verifySignature(key, bytes, new TextEncoder().encode('Sign in to Portico'))).toBe(true)
    expect(await verifySignature(key, bytes, new TextEncoder().encode('something else'))).toBe(false)
    await expect(adapter.signMessage({ message: 'x', address: 'So11111111111111111111111111111111111111112' })).rejects.toThrow(
      'No account connected',
    )
  })

  /** Decodes the wire bytes the wallet got: fee payer, blockhash, the one instruction. */
  function decodeTransfer(wire: Uint8Array) {
    const tx = getTransactionDecoder().decode(wire)
    const message = decompileTransactionMessage(getCompiledTransactionMessageDecoder().decode(tx.messageBytes))
    const [ix] = message.instructions
    return {
      version: message.version,
      feePayer: message.feePayer.address,
      blockhash: (message.lifetimeConstraint as { blockhash: string }).blockhash,
      program: ix?.programAddress,
      accounts: ix?.accounts?.map((a) => [a.address, a.role]),
      data: [...(ix?.data ?? [])],
      signers: Object.keys(tx.signatures),
    }
  }

  it.each([
    ['solana:signAndSendTransaction', true],
    ['solana:signTransaction + RPC sendTransaction', false],
  ])('sendTransaction builds a System transfer on the latest blockhash and sends it through %s', async (_label, signAndSend) => {
    const stub = rpcStub({
      getLatestBlockhash: () => ({ context: { slot: 7 }, value: { blockhash: BLOCKHASH, lastValidBlockHeight: 157 } }),
      sendTransaction: ([wire]) => {
        const tx = getTransactionDecoder().decode(Uint8Array.from(Buffer.from(String(wire), 'base64')))
        return getBase58Decoder().decode(tx.signatures[signers[0]!.address as Address] as Uint8Array)
      },
    })
    const registry = createRegistry()
    const fw = fakeWallet({ signAndSend })
    registry.register(fw.wallet)
    const adapter = solanaAdapter({ wallets: registry, fetch: stub.fetch })
    harness(adapter)
    await adapter.connect({ connectorId: ID })
    const to = signers[1]!.address
    const signature = await adapter.sendTransaction({ address: signers[0]!.address, to, value: 1_500_000_000n, network: localNetwork() })

    expect(stub.calls.map((c) => [c.url, c.method])).toEqual(
      signAndSend
        ? [[RPC_URL, 'getLatestBlockhash']]
        : [
            [RPC_URL, 'getLatestBlockhash'],
            [RPC_URL, 'sendTransaction'],
          ],
    )
    const wire = signAndSend ? (fw.sent[0] as Uint8Array) : Uint8Array.from(Buffer.from(String(stub.calls[1]?.params[0]), 'base64'))
    expect(decodeTransfer(wire)).toEqual({
      version: 0,
      feePayer: signers[0]!.address,
      blockhash: BLOCKHASH,
      program: '11111111111111111111111111111111',
      accounts: [
        [signers[0]!.address, 3],
        [to, 1],
      ],
      data: [2, 0, 0, 0, 0x00, 0x2f, 0x68, 0x59, 0, 0, 0, 0],
      signers: [signers[0]!.address],
    })
    expect(fw.calls.at(-1)).toBe(signAndSend ? `signAndSendTransaction(${sol.caipNetworkId})` : 'signTransaction')
    // The result is the fee payer's signature over the message, base58.
    const tx = getTransactionDecoder().decode(wire)
    const key = await getPublicKeyFromAddress(signers[0]!.address as Address)
    expect(await verifySignature(key, getBase58Encoder().encode(signature) as SignatureBytes, tx.messageBytes)).toBe(true)
  })

  it('sendTransaction refuses a network the wallet lacks, and passes the node’s error on', async () => {
    const stub = rpcStub({
      getLatestBlockhash: () => ({ context: { slot: 7 }, value: { blockhash: BLOCKHASH, lastValidBlockHeight: 157 } }),
    })
    const registry = createRegistry()
    registry.register(fakeWallet({ signAndSend: false }).wallet)
    const adapter = solanaAdapter({ wallets: registry, fetch: stub.fetch })
    harness(adapter, [localNetwork(), solanaDevnet])
    await adapter.connect({ connectorId: ID })
    const send = (network: CaipNetwork) =>
      adapter.sendTransaction({ address: signers[0]!.address, to: signers[1]!.address, value: 1n, network })
    await expect(send(solanaDevnet)).rejects.toThrow('Unsupported chain')
    await expect(send(localNetwork())).rejects.toMatchObject({ code: -32601, message: 'Method not found: sendTransaction' })
  })

  it.each([
    [0, '0'],
    [2_250_000_000, '2.25'],
    [100_000_000_000, '100'],
  ])('getBalance reads %i lamports from the network’s RPC as %s SOL', async (lamports, sol) => {
    const stub = rpcStub({ getBalance: () => ({ context: { slot: 1 }, value: lamports }) })
    const adapter = solanaAdapter({ wallets: createRegistry(), fetch: stub.fetch })
    harness(adapter)
    const who = signers[1]!.address
    expect(await adapter.getBalance({ address: who, network: localNetwork() })).toEqual({ balance: sol, symbol: 'SOL' })
    expect(stub.calls).toEqual([{ url: RPC_URL, method: 'getBalance', params: [who, { commitment: 'confirmed' }] }])
  })

  it('switchNetwork selects a configured network the wallet has; refuses unknown or unsupported ones', async () => {
    const { adapter } = await connected({ chains: [sol.caipNetworkId as `${string}:${string}`] }, [localNetwork(), solanaDevnet])
    await expect(adapter.switchNetwork({ network: localNetwork() })).resolves.toBeUndefined()
    await expect(adapter.switchNetwork({ network: solanaDevnet })).rejects.toThrow('Unsupported chain')
    const other = { ...solanaDevnet, caipNetworkId: 'solana:unknown' as const }
    await expect(adapter.switchNetwork({ network: other })).rejects.toThrow('Network not found')
    // A wallet that lists 'solana:devnet' supports the Solana Devnet network.
    const both = await connected({ chains: ['solana:devnet', sol.caipNetworkId as `${string}:${string}`] }, [localNetwork(), solanaDevnet])
    await expect(both.adapter.switchNetwork({ network: solanaDevnet })).resolves.toBeUndefined()
  })
})

describe('solana helpers', () => {
  it.each([
    [0n, '0'],
    [1n, '0.000000001'],
    [1_000_000_000n, '1'],
    [100_000_000_000n, '100'],
    [99_999_995_000n, '99.999995'],
  ])('formatLamports(%s) = %s', (lamports, text) => {
    expect(formatLamports(lamports)).toBe(text)
  })

  it.each([
    ['solana:mainnet', SOLANA_CLUSTERS.mainnet],
    ['solana:devnet', SOLANA_CLUSTERS.devnet],
    ['solana:testnet', SOLANA_CLUSTERS.testnet],
    ['solana:CdTVLPWPbyfapDkhQ9VtSSLdbrLSEuyS', 'CdTVLPWPbyfapDkhQ9VtSSLdbrLSEuyS'],
    ['eip155:1', undefined],
  ])('chainReference(%s) = %s', (chain, ref) => {
    expect(chainReference(chain)).toBe(ref)
  })

  it('walletChainsOf names public clusters both ways', () => {
    expect(walletChainsOf(solanaDevnet)).toEqual(['solana:devnet', `solana:${SOLANA_CLUSTERS.devnet}`])
    expect(walletChainsOf({ id: 'abc', caipNetworkId: 'solana:abc' })).toEqual(['solana:abc'])
  })

  it('transferData encodes System Program Transfer (index 2, u64 LE lamports)', () => {
    expect([...transferData(1_500_000_000n)]).toEqual([2, 0, 0, 0, 0x00, 0x2f, 0x68, 0x59, 0, 0, 0, 0])
    expect(() => transferData(-1n)).toThrow('lamports out of range')
  })

  it('transferCheckedData encodes Token TransferChecked (index 12, u64 LE amount, u8 decimals)', () => {
    expect([...transferCheckedData(1_234_567n, 6)]).toEqual([12, 0x87, 0xd6, 0x12, 0, 0, 0, 0, 0, 6])
    expect(() => transferCheckedData(2n ** 64n, 6)).toThrow('amount out of range')
    expect(() => transferCheckedData(1n, 256)).toThrow('decimals out of range')
  })
})

describe('solana adapter: waitForReceipt (getSignatureStatuses)', () => {
  it("waits for 'confirmed' (not found and 'processed' are not enough), within 25 000 ms by default; a failed transaction is 'reverted'", async () => {
    const answers = [
      null,
      { slot: 41, confirmations: 0, err: null, confirmationStatus: 'processed' },
      { slot: 42, confirmations: 1, err: { InstructionError: [0, { Custom: 1 }] }, confirmationStatus: 'confirmed' },
    ]
    const stub = rpcStub({ getSignatureStatuses: () => ({ context: { slot: 50 }, value: [answers.shift() ?? null] }) })
    const delays: number[] = []
    const timers: Timers = {
      now: () => Date.now(),
      setTimeout: (fn, ms) => {
        delays.push(ms)
        return ms === 25_000 ? 'deadline' : setTimeout(fn, ms)
      },
      clearTimeout: (h) => (h === 'deadline' ? undefined : clearTimeout(h as ReturnType<typeof setTimeout>)),
    }
    const adapter = solanaAdapter({ wallets: createRegistry(), fetch: stub.fetch, timers, receiptPollMs: 5 })
    harness(adapter)
    const signature = '4'.repeat(88)
    expect(await adapter.waitForReceipt!({ hash: signature })).toEqual({ hash: signature, status: 'reverted', blockNumber: 42n })
    expect(delays).toEqual([25_000, 5, 5])
    expect(stub.calls.map((c) => [c.url, c.method, c.params])).toEqual(
      Array(3).fill([RPC_URL, 'getSignatureStatuses', [[signature], { searchTransactionHistory: true }]]),
    )
  })

  it("rejects with 'Transaction error' at once when the node refuses the signature", async () => {
    const adapter = solanaAdapter({ wallets: createRegistry(), fetch: rpcStub({}).fetch })
    harness(adapter)
    await expect(adapter.waitForReceipt!({ hash: 'x', network: localNetwork() })).rejects.toThrow('Transaction error')
  })
})
