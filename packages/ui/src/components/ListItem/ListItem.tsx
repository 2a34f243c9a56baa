import { type ButtonHTMLAttributes, forwardRef, type ReactNode } from 'react'
import { Icon } from '../Icon/icons'
import * as styles from './ListItem.css'

export type ListItemProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'title'> & {
  /** Main text. */
  title: ReactNode
  /** Secondary line under the title. */
  description?: ReactNode
  /** Image or icon before the text (40×40 tile). */
  leading?: ReactNode
  /** Content at the end (tag, spinner …). A chevron is shown when omitted and `chevron` is true. */
  trailing?: ReactNode
  /** Show a chevron at the end. @default false */
  chevron?: boolean
  /** Marks the item as the current choice (aria-current). @default false */
  current?: boolean
  /** Let a long title wrap onto a second line instead of ending in '…'. @default false */
  wrap?: boolean
}

/** Forwards its ref to the <button> (forwardRef: React 18 does not pass `ref` as a prop). */
export const ListItem = forwardRef<HTMLButtonElement, ListItemProps>(function ListItem(
  { title, description, leading, trailing, chevron = false, current = false, wrap = false, className, type = 'button', ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      aria-current={current || undefined}
      className={[styles.item, className].filter(Boolean).join(' ')}
      {...rest}
    >
      {leading !== undefined && <span className={styles.leading}>{leading}</span>}
      <span className={styles.text}>
        <span className={wrap ? styles.titleWrap : styles.title}>{title}</span>
        {description !== undefined && <span className={styles.description}>{description}</span>}
      </span>
      {(trailing !== undefined || chevron) && (
        <span className={styles.trailing}>
          {trailing}
          {chevron && <Icon name="chevronRight" size={18} />}
        </span>
      )}
    </button>
  )
})
