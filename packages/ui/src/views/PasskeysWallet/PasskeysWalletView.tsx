import type { PasskeysAction, PasskeysPhase } from '@portico/headless/react'
import { useEffect, useRef, useState } from 'react'
import { Button } from '../../components/Button/Button'
import { Icon } from '../../components/Icon/icons'
import { Input } from '../../components/Input/Input'
import { Spinner } from '../../components/Spinner/Spinner'
import { visuallyHidden } from '../../components/shared.css'
import { useMessages } from '../../messages/context'
import * as styles from './PasskeysWallet.css'

/** A passkey as the view shows it: its dates already written in the locale shown. */
export type PasskeyRow = {
  id: string
  name: string
  /** The day it was added, formatted ('Nov 1, 2026'). */
  added: string
  /** The day it was last used to sign in, formatted; undefined: never. @default undefined */
  lastUsed?: string
  /** Synced by its provider (a password manager, the platform's keychain). @default false */
  synced?: boolean
}

/** Longest name a passkey takes (the frame's and the API's limit). */
export const PASSKEY_NAME_MAX = 64

export type PasskeysWalletViewProps = {
  /** Where the passkeys are (usePasskeys). */
  phase: PasskeysPhase
  /** The passkeys, in order. @default [] */
  passkeys?: readonly PasskeyRow[]
  /** The call under way. @default undefined */
  pending?: PasskeysAction
  /** The passkey being removed. @default undefined */
  removingId?: string
  /** The last error, in words. @default undefined */
  error?: string
  /** Offer "Try again" with the error (not for a refusal that would come again). @default false */
  canRetry?: boolean
  /** What just happened ('Passkey “Laptop” added'), said to screen readers. @default undefined */
  notice?: string
  /** Add a passkey named `name` (undefined: none typed). Called in the click: the passkey's window opens in it. */
  onAdd?: (name?: string) => void
  /** Remove the passkey `id`, once the user confirmed. */
  onRemove?: (id: string) => void
  /** Do the failed call again (in the click). */
  onRetry?: () => void
}

function Row(props: {
  passkey: PasskeyRow
  confirming: boolean
  removing: boolean
  onAsk: () => void
  onKeep: () => void
  onRemove: () => void
}) {
  const m = useMessages().passkeys
  const { passkey, confirming, removing } = props
  const keepRef = useRef<HTMLButtonElement>(null)
  const removeRef = useRef<HTMLButtonElement>(null)
  const wasConfirming = useRef(false)
  // The question takes focus on its safe answer (Keep); leaving it gives focus back to the row's Remove.
  useEffect(() => {
    if (confirming) keepRef.current?.focus()
    else if (wasConfirming.current) removeRef.current?.focus()
    wasConfirming.current = confirming
  }, [confirming])

  if (confirming) {
    return (
      <li
        className={styles.confirmRow}
        data-testid="portico-passkey"
        data-id={passkey.id}
        data-confirming="true"
        // Escape answers the question (Keep) before it would close the modal.
        onKeyDown={(e) => {
          if (e.key !== 'Escape') return
          e.stopPropagation()
          props.onKeep()
        }}
      >
        <p className={styles.confirmText}>{m.confirmRemove(passkey.name)}</p>
        <div className={styles.confirmActions}>
          <Button ref={keepRef} variant="secondary" size="sm" onClick={props.onKeep} data-testid="portico-passkey-keep">
            {m.cancel}
          </Button>
          <Button
            variant="danger"
            size="sm"
            loading={removing}
            aria-label={removing ? m.removing : undefined}
            onClick={props.onRemove}
            data-testid="portico-passkey-confirm-remove"
          >
            {m.confirm}
          </Button>
        </div>
      </li>
    )
  }
  return (
    <li className={styles.row} data-testid="portico-passkey" data-id={passkey.id}>
      <span className={styles.icon} aria-hidden="true">
        <Icon name="key" size={20} />
      </span>
      <span className={styles.text}>
        <span className={styles.nameLine}>
          <span className={styles.name} title={passkey.name}>
            {passkey.name}
          </span>
          {passkey.synced && <span className={styles.badge}>{m.synced}</span>}
        </span>
        <span className={styles.meta}>
          <span>{m.added(passkey.added)}</span>
          <span>{passkey.lastUsed ? m.lastUsed(passkey.lastUsed) : m.neverUsed}</span>
        </span>
      </span>
      <Button
        ref={removeRef}
        variant="ghost"
        size="sm"
        aria-label={m.removeLabel(passkey.name)}
        onClick={props.onAsk}
        data-testid="portico-passkey-remove"
      >
        {m.remove}
      </Button>
    </li>
  )
}

