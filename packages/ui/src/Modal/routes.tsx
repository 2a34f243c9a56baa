// The default modal's views: one table, one entry per view of SPEC §2 with its component, its title,
// its footer, and for a view that is not in the modal's chunk the lazy chunk it comes in. Adding a
// view is adding its entry (and, for a lazy view, its export in its chunk's module).
import type { RouteData, RouteEntry, RouteView } from '@portico/headless'
import type { ComponentType } from 'react'
import { type Messages, messages as english } from '../messages'
import { Account } from '../views/Account/Account'
import { AllWallets } from '../views/AllWallets/AllWallets'
import { Connect } from '../views/Connect/Connect'
import { ConnectingExternal } from '../views/ConnectingExternal/ConnectingExternal'
import { ConnectingFarcaster } from '../views/ConnectingFarcaster/ConnectingFarcaster'
import { ConnectingWalletConnect } from '../views/ConnectingWalletConnect/ConnectingWalletConnect'
import { ConnectingWalletConnectBasic } from '../views/ConnectingWalletConnectBasic/ConnectingWalletConnectBasic'
import { ConnectWallets } from '../views/ConnectWallets/ConnectWallets'
import { EmailLogin } from '../views/EmailLogin/EmailLogin'
import { GetWallet } from '../views/GetWallet/GetWallet'
import { Networks } from '../views/Networks/Networks'
import { ProfileWallets } from '../views/ProfileWallets/ProfileWallets'
import { RegisterAccountName } from '../views/RegisterAccountName/RegisterAccountName'
import { RegisterAccountNameSuccess } from '../views/RegisterAccountNameSuccess/RegisterAccountNameSuccess'
import { SwitchActiveChain } from '../views/SwitchActiveChain/SwitchActiveChain'
import { SwitchNetwork } from '../views/SwitchNetwork/SwitchNetwork'
import { socialLabel } from '../views/shared/brands'
import { UnsupportedChain } from '../views/UnsupportedChain/UnsupportedChain'
import { UpdateEmailWallet } from '../views/UpdateEmailWallet/UpdateEmailWallet'
import { TwoFactorWallet } from '../views/TwoFactorWallet/TwoFactorWallet'
import { RecoverWallet } from '../views/RecoverWallet/RecoverWallet'
import { PasskeysWallet } from '../views/PasskeysWallet/PasskeysWallet'
import { WalletReceive } from '../views/WalletReceive/WalletReceive'
import { WalletSend } from '../views/WalletSend/WalletSend'
import { WalletSendPreview } from '../views/WalletSendPreview/WalletSendPreview'
import { WalletSendSelectToken } from '../views/WalletSendSelectToken/WalletSendSelectToken'
import { WalletSendSuccess } from '../views/WalletSendSuccess/WalletSendSuccess'
import { WhatIsAWallet } from '../views/WhatIsAWallet/WhatIsAWallet'
import { chunkLoader, lazyView } from './lazyView'

/**
 * The lazy chunks: views only some visitors see, fetched the first time one of the chunk's views
 * shows (one fetch for all of them; a failed one is tried again on the next show). An app whose
 * visitors never swap never downloads the swap views, and the modal's chunk (what every open waits
 * for) does not carry them. Each module lists its chunk's views.
 */
const chunks = {
  /** Issue 13: the swap form, its token picker and its review. */
  swap: chunkLoader(() => import('../views/swapViews')),
  /** Issue 14: pay with exchange and its asset picker. */
  exchange: chunkLoader(() => import('../views/exchangeViews')),
  /** Issue 14: buy crypto (the providers, with the "Deposit from an exchange" entry), its token and currency pickers. */
  onramp: chunkLoader(() => import('../views/onrampViews')),
  /** Issue 15: sign in with the wallet, when an app with `siwx` asks the visitor to. */
  siwx: chunkLoader(() => import('../views/siwxViews')),
  /** Issue 15: the project config's views: a disallowed origin, the email capture prompt. */
  project: chunkLoader(() => import('../views/projectViews')),
  /** Issue 23: an app's own request held by a previewing provider for review. */
  requestPreview: chunkLoader(() => import('../views/requestPreviewViews')),
}

