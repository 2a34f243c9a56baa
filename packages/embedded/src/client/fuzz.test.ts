/**
 * Protocol fuzz, frame → app direction: random and malformed messages delivered to the client's
 * receive handler. None may be accepted, none may throw, and the open requests stay open.
 */
import fc from 'fast-check'
// Seed and runs from tests/support/fuzz.ts: a fixed seed in npm test, fresh seeds under npm run fuzz.
import { fuzzParams } from '../../../../tests/support/fuzz.ts'
import { APP_EVENT_TYPES, FRAME_MAX_MESSAGE_CHARS } from '@portico/protocol/frame'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createFrameClient } from './client'
import { FRAME_ORIGIN, FRAME_URL, fakeFrameEnvironment } from './test-support'

const RUNS = 2_600 // × 4 properties: more than 10,000 messages fed (a few real answers are skipped)

const suffixes = ['_SUCCESS', '_ERROR'] as const
const replyType = fc
  .tuple(fc.constantFrom(...APP_EVENT_TYPES, 'NOT_A_TYPE', 'READY', ''), fc.constantFrom(...suffixes, '', '_OK'))
  .map(([t, s]) => t + s)
const idLike = fc.oneof(fc.uuid(), fc.string({ maxLength: 80 }), fc.constant(''), fc.integer(), fc.constant(undefined))
const payload = fc.oneof(
  fc.anything({ maxDepth: 3 }),
  fc.record({ message: fc.string({ maxLength: 40 }) }),
  fc.record({ isConnected: fc.boolean() }),
)
const envelope = fc.record(
  {
    channel: fc.oneof(fc.constant('portico:frame'), fc.constant('portico:app'), fc.string({ maxLength: 20 })),
    id: idLike,
    type: replyType,
    payload,
  },
  { requiredKeys: [] },
)
const junk = fc.oneof(fc.anything({ maxDepth: 4 }), envelope, fc.string(), fc.constant(null), fc.constant(undefined))
const BIG = 'x'.repeat(FRAME_MAX_MESSAGE_CHARS + 1)

