import { forwardRef, type InputHTMLAttributes, type ReactNode, useId } from 'react'
import { Icon, type IconName } from '../Icon/icons'
import { visuallyHidden } from '../shared.css'
import * as styles from './Input.css'

export type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> & {
  /** Accessible label (always present for assistive technology). */
  label: string
  /** Show the label visually. @default false */
  showLabel?: boolean
  /** Icon before the input. */
  icon?: IconName
  /** Error text; marks the input invalid and describes it. */
  error?: string
  /** Content after the input (e.g. a submit button). */
  trailing?: ReactNode
}

/** Forwards its ref to the <input> (forwardRef: React 18 does not pass `ref` as a prop). */
export const Input = forwardRef<HTMLInputElement, InputProps>(function Input(
  { label, showLabel = false, icon, error, trailing, id, className, ...rest },
  ref,
) {
  const auto = useId()
  const inputId = id ?? `portico-input-${auto}`
  const errorId = `${inputId}-error`
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label htmlFor={inputId} className={showLabel ? styles.label : visuallyHidden}>
        {label}
      </label>
      <div className={styles.wrap} data-invalid={error ? 'true' : undefined}>
        {icon && <Icon name={icon} size={20} />}
        <input
          ref={ref}
          id={inputId}
          className={styles.input}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...rest}
        />
        {trailing}
      </div>
      {error && (
        <span id={errorId} className={styles.error}>
          {error}
        </span>
      )}
    </div>
  )
})
