import * as styles from './Token.css'

export type TokenIconProps = {
  /** The token's icon; without one, the symbol's first letter on a disc. */
  iconUrl?: string
  symbol: string
  /** Pixel size. @default 32 */
  size?: number
}

/** A token's round icon (decorative: the symbol is always written beside it). */
export function TokenIcon({ iconUrl, symbol, size = 32 }: TokenIconProps) {
  if (iconUrl)
    return <img className={styles.tokenIcon} src={iconUrl} alt="" width={size} height={size} style={{ width: size, height: size }} />
  return (
    <span className={styles.tokenIcon} style={{ width: size, height: size }} aria-hidden="true">
      {symbol.slice(0, 1).toUpperCase()}
    </span>
  )
}
