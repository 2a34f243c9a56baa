import type { RouteEntry, RouteView } from '@portico/headless'
import type { ComponentType } from 'react'
import { type Messages, messages as english } from '../messages'
import { socialLabel } from '../views/shared/brands'
import { Account } from '../views/Account/Account'
import { AllWallets } from '../views/AllWallets/AllWallets'
import { Connect } from '../views/Connect/Connect'
import { ConnectWallets } from '../views/ConnectWallets/ConnectWallets'
import { ConnectingWalletConnect } from '../views/ConnectingWalletConnect/ConnectingWalletConnect'
import { ConnectingWalletConnectBasic } from '../views/ConnectingWalletConnectBasic/ConnectingWalletConnectBasic'
import { ConnectingExternal } from '../views/ConnectingExternal/ConnectingExternal'
import { ConnectingFarcaster } from '../views/ConnectingFarcaster/ConnectingFarcaster'
import { EmailLogin } from '../views/EmailLogin/EmailLogin'
import { Networks } from '../views/Networks/Networks'
import { ProfileWallets } from '../views/ProfileWallets/ProfileWallets'
import { SwitchActiveChain } from '../views/SwitchActiveChain/SwitchActiveChain'
import { SwitchNetwork } from '../views/SwitchNetwork/SwitchNetwork'
import { UnsupportedChain } from '../views/UnsupportedChain/UnsupportedChain'
import { UpdateEmailWallet } from '../views/UpdateEmailWallet/UpdateEmailWallet'
import { GetWallet } from '../views/GetWallet/GetWallet'
import { WhatIsAWallet } from '../views/WhatIsAWallet/WhatIsAWallet'
import { WalletReceive } from '../views/WalletReceive/WalletReceive'
import { WalletSend } from '../views/WalletSend/WalletSend'
import { WalletSendPreview } from '../views/WalletSendPreview/WalletSendPreview'
import { WalletSendSelectToken } from '../views/WalletSendSelectToken/WalletSendSelectToken'
import { WalletSendSuccess } from '../views/WalletSendSuccess/WalletSendSuccess'
import { RegisterAccountName } from '../views/RegisterAccountName/RegisterAccountName'
import { RegisterAccountNameSuccess } from '../views/RegisterAccountNameSuccess/RegisterAccountNameSuccess'
import { chunkLoader, lazyView } from './lazyView'

/**
 * The swap views (issue 13) are their own chunk, fetched the first time one shows: an app whose
 * visitors never swap never downloads them, and the modal's chunk (what every open waits for) does
 * not carry them. A failed load is tried again on the next call.
 */
const loadSwapViews = chunkLoader(() => import('../views/swapViews'))
const Swap = lazyView(loadSwapViews, (m) => m.Swap)
const SwapSelectToken = lazyView(loadSwapViews, (m) => m.SwapSelectToken)
const SwapPreview = lazyView(loadSwapViews, (m) => m.SwapPreview)

/** The pay-with-exchange views (issue 14): their own chunk too, fetched the first time one shows, like the swap views. */
const loadExchangeViews = chunkLoader(() => import('../views/exchangeViews'))
const PayWithExchange = lazyView(loadExchangeViews, (m) => m.PayWithExchange)
const PayWithExchangeSelectAsset = lazyView(loadExchangeViews, (m) => m.PayWithExchangeSelectAsset)
/** The on-ramp views (issue 14): their own chunk, the same way as the swap views. */
const loadOnRampViews = chunkLoader(() => import('../views/onrampViews'))
// OnRampProviders shows the "Deposit from an exchange" entry under the providers when pay with exchange is available.
const OnRampProviders = lazyView(loadOnRampViews, (m) => m.OnRampProviders)
const OnRampTokenSelect = lazyView(loadOnRampViews, (m) => m.OnRampTokenSelect)
const OnRampFiatSelect = lazyView(loadOnRampViews, (m) => m.OnRampFiatSelect)
/** The sign-in view (issue 15): its own chunk, fetched when an app with `siwx` asks the visitor to sign in. */
const loadSiwxViews = chunkLoader(() => import('../views/siwxViews'))
const SIWXSignMessage = lazyView(loadSiwxViews, (m) => m.SIWXSignMessage)

/** The project config's views (issue 15): a disallowed origin, the email capture prompt; their own chunk too. */
const loadProjectViews = chunkLoader(() => import('../views/projectViews'))
const OriginNotAllowed = lazyView(loadProjectViews, (m) => m.OriginNotAllowed)
const EmailCapture = lazyView(loadProjectViews, (m) => m.EmailCapture)

