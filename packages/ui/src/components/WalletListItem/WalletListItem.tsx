import { type ButtonHTMLAttributes, type ReactNode, useState } from 'react'
import { gradientFor } from '../Avatar/gradient'
import { ListItem } from '../ListItem/ListItem'
import * as styles from './WalletListItem.css'

export type WalletTagTone = 'accent' | 'neutral' | 'success'

export type WalletListItemProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'title'> & {
  /** Wallet name. */
  name: string
  /** Wallet logo; a monogram tile is shown without it. */
  imageUrl?: string
  /** Small tag at the end, e.g. 'Installed' or 'Recent'. */
  tag?: string
  /** @default 'accent' */
  tagTone?: WalletTagTone
  /** Replace the trailing area (e.g. a spinner while connecting). */
  trailing?: ReactNode
  /** Leading content instead of the image (e.g. an icon for "All wallets"). */
  leading?: ReactNode
}

/** A wallet's logo; its initial on a gradient without a URL or when the URL fails to load. */
export function WalletImage({ name, imageUrl }: { name: string; imageUrl?: string }) {
  const [failed, setFailed] = useState<string>()
  if (imageUrl && failed !== imageUrl)
    return <img className={styles.image} src={imageUrl} alt="" width={40} height={40} loading="lazy" onError={() => setFailed(imageUrl)} />
  return (
    <span className={styles.monogram} style={{ background: gradientFor(name) }} aria-hidden="true">
      {name.trim().charAt(0).toUpperCase()}
    </span>
  )
}

export function WalletListItem({ name, imageUrl, tag, tagTone = 'accent', trailing, leading, ...rest }: WalletListItemProps) {
  return (
    <ListItem
      title={name}
      leading={leading ?? <WalletImage name={name} imageUrl={imageUrl} />}
      trailing={trailing ?? (tag ? <span className={styles.tag[tagTone]}>{tag}</span> : undefined)}
      data-testid="portico-wallet-item"
      {...rest}
    />
  )
}
