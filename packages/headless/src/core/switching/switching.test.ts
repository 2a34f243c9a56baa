import { describe, expect, it } from 'vitest'
import { afterSwitch, nextViewAfterActiveChain } from './switching'
import { createPortico } from '../portico'
import { base, fakeAdapter, mainnet, mapStorage, solana } from '../test-utils'
import type { RouteEntry } from '../types'

function setup() {
  const evm = fakeAdapter('eip155')
  const sol = fakeAdapter('solana', [{ id: 'phantom', name: 'Phantom', type: 'injected' }])
  const portico = createPortico({
    projectId: 'p',
    networks: [mainnet, base, solana],
    adapters: [evm, sol],
    storage: mapStorage(),
    fetch: (async () => new Response('{"balances":[]}')) as typeof fetch,
  })
  const route = () => portico.router.$route.get()
  const views = () => portico.router.$history.get().map((e) => e.view)
  return { portico, evm, sol, route, views, switching: () => portico.load('switching') }
}
const settle = () => new Promise((r) => setTimeout(r, 0))

describe('network switching actions (one headless rule, issue 8 §4)', () => {
  it.each<[string[], ReturnType<typeof afterSwitch>]>([
    [['Account', 'Networks', 'SwitchNetwork'], { goBackToIndex: 0 }],
    [['Connect', 'Account', 'Networks', 'SwitchNetwork'], { goBackToIndex: 1 }],
    [['Networks', 'SwitchNetwork'], 'close'],
    [['SwitchNetwork'], 'close'],
  ])('afterSwitch %j -> %j', (views, expected) => {
    expect(afterSwitch(views.map((view) => ({ view }) as RouteEntry))).toEqual(expected)
  })

  it.each([
    [undefined, false, 'Connect'],
    ['Account', false, 'Connect'],
    ['ProfileWallets', false, 'Connect'],
    ['Networks', false, 'Networks'],
    [undefined, true, 'Account'],
    ['Networks', true, 'Networks'],
  ] as const)('SwitchActiveChain next view: navigateTo %s, connected %s -> %s', (navigateTo, connected, view) => {
    expect(nextViewAfterActiveChain({ switchToChain: 'solana', navigateTo }, connected)).toBe(view)
  })

  it('chooseNetwork: the network in use goes back from the list, or closes when the list was first', async () => {
    const { portico, route, views } = setup()
    await portico.connection.connect('io.metamask')
    await portico.modal.open()
    portico.router.push('Networks')
    expect(portico.network.chooseNetwork(mainnet)).toBe('none')
    expect(views()).toEqual(['Account'])
    portico.router.reset('Networks')
    portico.network.chooseNetwork(mainnet)
    expect(portico.modal.$modal.get().open).toBe(false)
    // Closing resets to Connect (SPEC §2 "Closing"); the next opening shows Account while connected.
    expect(route().view).toBe('Connect')
  })

  it('runSwitch: the wallet is asked once (ensureSwitch twice), then the view before Networks comes back', async () => {
    const { portico, evm, views, switching } = setup()
    await portico.connection.connect('io.metamask')
    await portico.modal.open()
    portico.router.push('Networks')
    portico.network.chooseNetwork(base)
    expect(views()).toEqual(['Account', 'Networks', 'SwitchNetwork'])
    ;(await switching()).ensureSwitch(base)
    ;(await switching()).ensureSwitch(base)
    await settle()
    expect(evm.calls.filter((c) => c.method === 'switchNetwork')).toHaveLength(1)
    expect(views()).toEqual(['Account'])
    expect(portico.chain.getActiveNetwork()?.caipNetworkId).toBe('eip155:8453')
    expect((await switching()).$switch.get()).toEqual({ phase: 'idle' })
  })

  it('runSwitch: a refusal stays on the view with its text; retry asks again and succeeds', async () => {
    const { portico, evm, views, switching } = setup()
    await portico.connection.connect('io.metamask')
    await portico.modal.open()
    portico.router.push('Networks')
    portico.network.chooseNetwork(base)
    evm.switchImpl = async () => Promise.reject({ code: 4001 })
    ;(await switching()).ensureSwitch(base)
    await settle()
    expect((await switching()).$switch.get()).toEqual({ network: base, phase: 'error', error: 'User rejected the request' })
    ;(await switching()).ensureSwitch(base)
    await settle()
    expect(evm.calls.filter((c) => c.method === 'switchNetwork')).toHaveLength(1)
    evm.switchImpl = async () => {}
    await (await switching()).runSwitch(base)
    expect(views()).toEqual(['Account'])
  })

  it('continueActiveChain: the unconnected namespace becomes active and Connect replaces the view; addWallet routes there', async () => {
    const { portico, views, switching } = setup()
    await portico.connection.connect('io.metamask')
    portico.router.reset('Account')
    portico.router.push('ProfileWallets')
    expect(portico.network.addWallet('solana')).toBe('SwitchActiveChain')
    const data = portico.router.$route.get().data as { switchToChain: string }
    expect(data).toMatchObject({ switchToChain: 'solana', navigateTo: 'Connect', navigateWithReplace: true })
    await expect((await switching()).continueActiveChain(data as never)).resolves.toBe(true)
    expect(portico.chain.$activeChain.get()).toBe('solana')
    expect(views()).toEqual(['Account', 'ProfileWallets', 'Connect'])
    expect((await switching()).$activeChainSwitch.get()).toEqual({ busy: false })
  })

  it('continueActiveChain: a refused switch on a connected namespace keeps the view with the text', async () => {
    const { portico, sol, views, switching } = setup()
    await portico.connection.connect('io.metamask')
    await portico.connection.connect('phantom')
    sol.switchImpl = async () => Promise.reject(new Error('no such cluster'))
    portico.router.reset('SwitchActiveChain', { switchToChain: 'solana', network: solana })
    await expect((await switching()).continueActiveChain({ switchToChain: 'solana', network: solana })).resolves.toBe(false)
    expect((await switching()).$activeChainSwitch.get()).toEqual({ busy: false, error: 'no such cluster' })
    expect(views()).toEqual(['SwitchActiveChain'])
  })
})
