import * as styles from './Spinner.css'

export type SpinnerProps = {
  /** Pixel size. @default 20 */
  size?: number
  /** Accessible label; when omitted the spinner is decorative. */
  label?: string
  /** Use the accent colour instead of the current text colour. @default false */
  accent?: boolean
}

export function Spinner({ size = 20, label, accent = false }: SpinnerProps) {
  return (
    <span
      className={[styles.spinner, accent && styles.accent].filter(Boolean).join(' ')}
      style={{ width: size, height: size }}
      data-testid="portico-spinner"
      {...(label ? { role: 'status', 'aria-label': label } : { 'aria-hidden': true })}
    />
  )
}