describe('client receive handler fuzz (10,000 messages, 0 accepted, 0 crashes)', () => {
  const fake = fakeFrameEnvironment()
  const client = createFrameClient({ frameUrl: FRAME_URL, projectId: 'p', chainId: 1, version: '0', environment: fake.environment })
  let openIds: string[] = []
  let settledId = ''
  let accepted = 0
  let fed = 0
  const open: Promise<unknown>[] = []

  beforeAll(async () => {
    vi.useFakeTimers()
    fake.ready()
    await vi.advanceTimersByTimeAsync(500)
    // one request answered (its id is then "replayed"), three left open
    const done = client.request('GET_CHAIN_ID', {})
    await vi.advanceTimersByTimeAsync(0)
    settledId = fake.last()!.message.id
    fake.succeed(fake.last()!, { chainId: 1 })
    await done
    open.push(client.request('GET_USER', {}), client.request('IS_CONNECTED', {}), client.rpc('personal_sign', ['0x00', '0x0']))
    for (const p of open) p.catch(() => undefined)
    await vi.advanceTimersByTimeAsync(0)
    openIds = fake.posted.slice(1).map((p) => p.message.id)
    expect(openIds).toHaveLength(3)
  })
  afterAll(() => {
    client.destroy()
    vi.useRealTimers()
  })

  const feed = (event: { origin: string; source: unknown; data: unknown }) => {
    fed++
    if (client.handleMessage(event)) accepted++
  }

  it('random data from the frame origin and window', () => {
    fc.assert(
      fc.property(junk, (data) => feed({ origin: FRAME_ORIGIN, source: fake.win, data })),
      fuzzParams('client/fuzz.test.ts: random data from the frame origin and window', RUNS),
    )
    expect(accepted).toBe(0)
  })

  it('well-formed replies to the open ids from a wrong origin or a wrong source', () => {
    const wrongOrigin = fc.oneof(
      fc.webUrl().map((u) => new URL(u).origin),
      fc.string({ maxLength: 30 }),
      fc.constantFrom('null', '', 'http://127.0.0.1:4101', 'http://localhost:4100', `${FRAME_ORIGIN}/`, 'https://127.0.0.1:4100'),
    )
    const wrongSource = fc.oneof(fc.constant(null), fc.constant(undefined), fc.object(), fc.constant({ postMessage() {} }))
    fc.assert(
      fc.property(
        fc.nat(2),
        fc.boolean(),
        wrongOrigin,
        wrongSource,
        fc.constantFrom('_SUCCESS', '_ERROR'),
        (i, byOrigin, origin, source, suffix) => {
          const id = openIds[i]!
          const type = ['GET_USER', 'IS_CONNECTED', 'RPC_REQUEST'][i]! + suffix
          const data = {
            channel: 'portico:frame',
            id,
            type,
            payload: suffix === '_ERROR' ? { message: 'x' } : { isConnected: true, result: 1 },
          }
          feed(
            byOrigin
              ? { origin: origin === FRAME_ORIGIN ? 'null' : origin, source: fake.win, data }
              : { origin: FRAME_ORIGIN, source, data },
          )
        },
      ),
      fuzzParams('client/fuzz.test.ts: well-formed replies to the open ids from a wrong origin or a wrong source', RUNS),
    )
    expect(accepted).toBe(0)
  })

  it('replayed, unknown or mistyped request ids from the right origin and window', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.constant(settledId), fc.uuid(), fc.constantFrom(...openIds)),
        fc.constantFrom(...APP_EVENT_TYPES),
        fc.constantFrom('_SUCCESS', '_ERROR'),
        (id, type, suffix) => {
          // a reply of the right type to an open id would be a real answer: those are not fuzz
          const openIndex = openIds.indexOf(id)
          if (openIndex >= 0 && type === ['GET_USER', 'IS_CONNECTED', 'RPC_REQUEST'][openIndex]) return
          feed({
            origin: FRAME_ORIGIN,
            source: fake.win,
            data: { channel: 'portico:frame', id, type: type + suffix, payload: suffix === '_ERROR' ? { message: 'm' } : {} },
          })
        },
      ),
      fuzzParams('client/fuzz.test.ts: replayed, unknown or mistyped request ids from the right origin and window', RUNS),
    )
    expect(accepted).toBe(0)
  })

  it('oversized and hostile payloads (too large, cyclic, throwing getters, second READY)', () => {
    const cyclic: Record<string, unknown> = { channel: 'portico:frame', type: 'READY' }
    cyclic.self = cyclic
    const throwing = Object.defineProperty({}, 'channel', {
      get: () => {
        throw new Error('boom')
      },
    })
    fc.assert(
      fc.property(fc.nat(2), fc.constantFrom('big', 'cyclic', 'throwing', 'ready', 'bigint'), (i, kind) => {
        const id = openIds[i]!
        const type = `${['GET_USER', 'IS_CONNECTED', 'RPC_REQUEST'][i]!}_SUCCESS`
        const data =
          kind === 'big'
            ? { channel: 'portico:frame', id, type, payload: { isConnected: true, result: BIG, address: BIG } }
            : kind === 'cyclic'
              ? cyclic
              : kind === 'throwing'
                ? throwing
                : kind === 'bigint'
                  ? { channel: 'portico:frame', id, type, payload: { result: 1n } }
                  : { channel: 'portico:frame', type: 'READY' }
        feed({ origin: FRAME_ORIGIN, source: fake.win, data })
      }),
      fuzzParams('client/fuzz.test.ts: oversized and hostile payloads (too large, cyclic, throwing getters, second READY)', RUNS),
    )
    expect(accepted).toBe(0)
    expect(client.pendingCount()).toBe(3)
  })

  it('fed at least 10,000 messages in all', () => {
    expect(fed).toBeGreaterThanOrEqual(10_000)
  })
})
