// The database's token buckets (issue 24 §2): on PGlite in the node project, and on a real
// PostgreSQL server in node-pg, where the concurrent takes below run over several connections.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase } from '../test-support.ts'
import { pruneRateBuckets, rateBuckets } from './rate-limits.ts'
import type { Database } from './types.ts'

let db: Database
let t = 1_800_000_000_000
const now = () => t

beforeAll(async () => {
  db = await openTestDatabase()
})
afterAll(async () => {
  await db?.close()
})

describe('rate buckets in the database', () => {
  it('a bucket of 3 refilling 1 a second: three takes, then a wait; a second later one more; a cost of 2 waits for the missing 1.5', async () => {
    const buckets = rateBuckets(db, 'test:refill', { perSecond: 1, burst: 3 }, now)
    expect([await buckets.take('a'), await buckets.take('a'), await buckets.take('a')]).toEqual([0, 0, 0])
    expect(await buckets.take('a')).toBe(1)
    t += 1_000
    expect(await buckets.take('a')).toBe(0)
    expect(await buckets.take('a')).toBe(1)
    t += 500
    expect(await buckets.take('a', 2)).toBe(2)
    t += 1_500
    expect(await buckets.take('a', 2)).toBe(0)
  })

  it('keys and scopes are apart; a cost above the burst takes the whole burst', async () => {
    const one = rateBuckets(db, 'test:apart-1', { perSecond: 1, burst: 2 }, now)
    const two = rateBuckets(db, 'test:apart-2', { perSecond: 1, burst: 2 }, now)
    expect(await one.take('x', 2)).toBe(0)
    expect(await one.take('x')).toBe(1)
    expect(await one.take('y', 2)).toBe(0)
    expect(await two.take('x', 2)).toBe(0)
    expect(await two.take('z', 50)).toBe(0)
    expect(await two.take('z')).toBe(1)
  })

  it('60 concurrent takes from a bucket of 10 (no refill meanwhile): exactly 10 are granted', async () => {
    const buckets = rateBuckets(db, 'test:race', { perSecond: 0.001, burst: 10 }, now)
    const waits = await Promise.all(Array.from({ length: 60 }, () => buckets.take('hot')))
    expect(waits.filter((w) => w === 0)).toHaveLength(10)
    expect(waits.filter((w) => w > 0)).toHaveLength(50)
  })

  it('a clock that steps back (another instance a little behind) refills nothing and keeps the later time', async () => {
    const buckets = rateBuckets(db, 'test:skew', { perSecond: 1, burst: 1 }, now)
    expect(await buckets.take('k')).toBe(0)
    t -= 2_000
    expect(await buckets.take('k')).toBe(1)
    t += 2_000
    expect(await buckets.take('k')).toBe(1)
    t += 1_000
    expect(await buckets.take('k')).toBe(0)
  })

  it('prune deletes the buckets idle for longer than it is given, and only those', async () => {
    const buckets = rateBuckets(db, 'test:prune', { perSecond: 1, burst: 1 }, now)
    await buckets.take('old')
    t += 10_000
    await buckets.take('new')
    await pruneRateBuckets(db, 5_000, now)
    const { rows } = await db.query<{ key: string }>("SELECT key FROM portico_limits.rate_buckets WHERE scope = 'test:prune' ORDER BY key")
    expect(rows.map((r) => r.key)).toEqual(['new'])
  })
})
