import { describe, expect, it } from 'vitest'
import type { AdapterCapability } from '../../adapters'
import { createPortico } from '../portico'
import { ADDRESS, fakeAdapter, mainnet, mapStorage, type FakeAdapter, testPortico } from '../test-utils'

async function connected(capabilities: readonly AdapterCapability[], extra: Partial<FakeAdapter> = {}) {
  const adapter = Object.assign(fakeAdapter('eip155'), { capabilities }, extra)
  const calls: { method: string; params: unknown }[] = []
  for (const method of [
    'transfer',
    'writeContract',
    'signTypedData',
    'sendCalls',
    'getCallsStatus',
    'getCapabilities',
    'waitForReceipt',
    'request',
  ] as const) {
    if (method in adapter) continue
    ;(adapter as unknown as Record<string, unknown>)[method] = async (params: unknown) => {
      calls.push({ method, params })
      if (method === 'sendCalls') return { id: 'batch-1' }
      if (method === 'getCallsStatus') return { id: 'batch-1', status: 200 }
      if (method === 'getCapabilities') return { '0x1': { atomic: { status: 'unsupported' } } }
      if (method === 'waitForReceipt') return { hash: '0xh', status: 'success', blockNumber: 7n }
      if (method === 'request') return { ok: true }
      return '0xresult'
    }
  }
  const portico = testPortico({
    adapters: [adapter],
    fetch: (async () => new Response('{"balances":[]}')) as typeof fetch,
  })
  await portico.connection.connect('io.metamask')
  return { portico, adapter, calls }
}

const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const GRANT = {
  chainId: '0x1',
  expiry: 2_000_000_000,
  signer: { type: 'account', data: { id: TO } },
  permissions: [{ type: 'contract-call', data: { address: TO } }],
}
const typed = {
  domain: { name: 'Portico', chainId: 1 },
  types: { Mail: [{ name: 'body', type: 'string' }] },
  primaryType: 'Mail',
  message: { body: 'hi' },
}

