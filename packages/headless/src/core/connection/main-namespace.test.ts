// ConnectResult.namespace: a multi-namespace session whose main account is not in the adapter's
// primary namespace (a WalletConnect session that approved no eip155 account).
import { describe, expect, it } from 'vitest'
import type { ConnectParams } from '../../adapters'
import { STORAGE_KEYS } from '../storage/storage'
import { base, fakeAdapter, jsonFetch, mainnet, mapStorage, solana, SOL_ADDRESS, testPortico } from '../test-utils'

function setup(storage = mapStorage()) {
  const solanaWallet = fakeAdapter('solana', [{ id: 'sol.wallet', name: 'Sol Wallet', type: 'announced' }])
  const wc = Object.assign(fakeAdapter('eip155', [{ id: 'walletConnect', name: 'WalletConnect', type: 'walletConnect' }]), {
    namespaces: ['eip155', 'solana'] as const,
  })
  const seen: (ConnectParams | undefined)[] = []
  wc.connectImpl = async (p: ConnectParams) => {
    seen.push(p)
    return { namespace: 'solana' as const, address: SOL_ADDRESS, chainId: solana.id, accounts: [SOL_ADDRESS], namespaces: {} }
  }
  wc.reconnectImpl = async () => ({
    namespace: 'solana' as const,
    address: SOL_ADDRESS,
    chainId: solana.id,
    accounts: [SOL_ADDRESS],
    namespaces: {},
  })
  const api = jsonFetch(() => ({ body: { balances: [] } }))
  const portico = testPortico({
    fetch: api.fetch,
    networks: [mainnet, base, solana],
    adapters: [solanaWallet, wc],
    storage,
    isMobile: false,
  })
  return { portico, wc, solanaWallet, storage, seen }
}

describe('a session whose main account is in another namespace than the connector', () => {
  it('connects on that namespace; the connector namespace goes back to disconnected; remembered there', async () => {
    const { portico, storage } = setup()
    await portico.ready
    expect(portico.chain.$activeChain.get()).toBe('eip155')
    await portico.connection.connect('walletConnect')
    expect(portico.connection.$error.get()).toBeNull()
    expect(portico.chain.$global.get()).toMatchObject({
      activeChain: 'solana',
      activeCaipAddress: `${solana.caipNetworkId}:${SOL_ADDRESS}`,
    })
    expect(portico.chain.getAccount('eip155')?.status).toBe('disconnected')
    expect(portico.connection.$connections.get()).toEqual({
      solana: { connectorId: 'walletConnect', accounts: [{ address: SOL_ADDRESS, type: 'eoa', namespace: 'solana' }] },
    })
    expect(JSON.parse(storage.map.get(STORAGE_KEYS.connections)!)).toEqual([{ connectorId: 'walletConnect', namespace: 'solana' }])
    expect(portico.router.$route.get().view).toBe('Account')
  })

  it('offers the adapter the network the app is on when the adapter serves that namespace', async () => {
    const { portico, seen } = setup()
    await portico.ready
    await portico.connection.connect('walletConnect')
    expect(seen[0]?.network?.caipNetworkId).toBe(mainnet.caipNetworkId)
    await portico.connection.disconnect()
    expect(portico.chain.$activeChain.get()).toBe('solana')
    await portico.connection.connect('walletConnect')
    expect(seen[1]?.network?.caipNetworkId).toBe(solana.caipNetworkId)
  })

  it('replaces another wallet connected in that namespace, not in the connector one', async () => {
    const { portico, solanaWallet, wc } = setup()
    await portico.ready
    await portico.connection.connect('sol.wallet')
    expect(portico.chain.getAccount('solana')?.status).toBe('connected')
    await portico.connection.connect('walletConnect')
    expect(solanaWallet.calls.map((c) => c.method)).toContain('disconnect')
    expect(wc.calls.map((c) => c.method)).toEqual(['connect'])
    expect(portico.connection.$connections.get().solana?.connectorId).toBe('walletConnect')
  })

  it('a reload restores it from the remembered namespace', async () => {
    const storage = mapStorage()
    const first = setup(storage)
    await first.portico.ready
    await first.portico.connection.connect('walletConnect')
    const again = setup(storage)
    await again.portico.ready
    await again.portico.reconnect()
    expect(again.portico.chain.getAccount('solana')).toMatchObject({ address: SOL_ADDRESS, status: 'connected' })
    expect(again.portico.chain.getAccount('eip155')?.status).toBe('disconnected')
  })
})
