// Sessions without an eip155 account (real relay, Node dev wallet): the main account comes from the
// first approved namespace the app has networks for, every approved namespace lands in headless.
import { startRelay, type Relay } from '@portico/devnet'
import { startWcWallet, type WcWallet } from '@portico/devnet/wcwallet'
import { type CaipNetwork, createPortico, type Portico } from '@portico/headless'
import { SignClient } from '@walletconnect/sign-client'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { walletConnectAdapter } from './adapter'
import { mapStorage, recordFetches, testNetwork, until } from './test-support'

const fetches = recordFetches()

// A made-up local genesis (the wallet is given it, so no Solana RPC is needed).
const GENESIS = '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d'
const SOLANA_REF = GENESIS.slice(0, 32)
const SOLANA_ADDRESS = 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96'
const BIP122_REF = '000000000019d6689c085ae165831e93'
const POLKADOT_REF = '91b171bb158e2d3848fa23a9f1c25182'

const net = (ns: CaipNetwork['chainNamespace'], ref: string, name: string, symbol: string, decimals: number) =>
  testNetwork(ns, ref, { name, symbol, decimals })
const evm = net('eip155', '31337', 'Devnet A', 'ETH', 18)
const solana = net('solana', SOLANA_REF, 'Local Solana', 'SOL', 9)
const bitcoin = net('bip122', BIP122_REF, 'Bitcoin', 'BTC', 8)
const polkadot = net('polkadot', POLKADOT_REF, 'Polkadot', 'DOT', 10)

