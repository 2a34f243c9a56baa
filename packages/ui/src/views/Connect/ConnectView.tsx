import { type FormEvent, Fragment, type ReactNode, useState } from 'react'
import { Banner } from '../../components/Banner/Banner'
import { Button } from '../../components/Button/Button'
import { Icon } from '../../components/Icon/icons'
import { IconButton } from '../../components/IconButton/IconButton'
import { Input } from '../../components/Input/Input'
import { ListItem } from '../../components/ListItem/ListItem'
import { SkeletonRows } from '../../components/Skeleton/Skeleton'
import { Spinner } from '../../components/Spinner/Spinner'
import { WalletListItem } from '../../components/WalletListItem/WalletListItem'
import { useMessages } from '../../messages/context'
import { BrandMark, socialLabel } from '../shared/brands'
import { ListError } from '../shared/ListError'
import * as styles from '../shared/views.css'

export type ConnectMethodName = 'email' | 'social' | 'wallet'

export type WalletEntry = {
  id: string
  name: string
  imageUrl?: string
  /** e.g. 'Installed' or 'Recent'. */
  tag?: string
}

export type ConnectViewProps = {
  /** Method groups in display order (from useConnect().methodsOrder). */
  methodsOrder: readonly ConnectMethodName[]
  /** Wallets to list (already ordered). */
  wallets: readonly WalletEntry[]
  /** How many wallets to show before the "All wallets" entry. @default 3 */
  maxWallets?: number
  /** Enabled social providers in order; empty hides the group. */
  socials: readonly string[]
  /** Show the email field. */
  email: boolean
  onEmail?: (email: string) => void
  onSocial?: (provider: string) => void
  onWallet?: (id: string) => void
  /** Opens the full wallet list. */
  onAllWallets?: () => void
  /** The "All wallets" entry is shown (false: no explorer, the rows are every wallet there is). @default true */
  allWallets?: boolean
  /** Number shown on the "All wallets" entry (e.g. the explorer's wallet count). @default wallets.length */
  allWalletsCount?: number
  /** Id of the wallet or method being connected ('email', a provider or a connector id). */
  connecting?: string | null
  /** Last connection error text (e.g. 'Connection rejected'). */
  error?: string | null
  onRetry?: () => void
  /** The legal checkbox, shown above the connect methods. */
  legal?: ReactNode
  /** Every connect method is disabled (the legal checkbox is not checked yet). @default false */
  locked?: boolean
  /** Opens "What is a wallet?" (help for people without one); the link is shown when given. */
  onWhatIsAWallet?: () => void
  /** Explorer wallets are still to come: placeholder rows fill the free wallet slots. @default false */
  loadingWallets?: boolean
  /** The explorer request failed: its text, shown in the list with a retry. @default null */
  listError?: string | null
  onRetryList?: () => void
  /**
   * Passkey login (the embedded wallet): "Continue with a passkey" and "Create a passkey", shown with
   * the email group (or in its place). `busy`: the mode under way; `error`: why the last one failed.
   */
  passkey?: {
    onSignIn: () => void
    onSignUp: () => void
    busy?: 'sign-in' | 'sign-up'
    error?: string
  }
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/

function EmailForm({ onEmail, busy, locked }: { onEmail?: (email: string) => void; busy: boolean; locked: boolean }) {
  const messages = useMessages()
  const [value, setValue] = useState('')
  const [error, setError] = useState<string | undefined>()
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (locked) return
    const email = value.trim()
    if (!EMAIL_RE.test(email)) {
      setError(messages.connect.emailInvalid)
      return
    }
    setError(undefined)
    onEmail?.(email)
  }
  return (
    <form onSubmit={submit} noValidate data-testid="portico-connect-email">
      <Input
        label={messages.connect.emailLabel}
        type="email"
        name="email"
        autoComplete="email"
        placeholder={messages.connect.emailPlaceholder}
        icon="mail"
        disabled={locked}
        value={value}
        onChange={(e) => {
          setValue(e.target.value)
          if (error) setError(undefined)
        }}
        error={error}
        trailing={
          busy ? (
            <Spinner size={20} accent />
          ) : value.trim() ? (
            <IconButton type="submit" icon="chevronRight" label={messages.connect.emailSubmit} size="sm" filled />
          ) : undefined
        }
      />
    </form>
  )
}

