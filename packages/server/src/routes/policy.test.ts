// POST /v1/auth/policy/spend (issue 23 §1, migration 026): the confirmation policy's per-day cap holds for a
// user across devices and instances. Real API on PGlite (and on PostgreSQL in the node-pg project), real
// stamped sessions; the project's policy set with the projects repository, as `portico-api project set-policy` does.
import { policySpendResponseSchema } from '@portico/protocol/confirm-policy'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { FRAME_ORIGIN, login as loginAt, memoryMailbox, stamped, TEST_KEK, type Session } from '../auth/test-support.ts'
import { createProjectsRepository } from '../db/projects.ts'
import type { Database } from '../db/types.ts'
import { openTestApp, type TestApp } from '../test-support.ts'

const T0 = Date.parse('2031-03-04T22:00:00.000Z')
let clock = T0
const mailbox = memoryMailbox()
let app: TestApp
let db: Database
let close: () => Promise<void>
let seq = 0
const CHAIN = 'eip155:31337'
const ETH = 10n ** 18n
/** The project's cap: 0.05 ETH a day on the local chain. */
const DAY_CAP = (5n * ETH) / 100n

beforeAll(async () => {
  const t = await openTestApp({
    auth: {
      kek: TEST_KEK,
      mail: mailbox,
      frameOrigins: [FRAME_ORIGIN],
      now: () => clock,
      deviceWaitMs: 600,
      devicePollMs: 20,
      clientIp: (c) => c.req.header('x-test-ip'),
    },
  })
  app = t.app
  db = t.db
  close = t.close
  const projects = createProjectsRepository(db)
  await projects.setConfirmPolicy('capped', {
    auto: { methods: ['eth_sendTransaction'], chains: { [CHAIN]: { perTx: String(DAY_CAP), perDay: String(DAY_CAP) } } },
  })
  await projects.setConfirmPolicy('prompts', { stepUp: { [CHAIN]: String(ETH) } })
})
afterAll(async () => {
  await close?.()
})

const newUser = (): Promise<Session> => {
  const n = ++seq
  return loginAt(
    app,
    mailbox,
    `spend-${n}@example.com`,
    `device-spend-${String(n).padStart(8, '0')}`,
    { 'x-test-ip': `10.3.0.${n}` },
    clock,
  )
}
/** Another device of user `n` (spend-n@example.com): a second sign-in, its own device and session key. */
const otherDevice = (n: number) =>
  loginAt(app, mailbox, `spend-${n}@example.com`, `device-other-${String(n).padStart(8, '0')}`, { 'x-test-ip': `10.4.0.${n}` }, clock)

const spend = async (s: Session, body: Record<string, unknown>) => {
  const res = await stamped(app, s, 'POST', '/v1/auth/policy/spend', body, clock)
  return { status: res.status, body: (await res.json()) as unknown }
}
const wei = (eth: string) => String((BigInt(Math.round(Number(eth) * 1e6)) * ETH) / 1_000_000n)
const ask = (value: string, cap = String(DAY_CAP), projectId = 'capped') => ({ projectId, chain: CHAIN, value: wei(value), cap })

