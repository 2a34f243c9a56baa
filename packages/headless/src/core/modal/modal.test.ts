import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createPortico } from '../portico'
import { ADDRESS, base, fakeAdapter, mainnet, mapStorage, solana } from '../test-utils'
import type { PorticoOptions } from '../options/options'

function setup(over: Partial<PorticoOptions> = {}) {
  const evm = fakeAdapter('eip155')
  const sol = fakeAdapter('solana', [{ id: 'phantom', name: 'Phantom', type: 'injected' }])
  const portico = createPortico({
    projectId: 'p',
    networks: [mainnet, base, solana],
    adapters: [evm, sol],
    storage: mapStorage(),
    isMobile: false,
    ...over,
  })
  const route = () => portico.router.$route.get()
  return { portico, evm, sol, route }
}

describe('opening the modal (SPEC §2)', () => {
  it('not connected → Connect; connected → Account', async () => {
    const { portico, route } = setup()
    await portico.modal.open()
    expect(portico.modal.$modal.get().open).toBe(true)
    expect(route().view).toBe('Connect')
    await portico.connection.connect('io.metamask')
    portico.modal.close()
    await portico.modal.open()
    expect(route().view).toBe('Account')
  })

  it('closing takes an open banner off: an old toast does not come back when the modal opens again (issue 25)', async () => {
    const { portico } = setup()
    await portico.modal.open()
    portico.banner.showError('Transaction error')
    expect(portico.banner.$banner.get().open).toBe(true)
    portico.modal.close()
    expect(portico.banner.$banner.get().open).toBe(false)
    await portico.modal.open()
    expect(portico.banner.$banner.get().open).toBe(false)
  })

  it('an explicitly requested view is shown with its data', async () => {
    const { portico, route } = setup()
    await portico.modal.open({ view: 'SwitchNetwork', data: { network: base } })
    expect(route()).toEqual({ view: 'SwitchNetwork', data: { network: base } })
    await portico.modal.open({ view: 'Networks' })
    expect(portico.router.$history.get().map((e) => e.view)).toEqual(['Networks'])
  })

  it.each([
    [true, 'AllWallets'],
    [false, 'ConnectingWalletConnectBasic'],
  ] as const)('no adapters and no address, mobile=%s → %s', async (isMobile, view) => {
    const { portico, route } = setup({ adapters: [], isMobile })
    await portico.modal.open()
    expect(route().view).toBe(view)
    await portico.modal.open({ view: 'Networks' })
    expect(route().view).toBe(view)
  })

  it('requested namespace differs, no adapters: switch network, then the basic connect view', async () => {
    const { portico, route } = setup({ adapters: [] })
    await portico.modal.open({ namespace: 'solana' })
    expect(portico.chain.$global.get()).toMatchObject({ activeChain: 'solana', activeCaipNetwork: solana })
    expect(route().view).toBe('ConnectingWalletConnectBasic')
  })

  it('requested namespace differs, not connected anywhere: switch to it and show Connect', async () => {
    const { portico, route } = setup()
    await portico.modal.open({ namespace: 'solana' })
    expect(portico.chain.$global.get().activeChain).toBe('solana')
    expect(route().view).toBe('Connect')
  })

  it('requested namespace differs while connected elsewhere: network switch flow (SwitchActiveChain → Connect)', async () => {
    const { portico, route } = setup()
    await portico.connection.connect('io.metamask')
    await portico.modal.open({ namespace: 'solana' })
    expect(route()).toEqual({
      view: 'SwitchActiveChain',
      data: { switchToChain: 'solana', navigateTo: 'Connect', navigateWithReplace: true, network: solana },
    })
    expect(portico.chain.$global.get().isSwitchingNamespace).toBe(true)
  })

  it('requested namespace already connected: switch to it and show Account', async () => {
    const { portico, route } = setup()
    await portico.connection.connect('phantom')
    await portico.connection.connect('io.metamask')
    await portico.modal.open({ namespace: 'solana' })
    expect(portico.chain.$global.get().activeChain).toBe('solana')
    expect(route().view).toBe('Account')
  })

  it('manual control: no automatic routing', async () => {
    const { portico, route } = setup({ manualControl: true })
    await portico.connection.connect('io.metamask')
    portico.router.reset('Networks')
    await portico.modal.open({ namespace: 'solana' })
    expect(route().view).toBe('Networks')
    expect(portico.chain.$global.get().activeChain).toBe('eip155')
    await portico.modal.open({ view: 'AllWallets' })
    expect(route().view).toBe('AllWallets')
  })
})

describe('closing the modal (SPEC §2)', () => {
  it('resets to Connect, clears loading and the connection URI', async () => {
    const { portico, route, evm } = setup()
    await portico.connection.connect('io.metamask')
    await portico.modal.open()
    portico.modal.setLoading(true)
    evm.ctx!.emit('io.metamask', { kind: 'pairingUri', uri: 'wc:abc@2' })
    expect(portico.connection.$wcUri.get()).toBe('wc:abc@2')
    portico.modal.close()
    expect(portico.modal.$modal.get()).toEqual({ open: false, loading: false, shake: false })
    expect(route().view).toBe('Connect')
    expect(portico.connection.$wcUri.get()).toBeUndefined()
    expect(portico.connection.$wcUri.get()).toBeUndefined()
  })

  it.each([
    [true, 'Account'],
    [false, 'Connect'],
  ] as const)('embedded mode, connected=%s → %s', async (connected, view) => {
    const { portico, route } = setup({ embedded: true })
    if (connected) await portico.connection.connect('io.metamask')
    await portico.modal.open({ view: 'Networks' })
    portico.modal.close()
    expect(route().view).toBe(view)
  })

  it('goBack at the first view closes the modal', async () => {
    const { portico } = setup()
    await portico.modal.open({ view: 'Networks' })
    portico.router.goBack()
    expect(portico.modal.$modal.get().open).toBe(false)
  })
})

describe('shake (SPEC §2)', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('shakes for 500 ms', () => {
    const { portico } = setup()
    portico.modal.shake()
    expect(portico.modal.$modal.get().shake).toBe(true)
    vi.advanceTimersByTime(499)
    expect(portico.modal.$modal.get().shake).toBe(true)
    vi.advanceTimersByTime(1)
    expect(portico.modal.$modal.get().shake).toBe(false)
  })
})

describe('account address used in the tests', () => {
  it('is a valid EVM address', () => expect(ADDRESS).toMatch(/^0x[0-9a-fA-F]{40}$/))
})
