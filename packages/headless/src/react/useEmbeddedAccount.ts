import { useStore } from '@nanostores/react'
import type { PreferredAccountResult } from '../adapters'
import { initialAccountState } from '../core/chain/chain'
import { formatAuthName } from '../core/format/format'
import type { AccountType, ChainNamespace, SocialProvider } from '../core/types'
import { useLoadedFlow } from './lazy'
import { usePortico } from './usePortico'

const DISCONNECTED = initialAccountState()

export interface UseEmbeddedAccountOptions {
  /** The namespace whose account is read. @default the active namespace */
  namespace?: ChainNamespace
}

export interface UseEmbeddedAccountReturn {
  /** The account is connected through an auth connector (email or social login). @default false */
  isEmbedded: boolean
  /** The auth connector's id, when `isEmbedded`. @default undefined */
  connectorId?: string
  /** @default undefined */
  address?: string
  /** The signed-in email or social user name as the connector gave it (SPEC §3 "auth name"). @default undefined */
  authName?: string
  /**
   * `authName` as shown (SPEC §3): an email over 30 characters shortened with an ellipsis, a Discord
   * name ending in 0 without it. @default undefined
   */
  displayName?: string
  /** The email of an email login (undefined after a social one). @default undefined */
  email?: string
  /** The social provider of a social login. @default undefined */
  socialProvider?: SocialProvider
  /** The account type the user prefers (SPEC §3/§4). @default 'eoa' */
  preferredAccountType: AccountType
  /** The type of the connected account, as the connector reported it. @default undefined */
  accountType?: AccountType
  /**
   * An email login whose connector can change the email (`useUpdateEmail`, the UpdateEmailWallet view).
   * false until the embedded account flow (a lazy chunk, loaded for an embedded account) is there. @default false
   */
  canUpdateEmail: boolean
  /**
   * The connector has a second factor and key export (useTwoFactor, useExportKey, the TwoFactorWallet view).
   * false until the embedded account flow is there. @default false
   */
  canUseTwoFactor?: boolean
  /**
   * The connector lists, adds and removes passkeys (usePasskeys, the PasskeysWallet view). false until the embedded
   * account flow is there. @default false
   */
  canManagePasskeys?: boolean
  /** The smart account is deployed on the current EVM network (read from the chain). @default false */
  smartAccountDeployed: boolean
  /**
   * Switch the preferred account (SPEC §3/§4): 'smartAccount' sets the smart account up on the current
   * EVM network first; if that fails it falls back to 'eoa' (resolved, with `reason`). Rejects with
   * 'Not connected to email or social' when no embedded account is connected.
   */
  setPreferredAccountType: (type: AccountType) => Promise<PreferredAccountResult>
}

/** The email / social account of an auth connection (the embedded wallet): who is signed in, and how. */
export function useEmbeddedAccount(options: UseEmbeddedAccountOptions = {}): UseEmbeddedAccountReturn {
  const portico = usePortico()
  const { chain, connection } = portico
  const active = useStore(chain.$account)
  const activeChain = useStore(chain.$activeChain)
  const chains = useStore(chain.$chains)
  const connections = useStore(connection.$connections)
  const connectors = useStore(connection.$connectors)
  const namespace = options.namespace ?? activeChain
  const account = options.namespace ? (chains[options.namespace]?.accountState ?? DISCONNECTED) : active
  const current = namespace && account.status === 'connected' ? connections[namespace] : undefined
  const connector = current ? connectors.find((c) => c.id === current.connectorId) : undefined
  const isEmbedded = connector?.type === 'auth'
  const preferredAccountType = account.preferredAccountType ?? 'eoa'
  const smartAccountDeployed = account.smartAccountDeployed
  // The email update's check is in the embedded account flow (a lazy chunk): loaded for an embedded account only.
  const flow = useLoadedFlow(portico, 'embeddedAccount', isEmbedded)
  const setPreferredAccountType = portico.embedded.setPreferredAccountType
  if (!current || !isEmbedded)
    return { isEmbedded: false, preferredAccountType, canUpdateEmail: false, smartAccountDeployed, setPreferredAccountType }
  const authName = current.authName
  const socialProvider = account.socialProvider
  const email = account.user?.email ?? (!socialProvider && authName?.includes('@') ? authName : undefined)
  return {
    isEmbedded,
    connectorId: current.connectorId,
    address: account.address,
    authName,
    displayName: authName ? formatAuthName(authName, socialProvider) : undefined,
    email,
    socialProvider,
    preferredAccountType,
    accountType: current.accounts.find((a) => a.address === account.address)?.type ?? current.accounts[0]?.type,
    canUpdateEmail: Boolean(email && flow?.canUpdateEmail()),
    canUseTwoFactor: Boolean(flow?.canUseTwoFactor()),
    canManagePasskeys: Boolean(flow?.canManagePasskeys()),
    smartAccountDeployed,
    setPreferredAccountType,
  }
}