describe('POST /v1/auth/policy/spend', () => {
  it("counts what goes without a prompt in the user's day, for every device; past the cap it is refused and nothing is counted", async () => {
    clock = T0
    const phone = await newUser()
    expect(await spend(phone, ask('0.02'))).toEqual({ status: 200, body: { allowed: true, spent: wei('0.02') } })
    // The laptop signs in a minute later (the mails' cooldown), the same UTC day.
    clock = T0 + 60_000
    const laptop = await otherDevice(seq)
    expect(laptop.user.userId).toBe(phone.user.userId)
    expect(await spend(laptop, ask('0.02'))).toEqual({ status: 200, body: { allowed: true, spent: wei('0.04') } })
    // 0.04 + 0.02 > 0.05: refused on either device, the tally unchanged.
    expect(await spend(phone, ask('0.02'))).toEqual({ status: 200, body: { allowed: false, spent: wei('0.04') } })
    expect(await spend(laptop, ask('0.01'))).toEqual({ status: 200, body: { allowed: true, spent: wei('0.05') } })
    expect(policySpendResponseSchema.parse((await spend(laptop, ask('0.000001'))).body)).toEqual({ allowed: false, spent: wei('0.05') })
  })

  it('a new UTC day starts a new tally (and drops the old rows)', async () => {
    clock = T0
    const s = await newUser()
    expect((await spend(s, ask('0.05'))).body).toEqual({ allowed: true, spent: wei('0.05') })
    expect((await spend(s, ask('0.01'))).body).toEqual({ allowed: false, spent: wei('0.05') })
    clock = T0 + 2 * 60 * 60 * 1000 // 00:00 UTC the next day
    expect((await spend(s, ask('0.01'))).body).toEqual({ allowed: true, spent: wei('0.01') })
    const { rows } = await db.query<{ day: string }>('SELECT day::text AS day FROM portico_auth.policy_spent WHERE user_id = $1', [
      s.user.userId,
    ])
    expect(rows).toEqual([{ day: '2031-03-05' }])
    clock = T0
  })

  it('the lower cap wins: the app may narrow the project’s, never raise it', async () => {
    clock = T0
    const narrowed = await newUser()
    expect((await spend(narrowed, ask('0.02', wei('0.03')))).body).toEqual({ allowed: true, spent: wei('0.02') })
    expect((await spend(narrowed, ask('0.02', wei('0.03')))).body).toEqual({ allowed: false, spent: wei('0.02') })
    const raised = await newUser()
    expect((await spend(raised, ask('0.05', wei('1')))).body).toEqual({ allowed: true, spent: wei('0.05') })
    expect((await spend(raised, ask('0.01', wei('1')))).body).toEqual({ allowed: false, spent: wei('0.05') })
  })

  it('a project that lets no transfer through (or an unknown one): refused, nothing counted', async () => {
    const s = await newUser()
    expect((await spend(s, ask('0.01', String(DAY_CAP), 'prompts'))).body).toEqual({ allowed: false, spent: '0' })
    expect((await spend(s, ask('0.01', String(DAY_CAP), 'nobody'))).body).toEqual({ allowed: false, spent: '0' })
    expect((await spend(s, { ...ask('0.01'), chain: 'eip155:1' })).body).toEqual({ allowed: false, spent: '0' })
  })

  it('ten requests at once for 0.01 ETH each under a 0.05 cap: exactly five pass', async () => {
    clock = T0
    const s = await newUser()
    const answers = await Promise.all(Array.from({ length: 10 }, () => spend(s, ask('0.01'))))
    expect(answers.filter((a) => (a.body as { allowed: boolean }).allowed)).toHaveLength(5)
    const { rows } = await db.query<{ spent: string }>('SELECT spent::text AS spent FROM portico_auth.policy_spent WHERE user_id = $1', [
      s.user.userId,
    ])
    expect(rows).toEqual([{ spent: wei('0.05') }])
  })

  it('bad input is a 400 with the field’s error; no session stamp is a 401', async () => {
    const s = await newUser()
    const bad = await spend(s, { ...ask('0.01'), value: '-1' })
    expect(bad.status).toBe(400)
    expect(z.object({ error: z.string() }).parse(bad.body).error).toContain('an amount is a whole number of base units')
    expect((await spend(s, { ...ask('0.01'), chain: 'solana:mainnet' })).status).toBe(400)
    expect((await spend(s, { ...ask('0.01'), extra: 1 })).status).toBe(400)
    // Missing, wrong-typed and oversized fields: 400 with the field's error, never a 500, nothing counted.
    const { value: _missing, ...noValue } = ask('0.01')
    for (const body of [
      noValue,
      {},
      { ...ask('0.01'), value: 10_000_000_000_000_000 },
      { ...ask('0.01'), cap: null },
      { ...ask('0.01'), projectId: ['capped'] },
      { ...ask('0.01'), value: '9'.repeat(79) },
      { ...ask('0.01'), projectId: 'p'.repeat(129) },
      { ...ask('0.01'), chain: `eip155:${'1'.repeat(17)}` },
    ]) {
      const res = await spend(s, body)
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400)
      expect(z.object({ error: z.string().min(1) }).parse(res.body).error.length).toBeGreaterThan(0)
    }
    const { rows } = await db.query('SELECT 1 FROM portico_auth.policy_spent WHERE user_id = $1', [s.user.userId])
    expect(rows).toEqual([])
    const unstamped = await app.request('/v1/auth/policy/spend', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: FRAME_ORIGIN },
      body: JSON.stringify(ask('0.01')),
    })
    expect(unstamped.status).toBe(401)
  })
})
