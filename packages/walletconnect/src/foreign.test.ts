// Namespaces outside Portico's seven (real relay, Node dev wallet): a wallet may add one to the session
// ('hedera' here) and send events in it; none of it reaches headless, whose CAIP parsers know only the
// seven (SPEC §5). The adapter is driven directly, so every call it makes on its context is recorded.
import { startRelay, type Relay } from '@portico/devnet'
import { startWcWallet, type WcWallet } from '@portico/devnet/wcwallet'
import type { AdapterContext, ChainAdapter } from '@portico/headless'
import { SignClient } from '@walletconnect/sign-client'
import type { SessionTypes } from '@walletconnect/types'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { walletConnectAdapter } from './adapter'
import { recordFetches, testNetwork, until } from './test-support'

const fetches = recordFetches()

const WALLET_ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const OTHER_ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const evm = testNetwork('eip155', '31337', { name: 'Devnet A', symbol: 'ETH', decimals: 18 })

/** The session namespace a wallet adds: Hedera, which Portico does not know. */
const HEDERA: SessionTypes.Namespace = {
  chains: ['hedera:mainnet'],
  accounts: ['hedera:mainnet:0.0.1234'],
  methods: ['hedera_signMessage'],
  events: ['accountsChanged', 'chainChanged'],
}

type Call = ['accounts', string[], string | undefined] | ['chain', number | string, string | undefined] | ['disconnect', string | undefined]

describe('walletConnectAdapter: namespaces outside the seven', () => {
  let relay: Relay
  let wallet: WcWallet
  let adapter: ChainAdapter | undefined
  let prefix = 0

  beforeAll(async () => {
    relay = await startRelay()
    wallet = await startWcWallet({ relayUrl: relay.url, evm: { chains: [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:9' }] } })
  })
  afterEach(async () => {
    await adapter?.disconnect({ connectorId: 'walletConnect' })
    adapter = undefined
    await wallet.disconnect().catch(() => undefined)
  })
  afterAll(async () => {
    await wallet?.stop()
    await relay?.stop()
    fetches.restore()
    expect(fetches.offLoopback()).toEqual([])
  })

  /** The adapter connected to the dev wallet (eip155 only), with every context call recorded. */
  async function connected() {
    const calls: Call[] = []
    let uri: string | undefined
    const ctx: AdapterContext = {
      networks: [evm],
      allNetworks: [evm],
      projectId: 'local',
      getActiveNetwork: () => evm,
      setConnectors: () => {},
      onAccountsChanged: (accounts, namespace) => void calls.push(['accounts', accounts, namespace]),
      onChainChanged: (chainId, namespace) => void calls.push(['chain', chainId, namespace]),
      onDisconnect: (namespace) => void calls.push(['disconnect', namespace]),
      emit: (_id, event) => {
        if (event.kind === 'pairingUri' && event.uri) uri = event.uri
      },
    }
    adapter = walletConnectAdapter({
      relayUrl: relay.url,
      customStoragePrefix: `foreign-${++prefix}`,
      storageOptions: { database: ':memory:' },
      metadata: { name: 'Portico test', description: 'test', url: 'http://127.0.0.1:5173', icons: [] },
      loadSignClient: async () => SignClient,
    })
    adapter.setup(ctx)
    const connecting = adapter.connect({ connectorId: 'walletConnect' })
    await wallet.pair(await until(() => uri, 'the pairing URI'))
    const session = await wallet.approveNext()
    expect(await connecting).toMatchObject({ address: WALLET_ADDRESS, chainId: 31337, namespaces: {} })
    return { calls, session }
  }

  /** The wallet updates the session to `namespaces` and waits for the dapp's acknowledgement. */
  async function update(session: SessionTypes.Struct, namespaces: SessionTypes.Namespaces) {
    const { acknowledged } = await wallet.client.update({ topic: session.topic, namespaces })
    await acknowledged()
  }

  it("a session update that adds 'hedera' reports the eip155 accounts only", async () => {
    const { calls, session } = await connected()
    expect(calls).toEqual([])
    await update(session, { ...session.namespaces, hedera: HEDERA })
    await until(() => calls.length > 0, 'the session update')
    expect(calls).toEqual([['accounts', [WALLET_ADDRESS], 'eip155']])
  })

  it("accountsChanged and chainChanged on 'hedera:mainnet' are dropped; the next eip155 event still arrives", async () => {
    const { calls, session } = await connected()
    await update(session, { ...session.namespaces, hedera: HEDERA })
    await until(() => calls.length > 0, 'the session update')
    calls.length = 0

    await wallet.client.emit({
      topic: session.topic,
      chainId: 'hedera:mainnet',
      event: { name: 'accountsChanged', data: ['hedera:mainnet:0.0.5678'] },
    })
    await wallet.client.emit({ topic: session.topic, chainId: 'hedera:mainnet', event: { name: 'accountsChanged', data: ['0.0.5678'] } })
    await wallet.client.emit({ topic: session.topic, chainId: 'hedera:mainnet', event: { name: 'chainChanged', data: 'hedera:testnet' } })
    // Sent after the three above on the same topic: once it is in, they were handled.
    await wallet.emitAccountsChanged([OTHER_ADDRESS])
    await until(() => calls.length > 0, 'the eip155 accountsChanged')
    expect(calls).toEqual([['accounts', [OTHER_ADDRESS], 'eip155']])
  })

  it('an eip155 accountsChanged keeps the addresses of the seven and drops CAIP-10 entries of other namespaces', async () => {
    const { calls } = await connected()
    await wallet.emitAccountsChanged([`eip155:31337:${OTHER_ADDRESS}`, 'hedera:mainnet:0.0.5678', WALLET_ADDRESS])
    await until(() => calls.length > 0, 'the eip155 accountsChanged')
    expect(calls).toEqual([['accounts', [OTHER_ADDRESS, WALLET_ADDRESS], 'eip155']])
  })
})
