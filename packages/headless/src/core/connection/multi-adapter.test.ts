import { describe, expect, it } from 'vitest'
import type { ConnectParams } from '../../adapters'
import { STORAGE_KEYS } from '../storage/storage'
import { ADDRESS, base, fakeAdapter, jsonFetch, mainnet, mapStorage, solana, SOL_ADDRESS, testPortico } from '../test-utils'

const WC_ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

/** An injected-wallet adapter and a WalletConnect-like adapter, both with eip155 as primary namespace. */
function setup(storage = mapStorage()) {
  const evm = fakeAdapter('eip155')
  const wc = Object.assign(fakeAdapter('eip155', [{ id: 'walletConnect', name: 'WalletConnect', type: 'walletConnect' }]), {
    namespaces: ['eip155', 'solana'] as const,
  })
  wc.connectImpl = async () => ({
    address: WC_ADDRESS,
    chainId: 8453,
    accounts: [WC_ADDRESS],
    namespaces: { solana: { address: SOL_ADDRESS, chainId: solana.id, accounts: [SOL_ADDRESS] } },
  })
  wc.reconnectImpl = wc.connectImpl
  const api = jsonFetch(() => ({ body: { balances: [] } }))
  const portico = testPortico({
    fetch: api.fetch,
    networks: [mainnet, base, solana],
    adapters: [evm, wc],
    storage,
    isMobile: false,
  })
  return { portico, evm, wc, storage }
}

