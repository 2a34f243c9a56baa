import { describe, expect, it } from 'vitest'
import { formatMonth, formatRelativeTime, monthKey } from './time'

const NOW = Date.parse('2026-11-23T12:00:00Z')
const ago = (ms: number) => new Date(NOW - ms).toISOString()
const MIN = 60_000
const H = 60 * MIN
const D = 24 * H
const UTC = { timeZone: 'UTC' }

describe('relative time of an activity row (locale-aware, Intl)', () => {
  it.each<[string, string | number, string]>([
    ['0 s', ago(0), 'now'],
    ['59 s', ago(59_000), 'now'],
    ['in the future (clock skew) counts as now', ago(-5 * MIN), 'now'],
    ['1 min', ago(MIN), '1 minute ago'],
    ['5 min 59 s', ago(5 * MIN + 59_000), '5 minutes ago'],
    ['59 min', ago(59 * MIN), '59 minutes ago'],
    ['1 h', ago(H), '1 hour ago'],
    ['3 h', ago(3 * H + 20 * MIN), '3 hours ago'],
    ['23 h', ago(23 * H + 59 * MIN), '23 hours ago'],
    ['1 day', ago(D), 'yesterday'],
    ['2 days', ago(2 * D + H), '2 days ago'],
    ['6 days', ago(6 * D + 23 * H), '6 days ago'],
    ['7 days: a date', ago(7 * D), 'Nov 16'],
    ['another year: a date with its year', '2025-12-31T10:00:00Z', 'Dec 31, 2025'],
    ['epoch milliseconds', NOW - 2 * H, '2 hours ago'],
    ['unreadable', 'not a date', ''],
  ])('%s → %s', (_name, date, expected) => {
    expect(formatRelativeTime(date, NOW, UTC)).toBe(expected)
  })

  it.each<[string, string, string]>([
    ['de', ago(5 * MIN), 'vor 5 Minuten'],
    ['fr', ago(3 * H), 'il y a 3 heures'],
    ['de', ago(30 * D), '24. Okt.'],
  ])('%s: %s → %s', (locale, date, expected) => {
    expect(formatRelativeTime(date, NOW, { locale, timeZone: 'UTC' })).toBe(expected)
  })
})

describe('month groups: key and label', () => {
  it.each<[string, string, string, string]>([
    ['now’s month', '2026-11-01T00:00:00Z', '2026-11', 'This month'],
    ['the month before', '2026-10-31T23:59:59Z', '2026-10', 'October 2026'],
    ['another year', '2025-11-15T00:00:00Z', '2025-11', 'November 2025'],
  ])('%s', (_name, date, key, label) => {
    expect(monthKey(date, 'UTC')).toBe(key)
    expect(formatMonth(date, NOW, UTC)).toBe(label)
  })

  it('reads the calendar in the given time zone', () => {
    // 23:30 UTC on Oct 31 is already November in Tokyo.
    expect(monthKey('2026-10-31T23:30:00Z', 'Asia/Tokyo')).toBe('2026-11')
    expect(formatMonth('2026-10-31T23:30:00Z', NOW, { timeZone: 'Asia/Tokyo' })).toBe('This month')
  })

  it.each<[string, string]>([
    ['de', 'Diesen Monat'],
    ['fr', 'Ce mois-ci'],
  ])('%s: now’s month is %s', (locale, label) => {
    expect(formatMonth(ago(D), NOW, { locale, timeZone: 'UTC' })).toBe(label)
  })

  it('another month in another locale', () => {
    expect(formatMonth('2026-10-02T00:00:00Z', NOW, { locale: 'de', timeZone: 'UTC' })).toBe('Oktober 2026')
  })
})
