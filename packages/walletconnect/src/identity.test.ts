// Issue 9 §3.7 over the real local relay: the session shows the peer wallet's own name and icon
// from its metadata (parsed as untrusted input), on connect and after a reload.
import { startRelay, type Relay } from '@portico/devnet'
import { startWcWallet, type WcWallet } from '@portico/devnet/wcwallet'
import { type CaipNetwork, createPortico, type Portico } from '@portico/headless'
import { SignClient } from '@walletconnect/sign-client'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { walletConnectAdapter } from './adapter'
import { mapStorage, recordFetches, testNetwork, until } from './test-support'

const fetches = recordFetches()
const GENESIS = '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d'
const solana = testNetwork('solana', GENESIS.slice(0, 32), { name: 'Local Solana', symbol: 'SOL', decimals: 9 })
const networks: CaipNetwork[] = [solana]
const ICON = 'https://wallet.example/rainbow-ish.png'

describe('walletConnectAdapter: the peer wallet’s identity', () => {
  let relay: Relay
  let wallet: WcWallet
  const porticos: Portico[] = []

  beforeAll(async () => {
    relay = await startRelay()
    wallet = await startWcWallet({
      relayUrl: relay.url,
      solana: { rpcUrl: 'http://127.0.0.1:9', genesisHash: GENESIS },
      // What a wallet may send: padding, a control character, an unusable icon before a good one.
      metadata: {
        name: '  Rainbow\u0007 Dev  ',
        description: 'test wallet',
        url: 'https://wallet.example',
        icons: ['javascript:alert(1)', ICON],
      },
    })
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

  function make(storage = mapStorage()) {
    const adapter = walletConnectAdapter({
      relayUrl: relay.url,
      customStoragePrefix: 'identity',
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

  it('connect: the account’s wallet is "Rainbow Dev" with its https icon, via WalletConnect; a reload restores it', async () => {
    const first = make()
    await first.portico.ready
    const connecting = first.portico.connection.connect('walletConnect')
    await wallet.pair(await until(() => first.portico.connection.$wcUri.get(), 'the URI'))
    await wallet.approveNext()
    expect(await connecting).toMatchObject({ wallet: { name: 'Rainbow Dev', icon: ICON } })
    const expected = { name: 'Rainbow Dev', icon: ICON, type: 'walletConnect', via: 'WalletConnect' }
    expect(first.portico.chain.$account.get()).toMatchObject({ status: 'connected', connectedWalletInfo: expected })

    const again = make(first.storage)
    await again.portico.reconnect()
    expect(again.portico.chain.$account.get()).toMatchObject({ status: 'connected', connectedWalletInfo: expected })
  })
})
