// The provider's rules with a recorded adapter (the real wallet and chains: packages/wagmi's tests):
// how requests become adapter calls, which events one Portico change produces, and that the code
// loads only when a provider is used.
import { describe, expect, it } from 'vitest'
import { createPortico } from '../portico'
import { ADDRESS, base, fakeAdapter, jsonFetch, mainnet, mapStorage, testPortico } from '../test-utils'

function setup() {
  const evm = fakeAdapter('eip155')
  const api = jsonFetch(() => ({ body: { balances: [] } }))
  const portico = testPortico({
    fetch: api.fetch,
    networks: [mainnet, base],
    adapters: [evm],
  })
  const provider = portico.getProvider('eip155')
  const events: [string, unknown][] = []
  for (const name of ['accountsChanged', 'chainChanged', 'connect', 'disconnect'] as const)
    provider.on(name, ((arg: unknown) => events.push([name, arg])) as never)
  /** The provider's module has loaded and every event so far is out. */
  const settled = async () => {
    await portico.load('provider')
    await tick()
    await tick()
  }
  return { portico, evm, provider, events, settled }
}
const tick = () => new Promise((r) => setTimeout(r, 0))

describe('portico.getProvider', () => {
  it('loads its code on first use only: an instance that never asks has no provider flow', async () => {
    const portico = testPortico({
      adapters: [fakeAdapter('eip155')],
    })
    await tick()
    expect(portico.peek('provider')).toBeUndefined()
    portico.getProvider('eip155')
    await portico.load('provider')
    expect(portico.peek('provider')).toBeDefined()
  })

  it('a connect is one connect + one accountsChanged (network set, then account: announced once, in its final state)', async () => {
    const { portico, events, settled } = setup()
    await settled()
    await portico.connection.connect('io.metamask')
    await settled()
    expect(events).toEqual([
      ['connect', { chainId: '0x1' }],
      ['accountsChanged', [ADDRESS]],
    ])
  })

  it("a connect on another chain than the selected one announces chainChanged first; the wallet's account change is one accountsChanged", async () => {
    const { portico, evm, events, settled } = setup()
    await settled()
    evm.connectImpl = async () => ({ address: ADDRESS, chainId: 8453, accounts: [ADDRESS] })
    await portico.connection.connect('io.metamask')
    await settled()
    expect(events.map(([name, arg]) => [name, arg])).toEqual([
      ['chainChanged', '0x2105'],
      ['connect', { chainId: '0x2105' }],
      ['accountsChanged', [ADDRESS]],
    ])
    events.length = 0
    const other = '0x1111111111111111111111111111111111111111'
    evm.ctx!.onAccountsChanged([other])
    await settled()
    expect(events).toEqual([['accountsChanged', [other]]])
  })

  it('a selection change while disconnected is a chainChanged; eth_chainId follows it', async () => {
    const { portico, provider, events, settled } = setup()
    await settled()
    await portico.network.switchNetwork(base)
    await settled()
    expect(events).toEqual([['chainChanged', '0x2105']])
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x2105')
  })

  it('a change made while its code was still loading is announced to the listeners added before', async () => {
    const { portico, events, settled } = setup()
    // No await between getProvider (in setup) and the connect: the provider's module is not there yet.
    expect(portico.peek('provider')).toBeUndefined()
    await portico.connection.connect('io.metamask')
    await settled()
    expect(events).toEqual([
      ['connect', { chainId: '0x1' }],
      ['accountsChanged', [ADDRESS]],
    ])
  })

  it('personal_sign: hex UTF-8 is signed as its text, [address, message] order too; another account is 4100', async () => {
    const { portico, evm, provider } = setup()
    await portico.connection.connect('io.metamask')
    // 'héllo ✓' as UTF-8 bytes
    const hex = `0x${Buffer.from('héllo ✓', 'utf8').toString('hex')}`
    expect(await provider.request({ method: 'personal_sign', params: [hex, ADDRESS] })).toBe('0xsig')
    expect(evm.calls.at(-1)).toMatchObject({ method: 'signMessage', params: { message: 'héllo ✓', address: ADDRESS } })
    await provider.request({ method: 'personal_sign', params: [ADDRESS.toLowerCase(), '0x6869'] })
    expect(evm.calls.at(-1)).toMatchObject({ method: 'signMessage', params: { message: 'hi' } })
    await expect(
      provider.request({ method: 'personal_sign', params: ['0x6869', '0x2222222222222222222222222222222222222222'] }),
    ).rejects.toMatchObject({ code: 4100 })
  })

  it('eth_sendTransaction passes to, value, data, gas and gasPrice as bigints with the current network; nonce and fee fields are left to the wallet', async () => {
    const { portico, evm, provider } = setup()
    await portico.connection.connect('io.metamask')
    const hash = await provider.request({
      method: 'eth_sendTransaction',
      params: [
        {
          from: ADDRESS,
          to: '0x3333333333333333333333333333333333333333',
          value: '0xde0b6b3a7640000',
          data: '0xabcd',
          gas: '0x5208',
          gasPrice: '0x3b9aca00',
          nonce: '0x7',
          maxFeePerGas: '0x1',
          chainId: '0x1',
        },
      ],
    })
    expect(hash).toBe('0xhash')
    expect(evm.calls.at(-1)).toEqual({
      method: 'sendTransaction',
      params: {
        to: '0x3333333333333333333333333333333333333333',
        value: 10n ** 18n,
        data: '0xabcd',
        gas: 21_000n,
        gasPrice: 1_000_000_000n,
        network: mainnet,
        address: ADDRESS,
        connectorId: 'io.metamask',
      },
    })
    // A capability the adapter does not declare (typed data here) is 4200, never a TypeError.
    await expect(
      provider.request({ method: 'eth_signTypedData_v4', params: [ADDRESS, '{"types":{},"primaryType":"X"}'] }),
    ).rejects.toMatchObject({ code: 4200, message: 'Requested RPC call is not allowed' })
  })

  it('portico.reconnect() called while one runs shares it: the adapter is asked once', async () => {
    const storage = mapStorage({ 'portico:connections': JSON.stringify([{ connectorId: 'io.metamask', namespace: 'eip155' }]) })
    const evm = fakeAdapter('eip155')
    const portico = createPortico({ projectId: 'p', apiUrl: 'http://127.0.0.1:9', networks: [mainnet], adapters: [evm], storage })
    await Promise.all([portico.reconnect(), portico.reconnect()])
    expect(evm.calls.filter((c) => c.method === 'reconnect').length).toBe(1)
    expect(await portico.getProvider('eip155').request({ method: 'eth_accounts' })).toEqual([ADDRESS])
    // Once it has finished, a new call runs again.
    await portico.reconnect()
    expect(evm.calls.filter((c) => c.method === 'reconnect').length).toBe(2)
  })
})

