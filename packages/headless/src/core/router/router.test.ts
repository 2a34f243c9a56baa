import { describe, expect, it, vi } from 'vitest'
import { createRouter } from './router'
import { base as network } from '../test-utils'

function setup(connected = false) {
  const closeModal = vi.fn()
  const router = createRouter({ isConnected: () => connected, closeModal })
  return { router, closeModal, views: () => router.$history.get().map((e) => e.view) }
}

describe('router (SPEC §2)', () => {
  it('starts at Connect, pushes, replaces and resets', () => {
    const { router, views } = setup()
    expect(router.$route.get()).toEqual({ view: 'Connect', data: undefined })
    router.push('AllWallets')
    router.push('ConnectingExternal', { connectorId: 'io.metamask' })
    expect(views()).toEqual(['Connect', 'AllWallets', 'ConnectingExternal'])
    expect(router.$route.get().data).toEqual({ connectorId: 'io.metamask' })
    router.replace('EmailLogin')
    expect(views()).toEqual(['Connect', 'AllWallets', 'EmailLogin'])
    router.reset('Account')
    expect(views()).toEqual(['Account'])
  })

  it('pushing the current view again adds nothing', () => {
    const { router, views } = setup()
    router.push('Networks')
    router.push('Networks')
    expect(views()).toEqual(['Connect', 'Networks'])
  })

  it('pushing the current view with other data keeps one entry and takes the new data', () => {
    const { router, views } = setup()
    const other = { ...network, id: 8453, caipNetworkId: 'eip155:8453' as const, name: 'Base' }
    router.push('SwitchNetwork', { network })
    router.push('SwitchNetwork', { network: other })
    expect(views()).toEqual(['Connect', 'SwitchNetwork'])
    expect(router.$route.get().data).toEqual({ network: other })
    router.push('SwitchNetwork')
    expect(router.$route.get().data).toEqual({ network: other })
  })

  it('typed data: SwitchNetwork carries a network, SwitchActiveChain its switch parameters', () => {
    const { router } = setup()
    router.push('SwitchNetwork', { network })
    expect(router.$route.get()).toEqual({ view: 'SwitchNetwork', data: { network } })
    router.push('SwitchActiveChain', { switchToChain: 'eip155', navigateTo: 'Connect', navigateWithReplace: true, network })
    expect(router.$route.get().data).toEqual({ switchToChain: 'eip155', navigateTo: 'Connect', navigateWithReplace: true, network })
  })

  it('goBack pops, and closes the modal at the first view', () => {
    const { router, closeModal, views } = setup()
    router.push('AllWallets')
    router.goBack()
    expect(views()).toEqual(['Connect'])
    expect(closeModal).not.toHaveBeenCalled()
    router.reset('Networks')
    router.goBack()
    expect(closeModal).toHaveBeenCalledTimes(1)
    expect(views()).toEqual(['Networks'])
  })

  it('back from Connect while connected leads to Account', () => {
    const { router, closeModal, views } = setup(true)
    router.reset('Connect')
    router.push('AllWallets')
    router.goBack()
    expect(views()).toEqual(['Account'])
    router.reset('Connect')
    router.goBack()
    expect(views()).toEqual(['Account'])
    expect(closeModal).not.toHaveBeenCalled()
  })

  it('goBackToIndex keeps entries up to the index', () => {
    const { router, views } = setup()
    router.push('Networks')
    router.push('SwitchNetwork', { network })
    router.push('UnsupportedChain')
    router.goBackToIndex(1)
    expect(views()).toEqual(['Connect', 'Networks'])
    router.goBackToIndex(5)
    expect(views()).toEqual(['Connect', 'Networks'])
  })

  it.each([
    ['success', ['Account', 'RegisterAccountName'], { onSuccess: 1, onError: 0, onCancel: 0 }],
    ['error', ['Account'], { onSuccess: 0, onError: 1, onCancel: 0 }],
    ['cancel', ['Account'], { onSuccess: 0, onError: 0, onCancel: 1 }],
  ] as const)('transaction stack outcome %s', (outcome, expectedViews, calls) => {
    const { router, views } = setup(true)
    router.reset('Account')
    const cb = { onSuccess: vi.fn(), onError: vi.fn(), onCancel: vi.fn() }
    router.pushTransactionStack({ view: 'RegisterAccountName', goBack: true, ...cb })
    expect(views()).toEqual(['Account', 'RegisterAccountName'])
    router.popTransactionStack(outcome)
    expect(views()).toEqual(expectedViews)
    expect(cb.onSuccess).toHaveBeenCalledTimes(calls.onSuccess)
    expect(cb.onError).toHaveBeenCalledTimes(calls.onError)
    expect(cb.onCancel).toHaveBeenCalledTimes(calls.onCancel)
    expect(router.$transactionStack.get()).toEqual([])
  })

  it('transaction stack: replace flag replaces, goBack false stays, empty pop is a no-op', () => {
    const { router, views } = setup(true)
    router.reset('Account')
    router.pushTransactionStack({ view: 'SwapPreview', replace: true, goBack: false })
    expect(views()).toEqual(['SwapPreview'])
    router.popTransactionStack('error')
    expect(views()).toEqual(['SwapPreview'])
    router.popTransactionStack('cancel')
    expect(views()).toEqual(['SwapPreview'])
  })
})
