import { describe, expect, it } from 'vitest'
import { createPortico } from '../portico'
import { STORAGE_KEYS } from '../storage/storage'
import { ADDRESS, base, fakeAdapter, mainnet, mapStorage, solana } from '../test-utils'
import type { CaipNetwork } from '../types'

function setup(evmConnectors?: Parameters<typeof fakeAdapter>[1]) {
  const evm = fakeAdapter('eip155', evmConnectors)
  const sol = fakeAdapter('solana', [{ id: 'phantom', name: 'Phantom', type: 'injected' }])
  const storage = mapStorage()
  const portico = createPortico({ projectId: 'p', networks: [mainnet, base, solana], adapters: [evm, sol], storage })
  return { portico, evm, sol, storage }
}

describe('network switch routing (SPEC §2)', () => {
  it('same network: nothing', async () => {
    const { portico } = setup()
    await portico.connection.connect('io.metamask')
    portico.router.reset('Networks')
    expect(portico.network.selectNetwork(mainnet)).toBe('none')
    expect(portico.router.$route.get().view).toBe('Networks')
  })

  it('switch confirmation ignored: SwitchNetwork', async () => {
    const { portico } = setup()
    await portico.connection.connect('io.metamask')
    expect(portico.network.selectNetwork(solana, { ignoreSwitchConfirmation: true })).toBe('SwitchNetwork')
    expect(portico.router.$route.get()).toEqual({ view: 'SwitchNetwork', data: { network: solana } })
  })

  it('embedded auth connector on a supported chain: SwitchNetwork', async () => {
    const { portico } = setup([{ id: 'auth', name: 'Email', type: 'auth' }])
    await portico.connection.connect('auth')
    expect(portico.network.switchRoute(solana)).toBe('SwitchNetwork')
  })

  it('connected on current namespace but not on the target: SwitchActiveChain, then Connect', async () => {
    const { portico } = setup()
    await portico.connection.connect('io.metamask')
    portico.router.reset('Networks')
    expect(portico.network.selectNetwork(solana)).toBe('SwitchActiveChain')
    expect(portico.router.$route.get()).toEqual({
      view: 'SwitchActiveChain',
      data: { switchToChain: 'solana', navigateTo: 'Connect', navigateWithReplace: true, network: solana },
    })
  })

  it.each<[string, boolean, CaipNetwork]>([
    ['same namespace, connected', true, base],
    ['not connected', false, base],
    ['not connected, other namespace', false, solana],
  ])('otherwise (%s): SwitchNetwork', async (_name, connect, target) => {
    const { portico } = setup()
    if (connect) await portico.connection.connect('io.metamask')
    expect(portico.network.switchRoute(target)).toBe('SwitchNetwork')
  })

  it('both namespaces connected: SwitchNetwork', async () => {
    const { portico } = setup()
    await portico.connection.connect('phantom')
    await portico.connection.connect('io.metamask')
    expect(portico.network.switchRoute(solana)).toBe('SwitchNetwork')
  })
})

describe('switchNetwork', () => {
  it('connected: asks the adapter, then state and storage follow', async () => {
    const { portico, evm, storage } = setup()
    await portico.connection.connect('io.metamask')
    await portico.network.switchNetwork(base)
    expect(evm.calls.find((c) => c.method === 'switchNetwork')?.params).toEqual({ network: base, connectorId: 'io.metamask' })
    expect(portico.chain.$global.get()).toMatchObject({ activeCaipNetwork: base, activeCaipAddress: `eip155:8453:${ADDRESS}` })
    expect(storage.map.get(STORAGE_KEYS.activeCaipNetworkId)).toBe('"eip155:8453"')
  })

  it('not connected: only the selection changes (also across namespaces)', async () => {
    const { portico, evm, sol } = setup()
    await portico.network.switchNetwork(solana)
    expect(portico.chain.$global.get()).toMatchObject({ activeChain: 'solana', activeCaipNetwork: solana })
    expect([...evm.calls, ...sol.calls].filter((c) => c.method === 'switchNetwork')).toEqual([])
  })

  it('wallet refusal rejects with "User rejected the request" and keeps the network', async () => {
    const { portico, evm } = setup()
    await portico.connection.connect('io.metamask')
    evm.switchImpl = async () => {
      throw { code: 4001, message: 'rejected' }
    }
    await expect(portico.network.switchNetwork(base)).rejects.toMatchObject({ message: 'User rejected the request', code: 4001 })
    expect(portico.chain.$global.get().activeCaipNetwork).toBe(mainnet)
  })

  it('unknown network rejects with "Unsupported chain"', async () => {
    const { portico } = setup()
    await expect(portico.network.switchNetwork({ ...base, id: 10, caipNetworkId: 'eip155:10' })).rejects.toThrow('Unsupported chain')
  })

  it('starts on the last used network from storage', () => {
    const storage = mapStorage({ [STORAGE_KEYS.activeCaipNetworkId]: '"eip155:8453"' })
    const portico = createPortico({ projectId: 'p', networks: [mainnet, base], storage })
    expect(portico.chain.$global.get().activeCaipNetwork).toBe(base)
    expect(portico.network.$isSupported.get()).toBe(true)
  })
})
