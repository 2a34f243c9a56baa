/**
 * Pairing expiry (SPEC §4, §9): a pairing URI lives 4 minutes and counts as expired when 10 seconds
 * or less remain; a failed attempt is retried after 1 s. Pure arithmetic on milliseconds.
 */

/** Lifetime of one pairing URI. */
export const PAIRING_LIFETIME_MS = 4 * 60_000
/** A pairing with this much time or less left is treated as expired. */
export const PAIRING_EXPIRY_MARGIN_MS = 10_000
/** Spacing between attempts to create a pairing. */
export const PAIRING_RETRY_MS = 1_000

/** When a pairing created at `createdAt` expires: 4 min later, or earlier if the URI says so. */
export function pairingExpiresAt(createdAt: number, uriExpiresAt?: number): number {
  const own = createdAt + PAIRING_LIFETIME_MS
  return uriExpiresAt !== undefined && Number.isFinite(uriExpiresAt) ? Math.min(own, uriExpiresAt) : own
}

/** Expired when 10 s or less remain (or no expiry is known). */
export function isPairingExpired(expiresAt: number | undefined, now: number): boolean {
  if (expiresAt === undefined || !Number.isFinite(expiresAt)) return true
  return expiresAt - now <= PAIRING_EXPIRY_MARGIN_MS
}

/** Milliseconds from `now` until the pairing counts as expired and must be refreshed (≥ 0). */
export function pairingRefreshDelay(expiresAt: number, now: number): number {
  return Math.max(0, expiresAt - PAIRING_EXPIRY_MARGIN_MS - now)
}

/** The `expiryTimestamp` (seconds) of a WalletConnect v2 URI, in milliseconds; undefined when absent. */
export function uriExpiresAt(uri: string): number | undefined {
  const match = /[?&]expiryTimestamp=(\d+)/.exec(uri)
  return match ? Number(match[1]) * 1000 : undefined
}