describe('ERC-7715 permissions and EIP-7811 assets through the provider', () => {
  const GRANT = {
    chainId: '0x1',
    expiry: 2_000_000_000,
    signer: { type: 'account', data: { id: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' } },
    permissions: [],
  }

  async function connectedWithRequests() {
    const s = setup()
    const seen: { method: string; params: readonly unknown[] }[] = []
    Object.assign(s.evm, {
      capabilities: ['walletRequest'],
      request: async (p: { method: string; params: readonly unknown[] }) => {
        seen.push({ method: p.method, params: p.params })
        return p.method === 'wallet_grantPermissions' ? { ...GRANT, context: '0xc0' } : p.method === 'wallet_getAssets' ? { '0x1': [] } : {}
      },
    })
    await s.portico.connection.connect('io.metamask')
    return { ...s, seen }
  }

  it('wallet_grantPermissions and wallet_getAssets reach the adapter and answer with its result', async () => {
    const { provider, seen } = await connectedWithRequests()
    expect(await provider.request({ method: 'wallet_grantPermissions', params: [GRANT] })).toEqual({ ...GRANT, context: '0xc0' })
    expect(await provider.request({ method: 'wallet_getAssets', params: [{ account: ADDRESS, chainFilter: ['0x1'] }] })).toEqual({
      '0x1': [],
    })
    expect(seen).toEqual([
      { method: 'wallet_grantPermissions', params: [GRANT] },
      { method: 'wallet_getAssets', params: [{ account: ADDRESS, chainFilter: ['0x1'] }] },
    ])
  })

  it('wallet_getAssets for another account is refused (4100) before the wallet is asked', async () => {
    const { provider, seen } = await connectedWithRequests()
    await expect(
      provider.request({ method: 'wallet_getAssets', params: [{ account: '0x1111111111111111111111111111111111111111' }] }),
    ).rejects.toMatchObject({ code: 4100 })
    expect(seen).toEqual([])
  })

  it('wallet_revokePermissions with a context revokes that grant and stays connected; without one it is EIP-2255 (disconnect)', async () => {
    const { portico, provider, seen } = await connectedWithRequests()
    expect(await provider.request({ method: 'wallet_revokePermissions', params: [{ context: '0xc0' }] })).toEqual({})
    expect(seen).toEqual([{ method: 'wallet_revokePermissions', params: [{ context: '0xc0' }] }])
    expect(portico.chain.isConnected('eip155')).toBe(true)
    await provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })
    expect(portico.chain.isConnected('eip155')).toBe(false)
    expect(seen).toHaveLength(1)
  })
})
