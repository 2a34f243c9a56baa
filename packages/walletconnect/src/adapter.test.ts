// The WalletConnect adapter against the real local relay, a Node WalletConnect dev wallet and anvil.
import { startAnvil, startRelay, toCaipNetwork, type AnvilInstance, type Relay } from '@portico/devnet'
import { startWcWallet, WC_DEV_WALLET_ICON, WC_DEV_WALLET_NAME, type WcProposal, type WcWallet } from '@portico/devnet/wcwallet'
import { type CaipNetwork, createPortico, type Portico, PorticoError, type PorticoOptions, type Timers } from '@portico/headless'
import { SignClient } from '@walletconnect/sign-client'
import { createPublicClient, http, verifyMessage } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { isLoopback, WALLETCONNECT_ICON, walletConnectAdapter, type WalletConnectAdapterOptions } from './adapter'
import { WC_METHODS } from './namespaces'
import { mapStorage, recordFetches, until } from './test-support'

const WALLET_ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const OTHER_ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

const fetches = recordFetches()

const polkadot: CaipNetwork = {
  id: '91b171bb158e2d3848fa23a9f1c25182',
  caipNetworkId: `polkadot:91b171bb158e2d3848fa23a9f1c25182`,
  chainNamespace: 'polkadot',
  name: 'Polkadot',
  nativeCurrency: { name: 'DOT', symbol: 'DOT', decimals: 10 },
  rpcUrls: { default: { http: ['http://127.0.0.1:9'] } },
}

/** Timers whose timeouts are recorded and fired by the test (sign-client keeps the real ones). */
function manualTimers() {
  const pending: { id: number; fn: () => void; ms: number }[] = []
  let next = 0
  const timers: Timers = {
    now: () => Date.now(),
    setTimeout: (fn, ms) => {
      pending.push({ id: ++next, fn, ms })
      return next
    },
    clearTimeout: (id) => {
      const i = pending.findIndex((p) => p.id === id)
      if (i >= 0) pending.splice(i, 1)
    },
  }
  return {
    timers,
    delays: () => pending.map((p) => p.ms),
    /** Fires the first pending timeout (sign-client's own clock does not move, so neither does ours). */
    fire() {
      const t = pending.shift()
      t?.fn()
    },
  }
}

