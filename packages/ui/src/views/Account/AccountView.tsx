import { useState } from 'react'
import { Avatar } from '../../components/Avatar/Avatar'
import { Button } from '../../components/Button/Button'
import { Icon } from '../../components/Icon/icons'
import { Link } from '../../components/Link/Link'
import { ListItem } from '../../components/ListItem/ListItem'
import { Tabs } from '../../components/Tabs/Tabs'
import { Tooltip } from '../../components/Tooltip/Tooltip'
import { visuallyHidden } from '../../components/shared.css'
import { useMessages } from '../../messages/context'
import { Box } from '../../theme/Box'
import { NetworkImage } from '../shared/NetworkImage'
import { WalletIdentity, type WalletIdentityProps } from '../shared/WalletIdentity'
import { AccountTypeSwitch, type AccountTypeSwitchProps } from './AccountTypeSwitch'
import { ActivityList } from './ActivityList'
import type { WalletFeature } from '@portico/headless'
import { RegionNote, WalletFeatures, type WalletFeatureItem } from './WalletFeatures'
import * as styles from '../shared/views.css'
import * as local from './Account.css'

export type TokenRow = {
  /** Stable key (chain + address or symbol). */
  id: string
  name: string
  symbol: string
  iconUrl?: string
  /** Formatted quantity (floored to 3 decimals). */
  quantity: string
  /** Formatted fiat value, e.g. '$1,234.56'. */
  value: string
}

export type AccountViewProps = {
  address: string
  /** Display form of the address (e.g. '0x1234…abcdef'). */
  shortAddress: string
  /** Profile name or auth name shown instead of the address when present. */
  name?: string
  /** A line under the name: the short address of an embedded (email / social) account. @default undefined */
  subtitle?: string
  /** Opens UpdateEmailWallet; the "Update email" row shows only when set (email logins). @default undefined */
  onUpdateEmail?: () => void
  /** Opens TwoFactorWallet (second factor, key export); the row shows only when set (an embedded account whose connector has them). @default undefined */
  onTwoFactor?: () => void
  /** Opens PasskeysWallet; the "Passkeys" row shows only when set (an embedded account whose connector has passkeys). @default undefined */
  onPasskeys?: () => void
  /**
   * The embedded wallet's recovery row (opens RecoverWallet): 'needed' on a new device, which cannot sign until the
   * wallet is recovered there; 'unsaved' while the recovery secret of keys made here is not saved. @default undefined
   */
  recovery?: { kind: 'needed' | 'unsaved'; onOpen: () => void }
  /**
   * The "Account type" row (regular / smart account) of an embedded EVM account; shown only when set
   * (never for wallets). @default undefined
   */
  accountType?: AccountTypeSwitchProps
  profileImage?: string
  /** Formatted balance (floored to 3 decimals) or undefined while unknown. */
  balance?: string
  balanceSymbol?: string
  balanceLoading?: boolean
  /**
   * The total value of the network's tokens, formatted ('$5,408.96'); shown large under the name.
   * Undefined hides it (no token has a price), unless `totalLoading`. @default undefined
   */
  totalUsd?: string
  /** The token balances are on their way: a placeholder stands where the total goes. @default false */
  totalLoading?: boolean
  /** Opens RegisterAccountName; the "Choose a name" row shows only when set (an EVM account without a name). @default undefined */
  onChooseName?: () => void
  network?: { name: string; caipNetworkId: string; imageUrl?: string }
  /**
   * The wallet behind the connection when it is reached through a connector (a WalletConnect
   * session: the peer's name and icon, via 'WalletConnect'); shown under the balance when set.
   */
  wallet?: WalletIdentityProps
  onNetwork?: () => void
  /** Opens the wallet list (ProfileWallets); the "Wallets" row shows only when set. */
  onWallets?: () => void
  /** Connected wallets across namespaces, shown on the "Wallets" row. @default 1 */
  walletCount?: number
  onCopy?: () => void
  /** The wallet features under the balance, in order (headless useWalletFeatures decides which). @default [] */
  walletFeatures?: readonly WalletFeatureItem[]
  /** Wallet features left out because of the visitor's region (SPEC §6): a note says why. @default [] */
  restricted?: readonly WalletFeature[]
  /** The address's page on the network's block explorer; a link is shown when there is one. */
  explorerUrl?: string
  onDisconnect?: () => void
  /** Token balances of the account (empty shows the empty state). @default [] */
  tokens?: readonly TokenRow[]
  /** The Tokens and Activity tabs are shown (both come from the Portico API: false without one). @default true */
  lists?: boolean
  /** Selected tab (0 Tokens, 1 Activity). */
  tab: number
  onTab: (tab: number) => void
}

