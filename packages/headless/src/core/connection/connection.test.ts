import { describe, expect, it, vi } from 'vitest'
import { STORAGE_KEYS } from '../storage/storage'
import { ADDRESS, base, fakeAdapter, internals, jsonFetch, mainnet, mapStorage, solana, SOL_ADDRESS, testPortico } from '../test-utils'

const ETH_BALANCE = {
  name: 'Ether',
  symbol: 'ETH',
  chainId: 'eip155:1',
  value: 4500,
  price: 3000,
  iconUrl: '',
  quantity: { decimals: '18', numeric: '1.5' },
}

function setup(opts: { storage?: ReturnType<typeof mapStorage>; adapters?: ReturnType<typeof fakeAdapter>[] } = {}) {
  const evm = fakeAdapter('eip155')
  const adapters = opts.adapters ?? [evm]
  const storage = opts.storage ?? mapStorage()
  const api = jsonFetch(() => ({ body: { balances: [ETH_BALANCE] } }))
  const portico = testPortico({
    fetch: api.fetch,
    networks: [mainnet, base, solana],
    adapters,
    storage,
    isMobile: false,
  })
  return { portico, evm, storage, apiCalls: api.calls }
}

describe('connection flow (SPEC §4)', () => {
  it('adapters register connectors through ctx.setConnectors', async () => {
    const { portico } = setup()
    await portico.ready
    expect(portico.connection.$connectors.get()).toEqual([
      { id: 'io.metamask', name: 'MetaMask', type: 'announced', rdns: 'io.metamask', namespace: 'eip155' },
    ])
    expect(portico.connection.$connectorStates.get()).toEqual({ 'io.metamask': 'disconnected' })
  })

  it('connect: connecting → connected, account set, Account view, remembered', async () => {
    const { portico, storage } = setup()
    await portico.ready
    const seen: string[] = []
    const unbind = portico.connection.$status.listen((s) => seen.push(s))
    const result = await portico.connection.connect('io.metamask')
    unbind()
    expect(result).toEqual({ address: ADDRESS, chainId: 1, accounts: [ADDRESS] })
    expect(seen).toEqual(['connecting', 'connected'])
    const account = portico.chain.$account.get()
    expect(account).toMatchObject({
      address: ADDRESS,
      caipAddress: `eip155:1:${ADDRESS}`,
      status: 'connected',
      addressExplorerUrl: `http://127.0.0.1:4000/1/address/${ADDRESS}`,
      connectedWalletInfo: { name: 'MetaMask', type: 'announced' },
    })
    expect(portico.chain.$global.get()).toMatchObject({
      activeChain: 'eip155',
      activeCaipAddress: `eip155:1:${ADDRESS}`,
      activeCaipNetwork: mainnet,
    })
    expect(portico.router.$route.get().view).toBe('Account')
    expect(JSON.parse(storage.map.get(STORAGE_KEYS.connections)!)).toEqual([{ connectorId: 'io.metamask', namespace: 'eip155' }])
    expect(portico.connection.$connectorStates.get()).toEqual({ 'io.metamask': 'connected' })
    expect(portico.connection.$error.get()).toBeNull()
  })

  it.each([
    [{ code: 4001, message: 'User rejected the request.' }, 'Connection rejected'],
    [new Error('User denied account authorization'), 'Connection rejected'],
    [new Error('boom'), 'Failed to connect'],
  ])('connect failure %j -> rejects and sets $error %s, status back to disconnected', async (error, text) => {
    const { portico, evm } = setup()
    await portico.ready
    evm.connectImpl = async () => {
      throw error
    }
    await expect(portico.connection.connect('io.metamask')).rejects.toMatchObject({ name: 'PorticoError', message: text })
    expect(portico.connection.$error.get()).toBe(text)
    expect(portico.connection.$status.get()).toBe('disconnected')
    expect(portico.chain.$account.get().address).toBeUndefined()
  })

  it('unknown connector id -> rejects with Failed to connect and sets $error', async () => {
    const { portico } = setup()
    await expect(portico.connection.connect('nope')).rejects.toThrow('Failed to connect')
    expect(portico.connection.$error.get()).toBe('Failed to connect')
  })

  it.each([
    [{ code: 4001 }, 'Connection rejected', 4001],
    [new Error('boom'), 'Failed to connect', undefined],
  ])('tryConnect (for views) never rejects: %j -> undefined, $error %s; connect keeps code %s', async (error, text, code) => {
    const { portico, evm } = setup()
    await portico.ready
    evm.connectImpl = async () => {
      throw error
    }
    await expect(portico.connection.tryConnect('io.metamask')).resolves.toBeUndefined()
    expect(portico.connection.$error.get()).toBe(text)
    expect(portico.connection.$connecting.get()).toBeNull()
    const thrown = await portico.connection.connect('io.metamask').catch((e: unknown) => e)
    expect((thrown as { code?: number }).code).toBe(code)
  })

  it('retry runs the last connect again; $connecting names the pending connector', async () => {
    const { portico, evm } = setup()
    await portico.ready
    let calls = 0
    evm.connectImpl = async () => {
      calls += 1
      if (calls === 1) throw { code: 4001 }
      return { address: ADDRESS, chainId: 1, accounts: [ADDRESS] }
    }
    await portico.connection.tryConnect('io.metamask')
    expect(portico.connection.$error.get()).toBe('Connection rejected')
    const pending = portico.connection.retry()
    expect(portico.connection.$connecting.get()).toBe('io.metamask')
    await expect(pending).resolves.toMatchObject({ address: ADDRESS })
    expect(calls).toBe(2)
    expect(portico.connection.$connecting.get()).toBeNull()
    expect(portico.connection.$error.get()).toBeNull()
    expect(portico.router.$route.get().view).toBe('Account')
  })

  it('reconnect on start restores an authorised session without prompting', async () => {
    const storage = mapStorage({ [STORAGE_KEYS.connections]: JSON.stringify([{ connectorId: 'io.metamask', namespace: 'eip155' }]) })
    const { portico, evm, apiCalls } = setup({ storage })
    expect(portico.connection.$connectorStates.get()).toEqual({ 'io.metamask': 'active' })
    await portico.reconnect()
    // the API client module loads on its first call, then the balance arrives
    // (generous waits: the lazy import takes over a second when the whole suite loads the machine)
    await vi.waitFor(() => expect(portico.chain.$account.get().balance).toBe('1.5'), { timeout: 10_000 })
    expect(evm.calls.map((c) => c.method)).toEqual(['reconnect'])
    expect(portico.connection.$status.get()).toBe('connected')
    // the balance and the name (identity) come from the Portico API for the restored account, in either order
    await vi.waitFor(
      () => expect(apiCalls.map((u) => u.pathname).sort()).toEqual([`/v1/account/${ADDRESS}/balance`, `/v1/identity/${ADDRESS}`]),
      { timeout: 10_000 },
    )
    expect(portico.chain.$account.get()).toMatchObject({ balance: '1.5', balanceSymbol: 'ETH' })
  })

  it('reconnect brings the visitor back to the namespace they were on, whatever order the sessions are restored in', async () => {
    const storage = mapStorage({
      [STORAGE_KEYS.connections]: JSON.stringify([
        { connectorId: 'phantom', namespace: 'solana' },
        { connectorId: 'io.metamask', namespace: 'eip155' },
      ]),
      [STORAGE_KEYS.activeCaipNetworkId]: JSON.stringify(solana.caipNetworkId),
    })
    const evm = fakeAdapter('eip155')
    const sol = fakeAdapter('solana', [{ id: 'phantom', name: 'Phantom', type: 'injected' }])
    const { portico } = setup({ storage, adapters: [evm, sol] })
    await portico.reconnect()
    expect([portico.chain.isConnected('eip155'), portico.chain.isConnected('solana')]).toEqual([true, true])
    expect(portico.chain.$activeChain.get()).toBe('solana')
    expect(portico.chain.$global.get().activeCaipNetwork).toBe(solana)
    expect(storage.map.get(STORAGE_KEYS.activeCaipNetworkId)).toBe(JSON.stringify(solana.caipNetworkId))
  })

  it('reconnect forgets a session the wallet no longer exposes', async () => {
    const storage = mapStorage({ [STORAGE_KEYS.connections]: JSON.stringify([{ connectorId: 'io.metamask', namespace: 'eip155' }]) })
    const evm = fakeAdapter('eip155')
    evm.reconnectImpl = async () => null
    const { portico } = setup({ storage, adapters: [evm] })
    await portico.reconnect()
    expect(portico.connection.$status.get()).toBe('disconnected')
    expect(storage.map.has(STORAGE_KEYS.connections)).toBe(false)
  })

  it('wallet events: account change, chain change, unsupported chain, disconnect', async () => {
    const { portico, evm, storage } = setup()
    await portico.connection.connect('io.metamask')
    const other = '0x1111111111111111111111111111111111111111'
    evm.ctx!.onAccountsChanged([other])
    expect(portico.chain.$account.get().caipAddress).toBe(`eip155:1:${other}`)
    evm.ctx!.onChainChanged(8453)
    expect(portico.chain.$global.get().activeCaipNetwork).toBe(base)
    expect(portico.chain.$account.get().caipAddress).toBe(`eip155:8453:${other}`)
    expect(storage.map.get(STORAGE_KEYS.activeCaipNetworkId)).toBe('"eip155:8453"')
    evm.ctx!.onChainChanged(999)
    expect(portico.modal.$modal.get().open).toBe(true)
    expect(portico.router.$route.get().view).toBe('UnsupportedChain')
    evm.ctx!.onDisconnect()
    expect(portico.connection.$status.get()).toBe('disconnected')
    const account = portico.chain.$account.get()
    expect([account.address, account.caipAddress, account.tokenBalance, account.currentTab]).toEqual([undefined, undefined, [], 0])
    expect(storage.map.has(STORAGE_KEYS.connections)).toBe(false)
  })

  it("an account change in the wallet drops the previous account's name and avatar (null: no name); the same address keeps them", async () => {
    const { portico, evm } = setup()
    await portico.connection.connect('io.metamask')
    // The name as the identity route (or a registration) sets it.
    internals(portico).chain.setAccount('eip155', { profileName: 'alice.portico.id', profileImage: 'http://127.0.0.1:9/a.png' })
    // The same account again: kept.
    evm.ctx!.onAccountsChanged([ADDRESS])
    expect(portico.chain.$account.get()).toMatchObject({ profileName: 'alice.portico.id', profileImage: 'http://127.0.0.1:9/a.png' })
    const other = '0x1111111111111111111111111111111111111111'
    evm.ctx!.onAccountsChanged([other])
    expect(portico.chain.$account.get()).toMatchObject({ address: other, profileName: null, profileImage: null })
  })

  it('connecting on a chain the app does not support shows UnsupportedChain', async () => {
    const { portico, evm } = setup()
    evm.connectImpl = async () => ({ address: ADDRESS, chainId: 999, accounts: [ADDRESS] })
    await portico.connection.connect('io.metamask')
    expect(portico.connection.$status.get()).toBe('connected')
    expect(portico.chain.$account.get().caipAddress).toBe(`eip155:999:${ADDRESS}`)
    expect(portico.router.$route.get().view).toBe('UnsupportedChain')
    expect(portico.modal.$modal.get().open).toBe(true)
    expect(portico.network.$isSupported.get()).toBe(false)
    // The selection still names mainnet, the last listed network; choosing it asks the wallet to switch.
    expect(portico.chain.$global.get().activeCaipNetwork).toBe(mainnet)
    expect(portico.network.chooseNetwork(mainnet)).toBe('SwitchNetwork')
    expect(portico.router.$route.get()).toEqual({ view: 'SwitchNetwork', data: { network: mainnet } })
    await portico.network.switchNetwork(mainnet)
    expect(portico.network.$isSupported.get()).toBe(true)
  })

  it('empty accounts list means disconnected', async () => {
    const { portico, evm } = setup()
    await portico.connection.connect('io.metamask')
    evm.ctx!.onAccountsChanged([])
    expect(portico.connection.$status.get()).toBe('disconnected')
  })

  it('disconnect clears every namespace and routes to Connect', async () => {
    const sol = fakeAdapter('solana', [{ id: 'phantom', name: 'Phantom', type: 'injected' }])
    const evm = fakeAdapter('eip155')
    const { portico } = setup({ adapters: [evm, sol] })
    await portico.connection.connect('phantom')
    expect(portico.chain.$global.get().activeCaipAddress).toBe(`${solana.caipNetworkId}:${SOL_ADDRESS}`)
    await portico.connection.connect('io.metamask')
    expect(portico.chain.$global.get().activeChain).toBe('eip155')
    await portico.connection.disconnect()
    expect(evm.calls.some((c) => c.method === 'disconnect')).toBe(true)
    expect(sol.calls.some((c) => c.method === 'disconnect')).toBe(true)
    expect(portico.chain.isConnected('solana')).toBe(false)
    expect(portico.chain.isConnected('eip155')).toBe(false)
    expect(portico.router.$route.get().view).toBe('Connect')
  })

  it('reset keeps the preferred account type (SPEC §4)', async () => {
    const { portico } = setup()
    await portico.connection.connect('io.metamask')
    internals(portico).chain.setAccount('eip155', {
      preferredAccountType: 'smartAccount',
      smartAccountDeployed: true,
      currentTab: 1,
      profileName: 'alice',
    })
    internals(portico).chain.resetAccount('eip155')
    expect(portico.chain.getAccount('eip155')).toEqual({
      currentTab: 0,
      tokenBalance: [],
      smartAccountDeployed: false,
      addressLabels: {},
      preferredAccountType: 'smartAccount',
      status: 'disconnected',
      balanceLoading: false,
    })
  })

  it('reset with no preferred account type set gives the default, eoa (SPEC §4)', async () => {
    const { portico } = setup()
    await portico.connection.connect('io.metamask')
    internals(portico).chain.setAccount('eip155', { preferredAccountType: undefined, smartAccountDeployed: true, profileName: 'alice' })
    internals(portico).chain.resetAccount('eip155')
    const account = portico.chain.getAccount('eip155')
    expect(account?.preferredAccountType).toBe('eoa')
    expect(account?.profileName).toBeUndefined()
    expect(account?.smartAccountDeployed).toBe(false)
    expect(account?.status).toBe('disconnected')
  })

  it('orders connectors: walletConnect, recent, injected/announced, external, auth', async () => {
    const storage = mapStorage({ [STORAGE_KEYS.connections]: JSON.stringify([{ connectorId: 'ext', namespace: 'eip155' }]) })
    const evm = fakeAdapter('eip155', [
      { id: 'auth', name: 'Email', type: 'auth' },
      { id: 'cb', name: 'Coinbase', type: 'external' },
      { id: 'io.metamask', name: 'MetaMask', type: 'announced' },
      { id: 'ext', name: 'Ext', type: 'external' },
      { id: 'walletConnect', name: 'WalletConnect', type: 'walletConnect' },
      { id: 'injected', name: 'Browser', type: 'injected' },
    ])
    evm.reconnectImpl = async () => null
    const { portico } = setup({ storage, adapters: [evm] })
    await portico.ready
    expect(portico.connection.$connectors.get().map((c) => c.id)).toEqual(['walletConnect', 'ext', 'io.metamask', 'injected', 'cb', 'auth'])
    expect(portico.connection.$methodsOrder.get()).toEqual(['wallet', 'email', 'social'])
  })

  it("signMessage: 'No account connected' before connecting, then signs with the connected wallet", async () => {
    const { portico, evm } = setup()
    await portico.ready
    await expect(portico.wallet.signMessage('hello')).rejects.toThrow('No account connected')
    await portico.connection.connect('io.metamask')
    await expect(portico.wallet.signMessage('hello')).resolves.toBe('0xsig')
    expect(evm.calls.at(-1)).toEqual({ method: 'signMessage', params: { message: 'hello', address: ADDRESS, connectorId: 'io.metamask' } })
  })

  it("signMessage / sendTransaction: a refusal becomes 'User rejected the request' with code 4001", async () => {
    const { portico, evm } = setup()
    await portico.ready
    await portico.connection.connect('io.metamask')
    const refuse = async () => {
      throw Object.assign(new Error('MetaMask: User denied message signature.'), { code: 4001 })
    }
    evm.signMessage = refuse
    evm.sendTransaction = refuse
    await expect(portico.wallet.signMessage('x')).rejects.toMatchObject({ message: 'User rejected the request', code: 4001 })
    await expect(portico.wallet.sendTransaction({ to: ADDRESS, value: 1n })).rejects.toMatchObject({
      message: 'User rejected the request',
      code: 4001,
    })
  })

  it('sendTransaction sends from the connected account and resolves with the hash', async () => {
    const { portico, evm } = setup()
    await portico.ready
    await portico.connection.connect('io.metamask')
    await expect(portico.wallet.sendTransaction({ to: ADDRESS, value: 5n })).resolves.toBe('0xhash')
    expect(evm.calls.at(-1)).toEqual({
      method: 'sendTransaction',
      params: { to: ADDRESS, value: 5n, address: ADDRESS, connectorId: 'io.metamask' },
    })
  })
})