describe('walletConnectAdapter (real relay, Node dev wallet, anvil)', () => {
  let relay: Relay
  let anvilA: AnvilInstance
  let anvilB: AnvilInstance
  let wallet: WcWallet
  let networks: CaipNetwork[]
  const porticos: Portico[] = []
  let prefix = 0

  beforeAll(async () => {
    ;[relay, anvilA, anvilB] = await Promise.all([startRelay(), startAnvil({ chainId: 31337 }), startAnvil({ chainId: 31338 })])
    wallet = await startWcWallet({
      relayUrl: relay.url,
      evm: {
        chains: [
          { chainId: 31337, rpcUrl: anvilA.rpcUrl },
          { chainId: 31338, rpcUrl: anvilB.rpcUrl },
        ],
      },
    })
    const currency = { name: 'Ether', symbol: 'ETH', decimals: 18 }
    networks = [
      toCaipNetwork({ chainId: 31337, name: 'Devnet A', rpcUrl: anvilA.rpcUrl, nativeCurrency: currency }) as CaipNetwork,
      toCaipNetwork({ chainId: 31338, name: 'Devnet B', rpcUrl: anvilB.rpcUrl, nativeCurrency: currency }) as CaipNetwork,
      polkadot,
    ]
  })
  afterEach(async () => {
    for (const p of porticos.splice(0)) p.destroy()
    await wallet.disconnect().catch(() => undefined)
  })
  afterAll(async () => {
    await wallet?.stop()
    await Promise.all([relay?.stop(), anvilA?.stop(), anvilB?.stop()])
    fetches.restore()
    expect(fetches.offLoopback()).toEqual([])
  })

  function make(
    opts: Partial<WalletConnectAdapterOptions> & { storage?: ReturnType<typeof mapStorage>; appMetadata?: PorticoOptions['metadata'] } = {},
  ) {
    let loads = 0
    const { storage = mapStorage(), appMetadata, ...rest } = opts
    const adapter = walletConnectAdapter({
      relayUrl: relay.url,
      customStoragePrefix: `dapp-${++prefix}`,
      storageOptions: { database: ':memory:' },
      metadata: { name: 'Portico test', description: 'test', url: 'http://127.0.0.1:5173', icons: [] },
      loadSignClient: async () => {
        loads++
        return SignClient
      },
      ...rest,
    })
    const portico = createPortico({
      projectId: 'local',
      apiUrl: 'http://127.0.0.1:9',
      networks,
      adapters: [adapter],
      storage,
      isMobile: false,
      fetch: async () => new Response('{}', { status: 500 }),
      ...(appMetadata ? { metadata: appMetadata } : {}),
    })
    porticos.push(portico)
    return { adapter, portico, storage, loads: () => loads }
  }

  /** Starts connect, pairs the wallet with the published URI and approves. */
  async function pairAndApprove(portico: Portico) {
    const proposals: WcProposal[] = []
    const off = wallet.onProposal((p) => proposals.push(p))
    const connecting = portico.connection.connect('walletConnect')
    const uri = await until(() => portico.connection.$wcUri.get(), 'the pairing URI')
    await wallet.pair(uri)
    await wallet.approveNext()
    const result = await connecting
    off()
    return { result, uri, proposal: proposals[0]! }
  }

  it("the wallet's proposal names the app (createPortico's metadata) when the adapter is given none; the adapter's own wins (issue 25)", async () => {
    const app = { name: 'Acme Swap', description: 'Swap on Acme', url: 'http://127.0.0.1:5173', icons: ['http://127.0.0.1:5173/icon.png'] }
    const plain = make({ metadata: undefined, appMetadata: app })
    await plain.portico.ready
    const { proposal } = await pairAndApprove(plain.portico)
    expect(proposal.params.proposer.metadata).toMatchObject({ name: 'Acme Swap', description: 'Swap on Acme', icons: app.icons })
    await wallet.disconnect()
    const own = make({ appMetadata: app })
    await own.portico.ready
    expect((await pairAndApprove(own.portico)).proposal.params.proposer.metadata.name).toBe('Portico test')
  })

  it('registers the walletConnect connector and loads sign-client only when pairing starts', async () => {
    const { portico, loads } = make()
    await portico.ready
    expect(portico.connection.$connectors.get()).toEqual([
      { id: 'walletConnect', name: 'WalletConnect', type: 'walletConnect', namespace: 'eip155', imageUrl: WALLETCONNECT_ICON },
    ])
    expect(loads()).toBe(0)
    await portico.reconnect() // nothing remembered: no load either
    expect(loads()).toBe(0)
    await pairAndApprove(portico)
    expect(loads()).toBe(1)
  })

  it('Verify (attestation) is off for a loopback relay unless asked for', async () => {
    const clients: { core: { verify: { register: unknown } } }[] = []
    for (const verify of [undefined, true]) {
      const { portico } = make({
        ...(verify === undefined ? {} : { verify }),
        loadSignClient: async () => ({
          async init(o) {
            const client = await SignClient.init(o)
            clients.push(client)
            return client
          },
        }),
      })
      await portico.ready
      const connecting = portico.connection.connect('walletConnect')
      await until(() => portico.connection.$wcUri.get(), 'the pairing URI')
      portico.connection.cancelPairing()
      await expect(connecting).rejects.toThrow('Modal closed')
    }
    const [loopback, asked] = clients.map((c) => c.core.verify.register as (p: unknown) => Promise<string | undefined>)
    expect(await loopback!({ id: 'a', decryptedId: 'b' })).toBe('')
    expect(loopback!.toString()).not.toBe(asked!.toString())
    expect(isLoopback('ws://127.0.0.1:1')).toBe(true)
    expect(isLoopback('wss://relay.walletconnect.org')).toBe(false)
  })

  it('pairs: optional namespaces from the networks, URI published while pending, eip155 and polkadot accounts applied', async () => {
    const { portico } = make()
    await portico.ready
    const { result, uri, proposal } = await pairAndApprove(portico)
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    expect(portico.connection.$wcUri.get()).toBeUndefined()
    expect(proposal.params.optionalNamespaces).toEqual({
      eip155: { chains: ['eip155:31337', 'eip155:31338'], methods: [...WC_METHODS.eip155], events: ['accountsChanged', 'chainChanged'] },
      polkadot: { chains: [polkadot.caipNetworkId], methods: [...WC_METHODS.polkadot], events: ['accountsChanged', 'chainChanged'] },
    })
    expect(result).toMatchObject({ address: WALLET_ADDRESS, chainId: 31337, accounts: [WALLET_ADDRESS] })
    // The account's wallet is the peer (its session metadata), reached via WalletConnect.
    expect(portico.chain.$account.get()).toMatchObject({
      address: WALLET_ADDRESS,
      status: 'connected',
      connectedWalletInfo: { name: WC_DEV_WALLET_NAME, icon: WC_DEV_WALLET_ICON, type: 'walletConnect', via: 'WalletConnect' },
    })
    expect(portico.chain.getAccount('polkadot')?.connectedWalletInfo).toEqual({
      name: WC_DEV_WALLET_NAME,
      icon: WC_DEV_WALLET_ICON,
      type: 'walletConnect',
      via: 'WalletConnect',
    })
    expect(portico.chain.getAccount('polkadot')).toMatchObject({ address: wallet.accounts.polkadot, status: 'connected' })
    expect(portico.chain.$activeChain.get()).toBe('eip155')
    expect(portico.router.$route.get().view).toBe('Account')
  })

  it('signMessage (personal_sign), sendTransaction (eth_sendTransaction) and switchNetwork go through the session', async () => {
    const { portico } = make()
    await portico.ready
    await pairAndApprove(portico)
    const signature = await portico.wallet.signMessage('hello portico')
    expect(await verifyMessage({ address: WALLET_ADDRESS, message: 'hello portico', signature: signature as `0x${string}` })).toBe(true)

    const hash = await portico.wallet.sendTransaction({ to: OTHER_ADDRESS, value: 1000n })
    const receipt = await createPublicClient({ transport: http(anvilA.rpcUrl) }).waitForTransactionReceipt({ hash: hash as `0x${string}` })
    expect(receipt.status).toBe('success')

    await portico.network.switchNetwork(networks[1]!)
    expect(portico.chain.$global.get().activeCaipNetwork?.caipNetworkId).toBe('eip155:31338')
    const methods = wallet
      .requestLog()
      .slice(-3)
      .map((r) => [r.method, r.chainId])
    expect(methods).toEqual([
      ['personal_sign', 'eip155:31337'],
      ['eth_sendTransaction', 'eip155:31337'],
      ['wallet_switchEthereumChain', 'eip155:31337'],
    ])
    // Later requests go to the new chain.
    await portico.wallet.signMessage('on b')
    expect(wallet.requestLog().at(-1)).toMatchObject({ method: 'personal_sign', chainId: 'eip155:31338' })
  })

  it('reflects wallet-side accountsChanged, chainChanged and disconnect', async () => {
    const { portico } = make()
    await portico.ready
    await pairAndApprove(portico)
    await wallet.emitChainChanged(31338)
    await until(() => portico.chain.$global.get().activeCaipNetwork?.caipNetworkId === 'eip155:31338', 'chainChanged')
    await wallet.emitAccountsChanged([OTHER_ADDRESS])
    await until(() => portico.chain.$account.get().address === OTHER_ADDRESS, 'accountsChanged')
    await wallet.disconnect()
    await until(() => portico.chain.$account.get().status === 'disconnected', 'disconnect')
    expect(portico.chain.getAccount('polkadot')?.status).toBe('disconnected')
    expect(portico.router.$route.get().view).toBe('Connect')
  })

  it('a refusal in the wallet becomes Connection rejected', async () => {
    const { portico } = make()
    await portico.ready
    const connecting = portico.connection.connect('walletConnect')
    const uri = await until(() => portico.connection.$wcUri.get(), 'the pairing URI')
    await wallet.pair(uri)
    await wallet.rejectNext()
    await expect(connecting).rejects.toMatchObject({ message: 'Connection rejected', code: 4001 })
    expect(portico.connection.$error.get()).toBe('Connection rejected')
    expect(portico.chain.$account.get().status).toBe('disconnected')
    expect(portico.connection.$wcUri.get()).toBeUndefined()
  })

  it("closing the modal while pairing rejects with 'Modal closed' and clears the URI", async () => {
    const { portico, adapter } = make()
    await portico.ready
    const controller = new AbortController()
    const direct = adapter.connect({ connectorId: 'walletConnect', signal: controller.signal })
    await until(() => portico.connection.$wcUri.get(), 'the pairing URI')
    controller.abort(new PorticoError('Modal closed'))
    await expect(direct).rejects.toThrow('Modal closed')
    expect(portico.connection.$wcUri.get()).toBeUndefined()

    // Through headless: modal.close() during the pairing.
    await portico.modal.open()
    const connecting = portico.connection.connect('walletConnect')
    await until(() => portico.connection.$wcUri.get(), 'the pairing URI')
    portico.modal.close()
    await expect(connecting).rejects.toThrow('Modal closed')
    expect(portico.connection.$wcUri.get()).toBeUndefined()
    expect(portico.connection.$error.get()).toBeNull()
    expect(portico.chain.$account.get().status).toBe('disconnected')
  })

  it('refreshes the pairing with a new URI when ≤ 10 s of its 4 min remain; the new one pairs', async () => {
    const clock = manualTimers()
    const { portico } = make({ timers: clock.timers })
    await portico.ready
    const connecting = portico.connection.connect('walletConnect')
    const first = await until(() => portico.connection.$wcUri.get(), 'the first URI')
    expect(clock.delays()).toEqual([230_000])
    clock.fire()
    const second = await until(() => {
      const uri = portico.connection.$wcUri.get()
      return uri && uri !== first ? uri : undefined
    }, 'a new URI')
    expect(clock.delays()).toEqual([230_000])
    await wallet.pair(second)
    await wallet.approveNext()
    expect(await connecting).toMatchObject({ address: WALLET_ADDRESS })
  })

  it('retries creating the pairing 1 s later when the first attempt fails', async () => {
    const clock = manualTimers()
    let calls = 0
    const { portico } = make({
      timers: clock.timers,
      loadSignClient: async () => ({
        async init(o) {
          const client = await SignClient.init(o)
          const real = client.connect.bind(client)
          client.connect = (p) => (++calls === 1 ? Promise.reject(new Error('relay unavailable')) : real(p))
          return client
        },
      }),
    })
    await portico.ready
    const connecting = portico.connection.connect('walletConnect')
    await until(() => clock.delays().length === 1 || undefined, 'the retry timer')
    expect(clock.delays()).toEqual([1000])
    clock.fire()
    const uri = await until(() => portico.connection.$wcUri.get(), 'the URI')
    expect(calls).toBe(2)
    await wallet.pair(uri)
    await wallet.approveNext()
    expect(await connecting).toMatchObject({ address: WALLET_ADDRESS })
  })

  it('restores the stored session after a reload (new instance, same storage) without a prompt', async () => {
    const storageOptions = { database: ':memory:' }
    const first = make({ customStoragePrefix: 'dapp-restore', storageOptions })
    await first.portico.ready
    await pairAndApprove(first.portico)
    const before = wallet.sessions().length
    const again = make({ customStoragePrefix: 'dapp-restore', storageOptions, storage: first.storage })
    await again.portico.reconnect()
    expect(again.portico.chain.$account.get()).toMatchObject({
      address: WALLET_ADDRESS,
      status: 'connected',
      connectedWalletInfo: { name: WC_DEV_WALLET_NAME, via: 'WalletConnect' },
    })
    expect(again.portico.chain.getAccount('polkadot')?.status).toBe('connected')
    expect(wallet.sessions().length).toBe(before)
    const signature = await again.portico.wallet.signMessage('restored')
    expect(await verifyMessage({ address: WALLET_ADDRESS, message: 'restored', signature: signature as `0x${string}` })).toBe(true)
  })
})
