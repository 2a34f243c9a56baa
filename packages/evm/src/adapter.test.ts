import type { AdapterContext, CaipNetwork, Connector } from '@portico/headless'
import { describe, expect, it, vi } from 'vitest'
import { evmAdapter } from './adapter'
import type { Eip1193Provider } from './eip1193'

const A = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'
const A_CHECKSUM = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const B = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc'

const net = (id: number, name: string): CaipNetwork => ({
  id,
  caipNetworkId: `eip155:${id}`,
  chainNamespace: 'eip155',
  name,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [`http://127.0.0.1:1/${id}`] } },
})

/** A scripted EIP-1193 wallet: answers from a table, records calls, emits events. */
function fakeWallet(answers: Record<string, (params: unknown) => unknown>) {
  const listeners = new Map<string, Set<(...a: unknown[]) => void>>()
  const calls: { method: string; params: unknown }[] = []
  const provider: Eip1193Provider = {
    async request({ method, params }) {
      calls.push({ method, params })
      const answer = answers[method]
      if (!answer) throw Object.assign(new Error(`unsupported ${method}`), { code: 4200 })
      return answer(params)
    },
    on(event, fn) {
      if (!listeners.has(event)) listeners.set(event, new Set())
      listeners.get(event)!.add(fn)
    },
    removeListener(event, fn) {
      listeners.get(event)?.delete(fn)
    },
  }
  const emit = (event: string, ...args: unknown[]) => {
    for (const fn of listeners.get(event) ?? []) fn(...args)
  }
  return { provider, calls, emit, listenerCount: (e: string) => listeners.get(e)?.size ?? 0 }
}

function announce(target: EventTarget, rdns: string, name: string, provider: Eip1193Provider) {
  target.dispatchEvent(
    new CustomEvent('eip6963:announceProvider', { detail: { info: { uuid: `uuid-${rdns}`, name, icon: 'data:,', rdns }, provider } }),
  )
}

function context(overrides: Partial<AdapterContext> = {}) {
  const seen: Connector[][] = []
  const ctx: AdapterContext = {
    networks: [net(31337, 'Local A'), net(31338, 'Local B')],
    projectId: 'test',
    getActiveNetwork: () => undefined,
    setConnectors: (list) => seen.push(list),
    onAccountsChanged: vi.fn(),
    onChainChanged: vi.fn(),
    onDisconnect: vi.fn(),
    emit: vi.fn(),
    ...overrides,
  }
  return { ctx, seen }
}

describe('evmAdapter discovery', () => {
  it('lists EIP-6963 wallets by rdns and answers requestProvider', () => {
    const target = new EventTarget() as EventTarget & { ethereum?: Eip1193Provider }
    const wallet = fakeWallet({})
    target.addEventListener('eip6963:requestProvider', () => announce(target, 'dev.portico.wallet', 'Portico Dev Wallet', wallet.provider))
    const { ctx, seen } = context()
    evmAdapter({ target }).setup(ctx)
    expect(seen.at(-1)).toEqual([
      {
        id: 'dev.portico.wallet',
        name: 'Portico Dev Wallet',
        type: 'announced',
        namespace: 'eip155',
        imageUrl: 'data:,',
        rdns: 'dev.portico.wallet',
      },
    ])
  })

  it('adds window.ethereum as "injected" only when it is not an announced provider', () => {
    const target = new EventTarget() as EventTarget & { ethereum?: Eip1193Provider }
    const announced = fakeWallet({})
    const other = Object.assign(fakeWallet({}).provider, { isMetaMask: true })
    target.ethereum = announced.provider
    const { ctx, seen } = context()
    evmAdapter({ target }).setup(ctx)
    expect(seen.at(-1)!.map((c) => c.id)).toEqual(['injected'])
    announce(target, 'dev.portico.wallet', 'Dev', announced.provider)
    expect(seen.at(-1)!.map((c) => c.id)).toEqual(['dev.portico.wallet'])
    target.ethereum = other
    announce(target, 'dev.portico.wallet', 'Dev', announced.provider)
    expect(seen.at(-1)!.map((c) => [c.id, c.name])).toEqual([
      ['dev.portico.wallet', 'Dev'],
      ['injected', 'MetaMask'],
    ])
  })

  it('ignores malformed announcements', () => {
    const target = new EventTarget()
    const { ctx, seen } = context()
    evmAdapter({ target }).setup(ctx)
    target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: { info: { name: 'x' }, provider: {} } }))
    expect(seen.at(-1)).toEqual([])
  })

  it('has no connectors and touches nothing without a window (SSR)', () => {
    const { ctx, seen } = context()
    const cleanup = evmAdapter().setup(ctx)
    expect(seen).toEqual([])
    expect(typeof cleanup).toBe('function')
  })
})