function TokenList({ tokens }: { tokens: readonly TokenRow[] }) {
  return (
    <ul className={local.tokens} data-testid="portico-account-tokens">
      {tokens.map((t) => (
        <li key={t.id} className={local.token}>
          {t.iconUrl ? (
            <img className={local.tokenIcon} src={t.iconUrl} alt="" width={36} height={36} />
          ) : (
            <span className={local.tokenIcon} aria-hidden="true" />
          )}
          <span className={local.tokenText}>
            <span className={local.tokenName}>{t.name}</span>
            <span className={local.tokenQty}>
              {t.quantity} {t.symbol}
            </span>
          </span>
          <span className={local.tokenValue}>{t.value}</span>
        </li>
      ))}
    </ul>
  )
}

function EmptyPanel({ title, hint, icon, testId }: { title: string; hint: string; icon: 'wallet' | 'swap'; testId?: string }) {
  return (
    <div className={local.empty} data-testid={testId}>
      <span className={local.emptyIcon}>
        <Icon name={icon} size={22} />
      </span>
      <p className={styles.heading} style={{ fontSize: 15 }}>
        {title}
      </p>
      <p className={styles.muted}>{hint}</p>
    </div>
  )
}

export function AccountView({
  address,
  shortAddress,
  name,
  subtitle,
  onUpdateEmail,
  onTwoFactor,
  onPasskeys,
  recovery,
  accountType,
  profileImage,
  balance,
  balanceSymbol,
  balanceLoading,
  totalUsd,
  totalLoading = false,
  onChooseName,
  network,
  wallet,
  onNetwork,
  onWallets,
  walletCount = 1,
  onCopy,
  walletFeatures = [],
  restricted = [],
  explorerUrl,
  onDisconnect,
  tokens = [],
  lists = true,
  tab,
  onTab,
}: AccountViewProps) {
  const messages = useMessages()
  const [copied, setCopied] = useState(false)
  return (
    <>
      <div className={styles.centered}>
        <Avatar address={address} imageUrl={profileImage} size={72} />
        <Box display="flex" alignItems="center" gap="xs" marginTop="sm">
          <span className={local.address} data-testid="portico-account-address" title={address}>
            {name ?? shortAddress}
          </span>
          <Tooltip content={copied ? messages.account.copied : messages.account.copyAddress}>
            <button
              type="button"
              className={local.copy}
              aria-label={messages.account.copyAddress}
              onClick={() => {
                onCopy?.()
                setCopied(true)
              }}
              data-testid="portico-account-copy"
            >
              <Icon name={copied ? 'check' : 'copy'} size={16} />
            </button>
          </Tooltip>
        </Box>
        {subtitle && (
          <p className={local.subtitle} title={address} data-testid="portico-account-subtitle">
            {subtitle}
          </p>
        )}
        {(totalUsd !== undefined || totalLoading) && (
          <p className={local.total} data-testid="portico-account-total" aria-busy={totalLoading || undefined}>
            <span className={visuallyHidden}>{messages.account.total} </span>
            {totalUsd === undefined ? (
              <span className={local.totalSkeleton} aria-label={messages.account.totalLoading} role="img" />
            ) : (
              totalUsd
            )}
          </p>
        )}
        <p className={local.balance} data-testid="portico-account-balance" aria-busy={balanceLoading || undefined}>
          {balanceLoading && balance === undefined ? (
            <span className={local.skeleton} aria-label={messages.account.balanceLoading} role="img" />
          ) : balance === undefined ? (
            messages.account.balanceUnknown
          ) : (
            `${balance} ${balanceSymbol ?? ''}`.trim()
          )}
        </p>
        {explorerUrl && (
          <Link href={explorerUrl} className={local.explorer} data-testid="portico-account-explorer">
            {messages.account.explorer}
            <Icon name="external" size={14} />
          </Link>
        )}
        {wallet && <WalletIdentity {...wallet} />}
      </div>
      <WalletFeatures items={walletFeatures} />
      <RegionNote restricted={restricted} />
      {/* First of the rows: a new device cannot sign until it is recovered. */}
      {recovery && (
        <ListItem
          title={recovery.kind === 'needed' ? messages.recovery.neededEntry : messages.recovery.unsavedEntry}
          description={recovery.kind === 'needed' ? messages.recovery.neededEntryHint : messages.recovery.unsavedEntryHint}
          leading={<Icon name={recovery.kind === 'needed' ? 'alert' : 'info'} size={20} />}
          chevron
          onClick={recovery.onOpen}
          data-testid="portico-account-recovery"
          data-kind={recovery.kind}
        />
      )}
      {network && (
        <ListItem
          title={network.name}
          description={messages.account.network}
          leading={<NetworkImage name={network.name} caipNetworkId={network.caipNetworkId} imageUrl={network.imageUrl} />}
          chevron
          onClick={onNetwork}
          data-testid="portico-account-network"
        />
      )}
      {onWallets && (
        <ListItem
          title={messages.profileWallets.entry}
          description={messages.profileWallets.entryHint(walletCount)}
          leading={<Icon name="wallet" size={20} />}
          chevron
          onClick={onWallets}
          data-testid="portico-account-wallets"
        />
      )}
      {onChooseName && (
        <ListItem
          title={messages.account.chooseName}
          description={messages.account.chooseNameHint}
          leading={<Icon name="key" size={20} />}
          chevron
          onClick={onChooseName}
          data-testid="portico-account-choose-name"
        />
      )}
      {onUpdateEmail && (
        <ListItem
          title={messages.updateEmail.entry}
          description={messages.updateEmail.entryHint}
          leading={<Icon name="mail" size={20} />}
          chevron
          onClick={onUpdateEmail}
          data-testid="portico-account-update-email"
        />
      )}
      {onPasskeys && (
        <ListItem
          title={messages.passkeys.entry}
          description={messages.passkeys.entryHint}
          leading={<Icon name="key" size={20} />}
          chevron
          onClick={onPasskeys}
          data-testid="portico-account-passkeys"
        />
      )}
      {onTwoFactor && (
        <ListItem
          title={messages.twoFactor.entry}
          description={messages.twoFactor.entryHint}
          leading={<Icon name="shield" size={20} />}
          chevron
          onClick={onTwoFactor}
          data-testid="portico-account-two-factor"
        />
      )}
      {accountType && <AccountTypeSwitch {...accountType} />}
      {lists && (
        <Tabs
          label={messages.account.title}
          selected={tab}
          onSelect={onTab}
          tabs={[
            {
              id: 'tokens',
              label: messages.account.tokens,
              content:
                tokens.length > 0 ? (
                  <TokenList tokens={tokens} />
                ) : (
                  <EmptyPanel icon="wallet" title={messages.account.noTokens} hint={messages.account.noTokensHint} />
                ),
            },
            {
              id: 'activity',
              label: messages.account.activity,
              content: (
                <ActivityList
                  emptyState={<EmptyPanel icon="swap" title={messages.account.noActivity} hint={messages.account.noActivityHint} />}
                  unavailableState={
                    <EmptyPanel
                      icon="swap"
                      title={messages.account.historyUnavailable}
                      hint={messages.account.historyUnavailableHint}
                      testId="portico-activity-unavailable"
                    />
                  }
                />
              ),
            },
          ]}
        />
      )}
      <Button
        variant="secondary"
        fullWidth
        icon={<Icon name="logout" size={18} />}
        onClick={onDisconnect}
        data-testid="portico-account-disconnect"
      >
        {messages.account.disconnect}
      </Button>
    </>
  )
}
