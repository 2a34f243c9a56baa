import { useState } from 'react'
import * as styles from './Token.css'

export type TokenIconProps = {
  /** The token's icon; without one (or when it fails to load), the symbol's first letter on a disc. */
  iconUrl?: string
  symbol: string
  /** Pixel size. @default 32 */
  size?: number
}

/** A token's round icon (decorative: the symbol is always written beside it). */
export function TokenIcon({ iconUrl, symbol, size = 32 }: TokenIconProps) {
  const [failed, setFailed] = useState<string>()
  if (iconUrl && failed !== iconUrl)
    return (
      <img
        className={styles.tokenIcon}
        src={iconUrl}
        alt=""
        width={size}
        height={size}
        style={{ width: size, height: size }}
        onError={() => setFailed(iconUrl)}
      />
    )
  return (
    <span className={styles.tokenIcon} style={{ width: size, height: size }} aria-hidden="true">
      {symbol.slice(0, 1).toUpperCase()}
    </span>
  )
}