/** SPEC §2's footers: the legal links (Connect-family and on-ramp views), the networks' default footer, or none. */
export type FooterKind = 'legal' | 'networks' | 'none'

/** Names a title can carry: the chosen connector's (ConnectingExternal) and explorer wallet's (ConnectingWalletConnect). */
export type TitleNames = { connector?: string; wallet?: string }

/** One view of the modal. */
export type Route<V extends RouteView = RouteView> = {
  /** Its component: one of the modal's chunk, or `lazyView(chunks.x, (m) => m.View)` for one in a lazy chunk. */
  view: ComponentType
  /** The header's title, in the locale shown (`m`). */
  title: (m: Messages, data: RouteData<V>, names: TitleNames) => string
  /** @default 'none' */
  footer?: FooterKind
  /** Shows the legal checkbox when the app turned it on (its sentence replaces the legal footer). @default false */
  legalCheckbox?: boolean
}

/** Every view of SPEC §2 (a view headless adds without an entry here is a type error). */
export const ROUTES: { readonly [V in RouteView]: Route<V> } = {
  Connect: { view: Connect, title: (m) => m.connect.title, footer: 'legal', legalCheckbox: true },
  ConnectWallets: { view: ConnectWallets, title: (m) => m.connectWallets.title, footer: 'legal', legalCheckbox: true },
  Account: { view: Account, title: (m) => m.account.title },
  Networks: { view: Networks, title: (m) => m.networks.title, footer: 'networks' },
  SwitchNetwork: { view: SwitchNetwork, title: (m, data) => m.switchNetwork.title(data.network.name) },
  UnsupportedChain: { view: UnsupportedChain, title: (m) => m.unsupportedChain.title },
  ConnectingWalletConnect: {
    view: ConnectingWalletConnect,
    // A specific wallet's QR view carries the wallet's name.
    title: (m, _data, names) => names.wallet ?? m.connectingWalletConnect.title,
    footer: 'legal',
  },
  ConnectingWalletConnectBasic: {
    view: ConnectingWalletConnectBasic,
    title: (m) => m.connectingWalletConnectBasic.title,
    footer: 'legal',
  },
  AllWallets: { view: AllWallets, title: (m) => m.allWallets.title, footer: 'legal', legalCheckbox: true },
  ConnectingExternal: {
    view: ConnectingExternal,
    // A wallet's waiting view carries its name; a social sign-in its provider's ('Continue with Google').
    title: (m, data, names) =>
      data && 'socialProvider' in data && typeof data.socialProvider === 'string'
        ? m.connect.socialContinue(socialLabel(data.socialProvider))
        : (names.connector ?? m.connect.title),
    footer: 'legal',
  },
  ConnectingFarcaster: { view: ConnectingFarcaster, title: (m) => m.connectingFarcaster.title, footer: 'legal' },
  EmailLogin: { view: EmailLogin, title: (m) => m.emailLogin.title, footer: 'legal' },
  UpdateEmailWallet: { view: UpdateEmailWallet, title: (m) => m.updateEmail.title },
  TwoFactorWallet: { view: TwoFactorWallet, title: (m) => m.twoFactor.title },
  RecoverWallet: { view: RecoverWallet, title: (m) => m.recovery.title },
  PasskeysWallet: { view: PasskeysWallet, title: (m) => m.passkeys.title },
  SwitchActiveChain: { view: SwitchActiveChain, title: (m) => m.switchActiveChain.title },
  ProfileWallets: { view: ProfileWallets, title: (m) => m.profileWallets.title },
  WhatIsAWallet: { view: WhatIsAWallet, title: (m) => m.whatIsAWallet.title },
  GetWallet: { view: GetWallet, title: (m) => m.getWallet.title },
  WalletReceive: { view: WalletReceive, title: (m) => m.walletReceive.title },
  WalletSend: { view: WalletSend, title: (m) => m.walletSend.title },
  WalletSendSelectToken: { view: WalletSendSelectToken, title: (m) => m.walletSend.selectTokenTitle },
  WalletSendPreview: { view: WalletSendPreview, title: (m) => m.walletSend.previewTitle },
  WalletSendSuccess: { view: WalletSendSuccess, title: (m) => m.walletSend.successTitle },
  Swap: { view: lazyView(chunks.swap, (c) => c.Swap), title: (m) => m.swap.title },
  SwapSelectToken: { view: lazyView(chunks.swap, (c) => c.SwapSelectToken), title: (m) => m.swap.selectTokenTitle },
  SwapPreview: { view: lazyView(chunks.swap, (c) => c.SwapPreview), title: (m) => m.swap.previewTitle },
  PayWithExchange: { view: lazyView(chunks.exchange, (c) => c.PayWithExchange), title: (m) => m.exchange.title },
  PayWithExchangeSelectAsset: {
    view: lazyView(chunks.exchange, (c) => c.PayWithExchangeSelectAsset),
    title: (m) => m.exchange.selectAssetTitle,
  },
  OnRampProviders: { view: lazyView(chunks.onramp, (c) => c.OnRampProviders), title: (m) => m.onramp.title, footer: 'legal' },
  OnRampTokenSelect: {
    view: lazyView(chunks.onramp, (c) => c.OnRampTokenSelect),
    title: (m) => m.onramp.selectTokenTitle,
    footer: 'legal',
  },
  OnRampFiatSelect: {
    view: lazyView(chunks.onramp, (c) => c.OnRampFiatSelect),
    title: (m) => m.onramp.selectFiatTitle,
    footer: 'legal',
  },
  RegisterAccountName: { view: RegisterAccountName, title: (m) => m.registerName.title },
  RegisterAccountNameSuccess: { view: RegisterAccountNameSuccess, title: (m) => m.registerName.successTitle },
  OriginNotAllowed: { view: lazyView(chunks.project, (c) => c.OriginNotAllowed), title: (m) => m.originNotAllowed.title },
  EmailCapture: { view: lazyView(chunks.project, (c) => c.EmailCapture), title: (m) => m.emailCapture.title },
  SIWXSignMessage: { view: lazyView(chunks.siwx, (c) => c.SIWXSignMessage), title: (m) => m.siwx.title },
  RequestPreview: { view: lazyView(chunks.requestPreview, (c) => c.RequestPreview), title: (m) => m.requestPreview.title },
}

