import { formatAuthName, formatBalance, formatUsd, shortenAddress } from '@portico/headless'
import { useAccount, useDisconnect, useEmbeddedAccount, useLiveBalance, useNetwork, useRouter } from '@portico/headless/react'
import { useNetworkImageUrl } from '../shared/NetworkImage'
import { AccountView } from './AccountView'

export function Account() {
  const account = useAccount()
  const embedded = useEmbeddedAccount()
  const { network, networks } = useNetwork()
  const { disconnect } = useDisconnect()
  const router = useRouter()
  const imageOf = useNetworkImageUrl()
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
      profileImage={account.profileImage ?? undefined}
      balance={account.balance === undefined ? undefined : formatBalance(account.balance)}
      balanceSymbol={account.balanceSymbol}
      balanceLoading={account.balanceLoading}
      network={network && { name: network.name, caipNetworkId: network.caipNetworkId, imageUrl: imageOf(network) }}
      wallet={info?.via ? { name: info.name, imageUrl: info.icon, via: info.via } : undefined}
      onNetwork={() => router.push('Networks')}
      onWallets={multiNamespace ? () => router.push('ProfileWallets') : undefined}
      walletCount={account.connectedNamespaces.length}
      onCopy={() => {
        void globalThis.navigator?.clipboard?.writeText(address).catch(() => undefined)
      }}
      explorerUrl={account.addressExplorerUrl}
      onDisconnect={() => void disconnect()}
      tokens={account.tokenBalance.map((t) => ({
        id: `${t.chainId}:${t.address ?? t.symbol}`,
        name: t.name,
        symbol: t.symbol,
        iconUrl: t.iconUrl || undefined,
        quantity: formatBalance(t.quantity.numeric),
        value: formatUsd(t.value),
      }))}
      tab={account.currentTab}
      onTab={account.setCurrentTab}
    />
  )
}
