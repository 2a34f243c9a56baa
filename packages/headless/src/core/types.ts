/**
 * Shared domain types of SPEC §2/§3. Plain TypeScript: no runtime code beyond constants.
 */

import type { ChainNamespace } from '@portico/protocol/common'
/** Chain families (namespaces) of SPEC §1, and the social providers: one definition, in @portico/protocol. */
export { CHAIN_NAMESPACES, SOCIAL_PROVIDERS, type ChainNamespace, type SocialProvider } from '@portico/protocol/common'

/** CAIP-2 network id: `namespace:reference`, e.g. 'eip155:1'. */
export type CaipNetworkId = `${string}:${string}`
/** CAIP-10 account id: `namespace:reference:address`, e.g. 'eip155:1:0xabc…'. */
export type CaipAddress = `${string}:${string}:${string}`

/** A network the app supports (SPEC §3 "Network"). */
export interface CaipNetwork {
  /** Chain id within the namespace: a number for EVM (1, 8453 …), a string elsewhere. */
  id: number | string
  caipNetworkId: CaipNetworkId
  chainNamespace: ChainNamespace
  name: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  /**
   * `default`: the URLs Portico reads the chain through (the first one). `public`: set by the presets
   * of @portico/headless/networks to the same object as `default`, the chain's public endpoints; while
   * `default` is that object (the app gave no RPC URL of its own) createPortico reads through the
   * Portico RPC proxy instead, and wallets adding the chain get `public`.
   */
  rpcUrls: {
    default: { http: readonly string[]; webSocket?: readonly string[] }
    public?: { http: readonly string[]; webSocket?: readonly string[] }
  }
  blockExplorers?: { default: { name: string; url: string } }
  assets?: { imageId?: string; imageUrl?: string }
  testnet?: boolean
}

/** Every modal view of SPEC §2. */
export const ROUTE_VIEWS = [
  'Connect',
  'ConnectWallets',
  'Account',
  'ConnectingExternal',
  'ConnectingWalletConnect',
  'ConnectingWalletConnectBasic',
  'ConnectingFarcaster',
  'AllWallets',
  'EmailLogin',
  'UpdateEmailWallet',
  'TwoFactorWallet',
  'RecoverWallet',
  'PasskeysWallet',
  'ProfileWallets',
  'UnsupportedChain',
  'SwitchNetwork',
  'SwitchActiveChain',
  'Networks',
  'SwapPreview',
  'RegisterAccountName',
  'RegisterAccountNameSuccess',
  'OnRampTokenSelect',
  'OnRampFiatSelect',
  'OnRampProviders',
  // Help for people without a wallet (issue 9 §3.12): what a wallet is, and where to get one.
  'WhatIsAWallet',
  'GetWallet',
  // Issue 12: the account's address as a QR code, with the networks it receives on.
  'WalletReceive',
  // Issue 12: Send — the form, its token list, the review (in progress, failure back to the form) and the success.
  'WalletSend',
  'WalletSendSelectToken',
  'WalletSendPreview',
  'WalletSendSuccess',
  // Issue 13: Swap — the form and its token picker (SwapPreview, the review, is SPEC §2's).
  'Swap',
  'SwapSelectToken',
  // Issue 14: pay with exchange — the form (asset, amount, exchanges, waiting, success, failure) and its asset picker.
  'PayWithExchange',
  'PayWithExchangeSelectAsset',
  // Issue 15: the page's origin is not one the project allows (SPEC §8), in place of every other view.
  'OriginNotAllowed',
  // Issue 15: the optional email prompt after a wallet connects (SPEC §1 email capture).
  'EmailCapture',
  // Issue 15: sign in with the wallet (SIWX): the prompt after a connect, its signing and its failure.
  'SIWXSignMessage',
  // Issue 23 §2: an app's own request held by a previewing provider (getProvider('eip155', { preview: true })) for review.
  'RequestPreview',
] as const
export type RouteView = (typeof ROUTE_VIEWS)[number]

/** Data carried by views that need it. Views not listed here carry optional free-form data. */
export interface RouteDataMap {
  /** SwitchNetwork carries the target network. */
  SwitchNetwork: { network: CaipNetwork }
  /** SwitchActiveChain carries the target namespace, where to go next, a replace flag and the network. */
  SwitchActiveChain: {
    switchToChain: ChainNamespace
    navigateTo?: RouteView
    navigateWithReplace?: boolean
    network?: CaipNetwork
  }
  /** ConnectingExternal / ConnectingWalletConnect carry the chosen connector or wallet. */
  ConnectingExternal: { connectorId: string }
  ConnectingWalletConnect: { walletId?: string }
  RegisterAccountNameSuccess: { name: string }
  /**
   * `open({ view: 'Swap', data })` preselects the tokens (CAIP-10 id, plain address or symbol) and
   * the source amount (useSwap's initialize preset); none starts from the network token.
   */
  Swap: { fromToken?: string; toToken?: string; amount?: string } | undefined
  /** The token picker chooses the source ('sourceToken') or the target ('toToken') token. */
  SwapSelectToken: { target: 'sourceToken' | 'toToken' }
  /**
   * `open({ view: 'PayWithExchange', data })` preselects the asset (a symbol among the active
   * network's, or an app's own asset) and the fiat amount (usePayWithExchange's initialize preset).
   */
  PayWithExchange: { paymentAsset?: string | RoutePaymentAsset; amount?: string } | undefined
  /** The id of the request shown (useRequestPreview's `request.id`). */
  RequestPreview: { id: number }
}

/**
 * An app's own asset in PayWithExchange's route data: usePayWithExchange's PaymentAsset (written out
 * here: this module imports no flow).
 */
export interface RoutePaymentAsset {
  /** CAIP-2 id of its network. */
  network: string
  /** The token's contract or mint, or 'native'. */
  asset: string
  metadata: { name: string; symbol: string; decimals: number; iconUrl?: string }
}

export type RouteData<V extends RouteView> = V extends keyof RouteDataMap ? RouteDataMap[V] : Record<string, unknown> | undefined

/** One entry of the router's history: a view with its data. */
export type RouteEntry = { [V in RouteView]: { view: V; data: RouteData<V> } }[RouteView]

/** Connect methods (SPEC §2 "Connect-method order"). */
export const CONNECT_METHODS = ['email', 'social', 'wallet'] as const
export type ConnectMethod = (typeof CONNECT_METHODS)[number]

export type AccountType = 'eoa' | 'smartAccount' | 'payment' | 'ordinal' | 'stx'

export type ConnectionStatus = 'disconnected' | 'connecting' | 'connected'

/** 'system' follows the user's `prefers-color-scheme` (the default). */
export type ThemeMode = 'light' | 'dark' | 'system'
export type ThemeVariables = Record<string, string | number>
