import * as styles from './Avatar.css'
import { BlockieImage } from './BlockieImage'
import { blockieFor } from './blockie'

export type AvatarProps = {
  /** Address the generated picture is derived from when there is no image. */
  address?: string
  /** Profile image. */
  imageUrl?: string
  /** Pixel size. @default 64 */
  size?: number
  /** Accessible name; decorative when omitted. */
  label?: string
}

/** The account's picture: its profile image, else a deterministic pattern from its address (blockieFor). */
export function Avatar({ address = '', imageUrl, size = 64, label }: AvatarProps) {
  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true as const }
  return (
    <span className={styles.avatar} style={{ width: size, height: size }} data-testid="portico-avatar" {...a11y}>
      {imageUrl ? (
        <img className={styles.image} src={imageUrl} alt="" />
      ) : (
        <BlockieImage className={styles.image} blockie={blockieFor(address)} />
      )}
    </span>
  )
}
