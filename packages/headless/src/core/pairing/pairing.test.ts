import { describe, expect, it } from 'vitest'
import {
  isPairingExpired,
  PAIRING_EXPIRY_MARGIN_MS,
  PAIRING_LIFETIME_MS,
  PAIRING_RETRY_MS,
  pairingExpiresAt,
  pairingRefreshDelay,
  uriExpiresAt,
} from './pairing'

const T0 = 1_700_000_000_000

describe('pairing constants (SPEC §9)', () => {
  it('lifetime 4 min, expiry margin 10 s, retry spacing 1 s', () => {
    expect([PAIRING_LIFETIME_MS, PAIRING_EXPIRY_MARGIN_MS, PAIRING_RETRY_MS]).toEqual([240_000, 10_000, 1_000])
  })
})

describe('pairingExpiresAt', () => {
  it.each([
    { name: '4 min after creation', uri: undefined, expected: T0 + 240_000 },
    { name: 'the URI expires later (5 min): own lifetime wins', uri: T0 + 300_000, expected: T0 + 240_000 },
    { name: 'the URI expires earlier (1 min)', uri: T0 + 60_000, expected: T0 + 60_000 },
    { name: 'a non-finite URI expiry is ignored', uri: Number.NaN, expected: T0 + 240_000 },
  ])('$name', ({ uri, expected }) => {
    expect(pairingExpiresAt(T0, uri)).toBe(expected)
  })
})

describe('isPairingExpired (expired at ≤ 10 s left)', () => {
  const expiresAt = T0 + 240_000
  it.each([
    { elapsed: 0, expired: false },
    { elapsed: 229_999, expired: false }, // 10.001 s left
    { elapsed: 230_000, expired: true }, // exactly 10 s left
    { elapsed: 235_000, expired: true },
    { elapsed: 240_000, expired: true },
    { elapsed: 300_000, expired: true },
  ])('$elapsed ms after creation → expired $expired', ({ elapsed, expired }) => {
    expect(isPairingExpired(expiresAt, T0 + elapsed)).toBe(expired)
  })
  it('no known expiry counts as expired', () => {
    expect(isPairingExpired(undefined, T0)).toBe(true)
  })
})

describe('pairingRefreshDelay', () => {
  it.each([
    { elapsed: 0, delay: 230_000 },
    { elapsed: 200_000, delay: 30_000 },
    { elapsed: 230_000, delay: 0 },
    { elapsed: 239_000, delay: 0 },
  ])('$elapsed ms after creation → refresh in $delay ms', ({ elapsed, delay }) => {
    expect(pairingRefreshDelay(T0 + 240_000, T0 + elapsed)).toBe(delay)
  })
})

describe('uriExpiresAt', () => {
  it.each([
    { uri: 'wc:abc@2?relay-protocol=irn&symKey=00&expiryTimestamp=1700000300', ms: 1_700_000_300_000 },
    { uri: 'wc:abc@2?expiryTimestamp=1700000300&relay-protocol=irn', ms: 1_700_000_300_000 },
    { uri: 'wc:abc@2?relay-protocol=irn&symKey=00', ms: undefined },
  ])('$uri', ({ uri, ms }) => {
    expect(uriExpiresAt(uri)).toBe(ms)
  })
})
