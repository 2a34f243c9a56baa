/**
 * Protocol fuzz, app → frame direction: random and malformed messages delivered to the frame's
 * receive handler. None may be accepted (handled), none may throw; messages from a wrong origin or
 * source, malformed envelopes and replayed ids get no answer at all.
 */
import fc from 'fast-check'
// Seed and runs from tests/support/fuzz.ts: a fixed seed in npm test, fresh seeds under npm run fuzz.
import { fuzzParams } from '../../../../tests/support/fuzz.ts'
import { APP_EVENT_TYPES, FRAME_MAX_MESSAGE_CHARS } from '@portico/protocol/frame'
import { describe, expect, it } from 'vitest'
import type { AuthApi } from './api'
import { createFrameHandler } from './handler'
import { memorySessionStore } from './keys'
import { originMatcher } from './origins'
import { createFrameService } from './service'

const HOST = 'http://127.0.0.1:5173'
const RUNS = 2_600 // × 4 properties: more than 10,000 messages

/** An API that must never be reached. */
const api = new Proxy({} as AuthApi, {
  get: () => async () => {
    throw new Error('the auth API was called')
  },
})

describe('frame receive handler fuzz (10,000 messages, 0 accepted, 0 crashes)', () => {
  const parent = { parent: true }
  const posted: unknown[] = []
  const handler = createFrameHandler({
    parent,
    hostOrigin: HOST,
    isAllowedOrigin: originMatcher(['http://127.0.0.1:*']),
    post: (m) => void posted.push(m),
    handlers: createFrameService({ api, sessions: memorySessionStore(), deviceId: () => 'device-0123456789abcdef', chainId: 1 }),
  })
  const outcomes = { ignored: 0, invalid: 0, accepted: 0 }
  let fed = 0
  const feed = (event: { origin: string; source: unknown; data: unknown }) => {
    fed++
    outcomes[handler.handleMessage(event)]++
  }
  // one real request whose id is then replayed
  const replayId = 'replayed-0001'
  handler.handleMessage({ origin: HOST, source: parent, data: { channel: 'portico:app', id: replayId, type: 'GET_CHAIN_ID', payload: {} } })
  const validTypes = fc.constantFrom(...APP_EVENT_TYPES)
  const goodEnvelope = fc.record({ channel: fc.constant('portico:app'), id: fc.uuid(), type: validTypes, payload: fc.constant({}) })

  it('random data from the right origin and parent', () => {
    const junk = fc.oneof(
      fc.anything({ maxDepth: 4 }),
      fc.record(
        {
          channel: fc.oneof(fc.constant('portico:app'), fc.constant('portico:frame'), fc.string({ maxLength: 16 })),
          id: fc.oneof(fc.string({ maxLength: 80 }), fc.integer(), fc.constant('')),
          type: fc.oneof(
            fc.string({ maxLength: 30 }),
            validTypes.map((t) => `${t}_SUCCESS`),
            validTypes.map((t) => t.toLowerCase()),
          ),
          payload: fc.anything({ maxDepth: 3 }),
        },
        { requiredKeys: [] },
      ),
    )
    const before = posted.length
    fc.assert(
      fc.property(junk, (data) => {
        // a valid envelope would be a real request (answered): not fuzz
        const d = data as { channel?: unknown; id?: unknown; type?: unknown }
        if (
          d &&
          d.channel === 'portico:app' &&
          typeof d.id === 'string' &&
          /^[A-Za-z0-9-]{8,64}$/.test(d.id) &&
          (APP_EVENT_TYPES as unknown[]).includes(d.type)
        )
          return
        feed({ origin: HOST, source: parent, data })
      }),
      fuzzParams('frame/fuzz.test.ts: random data from the right origin and parent', RUNS),
    )
    expect(outcomes.accepted).toBe(0)
    expect(posted.length).toBe(before)
  })

  it('well-formed requests from a wrong origin or a wrong source get nothing', () => {
    const wrongOrigin = fc.oneof(
      fc.webUrl().map((u) => new URL(u).origin),
      fc.constantFrom('null', '', 'http://localhost:5173', 'https://127.0.0.1:5173', 'http://127.0.0.1', `${HOST}/`),
    )
    const wrongSource = fc.oneof(fc.constant(null), fc.constant(undefined), fc.object(), fc.constant({ parent: true }))
    const before = posted.length
    fc.assert(
      fc.property(goodEnvelope, fc.boolean(), wrongOrigin, wrongSource, (data, byOrigin, origin, source) => {
        feed(byOrigin ? { origin: origin === HOST ? 'null' : origin, source: parent, data } : { origin: HOST, source, data })
      }),
      fuzzParams('frame/fuzz.test.ts: well-formed requests from a wrong origin or a wrong source get nothing', RUNS),
    )
    expect(outcomes.accepted).toBe(0)
    expect(posted.length).toBe(before)
  })

  it('replayed ids and oversized, cyclic or hostile messages get nothing', () => {
    const cyclic: Record<string, unknown> = { channel: 'portico:app', id: 'cyclic-0001', type: 'GET_USER' }
    cyclic.payload = cyclic
    const throwing = Object.defineProperty({}, 'channel', {
      get: () => {
        throw new Error('boom')
      },
    })
    const big = 'x'.repeat(FRAME_MAX_MESSAGE_CHARS + 1)
    const before = posted.length
    fc.assert(
      fc.property(validTypes, fc.constantFrom('replay', 'big', 'cyclic', 'throwing', 'bigint'), fc.uuid(), (type, kind, id) => {
        const data =
          kind === 'replay'
            ? { channel: 'portico:app', id: replayId, type, payload: {} }
            : kind === 'big'
              ? { channel: 'portico:app', id, type, payload: { email: big } }
              : kind === 'cyclic'
                ? cyclic
                : kind === 'throwing'
                  ? throwing
                  : { channel: 'portico:app', id, type, payload: { chainId: 1n } }
        feed({ origin: HOST, source: parent, data })
      }),
      fuzzParams('frame/fuzz.test.ts: replayed ids and oversized, cyclic or hostile messages get nothing', RUNS),
    )
    expect(outcomes.accepted).toBe(0)
    expect(posted.length).toBe(before)
  })

  it('well-formed envelopes with wrong payloads are answered ERROR, never handled', () => {
    const badPayload = fc.oneof(
      fc.record({ email: fc.string({ maxLength: 20 }).filter((s) => !s.includes('@')) }),
      fc.record({ chainId: fc.oneof(fc.boolean(), fc.object()) }),
      fc.record({ otp: fc.oneof(fc.integer(), fc.boolean()) }),
      fc.record({
        provider: fc.string({ maxLength: 10 }).filter((s) => !['google', 'github', 'apple', 'facebook', 'x', 'discord'].includes(s)),
      }),
      fc.record({ namespace: fc.constantFrom('sui', 'stacks', 'evm') }),
      fc.record({ type: fc.constantFrom('smart', 'EOA') }),
      fc.record({ method: fc.integer() }),
      fc.record({ projectId: fc.integer() }),
      fc.record({ themeMode: fc.constantFrom('blue', 1) }),
    )
    const pairs: Record<string, fc.Arbitrary<unknown>> = {
      CONNECT_EMAIL: badPayload.filter((p) => 'email' in (p as object)),
      UPDATE_EMAIL: fc.record({ email: fc.constantFrom('nope', '', 'a@') }),
      SWITCH_NETWORK: fc.record({ chainId: fc.oneof(fc.boolean(), fc.object()) }),
      CONNECT_OTP: fc.record({ otp: fc.oneof(fc.integer(), fc.boolean()) }),
      GET_SOCIAL_REDIRECT_URI: fc.record({ provider: fc.constantFrom('twitter', 'GOOGLE', '') }),
      GET_USER: fc.record({ namespace: fc.constantFrom('sui', 'stacks', 'evm') }),
      SET_PREFERRED_ACCOUNT: fc.record({ type: fc.constantFrom('smart', 'EOA') }),
      RPC_REQUEST: fc.record({ method: fc.integer() }),
      SYNC_DAPP_DATA: fc.record({ projectId: fc.integer() }),
      SYNC_THEME: fc.oneof(
        fc.record({ themeMode: fc.constantFrom('blue', 1) }),
        fc.record({ locale: fc.constantFrom('klingon', 'EN', 'de-DE', 1) }),
      ),
    }
    const arb = fc.constantFrom(...Object.keys(pairs)).chain((type) => fc.tuple(fc.constant(type), pairs[type]!, fc.uuid()))
    let answered = 0
    fc.assert(
      fc.property(arb, ([type, payload, id]) => {
        const before = posted.length
        feed({ origin: HOST, source: parent, data: { channel: 'portico:app', id, type, payload } })
        const last = posted[posted.length - 1] as { type: string; id: string }
        if (posted.length === before + 1 && last.type === `${type}_ERROR` && last.id === id) answered++
      }),
      fuzzParams('frame/fuzz.test.ts: well-formed envelopes with wrong payloads are answered ERROR, never handled', RUNS),
    )
    expect(outcomes.accepted).toBe(0)
    expect(answered).toBe(outcomes.invalid)
  })

  it('fed at least 10,000 messages in all, without a crash', () => {
    expect(fed).toBeGreaterThanOrEqual(10_000)
    expect(outcomes.accepted).toBe(0)
  })
})
