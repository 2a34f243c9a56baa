// Social provider marks: simple inline SVG drawings of each provider's mark on its brand colour
// (drawn for Portico; no third-party file is bundled or fetched). An unknown provider gets a
// monogram tile.
import type { ReactNode } from 'react'
import * as styles from './views.css'

export const SOCIAL_LABELS: Record<string, string> = {
  google: 'Google',
  x: 'X',
  farcaster: 'Farcaster',
  discord: 'Discord',
  apple: 'Apple',
  github: 'GitHub',
  facebook: 'Facebook',
}

const W = '#ffffff'

/** Each mark in a 24×24 box, on the tile colour `bg`. */
const BRAND: Record<string, { bg: string; mark: ReactNode }> = {
  google: {
    bg: '#ffffff',
    mark: (
      <g fill="none" strokeWidth="3.2">
        <path d="M12 12H19A7 7 0 0 1 16.95 16.95" stroke="#4285f4" />
        <path d="M16.95 16.95A7 7 0 0 1 5.42 14.39" stroke="#34a853" />
        <path d="M5.42 14.39A7 7 0 0 1 6.27 7.98" stroke="#fbbc05" />
        <path d="M6.27 7.98A7 7 0 0 1 17.36 7.5" stroke="#ea4335" />
      </g>
    ),
  },
  x: {
    bg: '#0f1419',
    mark: (
      <g fill={W}>
        <path d="M5 5h3.7l10.3 14h-3.7z" />
        <path d="M17.4 5h1.9l-5.9 6.7-1-1.3zM6.6 19H4.7l5.9-6.7 1 1.3z" />
      </g>
    ),
  },
  farcaster: { bg: '#7c5ccf', mark: <path fill={W} d="M6 5h12v14h-2.3v-6.1a3.7 3.7 0 0 0-7.4 0V19H6z" /> },
  discord: {
    bg: '#5865f2',
    mark: (
      <g>
        <path
          fill={W}
          d="M18.6 6.6A15 15 0 0 0 15 5.5l-.5 1a14 14 0 0 0-5 0l-.5-1a15 15 0 0 0-3.6 1.1C3.2 10 2.6 13.4 2.9 16.7a15 15 0 0 0 4.4 2.2l.9-1.5a9.6 9.6 0 0 1-1.5-.7l.4-.3a10.7 10.7 0 0 0 9.8 0l.4.3c-.5.3-1 .5-1.5.7l.9 1.5a15 15 0 0 0 4.4-2.2c.4-3.8-.6-7.2-2.5-10.1z"
        />
        <circle cx="9.2" cy="13" r="1.5" fill="#5865f2" />
        <circle cx="14.8" cy="13" r="1.5" fill="#5865f2" />
      </g>
    ),
  },
  apple: {
    bg: '#1d1d1f',
    mark: (
      <g fill={W}>
        <path d="M16.4 12.7c0-2 1.6-3 1.7-3.1-1-1.4-2.4-1.6-2.9-1.6-1.2-.1-2.4.7-3 .7-.6 0-1.6-.7-2.6-.7-1.3 0-2.6.8-3.3 2-1.4 2.4-.4 6 1 8 .7 1 1.5 2 2.5 2s1.4-.6 2.6-.6 1.5.6 2.6.6 1.7-1 2.4-2c.8-1.1 1.1-2.2 1.1-2.3 0 0-2.1-.8-2.1-3.3z" />
        <path d="M14.6 6.3c.5-.7.9-1.6.8-2.5-.8 0-1.8.5-2.3 1.2-.5.6-.9 1.5-.8 2.4.9.1 1.8-.4 2.3-1.1z" />
      </g>
    ),
  },
  github: {
    bg: '#24292f',
    mark: (
      <path
        fill={W}
        d="M5.2 9.2 5.6 4.6l3.6 2.5a8.6 8.6 0 0 1 5.6 0l3.6-2.5.4 4.6c.6 1 .9 2 .9 3 0 3-2 5.1-5.3 5.6V20a.6.6 0 0 1-.6.6h-3.6a.6.6 0 0 1-.6-.6v-2.2C6.3 17.3 4.3 15.2 4.3 12.2c0-1 .3-2 .9-3z"
      />
    ),
  },
  facebook: {
    bg: '#1877f2',
    mark: (
      <path
        fill={W}
        d="M13.6 21v-7.4h2.5l.4-2.9h-2.9V8.9c0-.8.3-1.4 1.5-1.4h1.5V4.9c-.3 0-1.2-.1-2.2-.1-2.2 0-3.7 1.3-3.7 3.8v2.1H8.2v2.9h2.5V21z"
      />
    ),
  },
}

export const socialLabel = (provider: string) => SOCIAL_LABELS[provider] ?? provider

/** The provider's mark on its tile. Decoration: the button or heading beside it names the provider. */
export function BrandMark({ provider, large = false }: { provider: string; large?: boolean }) {
  const b = BRAND[provider]
  const className = [styles.brand, large && styles.brandLarge].filter(Boolean).join(' ')
  if (!b) {
    // The monogram is drawn by CSS (::before), so it is not part of the button's text.
    return <span className={className} style={{ background: '#6b7280' }} data-mark={provider.charAt(0).toUpperCase()} aria-hidden="true" />
  }
  return (
    <span
      className={className}
      style={{ background: b.bg, ...(b.bg === '#ffffff' && !large ? { boxShadow: 'inset 0 0 0 1px rgba(0, 0, 0, 0.14)' } : {}) }}
      data-provider={provider}
      aria-hidden="true"
    >
      <svg viewBox="0 0 24 24" width="70%" height="70%" focusable="false" aria-hidden="true">
        {b.mark}
      </svg>
    </span>
  )
}
