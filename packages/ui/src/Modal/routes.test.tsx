import '../testing'
import type { RouteView } from '@portico/headless'
import { describe, expect, it } from 'vitest'
import { footerFor, titleFor } from './routes'
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
  ])('%j → %s', (entry, title) => {
    expect(titleFor(entry)).toBe(title)
  })
})