/**
 * PasskeysWallet (issue 22 §2): the embedded account's passkeys, with the day each was added and last used. A
 * removal asks first, in the row (Keep has the focus). "Add a passkey" opens, in the click, the secure wallet's
 * window where the passkey is made (its site, never the app's, is the passkey's).
 */
export function PasskeysWalletView(props: PasskeysWalletViewProps) {
  const m = useMessages().passkeys
  const { phase, passkeys = [], pending, removingId, error, canRetry = false, notice } = props
  const [confirming, setConfirming] = useState<string | undefined>()
  const [name, setName] = useState('')
  const addRef = useRef<HTMLButtonElement>(null)
  // A passkey gone from the list (removed) asks no more; the focus, which was on its row, goes to Add.
  const gone = confirming !== undefined && !passkeys.some((p) => p.id === confirming)
  useEffect(() => {
    if (!gone) return
    setConfirming(undefined)
    addRef.current?.focus()
  }, [gone])
  // A refused removal closes its question (the focus back on the row's Remove); the reason shows below.
  useEffect(() => {
    if (error) setConfirming(undefined)
  }, [error])
  const shownConfirm = gone ? undefined : confirming
  const adding = pending === 'add'

  const errorBox = error && (
    <div className={styles.errorBox}>
      <p role="alert" className={styles.errorText} data-testid="portico-passkeys-error">
        {error}
      </p>
      {canRetry && (
        <Button variant="secondary" size="sm" onClick={props.onRetry} data-testid="portico-passkeys-retry">
          {m.retry}
        </Button>
      )}
    </div>
  )

  if (phase !== 'ready') {
    return (
      <div className={styles.root} data-testid="portico-passkeys" data-phase={phase}>
        {error ? (
          errorBox
        ) : (
          <p role="status" className={styles.status}>
            <Spinner size={16} />
            {m.loading}
          </p>
        )}
      </div>
    )
  }

  return (
    <div className={styles.root} data-testid="portico-passkeys" data-phase={phase} data-count={passkeys.length}>
      <p className={styles.intro}>{m.intro}</p>
      {passkeys.length > 0 ? (
        <ul className={styles.list} aria-label={m.listLabel} data-testid="portico-passkeys-list">
          {passkeys.map((p) => (
            <Row
              key={p.id}
              passkey={p}
              confirming={shownConfirm === p.id}
              removing={removingId === p.id}
              onAsk={() => setConfirming(p.id)}
              onKeep={() => setConfirming(undefined)}
              onRemove={() => props.onRemove?.(p.id)}
            />
          ))}
        </ul>
      ) : (
        <div className={styles.empty} data-testid="portico-passkeys-empty">
          <span className={styles.emptyIcon} aria-hidden="true">
            <Icon name="key" size={24} />
          </span>
          <p className={styles.emptyHeading}>{m.emptyHeading}</p>
          <p className={styles.intro}>{m.emptyHint}</p>
        </div>
      )}
      {errorBox}
      <div className={styles.add}>
        <Input
          label={m.nameLabel}
          placeholder={m.namePlaceholder}
          value={name}
          maxLength={PASSKEY_NAME_MAX}
          autoComplete="off"
          onChange={(e) => setName(e.target.value)}
          onKeyDown={(e) => {
            // Enter adds too (a key press is a user activation: the window may open).
            if (e.key === 'Enter' && !adding) {
              e.preventDefault()
              props.onAdd?.(name.trim() || undefined)
              setName('')
            }
          }}
          data-testid="portico-passkeys-name"
        />
        {adding && (
          <p role="status" className={styles.status}>
            {m.adding}
          </p>
        )}
        <Button
          ref={addRef}
          variant="primary"
          fullWidth
          loading={adding}
          icon={<Icon name="key" size={18} />}
          onClick={() => {
            props.onAdd?.(name.trim() || undefined)
            setName('')
          }}
          data-testid="portico-passkeys-add"
        >
          {m.add}
        </Button>
      </div>
      <p role="status" className={visuallyHidden} data-testid="portico-passkeys-notice">
        {notice}
      </p>
    </div>
  )
}