function Passkey({
  passkey,
  connecting,
  locked,
}: {
  passkey: NonNullable<ConnectViewProps['passkey']>
  connecting?: string | null
  locked: boolean
}) {
  const messages = useMessages()
  const disabled = !!connecting || !!passkey.busy || locked
  return (
    <div className={styles.list} data-testid="portico-connect-passkey">
      <ListItem
        title={messages.connect.passkeyContinue}
        leading={<Icon name="key" size={22} />}
        trailing={passkey.busy === 'sign-in' ? <Spinner size={20} accent label={messages.connecting} /> : undefined}
        onClick={passkey.onSignIn}
        disabled={disabled}
        aria-disabled={locked || undefined}
        data-testid="portico-connect-passkey-sign-in"
      />
      {passkey.busy === 'sign-up' ? (
        <Banner variant="loading">{messages.connect.passkeyCreating}</Banner>
      ) : (
        <button
          type="button"
          className={styles.helpLink}
          onClick={passkey.onSignUp}
          disabled={disabled}
          aria-disabled={locked || undefined}
          data-testid="portico-connect-passkey-sign-up"
        >
          {messages.connect.passkeyCreate}
        </button>
      )}
      {passkey.error && <Banner variant="error">{passkey.error}</Banner>}
    </div>
  )
}

function Socials({
  socials,
  onSocial,
  connecting,
  locked,
}: {
  socials: readonly string[]
  onSocial?: (p: string) => void
  connecting?: string | null
  locked: boolean
}) {
  const messages = useMessages()
  const [first, ...rest] = socials
  const disabled = !!connecting || locked
  if (!first) return null
  return (
    <div className={styles.list} data-testid="portico-connect-socials">
      <ListItem
        title={messages.connect.socialContinue(socialLabel(first))}
        leading={<BrandMark provider={first} large />}
        trailing={connecting === first ? <Spinner size={20} accent /> : undefined}
        onClick={() => onSocial?.(first)}
        disabled={disabled}
        aria-disabled={locked || undefined}
      />
      {rest.length > 0 && (
        <div className={styles.socialRow}>
          {rest.slice(0, 6).map((p) => (
            <button
              key={p}
              type="button"
              className={styles.socialTile}
              aria-label={messages.connect.socialContinue(socialLabel(p))}
              onClick={() => onSocial?.(p)}
              disabled={disabled}
              aria-disabled={locked || undefined}
            >
              {connecting === p ? <Spinner size={20} accent /> : <BrandMark provider={p} />}
            </button>
          ))}
        </div>
      )}
    </div>
  )
}

