import { useEffect, useRef } from 'react'
import * as styles from './EmailLogin.css'

export type OtpInputProps = {
  /** The digits typed so far (at most `length`). */
  value: string
  /** Everything typed or pasted, as is: the hook keeps the digits. */
  onChange: (value: string) => void
  /** Accessible name. */
  label: string
  /** Id of the error text that describes the field, when there is one. */
  errorId?: string
  /** The code is being checked: shown, not editable. @default false */
  busy?: boolean
  /** @default 6 */
  length?: number
}

/**
 * A one-time code field: one numeric input (`autocomplete="one-time-code"`, so phones offer the
 * emailed code) drawn as six boxes; typing, pasting '123 456' and deleting work as in any input.
 * Takes focus when it appears (the view's step changed under the same route).
 */
export function OtpInput({ value, onChange, label, errorId, busy = false, length = 6 }: OtpInputProps) {
  const ref = useRef<HTMLInputElement>(null)
  useEffect(() => {
    ref.current?.focus()
  }, [])
  // The caret always sits after the last digit: the boxes show no caret of their own.
  const toEnd = () => {
    const el = ref.current
    if (el && (el.selectionStart !== el.value.length || el.selectionEnd !== el.value.length))
      el.setSelectionRange(el.value.length, el.value.length)
  }
  const active = Math.min(value.length, length - 1)
  return (
    <div className={styles.otp} data-invalid={errorId ? 'true' : undefined} data-busy={busy ? 'true' : undefined}>
      <input
        ref={ref}
        className={styles.otpInput}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onSelect={toEnd}
        onFocus={toEnd}
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        spellCheck={false}
        readOnly={busy}
        aria-label={label}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        aria-busy={busy || undefined}
        data-autofocus=""
        data-testid="portico-email-otp-input"
      />
      <div className={styles.otpBoxes} aria-hidden="true">
        {Array.from({ length }, (_, i) => (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: one box per digit position: the position is the box's identity.
            key={i}
            className={styles.otpBox}
            data-active={i === active ? 'true' : undefined}
            data-filled={value[i] ? 'true' : undefined}
          >
            {value[i] ?? ''}
          </span>
        ))}
      </div>
    </div>
  )
}
