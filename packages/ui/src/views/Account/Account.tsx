import { codeOf, formatAuthName, shortenAddress } from '@portico/headless'
import {
  useAccount,
  useDisconnect,
  useEmbeddedAccount,
  type UseEmbeddedAccountReturn,
  useFeatures,
  useIdentity,
  useLiveBalance,
  useNetwork,
  useRecovery,
  useRouter,
  useTokenBalances,
  useWalletFeatures,
} from '@portico/headless/react'
import { useRef, useState } from 'react'
import { codeText } from '../../messages/codes'
import { useMessages } from '../../messages/context'
import { useNumberFormat } from '../../messages/numbers'
import { useNetworkImageUrl } from '../shared/NetworkImage'
import type { AccountTypeOption, AccountTypeSwitchProps } from './AccountTypeSwitch'
import { AccountView } from './AccountView'

/**
 * The account type switch's props for an embedded EVM account (undefined otherwise): the type comes from
 * useEmbeddedAccount, the switch is its setPreferredAccountType; this only remembers, for the row, that a
 * switch is under way and why the last one fell back (SPEC §4: to a regular account, with the reason).
 */
function useAccountTypeSwitch(embedded: UseEmbeddedAccountReturn, evm: boolean): AccountTypeSwitchProps | undefined {
  const messages = useMessages()
  const [switching, setSwitching] = useState<AccountTypeOption>()
  const [failure, setFailure] = useState<{ to: AccountTypeOption; reason: string }>()
  const pending = useRef(false)
  if (!embedded.isEmbedded || !evm) return undefined
  const { setPreferredAccountType } = embedded
  const onChange = (to: AccountTypeOption) => {
    if (pending.current) return
    pending.current = true
    setSwitching(to)
    setFailure(undefined)
    setPreferredAccountType(to)
      .then(
        (result) => {
          if (result.type !== to)
            setFailure({ to, reason: codeText(codeOf(result.reason), messages) || messages.accountType.unknownReason })
        },
        (error: unknown) => setFailure({ to, reason: codeText(codeOf(error), messages) || messages.accountType.unknownReason }),
      )
      .finally(() => {
        pending.current = false
        setSwitching(undefined)
      })
  }
  return { value: embedded.preferredAccountType === 'smartAccount' ? 'smartAccount' : 'eoa', switching, failure, onChange }
}

export function Account() {
  const account = useAccount()
  const embedded = useEmbeddedAccount()
  const accountType = useAccountTypeSwitch(embedded, account.namespace === 'eip155')
  const { network, networks } = useNetwork()
  const { disconnect } = useDisconnect()
  const router = useRouter()
  // The embedded wallet on a new device cannot sign until recovered; keys made here have a secret to save.
  const recovery = useRecovery()
  const recoveryKind =
    recovery.phase === 'needed' ? 'needed' : recovery.phase === 'here' && recovery.unsavedRecovery ? 'unsaved' : undefined
  const features = useWalletFeatures()
  // Passkeys of an account are offered where passkey login is (the app's features.passkeys, as Connect does).
  const flags = useFeatures()
  const passkeys = Boolean(flags.features.passkeys && embedded.canManagePasskeys)
  const imageOf = useNetworkImageUrl()
  const identity = useIdentity()
  const f = useNumberFormat()
  // The balances are fetched on connect and by each new block (useLiveBalance); this only reads them.
  const { totalUsd } = useTokenBalances({ fetchOnMount: false })
  // While the Account view shows the balance, each new block refreshes it (SPEC 30 s cache applies).
  useLiveBalance()
  const address = account.address ?? ''
  // SPEC §3: a long email is shortened, a Discord name loses its trailing 0 (useAccount re-renders on account changes).
  const authName = account.authName ? formatAuthName(account.authName, account.socialProvider) : undefined
  // The wallet list matters when the app spans several namespaces (a wallet per namespace).
  const multiNamespace = new Set(networks.map((n) => n.chainNamespace)).size > 1
  // A wallet reached through a connector (a WalletConnect session): its own name and icon, "via WalletConnect".
  const info = account.connectedWalletInfo
  return (
    <AccountView
      address={address}
      shortAddress={shortenAddress(address)}
      name={account.profileName ?? authName}
      // An email or social account: its name first, the address beneath; an email login may change its email.
      subtitle={embedded.isEmbedded && (account.profileName ?? authName) ? shortenAddress(address) : undefined}
      onUpdateEmail={embedded.canUpdateEmail ? () => router.push('UpdateEmailWallet') : undefined}
      onTwoFactor={embedded.canUseTwoFactor ? () => router.push('TwoFactorWallet') : undefined}
      onPasskeys={passkeys ? () => router.push('PasskeysWallet') : undefined}
      recovery={recoveryKind && { kind: recoveryKind, onOpen: () => router.push('RecoverWallet') }}
      accountType={accountType}
      profileImage={account.profileImage ?? undefined}
      balance={account.balance === undefined ? undefined : f.balance(account.balance)}
      balanceSymbol={account.balanceSymbol}
      balanceLoading={account.balanceLoading}
      totalUsd={totalUsd === null ? undefined : f.usd(totalUsd)}
      totalLoading={account.balanceLoading && totalUsd === null}
      onChooseName={identity.canChooseName ? () => router.push('RegisterAccountName') : undefined}
      network={network && { name: network.name, caipNetworkId: network.caipNetworkId, imageUrl: imageOf(network) }}
      wallet={info?.via ? { name: info.name, imageUrl: info.icon, via: info.via } : undefined}
      onNetwork={() => router.push('Networks')}
      onWallets={multiNamespace ? () => router.push('ProfileWallets') : undefined}
      walletCount={account.connectedNamespaces.length}
      onCopy={() => {
        void globalThis.navigator?.clipboard?.writeText(address).catch(() => undefined)
      }}
      walletFeatures={features.walletFeatures.map((id) => ({ id, onClick: () => features.open(id) }))}
      restricted={features.restricted}
      explorerUrl={account.addressExplorerUrl}
      onDisconnect={() => void disconnect()}
      tokens={account.tokenBalance.map((t) => ({
        id: `${t.chainId}:${t.address ?? t.symbol}`,
        name: t.name,
        symbol: t.symbol,
        iconUrl: t.iconUrl || undefined,
        quantity: f.balance(t.quantity.numeric),
        value: f.usd(t.value),
      }))}
      lists={flags.api}
      tab={account.currentTab}
      onTab={account.setCurrentTab}
    />
  )
}