describe('evmAdapter connection', () => {
  const setup = (answers: Record<string, (p: unknown) => unknown>) => {
    const target = new EventTarget()
    const wallet = fakeWallet(answers)
    const { ctx } = context()
    const adapter = evmAdapter({ target, reconnectWaitMs: 0 })
    adapter.setup(ctx)
    announce(target, 'dev.portico.wallet', 'Dev', wallet.provider)
    return { adapter, wallet, ctx, target }
  }

  it('connects with eth_requestAccounts and reports a checksummed address and the chain', async () => {
    const { adapter, wallet } = setup({ eth_requestAccounts: () => [A, B], eth_chainId: () => '0x7a69' })
    await expect(adapter.connect({ connectorId: 'dev.portico.wallet' })).resolves.toEqual({
      address: A_CHECKSUM,
      chainId: 31337,
      accounts: [A_CHECKSUM, '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'],
    })
    expect(wallet.calls.map((c) => c.method)).toEqual(['eth_requestAccounts', 'eth_chainId'])
  })

  it('passes a user rejection through with its code', async () => {
    const { adapter } = setup({
      eth_requestAccounts: () => {
        throw Object.assign(new Error('User rejected the request'), { code: 4001 })
      },
    })
    await expect(adapter.connect({ connectorId: 'dev.portico.wallet' })).rejects.toMatchObject({ code: 4001 })
  })

  it("fails with 'Failed to connect' for an unknown connector", async () => {
    const { adapter } = setup({})
    await expect(adapter.connect({ connectorId: 'nope' })).rejects.toThrow('Failed to connect')
  })

  it('reconnects without a prompt via eth_accounts, and resolves null when nothing is authorised', async () => {
    const authorised = setup({ eth_accounts: () => [A], eth_chainId: () => '0x7a6a' })
    await expect(authorised.adapter.reconnect({ connectorId: 'dev.portico.wallet' })).resolves.toMatchObject({
      address: A_CHECKSUM,
      chainId: 31338,
    })
    expect(authorised.wallet.calls.map((c) => c.method)).not.toContain('eth_requestAccounts')
    const empty = setup({ eth_accounts: () => [], eth_chainId: () => '0x7a69' })
    await expect(empty.adapter.reconnect({ connectorId: 'dev.portico.wallet' })).resolves.toBeNull()
  })

  it('waits for a wallet that announces itself after a reload', async () => {
    const target = new EventTarget()
    const wallet = fakeWallet({ eth_accounts: () => [A], eth_chainId: () => '0x7a69' })
    const adapter = evmAdapter({ target, reconnectWaitMs: 5_000 })
    adapter.setup(context().ctx)
    const pending = adapter.reconnect({ connectorId: 'dev.portico.wallet' })
    announce(target, 'dev.portico.wallet', 'Dev', wallet.provider)
    await expect(pending).resolves.toMatchObject({ address: A_CHECKSUM })
  })

  it('forwards wallet events to the context and stops after disconnect', async () => {
    const { adapter, wallet, ctx } = setup({
      eth_requestAccounts: () => [A],
      eth_chainId: () => '0x7a69',
      wallet_revokePermissions: () => null,
    })
    await adapter.connect({ connectorId: 'dev.portico.wallet' })
    wallet.emit('accountsChanged', [B])
    wallet.emit('chainChanged', '0x7a6a')
    wallet.emit('disconnect')
    expect(ctx.onAccountsChanged).toHaveBeenCalledWith(['0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'])
    expect(ctx.onChainChanged).toHaveBeenCalledWith(31338)
    expect(ctx.onDisconnect).toHaveBeenCalledTimes(1)
    await adapter.disconnect({ connectorId: 'dev.portico.wallet' })
    expect(wallet.listenerCount('accountsChanged')).toBe(0)
    expect(wallet.calls.at(-1)).toEqual({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })
  })

  it('switches chain, adding it first when the wallet answers 4902', async () => {
    let known = false
    const { adapter, wallet } = setup({
      eth_requestAccounts: () => [A],
      eth_chainId: () => '0x7a69',
      wallet_switchEthereumChain: () => {
        if (!known) throw Object.assign(new Error('Unrecognized chain'), { code: 4902 })
        return null
      },
      wallet_addEthereumChain: () => {
        known = true
        return null
      },
    })
    await adapter.connect({ connectorId: 'dev.portico.wallet' })
    const target = {
      ...net(31338, 'Local B'),
      blockExplorers: { default: { name: 'x', url: 'http://127.0.0.1:2' } },
      assets: { imageUrl: 'http://127.0.0.1:3/b.svg' },
    }
    await adapter.switchNetwork({ network: target })
    expect(wallet.calls.slice(2)).toEqual([
      { method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] },
      {
        method: 'wallet_addEthereumChain',
        params: [
          {
            chainId: '0x7a6a',
            chainName: 'Local B',
            nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
            rpcUrls: ['http://127.0.0.1:1/31338'],
            blockExplorerUrls: ['http://127.0.0.1:2'],
            iconUrls: ['http://127.0.0.1:3/b.svg'],
          },
        ],
      },
      { method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] },
    ])
  })

  it("adds a chain read through the Portico RPC proxy with the chain's public URLs, never the proxy's", async () => {
    let known = false
    const { adapter, wallet } = setup({
      eth_requestAccounts: () => [A],
      eth_chainId: () => '0x7a69',
      wallet_switchEthereumChain: () => {
        if (!known) throw Object.assign(new Error('Unrecognized chain'), { code: 4902 })
        return null
      },
      wallet_addEthereumChain: () => {
        known = true
        return null
      },
    })
    await adapter.connect({ connectorId: 'dev.portico.wallet' })
    // A preset as createPortico resolves it: `default` the proxy, `public` the chain's own endpoints.
    const target = {
      ...net(31338, 'Preset'),
      rpcUrls: {
        default: { http: ['http://127.0.0.1:8787/v1/?chainId=eip155:31338&projectId=p1'] },
        public: { http: ['https://rpc.chain.example'] },
      },
    }
    await adapter.switchNetwork({ network: target })
    expect(wallet.calls.find((c) => c.method === 'wallet_addEthereumChain')?.params).toMatchObject([
      { chainId: '0x7a6a', rpcUrls: ['https://rpc.chain.example'] },
    ])
  })

  it('does not add a chain when the switch fails for another reason', async () => {
    const { adapter, wallet } = setup({
      eth_requestAccounts: () => [A],
      eth_chainId: () => '0x7a69',
      wallet_switchEthereumChain: () => {
        throw Object.assign(new Error('User rejected the request'), { code: 4001 })
      },
    })
    await adapter.connect({ connectorId: 'dev.portico.wallet' })
    await expect(adapter.switchNetwork({ network: net(31338, 'B') })).rejects.toMatchObject({ code: 4001 })
    expect(wallet.calls.map((c) => c.method)).not.toContain('wallet_addEthereumChain')
  })

  it('signs with personal_sign on the hex message and sends with hex quantities', async () => {
    const { adapter, wallet } = setup({
      eth_requestAccounts: () => [A],
      eth_chainId: () => '0x7a69',
      personal_sign: () => '0xsig',
      eth_sendTransaction: () => '0xhash',
    })
    await adapter.connect({ connectorId: 'dev.portico.wallet' })
    await expect(adapter.signMessage({ message: 'hi', address: A_CHECKSUM })).resolves.toBe('0xsig')
    await expect(adapter.sendTransaction({ address: A_CHECKSUM, to: B, value: 10n ** 18n })).resolves.toBe('0xhash')
    expect(wallet.calls.slice(2)).toEqual([
      { method: 'personal_sign', params: ['0x6869', A_CHECKSUM] },
      { method: 'eth_sendTransaction', params: [{ from: A_CHECKSUM, to: B, value: '0xde0b6b3a7640000' }] },
    ])
  })

  it('reads the native balance from the network RPC', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ jsonrpc: '2.0', id: 1, result: '0x1bc16d674ec80000' })))
    const adapter = evmAdapter({ fetch: fetch as unknown as typeof globalThis.fetch })
    await expect(adapter.getBalance({ address: A, network: net(31337, 'A') })).resolves.toEqual({ balance: '2', symbol: 'ETH' })
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit]
    expect(url).toBe('http://127.0.0.1:1/31337')
    expect(JSON.parse(init.body as string)).toMatchObject({ method: 'eth_getBalance', params: [A, 'latest'] })
  })
})