/** Views this version of the default modal renders. */
export const VIEWS: Partial<Record<RouteView, ComponentType>> = {
  Connect,
  ConnectWallets,
  Account,
  Networks,
  SwitchNetwork,
  UnsupportedChain,
  ConnectingWalletConnect,
  ConnectingWalletConnectBasic,
  AllWallets,
  ConnectingExternal,
  ConnectingFarcaster,
  EmailLogin,
  UpdateEmailWallet,
  SwitchActiveChain,
  ProfileWallets,
  WhatIsAWallet,
  GetWallet,
  WalletReceive,
  WalletSend,
  WalletSendSelectToken,
  WalletSendPreview,
  WalletSendSuccess,
  Swap,
  SwapSelectToken,
  SwapPreview,
  PayWithExchange,
  PayWithExchangeSelectAsset,
  OnRampProviders,
  OnRampTokenSelect,
  OnRampFiatSelect,
  RegisterAccountName,
  RegisterAccountNameSuccess,
  OriginNotAllowed,
  EmailCapture,
  SIWXSignMessage,
}

/** SPEC §2: the Connect-family and on-ramp views show the legal footer; Networks the default footer. */
export const LEGAL_FOOTER_VIEWS: readonly RouteView[] = [
  'Connect',
  'ConnectWallets',
  'ConnectingExternal',
  'ConnectingWalletConnect',
  'ConnectingWalletConnectBasic',
  'ConnectingFarcaster',
  'AllWallets',
  'EmailLogin',
  'OnRampTokenSelect',
  'OnRampFiatSelect',
  'OnRampProviders',
]

/** Views that show the legal checkbox (when the app turned it on); it replaces the legal footer there. */
export const LEGAL_CHECKBOX_VIEWS: readonly RouteView[] = ['Connect', 'ConnectWallets', 'AllWallets']

export type FooterKind = 'legal' | 'networks' | 'none'
export const footerFor = (view: RouteView): FooterKind =>
  LEGAL_FOOTER_VIEWS.includes(view) ? 'legal' : view === 'Networks' ? 'networks' : 'none'

/** Names a title can carry: the chosen connector's (ConnectingExternal) and explorer wallet's (ConnectingWalletConnect). */
export type TitleNames = { connector?: string; wallet?: string }

/** The header's title of `entry`, in `messages`' locale. @default messages English */
export function titleFor(entry: RouteEntry, names: TitleNames = {}, messages: Messages = english): string {
  switch (entry.view) {
    case 'ConnectingExternal':
      // A wallet's waiting view carries its name; a social sign-in its provider's ('Continue with Google').
      if (entry.data && 'socialProvider' in entry.data && typeof entry.data.socialProvider === 'string')
        return messages.connect.socialContinue(socialLabel(entry.data.socialProvider))
      return names.connector ?? messages.connect.title
    case 'Connect':
      return messages.connect.title
    case 'ConnectWallets':
      return messages.connectWallets.title
    case 'Account':
      return messages.account.title
    case 'Networks':
      return messages.networks.title
    case 'SwitchNetwork':
      return messages.switchNetwork.title(entry.data.network.name)
    case 'UnsupportedChain':
      return messages.unsupportedChain.title
    case 'ConnectingWalletConnect':
      // A specific wallet's QR view carries the wallet's name.
      return names.wallet ?? messages.connectingWalletConnect.title
    case 'ConnectingWalletConnectBasic':
      return messages.connectingWalletConnectBasic.title
    case 'AllWallets':
      return messages.allWallets.title
    case 'SwitchActiveChain':
      return messages.switchActiveChain.title
    case 'ProfileWallets':
      return messages.profileWallets.title
    case 'WhatIsAWallet':
      return messages.whatIsAWallet.title
    case 'GetWallet':
      return messages.getWallet.title
    case 'EmailLogin':
      return messages.emailLogin.title
    case 'ConnectingFarcaster':
      return messages.connectingFarcaster.title
    case 'UpdateEmailWallet':
      return messages.updateEmail.title
    case 'WalletReceive':
      return messages.walletReceive.title
    case 'WalletSend':
      return messages.walletSend.title
    case 'WalletSendSelectToken':
      return messages.walletSend.selectTokenTitle
    case 'WalletSendPreview':
      return messages.walletSend.previewTitle
    case 'WalletSendSuccess':
      return messages.walletSend.successTitle
    case 'Swap':
      return messages.swap.title
    case 'SwapSelectToken':
      return messages.swap.selectTokenTitle
    case 'SwapPreview':
      return messages.swap.previewTitle
    case 'PayWithExchange':
      return messages.exchange.title
    case 'PayWithExchangeSelectAsset':
      return messages.exchange.selectAssetTitle
    case 'OnRampProviders':
      return messages.onramp.title
    case 'OnRampTokenSelect':
      return messages.onramp.selectTokenTitle
    case 'OnRampFiatSelect':
      return messages.onramp.selectFiatTitle
    case 'RegisterAccountName':
      return messages.registerName.title
    case 'RegisterAccountNameSuccess':
      return messages.registerName.successTitle
    case 'OriginNotAllowed':
      return messages.originNotAllowed.title
    case 'EmailCapture':
      return messages.emailCapture.title
    case 'SIWXSignMessage':
      return messages.siwx.title
    default:
      return messages.connect.title
  }
}