describe('walletConnectAdapter: sessions with no eip155 account', () => {
  let relay: Relay
  let wallet: WcWallet
  const porticos: Portico[] = []
  let prefix = 0

  beforeAll(async () => {
    relay = await startRelay()
    // No EVM chains: the wallet approves solana, bip122, polkadot … but never eip155.
    wallet = await startWcWallet({ relayUrl: relay.url, solana: { rpcUrl: 'http://127.0.0.1:9', genesisHash: GENESIS } })
  })
  afterEach(async () => {
    for (const p of porticos.splice(0)) p.destroy()
    await wallet.disconnect().catch(() => undefined)
  })
  afterAll(async () => {
    await wallet?.stop()
    await relay?.stop()
    fetches.restore()
    expect(fetches.offLoopback()).toEqual([])
  })

  function make(networks: CaipNetwork[], opts: { storage?: ReturnType<typeof mapStorage>; prefix?: string } = {}) {
    const storage = opts.storage ?? mapStorage()
    const adapter = walletConnectAdapter({
      relayUrl: relay.url,
      customStoragePrefix: opts.prefix ?? `sessions-${++prefix}`,
      storageOptions: { database: ':memory:' },
      metadata: { name: 'Portico test', description: 'test', url: 'http://127.0.0.1:5173', icons: [] },
      loadSignClient: async () => SignClient,
    })
    const portico = createPortico({
      projectId: 'local',
      apiUrl: 'http://127.0.0.1:9',
      networks,
      adapters: [adapter],
      storage,
      isMobile: false,
      fetch: async () => new Response('{}', { status: 500 }),
    })
    porticos.push(portico)
    return { portico, storage }
  }

  async function pairAndApprove(portico: Portico) {
    const connecting = portico.connection.connect('walletConnect')
    const uri = await until(() => portico.connection.$wcUri.get(), 'the pairing URI')
    await wallet.pair(uri)
    const session = await wallet.approveNext()
    return { result: await connecting, session }
  }

  it('a wallet approving only solana: connected on solana with the base58 address', async () => {
    const { portico } = make([evm, solana])
    await portico.ready
    expect(portico.chain.$activeChain.get()).toBe('eip155')
    const { result, session } = await pairAndApprove(portico)
    expect(Object.keys(session.namespaces)).toEqual(['solana'])
    expect(result).toMatchObject({
      namespace: 'solana',
      address: SOLANA_ADDRESS,
      chainId: SOLANA_REF,
      accounts: [SOLANA_ADDRESS],
      namespaces: {},
    })
    expect(portico.connection.$error.get()).toBeNull()
    expect(portico.chain.$activeChain.get()).toBe('solana')
    expect(portico.chain.$account.get()).toMatchObject({
      address: SOLANA_ADDRESS,
      caipAddress: `solana:${SOLANA_REF}:${SOLANA_ADDRESS}`,
      status: 'connected',
      connectedWalletInfo: { name: 'Portico WC Dev Wallet', type: 'walletConnect', via: 'WalletConnect' },
    })
    expect(portico.chain.$global.get().activeCaipNetwork?.caipNetworkId).toBe(solana.caipNetworkId)
    // The connector's own namespace is not left 'connecting'.
    expect(portico.chain.getAccount('eip155')?.status).toBe('disconnected')
    expect(portico.router.$route.get().view).toBe('Account')
  })

  it('a wallet approving only bip122 + polkadot: both addresses, correctly formatted; a reload restores them', async () => {
    const storage = mapStorage()
    const networks = [evm, bitcoin, polkadot]
    const first = make(networks, { storage, prefix: 'sessions-restore' })
    await first.portico.ready
    const { result, session } = await pairAndApprove(first.portico)
    expect(Object.keys(session.namespaces).sort()).toEqual(['bip122', 'polkadot'])
    // polkadot comes before bip122 in the family order: it is the main account.
    expect(result).toMatchObject({ namespace: 'polkadot', address: wallet.accounts.polkadot, chainId: POLKADOT_REF })
    const check = (p: Portico) => {
      expect(p.chain.getAccount('polkadot')).toMatchObject({
        address: '13AYmj8xmDGKixenStJSz6j5B9HeRR7Kx4yRLpSR6C5UDLvf',
        caipAddress: `polkadot:${POLKADOT_REF}:13AYmj8xmDGKixenStJSz6j5B9HeRR7Kx4yRLpSR6C5UDLvf`,
        status: 'connected',
      })
      expect(p.chain.getAccount('bip122')).toMatchObject({
        address: 'bc1q4qw42stdzjqs59xvlrlxr8526e3nunw7mp73te',
        caipAddress: `bip122:${BIP122_REF}:bc1q4qw42stdzjqs59xvlrlxr8526e3nunw7mp73te`,
        status: 'connected',
      })
      expect(p.chain.getAccount('eip155')?.status).toBe('disconnected')
    }
    check(first.portico)
    expect(first.portico.chain.$activeChain.get()).toBe('polkadot')
    const before = wallet.sessions().length

    first.portico.destroy()
    const again = make(networks, { storage, prefix: 'sessions-restore' })
    await again.portico.reconnect()
    check(again.portico)
    expect(again.portico.chain.$account.get().address).toBe(wallet.accounts.polkadot)
    expect(wallet.sessions().length).toBe(before)
  })

  it('the wallet ends a session with no eip155 account: every namespace it served is disconnected', async () => {
    const { portico, storage } = make([evm, bitcoin, polkadot])
    await portico.ready
    await pairAndApprove(portico)
    expect(portico.chain.getAccount('bip122')?.status).toBe('connected')
    await wallet.disconnect()
    await until(() => portico.chain.getAccount('polkadot')?.status === 'disconnected', 'the disconnect')
    expect(portico.chain.getAccount('bip122')?.status).toBe('disconnected')
    expect(portico.connection.$connections.get()).toEqual({})
    expect(storage.map.get('portico:connections') ?? '[]').toBe('[]')
  })

  it('the namespace the app is on wins when the session has it', async () => {
    const { portico } = make([evm, bitcoin, polkadot])
    await portico.ready
    await portico.network.switchNetwork(bitcoin)
    const { result } = await pairAndApprove(portico)
    expect(result).toMatchObject({ namespace: 'bip122', address: wallet.accounts.bip122 })
    expect(portico.chain.$activeChain.get()).toBe('bip122')
    expect(portico.chain.getAccount('polkadot')?.address).toBe(wallet.accounts.polkadot)
  })
})
