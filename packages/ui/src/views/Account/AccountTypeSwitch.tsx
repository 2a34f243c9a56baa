import { type KeyboardEvent, useId, useRef } from 'react'
import { Icon } from '../../components/Icon/icons'
import { Spinner } from '../../components/Spinner/Spinner'
import { useMessages } from '../../messages/context'
import * as styles from './AccountTypeSwitch.css'

export type AccountTypeOption = 'eoa' | 'smartAccount'

export type AccountTypeSwitchProps = {
  /** The account type in use (the preferred type of SPEC §3). */
  value: AccountTypeOption
  /** The type being switched to, while the switch is under way (the control is busy). @default undefined */
  switching?: AccountTypeOption
  /** The last switch failed (SPEC §4: the account stays / falls back to a regular one): the type asked for and why. @default undefined */
  failure?: { to: AccountTypeOption; reason: string }
  /** The user picked the other type. Not called while `switching`. */
  onChange: (type: AccountTypeOption) => void
}

const OPTIONS: readonly AccountTypeOption[] = ['eoa', 'smartAccount']

/**
 * The "Account type" row of an embedded EVM account: a WAI-ARIA radio group of two options (roving
 * tabindex; the arrow keys, Home and End move and pick, Space and Enter pick the focused one). While a
 * switch is under way the group is aria-busy and its options aria-disabled (focus stays where it is).
 */
export function AccountTypeSwitch({ value, switching, failure, onChange }: AccountTypeSwitchProps) {
  const messages = useMessages()
  const id = useId()
  const refs = useRef<(HTMLButtonElement | null)[]>([])
  const m = messages.accountType
  const busy = switching !== undefined
  const pick = (type: AccountTypeOption) => {
    if (!busy && type !== value) onChange(type)
  }
  const onKeyDown = (e: KeyboardEvent) => {
    const current = OPTIONS.indexOf(value)
    const last = OPTIONS.length - 1
    const next = { ArrowRight: current + 1, ArrowDown: current + 1, ArrowLeft: current - 1, ArrowUp: current - 1, Home: 0, End: last }[
      e.key
    ]
    if (next === undefined) return
    e.preventDefault()
    if (busy) return
    const index = next > last ? 0 : next < 0 ? last : next
    refs.current[index]?.focus()
    pick(OPTIONS[index] as AccountTypeOption)
  }
  return (
    <>
      <div className={styles.row} data-testid="portico-account-type" data-value={value} data-switching={switching}>
        <div className={styles.head}>
          <span className={styles.leading}>
            <Icon name="shield" size={20} />
          </span>
          <span className={styles.text}>
            <span className={styles.title} id={`${id}-label`}>
              {m.title}
            </span>
            <span className={styles.hint} id={`${id}-hint`} aria-live="polite" data-testid="portico-account-type-hint">
              {busy ? m.switching(switching) : value === 'smartAccount' ? m.smartAccountHint : m.eoaHint}
            </span>
          </span>
          {busy && <Spinner size={18} label={m.busy} accent />}
        </div>
        <div
          role="radiogroup"
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-hint`}
          aria-busy={busy || undefined}
          aria-disabled={busy || undefined}
          className={styles.group}
          onKeyDown={onKeyDown}
          data-testid="portico-account-type-switch"
        >
          {OPTIONS.map((type, i) => (
            // biome-ignore lint/a11y/useSemanticElements: a segmented control (ARIA radio group on buttons, roving tabindex); a native radio draws differently.
            <button
              key={type}
              ref={(el) => {
                refs.current[i] = el
              }}
              type="button"
              role="radio"
              aria-checked={type === value}
              aria-disabled={busy || undefined}
              tabIndex={type === value ? 0 : -1}
              className={styles.option}
              onClick={() => pick(type)}
              data-testid={`portico-account-type-${type}`}
            >
              {type === 'smartAccount' ? m.smartAccount : m.eoa}
            </button>
          ))}
        </div>
      </div>
      {failure && !busy && (
        <p role="alert" className={styles.alert} data-testid="portico-account-type-error">
          <Icon name="error" size={16} className={styles.alertIcon} />
          {m.failed(failure.to, failure.reason)}
        </p>
      )}
    </>
  )
}