const views = Object.keys(ROUTES) as RouteView[]
/** The entry of `view`, if this version of the modal has one (headless may know more views than this ui). */
const routeOf = (view: RouteView): Route | undefined => (ROUTES as Partial<Record<RouteView, Route>>)[view]

/** Views this version of the default modal renders. */
export const VIEWS: Partial<Record<RouteView, ComponentType>> = Object.fromEntries(views.map((v) => [v, ROUTES[v].view]))

/** SPEC §2: the Connect-family and on-ramp views show the legal footer; Networks the default footer. */
export const LEGAL_FOOTER_VIEWS: readonly RouteView[] = views.filter((v) => ROUTES[v].footer === 'legal')

/** Views that show the legal checkbox (when the app turned it on); it replaces the legal footer there. */
export const LEGAL_CHECKBOX_VIEWS: readonly RouteView[] = views.filter((v) => ROUTES[v].legalCheckbox)

export const footerFor = (view: RouteView): FooterKind => routeOf(view)?.footer ?? 'none'

/** The header's title of `entry`, in `messages`' locale. @default messages English */
export function titleFor(entry: RouteEntry, names: TitleNames = {}, messages: Messages = english): string {
  const route = routeOf(entry.view) as Route<typeof entry.view> | undefined
  return route ? route.title(messages, entry.data as never, names) : messages.connect.title
}