describe('wallet operations and adapter capabilities (issue 8 §3)', () => {
  const cases: [string, AdapterCapability, (p: Awaited<ReturnType<typeof connected>>['portico']) => Promise<unknown>][] = [
    ['native transfer', 'nativeTransfer', (p) => p.wallet.transfer({ to: TO, amount: 5n })],
    [
      'token transfer',
      'tokenTransfer',
      (p) => p.wallet.transfer({ to: TO, amount: 5n, token: { address: '0x5FbDB2315678afecb367f032d93F642f64180aa3', decimals: 18 } }),
    ],
    [
      'contract write',
      'contractWrite',
      (p) =>
        p.wallet.writeContract({
          contract: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
          abi: [],
          functionName: 'approve',
          args: [TO, 1n],
        }),
    ],
    ['typed data', 'typedData', (p) => p.wallet.signTypedData(typed)],
    ['sendCalls', 'sendCalls', (p) => p.wallet.sendCalls({ calls: [{ to: TO, value: '0x1' }] })],
    ['callsStatus', 'callsStatus', (p) => p.wallet.getCallsStatus('batch-1')],
    ['waitForReceipt', 'waitForReceipt', (p) => p.wallet.waitForReceipt('0xh')],
    ['grantPermissions', 'walletRequest', (p) => p.wallet.grantPermissions(GRANT)],
    ['revokePermissions', 'walletRequest', (p) => p.wallet.revokePermissions({ context: `0x${'1'.repeat(64)}` }).then(() => 'revoked')],
    ['getAssets', 'walletRequest', (p) => p.wallet.getAssets()],
  ]

  it.each(cases)('%s without the %s capability is refused with the catalogue text, never a TypeError', async (_name, _cap, call) => {
    const { portico, calls } = await connected([])
    await expect(call(portico)).rejects.toMatchObject({ name: 'PorticoError', message: 'Requested RPC call is not allowed' })
    expect(calls).toEqual([])
  })

  it.each(cases)('%s with the %s capability reaches the adapter with the account', async (_name, cap, call) => {
    const { portico, calls } = await connected([cap])
    await expect(call(portico)).resolves.toBeDefined()
    expect(calls).toHaveLength(1)
    if (cap !== 'waitForReceipt')
      expect(calls[0]!.params).toMatchObject({ address: ADDRESS, connectorId: 'io.metamask', namespace: 'eip155' })
  })

  it('a capability declared but not implemented is refused too', async () => {
    const { portico } = await connected(['typedData'], { signTypedData: undefined })
    await expect(portico.wallet.signTypedData(typed)).rejects.toThrow('Requested RPC call is not allowed')
  })

  it('an undeclared capability with no account connected says so first', async () => {
    const adapter = fakeAdapter('eip155')
    const portico = createPortico({ projectId: 'p', networks: [mainnet], adapters: [adapter], storage: mapStorage() })
    await expect(portico.wallet.transfer({ to: TO, amount: 1n })).rejects.toThrow('No account connected')
  })

  it.each([
    [[{ to: '70997970C51812dc3A010C7d01b50e0d17dc79C8' }], "Invalid wallet call: calls.0.to: 'to' must start with 0x"],
    [[{ to: TO, data: 'a9059cbb' }], "Invalid wallet call: calls.0.data: 'data' must start with 0x"],
    [[{ to: TO, value: 1 }], 'Invalid wallet call: calls.0.value:'],
    [[], 'Invalid wallet call: calls: at least one call is needed'],
  ])('wallet_sendCalls %j is refused before the wallet: %s (SPEC §5)', async (calls, text) => {
    const { portico, calls: seen } = await connected(['sendCalls'])
    await expect(portico.wallet.sendCalls({ calls: calls as never })).rejects.toThrow(text)
    expect(seen).toEqual([])
  })

  it('a refusal in the wallet is User rejected the request (4001); getCapabilities answers {} when the wallet fails (SPEC §8)', async () => {
    const { portico } = await connected(['typedData', 'walletCapabilities'], {
      signTypedData: async () => Promise.reject({ code: 4001, message: 'denied' }),
      getCapabilities: async () => Promise.reject(new Error('method not supported')),
    })
    await expect(portico.wallet.signTypedData(typed)).rejects.toMatchObject({ message: 'User rejected the request', code: 4001 })
    await expect(portico.wallet.getCapabilities()).resolves.toEqual({})
  })

  it('transfers need a positive amount; receipts wait 25 000 ms by default (SPEC §9) on the namespace network', async () => {
    const { portico, calls } = await connected(['nativeTransfer', 'waitForReceipt'])
    await expect(portico.wallet.transfer({ to: TO, amount: 0n })).rejects.toThrow('An amount and receiver address are required')
    await expect(portico.wallet.waitForReceipt('0xh')).resolves.toEqual({ hash: '0xh', status: 'success', blockNumber: 7n })
    expect(calls.at(-1)?.params).toEqual({ hash: '0xh', network: mainnet, timeoutMs: 25_000 })
    expect(portico.wallet.capabilities()).toEqual(['nativeTransfer', 'waitForReceipt'])
    expect(portico.wallet.supports('typedData')).toBe(false)
  })
})

describe('wallet requests passed through (ERC-7715 permissions, EIP-7811 assets)', () => {
  it('each names its method and sends its params as the wallet takes them; getAssets asks for the connected account', async () => {
    const { portico, calls } = await connected(['walletRequest'])
    await portico.wallet.grantPermissions(GRANT)
    await portico.wallet.revokePermissions({ context: '0xabc' })
    await portico.wallet.getAssets({ assetTypeFilter: ['native'] })
    expect(
      calls.map((c) => ({ method: (c.params as { method: string }).method, params: (c.params as { params: unknown }).params })),
    ).toEqual([
      { method: 'wallet_grantPermissions', params: [GRANT] },
      { method: 'wallet_revokePermissions', params: [{ context: '0xabc' }] },
      { method: 'wallet_getAssets', params: [{ account: ADDRESS, assetTypeFilter: ['native'] }] },
    ])
  })

  it("a wallet's refusal is 'User rejected the request' (4001), other failures pass through", async () => {
    const { portico } = await connected(['walletRequest'], {
      request: async ({ method }: { method: string }) => {
        throw method === 'wallet_grantPermissions' ? Object.assign(new Error('no'), { code: 4001 }) : new Error('Unknown permission')
      },
    } as never)
    await expect(portico.wallet.grantPermissions(GRANT)).rejects.toMatchObject({ message: 'User rejected the request', code: 4001 })
    await expect(portico.wallet.revokePermissions({ context: '0x1' })).rejects.toThrow('Unknown permission')
  })
})
