import { type AnchorHTMLAttributes, forwardRef } from 'react'
import * as styles from './Link.css'

export type LinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & {
  /** Open in a new tab (with rel="noopener noreferrer"). @default true */
  external?: boolean
}

/** Only http(s) and mailto links are rendered as links; anything else (javascript: …) loses its href. */
export function safeHref(href: string | undefined): string | undefined {
  if (!href) return undefined
  try {
    const u = new URL(href, 'https://portico.invalid')
    return ['http:', 'https:', 'mailto:'].includes(u.protocol) ? href : undefined
  } catch {
    return undefined
  }
}

/** Forwards its ref to the <a> (forwardRef: React 18 does not pass `ref` as a prop). */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link({ external = true, className, href, ...rest }, ref) {
  return (
    <a
      ref={ref}
      className={[styles.link, className].filter(Boolean).join(' ')}
      href={safeHref(href)}
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      {...rest}
    />
  )
})