function Wallets({
  wallets,
  maxWallets,
  onWallet,
  onAllWallets,
  allWallets,
  connecting,
  allWalletsCount = wallets.length,
  locked,
  loadingWallets,
  listError,
  onRetryList,
}: Pick<
  ConnectViewProps,
  'wallets' | 'onWallet' | 'onAllWallets' | 'allWallets' | 'connecting' | 'allWalletsCount' | 'loadingWallets' | 'listError' | 'onRetryList'
> & {
  maxWallets: number
  locked: boolean
}) {
  const messages = useMessages()
  const shown = wallets.slice(0, maxWallets)
  // The view renders at once: slots the explorer will fill show placeholders meanwhile.
  const placeholders = loadingWallets && !listError ? Math.max(0, maxWallets - shown.length) : 0
  return (
    <ul className={styles.list} data-testid="portico-connect-wallets">
      {shown.map((w) => (
        <li key={w.id}>
          <WalletListItem
            name={w.name}
            imageUrl={w.imageUrl}
            tag={w.tag}
            tagTone={w.tag === messages.connect.installed ? 'success' : 'accent'}
            trailing={connecting === w.id ? <Spinner size={20} accent label={messages.connecting} /> : undefined}
            disabled={!!connecting || locked}
            aria-disabled={locked || undefined}
            onClick={() => onWallet?.(w.id)}
          />
        </li>
      ))}
      {placeholders > 0 && (
        <li>
          <SkeletonRows count={placeholders} label={messages.connect.loadingWallets} data-testid="portico-connect-wallets-loading" />
        </li>
      )}
      {listError && (
        <li>
          <ListError title={messages.connect.walletsError} detail={listError} retryLabel={messages.connect.retry} onRetry={onRetryList} />
        </li>
      )}
      {allWallets !== false && (
        <li>
          <WalletListItem
            name={messages.connect.allWallets}
            leading={<Icon name="grid" size={22} />}
            trailing={allWalletsCount > 0 ? <span className={styles.count}>{allWalletsCount}</span> : undefined}
            onClick={onAllWallets}
            disabled={locked}
            aria-disabled={locked || undefined}
            data-testid="portico-connect-all-wallets"
          />
        </li>
      )}
    </ul>
  )
}

/** The Connect view: connect-method groups in the configured order, separated by "or". */
export function ConnectView({
  methodsOrder,
  wallets,
  maxWallets = 3,
  socials,
  email,
  onEmail,
  onSocial,
  onWallet,
  onAllWallets,
  allWallets,
  allWalletsCount,
  connecting,
  error,
  onRetry,
  legal,
  locked = false,
  loadingWallets = false,
  listError = null,
  onRetryList,
  onWhatIsAWallet,
  passkey,
}: ConnectViewProps) {
  const messages = useMessages()
  const groups: { key: string; node: ReactNode }[] = []
  for (const method of methodsOrder) {
    if (method === 'email' && email)
      groups.push({ key: 'email', node: <EmailForm onEmail={onEmail} busy={connecting === 'email'} locked={locked} /> })
    // Passkeys sit with the email login (the same embedded wallet), or in its place without it.
    if (method === 'email' && passkey)
      groups.push({ key: 'passkey', node: <Passkey passkey={passkey} connecting={connecting} locked={locked} /> })
    if (method === 'social' && socials.length > 0)
      groups.push({ key: 'social', node: <Socials socials={socials} onSocial={onSocial} connecting={connecting} locked={locked} /> })
    if (method === 'wallet')
      groups.push({
        key: 'wallet',
        node: (
          <Wallets
            wallets={wallets}
            maxWallets={maxWallets}
            onWallet={onWallet}
            onAllWallets={onAllWallets}
            allWallets={allWallets}
            allWalletsCount={allWalletsCount}
            connecting={connecting}
            locked={locked}
            loadingWallets={loadingWallets}
            listError={listError}
            onRetryList={onRetryList}
          />
        ),
      })
  }
  return (
    <>
      {error && (
        <Banner
          variant="error"
          action={
            onRetry && (
              <Button variant="danger" size="sm" onClick={onRetry} icon={<Icon name="refresh" size={16} />}>
                {messages.connect.retry}
              </Button>
            )
          }
        >
          {error}
        </Banner>
      )}
      {legal}
      {groups.map((g, i) => (
        <Fragment key={g.key}>
          {i > 0 && <div className={styles.separator}>{messages.connect.or}</div>}
          {g.node}
        </Fragment>
      ))}
      {onWhatIsAWallet && (
        <button type="button" className={styles.helpLink} onClick={onWhatIsAWallet} data-testid="portico-connect-what-is-a-wallet">
          <Icon name="help" size={16} />
          {messages.whatIsAWallet.entry}
        </button>
      )}
    </>
  )
}
