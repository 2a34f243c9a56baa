import '../testing'
import { ROUTE_VIEWS, type RouteView } from '@portico/headless'
import { describe, expect, it } from 'vitest'
import { messages } from '../messages'
import { localize } from '../messages/locale'
import { footerFor, LEGAL_CHECKBOX_VIEWS, LEGAL_FOOTER_VIEWS, ROUTES, titleFor, VIEWS } from './routes'
import { base } from '../testing'

describe('footerFor (SPEC §2: legal footer on Connect-family and on-ramp views, default footer on Networks)', () => {
  it.each<[RouteView, string]>([
    ['Connect', 'legal'],
    ['ConnectWallets', 'legal'],
    ['ConnectingExternal', 'legal'],
    ['ConnectingWalletConnect', 'legal'],
    ['ConnectingWalletConnectBasic', 'legal'],
    ['ConnectingFarcaster', 'legal'],
    ['AllWallets', 'legal'],
    ['EmailLogin', 'legal'],
    ['OnRampTokenSelect', 'legal'],
    ['OnRampFiatSelect', 'legal'],
    ['OnRampProviders', 'legal'],
    ['Networks', 'networks'],
    ['Account', 'none'],
    ['SwitchNetwork', 'none'],
    ['UnsupportedChain', 'none'],
    ['Swap', 'none'],
    ['SwapSelectToken', 'none'],
    ['SwapPreview', 'none'],
    ['WalletReceive', 'none'],
    ['WalletSend', 'none'],
    ['WalletSendSelectToken', 'none'],
    ['WalletSendPreview', 'none'],
    ['WalletSendSuccess', 'none'],
    ['RegisterAccountName', 'none'],
    ['RegisterAccountNameSuccess', 'none'],
    ['SIWXSignMessage', 'none'],
  ])('%s → %s', (view, kind) => {
    expect(footerFor(view)).toBe(kind)
  })
})

describe('titleFor', () => {
  it.each<[Parameters<typeof titleFor>[0], string]>([
    [{ view: 'Connect', data: undefined }, 'Connect wallet'],
    [{ view: 'Account', data: undefined }, 'Account'],
    [{ view: 'Networks', data: undefined }, 'Choose network'],
    [{ view: 'SwitchNetwork', data: { network: base } }, 'Switch to Base'],
    [{ view: 'UnsupportedChain', data: undefined }, 'Switch network'],
    [
      { view: 'ConnectingExternal', data: { connectorId: 'auth', socialProvider: 'discord' } as { connectorId: string } },
      'Continue with Discord',
    ],
    [{ view: 'ConnectingExternal', data: { connectorId: 'injected' } }, 'Connect wallet'],
    [{ view: 'WalletReceive', data: undefined }, 'Receive'],
    [{ view: 'WalletSend', data: undefined }, 'Send'],
    [{ view: 'WalletSendSelectToken', data: undefined }, 'Select token'],
    [{ view: 'WalletSendPreview', data: undefined }, 'Review send'],
    [{ view: 'WalletSendSuccess', data: undefined }, 'Sent'],
    [{ view: 'Swap', data: undefined }, 'Swap'],
    [{ view: 'Swap', data: { fromToken: 'ETH', toToken: 'USDC', amount: '1' } }, 'Swap'],
    [{ view: 'SwapSelectToken', data: { target: 'toToken' } }, 'Select token'],
    [{ view: 'SwapPreview', data: undefined }, 'Review swap'],
    [{ view: 'OnRampProviders', data: undefined }, 'Buy crypto'],
    [{ view: 'OnRampTokenSelect', data: undefined }, 'Select token'],
    [{ view: 'OnRampFiatSelect', data: undefined }, 'Select currency'],
    [{ view: 'RegisterAccountName', data: undefined }, 'Choose your name'],
    [{ view: 'RegisterAccountNameSuccess', data: { name: 'alice.portico.id' } }, 'Name registered'],
    [{ view: 'SIWXSignMessage', data: undefined }, 'Sign in'],
    [{ view: 'RequestPreview', data: { id: 1 } }, 'Review request'],
  ])('%j → %s', (entry, title) => {
    expect(titleFor(entry)).toBe(title)
  })
})

describe('the route table', () => {
  it('has one entry for every view of SPEC §2, and VIEWS renders each with its component', () => {
    expect(Object.keys(ROUTES).sort()).toEqual([...ROUTE_VIEWS].sort())
    for (const view of ROUTE_VIEWS) expect(VIEWS[view]).toBe(ROUTES[view].view)
  })

  it('the legal footer and checkbox lists come from the entries', () => {
    expect(LEGAL_FOOTER_VIEWS).toEqual([
      'Connect',
      'ConnectWallets',
      'ConnectingWalletConnect',
      'ConnectingWalletConnectBasic',
      'AllWallets',
      'ConnectingExternal',
      'ConnectingFarcaster',
      'EmailLogin',
      'OnRampProviders',
      'OnRampTokenSelect',
      'OnRampFiatSelect',
    ])
    expect(LEGAL_CHECKBOX_VIEWS).toEqual(['Connect', 'ConnectWallets', 'AllWallets'])
  })

  it('the lazy views are lazyView components (a spinner until their chunk is in), the others the views themselves', () => {
    const lazy = ROUTE_VIEWS.filter((v) => ROUTES[v].view.name === 'LazyView')
    expect(lazy).toEqual([
      'SwapPreview',
      'OnRampTokenSelect',
      'OnRampFiatSelect',
      'OnRampProviders',
      'Swap',
      'SwapSelectToken',
      'PayWithExchange',
      'PayWithExchangeSelectAsset',
      'OriginNotAllowed',
      'EmailCapture',
      'SIWXSignMessage',
      'RequestPreview',
    ])
    expect(ROUTES.Account.view.name).toBe('Account')
  })

  it("titleFor: a view headless knows but this table does not gets Connect's title", () => {
    expect(titleFor({ view: 'Later' as RouteView, data: undefined } as Parameters<typeof titleFor>[0])).toBe('Connect wallet')
    expect(footerFor('Later' as RouteView)).toBe('none')
  })

  it("titleFor in another locale: the messages given, the entry's data and names in it", () => {
    const de = localize({
      account: { title: 'Konto' },
      switchNetwork: { title: (network) => `Zu ${network} wechseln` },
      connect: { socialContinue: (provider) => `Weiter mit ${provider}` },
    })
    expect(titleFor({ view: 'Account', data: undefined }, {}, de)).toBe('Konto')
    expect(titleFor({ view: 'SwitchNetwork', data: { network: base } }, {}, de)).toBe('Zu Base wechseln')
    expect(
      titleFor({ view: 'ConnectingExternal', data: { connectorId: 'auth', socialProvider: 'google' } as { connectorId: string } }, {}, de),
    ).toBe('Weiter mit Google')
    expect(titleFor({ view: 'ConnectingExternal', data: { connectorId: 'injected' } }, { connector: 'Test Wallet' }, de)).toBe(
      'Test Wallet',
    )
    expect(titleFor({ view: 'ConnectingWalletConnect', data: {} }, { wallet: 'Rainbow' }, de)).toBe('Rainbow')
    expect(titleFor({ view: 'Account', data: undefined })).toBe(messages.account.title)
  })
})
