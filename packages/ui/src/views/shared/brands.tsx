// Social provider tiles: a brand-coloured monogram (no third-party logos are bundled or fetched).
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

const BRAND: Record<string, { bg: string; mark: string }> = {
  google: { bg: '#4285f4', mark: 'G' },
  x: { bg: '#0f1419', mark: '𝕏' },
  farcaster: { bg: '#7c5ccf', mark: 'F' },
  discord: { bg: '#5865f2', mark: 'D' },
  apple: { bg: '#1d1d1f', mark: 'A' },
  github: { bg: '#24292f', mark: 'GH' },
  facebook: { bg: '#1877f2', mark: 'f' },
}

export const socialLabel = (provider: string) => SOCIAL_LABELS[provider] ?? provider

export function BrandMark({ provider, large = false }: { provider: string; large?: boolean }) {
  const b = BRAND[provider] ?? { bg: '#6b7280', mark: provider.charAt(0).toUpperCase() }
  return (
    // The mark is drawn by CSS (::before), so it is decoration, not part of the button's text.
    <span className={[styles.brand, large && styles.brandLarge].filter(Boolean).join(' ')} style={{ background: b.bg }} data-mark={b.mark} aria-hidden="true" />
  )
}