describe('several adapters on one namespace (walletConnect beside injected)', () => {
  it('both adapters keep their connectors; walletConnect first', async () => {
    const { portico } = setup()
    await portico.ready
    expect(portico.connection.$connectors.get().map((c) => [c.id, c.namespace])).toEqual([
      ['walletConnect', 'eip155'],
      ['io.metamask', 'eip155'],
    ])
  })

  it('connect routes to the adapter that registered the connector and applies the other namespaces', async () => {
    const { portico, evm, wc, storage } = setup()
    await portico.ready
    await portico.connection.connect('walletConnect')
    expect(evm.calls.filter((c) => c.method === 'connect')).toEqual([])
    expect(wc.calls.map((c) => c.method)).toEqual(['connect'])
    expect(portico.chain.$global.get()).toMatchObject({ activeChain: 'eip155', activeCaipAddress: `eip155:8453:${WC_ADDRESS}` })
    expect(portico.chain.getAccount('solana')).toMatchObject({ address: SOL_ADDRESS, status: 'connected' })
    expect(JSON.parse(storage.map.get(STORAGE_KEYS.connections)!)).toEqual([
      { connectorId: 'walletConnect', namespace: 'eip155' },
      { connectorId: 'walletConnect', namespace: 'solana' },
    ])
    expect(portico.router.$route.get().view).toBe('Account')
  })

  it('wallet operations and switching go to the owner adapter', async () => {
    const { portico, evm, wc } = setup()
    await portico.ready
    await portico.connection.connect('walletConnect')
    await portico.wallet.signMessage('hi')
    await portico.network.switchNetwork(mainnet)
    expect(wc.calls.map((c) => c.method)).toEqual(['connect', 'signMessage', 'switchNetwork'])
    expect(evm.calls).toEqual([])
  })

  it('the pairing connect receives a signal; closing the modal aborts it with Modal closed and no error is shown', async () => {
    const { portico, wc } = setup()
    await portico.ready
    let seen: ConnectParams | undefined
    wc.connectImpl = (p: ConnectParams) =>
      new Promise((_, reject) => {
        seen = p
        p.signal?.addEventListener('abort', () => reject(p.signal?.reason))
      })
    await portico.modal.open()
    const pending = portico.connection.connect('walletConnect')
    wc.ctx!.emit('walletConnect', { kind: 'pairingUri', uri: 'wc:abc@2?relay-protocol=irn' })
    portico.modal.close()
    await expect(pending).rejects.toThrow('Modal closed')
    expect(seen?.signal?.aborted).toBe(true)
    expect(seen?.signal?.reason).toHaveProperty('message', 'Modal closed')
    expect(portico.connection.$wcUri.get()).toBeUndefined()
    expect(portico.connection.$error.get()).toBeNull()
    expect(portico.chain.getAccount('eip155')?.status).toBe('disconnected')
  })

  it('a refused pairing shows Connection rejected; a newer pairing supersedes an older one silently', async () => {
    const { portico, wc } = setup()
    await portico.ready
    wc.connectImpl = async () => Promise.reject(Object.assign(new Error('User rejected.'), { code: 5000 }))
    await expect(portico.connection.connect('walletConnect')).rejects.toThrow('Connection rejected')
    expect(portico.connection.$error.get()).toBe('Connection rejected')

    const rejects: (() => void)[] = []
    wc.connectImpl = (p: ConnectParams) =>
      new Promise((_, reject) => {
        p.signal?.addEventListener('abort', () => reject(p.signal?.reason))
        rejects.push(() => reject(new Error('relay gone')))
      })
    const older = portico.connection.connect('walletConnect')
    const newer = portico.connection.connect('walletConnect')
    await expect(older).rejects.toThrow('Modal closed')
    expect(portico.connection.$error.get()).toBeNull()
    expect(portico.chain.getAccount('eip155')?.status).toBe('connecting')
    rejects[1]!()
    await expect(newer).rejects.toThrow('Failed to connect')
    expect(portico.connection.$error.get()).toBe('Failed to connect')
  })

  it('a pairing cancelled and started again (view remounted) leaves the new one connecting', async () => {
    const { portico, wc } = setup()
    await portico.ready
    wc.connectImpl = (p: ConnectParams) =>
      new Promise((_, reject) => {
        p.signal?.addEventListener('abort', () => setTimeout(() => reject(p.signal?.reason), 0))
      })
    const first = portico.connection.connect('walletConnect')
    portico.connection.cancelPairing()
    const second = portico.connection.connect('walletConnect')
    await expect(first).rejects.toThrow('Modal closed')
    expect(portico.chain.getAccount('eip155')?.status).toBe('connecting')
    portico.connection.cancelPairing()
    await expect(second).rejects.toThrow('Modal closed')
    expect(portico.chain.getAccount('eip155')?.status).toBe('disconnected')
    expect(portico.connection.$error.get()).toBeNull()
  })

  it('injected connectors get no signal', async () => {
    const { portico, evm } = setup()
    await portico.ready
    await portico.connection.connect('io.metamask')
    expect((evm.calls[0]!.params as ConnectParams).signal).toBeUndefined()
  })

  it('the wallet ending the session clears every namespace it served', async () => {
    const { portico, wc } = setup()
    await portico.ready
    await portico.connection.connect('walletConnect')
    wc.ctx!.onDisconnect()
    expect(portico.chain.getAccount('eip155')?.status).toBe('disconnected')
    expect(portico.chain.getAccount('solana')?.status).toBe('disconnected')
    expect(portico.router.$route.get().view).toBe('Connect')
  })

  it('disconnect ends a multi-namespace session once and clears each namespace it served', async () => {
    const { portico, wc, storage } = setup()
    await portico.ready
    await portico.connection.connect('walletConnect')
    await portico.connection.disconnect()
    expect(wc.calls.filter((c) => c.method === 'disconnect')).toEqual([{ method: 'disconnect', params: { connectorId: 'walletConnect' } }])
    expect(portico.chain.getAccount('eip155')?.status).toBe('disconnected')
    expect(portico.chain.getAccount('solana')?.status).toBe('disconnected')
    expect(JSON.parse(storage.map.get(STORAGE_KEYS.connections) ?? '[]')).toEqual([])
  })

  it('disconnecting one namespace of a shared session keeps the session for the others', async () => {
    const { portico, wc } = setup()
    await portico.ready
    await portico.connection.connect('walletConnect')
    await portico.connection.disconnect({ namespace: 'solana' })
    expect(wc.calls.filter((c) => c.method === 'disconnect')).toEqual([])
    expect(portico.chain.getAccount('solana')?.status).toBe('disconnected')
    expect(portico.chain.getAccount('eip155')?.status).toBe('connected')
  })

  it('events of another namespace leave the active namespace alone', async () => {
    const { portico, wc } = setup()
    await portico.ready
    await portico.connection.connect('walletConnect')
    wc.ctx!.onAccountsChanged([ADDRESS])
    expect(portico.chain.getAccount('eip155')?.address).toBe(ADDRESS)
    wc.ctx!.onAccountsChanged([], 'solana')
    expect(portico.chain.getAccount('solana')?.status).toBe('disconnected')
    expect(portico.chain.$activeChain.get()).toBe('eip155')
  })

  it('reconnect: a namespace the wallet no longer exposes is forgotten; one that was not remembered stays off', async () => {
    const storage = mapStorage({
      [STORAGE_KEYS.connections]: JSON.stringify([
        { connectorId: 'walletConnect', namespace: 'solana' },
        { connectorId: 'walletConnect', namespace: 'eip155' },
      ]),
    })
    const { portico, wc } = setup(storage)
    wc.reconnectImpl = async () => ({ address: WC_ADDRESS, chainId: 8453, accounts: [WC_ADDRESS] })
    await portico.reconnect()
    expect(portico.chain.getAccount('eip155')).toMatchObject({ address: WC_ADDRESS, status: 'connected' })
    expect(portico.chain.getAccount('solana')?.status).toBe('disconnected')
    expect(JSON.parse(storage.map.get(STORAGE_KEYS.connections)!)).toEqual([{ connectorId: 'walletConnect', namespace: 'eip155' }])

    const only = mapStorage({ [STORAGE_KEYS.connections]: JSON.stringify([{ connectorId: 'walletConnect', namespace: 'eip155' }]) })
    const again = setup(only)
    await again.portico.reconnect()
    expect(again.portico.chain.getAccount('eip155')?.status).toBe('connected')
    expect(again.portico.chain.getAccount('solana')?.status).toBe('disconnected')
  })

  it('reconnect restores a multi-namespace session with one adapter call', async () => {
    const storage = mapStorage({
      [STORAGE_KEYS.connections]: JSON.stringify([
        { connectorId: 'walletConnect', namespace: 'eip155' },
        { connectorId: 'walletConnect', namespace: 'solana' },
      ]),
    })
    const { portico, wc, evm } = setup(storage)
    await portico.reconnect()
    expect(wc.calls.map((c) => c.method)).toEqual(['reconnect'])
    expect(evm.calls).toEqual([])
    expect(portico.chain.getAccount('eip155')).toMatchObject({ address: WC_ADDRESS, status: 'connected' })
    expect(portico.chain.getAccount('solana')).toMatchObject({ address: SOL_ADDRESS, status: 'connected' })
  })
})
