import { Button } from '../../components/Button/Button'
import { Icon } from '../../components/Icon/icons'
import { Input } from '../../components/Input/Input'
import { Spinner } from '../../components/Spinner/Spinner'
import { useMessages } from '../../messages/context'
import * as form from '../shared/Form.css'
import * as styles from './RegisterAccountName.css'

export type RegisterAccountNameViewProps = {
  /** The typed name (the label, without the zone). @default '' */
  input?: string
  /** The zone every name is registered under, shown after the input ('portico.id'). */
  zone: string
  /** The SPEC §5 rule the input breaks (headless's text), shown at once under the input. @default null */
  ruleError?: string | null
  /** Availability is being asked for. @default false */
  checking?: boolean
  /** The typed name is free (true), taken (false), or not known yet (null). @default null */
  available?: boolean | null
  /** Free names close to the typed one (full names, with the zone). @default [] */
  suggestions?: readonly string[]
  /** The last failure (SPEC §8 text from headless: a lookup, the registration, the wallet's refusal). @default null */
  error?: string | null
  /** The wallet is asked to sign the registration message. @default false */
  signing?: boolean
  /** Signing and posting the registration (the form is locked). @default false */
  registering?: boolean
  /** The Register button may be pressed (headless canRegister). @default false */
  canRegister?: boolean
  onChange?: (value: string) => void
  /** A suggestion (a full name) was chosen. */
  onSuggestion?: (name: string) => void
  onRegister?: () => void
}

/**
 * RegisterAccountName: the name field with its zone after it (focused first), SPEC §5's rule at once,
 * the availability of the name, free suggestions as buttons, and Register. While the wallet signs and
 * the name is registered the form is locked and the button says so.
 */
export function RegisterAccountNameView({
  input = '',
  zone,
  ruleError = null,
  checking = false,
  available = null,
  suggestions = [],
  error = null,
  signing = false,
  registering = false,
  canRegister = false,
  onChange,
  onSuggestion,
  onRegister,
}: RegisterAccountNameViewProps) {
  const messages = useMessages()
  const m = messages.registerName
  const name = input.trim()
  const full = `${name}.${zone}`
  const busy = registering
  const label = signing ? m.confirm : registering ? m.registering : m.register
  return (
    <form
      className={styles.view}
      data-testid="portico-register-name"
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        if (canRegister && !busy) onRegister?.()
      }}
    >
      <p className={styles.intro}>{m.hint}</p>
      {/* A fieldset, so the zone beside the field is disabled with it while the name is registered. */}
      <fieldset className={styles.fieldset} disabled={busy}>
        <Input
          label={m.label}
          value={input}
          placeholder={m.placeholder}
          disabled={busy}
          error={ruleError ?? undefined}
          autoComplete="off"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          data-autofocus
          data-testid="portico-register-name-input"
          onChange={(e) => onChange?.(e.target.value)}
          trailing={
            <span className={styles.zone} data-testid="portico-register-name-zone">
              .{zone}
            </span>
          }
        />
      </fieldset>
      <div className={styles.status} role="status" data-testid="portico-register-name-status">
        {name !== '' &&
          ruleError === null &&
          !busy &&
          (checking ? (
            <>
              <Spinner size={14} />
              <span>{m.checking}</span>
            </>
          ) : available === true ? (
            <span className={styles.available}>
              <Icon name="success" size={16} />
              {m.available(full)}
            </span>
          ) : available === false ? (
            <span className={styles.taken}>
              <Icon name="error" size={16} />
              {m.taken(full)}
            </span>
          ) : null)}
      </div>
      {suggestions.length > 0 && !busy && (
        <div className={styles.suggestionsBlock}>
          <p className={styles.suggestionsTitle} id="portico-register-name-suggestions">
            {m.suggestions}
          </p>
          <ul
            className={styles.suggestions}
            aria-labelledby="portico-register-name-suggestions"
            data-testid="portico-register-name-suggestions"
          >
            {suggestions.map((s) => (
              <li key={s}>
                <button
                  type="button"
                  className={styles.suggestion}
                  // biome-ignore lint/correctness/useHookAtTopLevel: `useSuggestion` is a message text ("Use …"), not a React hook.
                  aria-label={m.useSuggestion(s)}
                  onClick={() => onSuggestion?.(s)}
                  data-testid="portico-register-name-suggestion"
                >
                  {s}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {error && (
        <p role="alert" className={form.error} data-testid="portico-register-name-error">
          <Icon name="alert" size={16} />
          <span>{error}</span>
        </p>
      )}
      {signing ? (
        <p className={styles.confirmHint}>{m.confirmHint}</p>
      ) : (
        // The registration's preview (issue 23 §2): a signature, no balance change, no fee.
        canRegister && (
          <p className={styles.confirmHint} data-testid="portico-register-name-preview">
            {messages.preview.signOnly}
          </p>
        )
      )}
      <Button type="submit" fullWidth disabled={!canRegister && !busy} loading={busy} data-testid="portico-register-name-submit">
        {label}
      </Button>
    </form>
  )
}
