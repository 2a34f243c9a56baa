import type { AdapterContext, CaipNetwork, ChainAdapter, Connector } from '@portico/headless'
import { type SolanaDevnet, solanaDevSigner, startSolanaDevnet } from '@portico/devnet/solana'
import {
  type Address,
  createSolanaRpc,
  getBase58Encoder,
  getBase64EncodedWireTransaction,
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
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { solanaAdapter, solanaConnectorId } from './adapter'
import { chainReference, SOLANA_CLUSTERS, walletChainsOf } from './chains'
import { formatLamports } from './rpc'
import { transferData } from './transfer'

let sol: SolanaDevnet
let signers: KeyPairSigner[]
beforeAll(async () => {
  sol = await startSolanaDevnet({ accounts: 2 })
  signers = [await solanaDevSigner(0), await solanaDevSigner(1)]
})
afterAll(async () => {
  await sol?.stop()
})

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
            const rpc = createSolanaRpc(sol.rpcUrl)
            const signature = await rpc.sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64' }).send()
            return { signature: getBase58Encoder().encode(signature) as Uint8Array }
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
    select(i: number) {
      selected = i
      for (const l of listeners) l({ accounts: exposed() })
    },
    revoke() {
      authorized = false
      for (const l of listeners) l({ accounts: [] })
    },
  }
}

function harness(adapter: ChainAdapter, networks: CaipNetwork[] = [localNetwork()]) {
  const connectors: Connector[][] = []
  const accountsChanged: string[][] = []
  const ctx: AdapterContext = {
    networks,
    projectId: 'test',
    getActiveNetwork: () => networks[0],
    setConnectors: (list) => connectors.push(list),
    onAccountsChanged: (a) => accountsChanged.push(a),
    onChainChanged: () => {},
    onDisconnect: () => {},
  }
  const cleanup = adapter.setup(ctx) as () => void
  return { connectors, accountsChanged, cleanup, last: () => connectors.at(-1) ?? [] }
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

  it.each([
    ['solana:signAndSendTransaction', true, 'signAndSendTransaction'],
    ['solana:signTransaction + RPC sendTransaction', false, 'signTransaction'],
  ])('sendTransaction moves SOL on the local chain through %s', async (_label, signAndSend, call) => {
    const { adapter, fw } = await connected({ signAndSend })
    const network = localNetwork()
    const to = signers[1]!.address
    const rpc = createSolanaRpc(sol.rpcUrl)
    const before = (await rpc.getBalance(to).send()).value
    const signature = await adapter.sendTransaction({ address: signers[0]!.address, to, value: 1_500_000_000n, network })
    expect(fw.calls.at(-1)).toContain(call)
    const { value: statuses } = await rpc.getSignatureStatuses([signature as never]).send()
    expect(statuses[0]?.err).toBeNull()
    expect((await rpc.getBalance(to).send()).value).toBe(before + 1_500_000_000n)
    const { balance, symbol } = await adapter.getBalance({ address: to, network })
    expect([balance, symbol]).toEqual([formatLamports(before + 1_500_000_000n), 'SOL'])
  })

  it('getBalance reads lamports as SOL (100 SOL minus nothing for an untouched account)', async () => {
    const adapter = solanaAdapter({ wallets: createRegistry() })
    harness(adapter)
    const fresh = (await solanaDevSigner(7)).address
    expect(await adapter.getBalance({ address: fresh, network: localNetwork() })).toEqual({ balance: '0', symbol: 'SOL' })
    await sol.server.airdrop(fresh, 2_250_000_000n)
    expect(await adapter.getBalance({ address: fresh, network: localNetwork() })).toEqual({ balance: '2.25', symbol: 'SOL' })
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
})
