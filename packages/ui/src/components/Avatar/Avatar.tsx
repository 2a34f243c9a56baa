import * as styles from './Avatar.css'
import { gradientFor } from './gradient'

export type AvatarProps = {
  /** Address the gradient is derived from when there is no image. */
  address?: string
  /** Profile image. */
  imageUrl?: string
  /** Pixel size. @default 64 */
  size?: number
  /** Accessible name; decorative when omitted. */
  label?: string
}

export function Avatar({ address = '', imageUrl, size = 64, label }: AvatarProps) {
  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true as const }
  return (
    <span className={styles.avatar} style={{ width: size, height: size, background: imageUrl ? undefined : gradientFor(address) }} data-testid="portico-avatar" {...a11y}>
      {imageUrl && <img className={styles.image} src={imageUrl} alt="" />}
    </span>
  )
}
