// Session lifecycle across wallets and instances (real relay, two Node dev wallets): regressions the
// state-consistency property test (tests/state/consistency.test.ts) found.
import { startRelay, type Relay } from '@portico/devnet'
import { startWcWallet, type WcWallet } from '@portico/devnet/wcwallet'
import { type CaipNetwork, createPortico, type Portico } from '@portico/headless'
import { SignClient } from '@walletconnect/sign-client'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { walletConnectAdapter } from './adapter'
import { mapStorage, recordFetches, testNetwork, until } from './test-support'

const fetches = recordFetches()
const evm = testNetwork('eip155', '31337', { name: 'Devnet A', symbol: 'ETH', decimals: 18 })
const evmB = testNetwork('eip155', '31338', { name: 'Devnet B', symbol: 'ETH', decimals: 18 })
// A made-up local genesis (the wallet is given it, so no Solana RPC is needed).
const GENESIS = '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d'
const solana = testNetwork('solana', GENESIS.slice(0, 32), { name: 'Local Solana', symbol: 'SOL', decimals: 9 })

describe('walletConnectAdapter: one session at a time, events after a new instance', () => {
  let relay: Relay
  let first: WcWallet
  let second: WcWallet
  const porticos: Portico[] = []
  let prefix = 0

  beforeAll(async () => {
    relay = await startRelay()
    const chains = { chains: [31337, 31338].map((chainId) => ({ chainId, rpcUrl: 'http://127.0.0.1:9' })) }
    ;[first, second] = await Promise.all([
      startWcWallet({
        relayUrl: relay.url,
        evm: chains,
        solana: { rpcUrl: 'http://127.0.0.1:9', genesisHash: GENESIS },
        metadata: { name: 'First Wallet', description: 'test', url: 'http://127.0.0.1', icons: [] },
      }),
      startWcWallet({
        relayUrl: relay.url,
        evm: chains,
        accountIndex: 1,
        metadata: { name: 'Second Wallet', description: 'test', url: 'http://127.0.0.1', icons: [] },
      }),
    ])
  })
  afterEach(async () => {
    for (const p of porticos.splice(0)) p.destroy()
    for (const w of [first, second]) for (const s of w.sessions()) await w.disconnect(s.topic).catch(() => undefined)
    await first.selectAccount(0)
  })
  afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop()])
    await relay?.stop()
    fetches.restore()
    expect(fetches.offLoopback()).toEqual([])
  })

  function make(opts: { storage?: ReturnType<typeof mapStorage>; prefix?: string; networks?: CaipNetwork[] } = {}) {
    const storage = opts.storage ?? mapStorage()
    const adapter = walletConnectAdapter({
      relayUrl: relay.url,
      customStoragePrefix: opts.prefix ?? `lifecycle-${++prefix}`,
      storageOptions: { database: ':memory:' },
      metadata: { name: 'Portico test', description: 'test', url: 'http://127.0.0.1:5173', icons: [] },
      loadSignClient: async () => SignClient,
    })
    const portico = createPortico({
      projectId: 'local',
      apiUrl: 'http://127.0.0.1:9',
      networks: opts.networks ?? [evm],
      adapters: [adapter],
      storage,
      isMobile: false,
      fetch: async () => new Response('{}', { status: 500 }),
    })
    porticos.push(portico)
    return { portico, storage }
  }

  async function pair(portico: Portico, wallet: WcWallet) {
    const connecting = portico.connection.connect('walletConnect')
    await wallet.pair(await until(() => portico.connection.$wcUri.get(), 'the pairing URI'))
    await wallet.approveNext()
    return connecting
  }

  it('a second wallet connecting ends the first one’s session: only the wallet in use thinks it is connected', async () => {
    const { portico } = make()
    await pair(portico, first)
    expect(first.sessions()).toHaveLength(1)
    await pair(portico, second)
    expect(portico.chain.getAccount('eip155')).toMatchObject({
      address: second.accounts.eip155,
      status: 'connected',
      connectedWalletInfo: { name: 'Second Wallet' },
    })
    // Before: the first wallet kept its session (and showed the app as connected) while the app followed the second.
    await until(() => first.sessions().length === 0, 'the first wallet’s session to end')
    expect(second.sessions()).toHaveLength(1)
  })

  it('an instance created after another was destroyed (same storage and prefix) follows the wallet: account change, then disconnect', async () => {
    const storage = mapStorage()
    const before = make({ storage, prefix: 'lifecycle-reload' })
    await pair(before.portico, first)
    before.portico.destroy()

    const after = make({ storage, prefix: 'lifecycle-reload' })
    await after.portico.reconnect()
    expect(after.portico.chain.getAccount('eip155')).toMatchObject({ address: first.accounts.eip155, status: 'connected' })
    // Before: the new instance's client sat on the Core whose relay socket the destroy closed, and
    // never heard the wallet again.
    await first.selectAccount(2)
    await until(() => after.portico.chain.getAccount('eip155')?.address === first.accounts.eip155, 'the account change')
    expect(first.accounts.eip155).toBe('0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC')
    await first.disconnect()
    await until(() => after.portico.chain.getAccount('eip155')?.status === 'disconnected', 'the wallet-side disconnect')
    expect(after.portico.connection.$connections.get()).toEqual({})
  })

  it('a reload comes back on the chain the wallet last moved to, also when that chainChanged came while the app was on another namespace', async () => {
    const storage = mapStorage()
    const networks = [evm, evmB, solana]
    const before = make({ storage, prefix: 'lifecycle-chain', networks })
    await pair(before.portico, first)
    expect(before.portico.chain.getAccount('solana')?.address).toBe(first.accounts.solana)
    before.portico.network.switchActiveNamespace('solana')
    await first.emitChainChanged(31338)
    await until(() => before.portico.chain.getActiveNetwork('eip155')?.caipNetworkId === 'eip155:31338', 'the chain change')
    expect(before.portico.chain.getAccount('eip155')?.caipAddress).toBe(`eip155:31338:${first.accounts.eip155}`)
    before.portico.destroy()

    const after = make({ storage, prefix: 'lifecycle-chain', networks })
    await after.portico.reconnect()
    // Before: eip155:31337 (the app's default network), while the wallet had moved the session to 31338.
    expect(after.portico.chain.getAccount('eip155')?.caipAddress).toBe(`eip155:31338:${first.accounts.eip155}`)
    expect(after.portico.chain.getActiveNetwork('eip155')?.caipNetworkId).toBe('eip155:31338')
    expect(after.portico.chain.getAccount('solana')?.address).toBe(first.accounts.solana)
  })

  it('what the wallet did while the page was closed (delivered by the relay on reload) wins over the stored session', async () => {
    const storage = mapStorage()
    const networks = [evm, evmB]
    const before = make({ storage, prefix: 'lifecycle-closed', networks })
    await pair(before.portico, first)
    expect(before.portico.chain.getAccount('eip155')?.caipAddress).toBe(`eip155:31337:${first.accounts.eip155}`)
    before.portico.destroy()
    // The page is closed: the wallet moves to 31338 (a chain the session has: no session update, only the event).
    await first.emitChainChanged(31338)

    const after = make({ storage, prefix: 'lifecycle-closed', networks })
    await after.portico.reconnect()
    // Before: the relay's backlog reached the new instance before it had picked its session and was
    // dropped, so the app stayed on 31337 for good.
    await until(
      () => after.portico.chain.getAccount('eip155')?.caipAddress === `eip155:31338:${first.accounts.eip155}`,
      'the chain the wallet moved to',
      5000,
    )
    expect(after.portico.chain.getActiveNetwork('eip155')?.caipNetworkId).toBe('eip155:31338')
    expect(after.portico.connection.$connections.get().eip155?.accounts.map((a) => a.address)).toEqual([first.accounts.eip155])
  })
})
