import { describe, expect, it, vi } from 'vitest'
import { ChainRpcError } from './errors.ts'
import { consoleErrorSink, createErrorReporter, type ErrorContext } from './log.ts'

function setup(limits: { windowMs?: number; maxPerWindow?: number; maxKinds?: number } = {}) {
  const clock = { t: 1_000_000 }
  const seen: [string, ErrorContext][] = []
  const report = createErrorReporter((error, context) => seen.push([(error as Error).message, context]), { ...limits, now: () => clock.t })
  const at = { method: 'GET', path: '/v1/x', status: 500 as const }
  return { clock, seen, report, at }
}

describe('createErrorReporter', () => {
  it('passes each kind of error once a window and counts the repeats onto its next report', () => {
    const { clock, seen, report, at } = setup({ windowMs: 60_000 })
    for (let i = 0; i < 50; i++) report(new TypeError('boom'), at)
    report(new TypeError('other'), at)
    expect(seen).toEqual([
      ['boom', { ...at, suppressed: 0 }],
      ['other', { ...at, suppressed: 0 }],
    ])
    clock.t += 59_999
    report(new TypeError('boom'), at)
    expect(seen).toHaveLength(2)
    clock.t += 1
    report(new TypeError('boom'), at)
    expect(seen[2]).toEqual(['boom', { ...at, suppressed: 50 }])
  })

  it('passes at most maxPerWindow reports a window over all kinds', () => {
    const { clock, seen, report, at } = setup({ maxPerWindow: 3 })
    for (let i = 0; i < 100; i++) report(new Error(`kind ${i}`), at)
    expect(seen.map(([m]) => m)).toEqual(['kind 0', 'kind 1', 'kind 2'])
    clock.t += 60_000
    report(new Error('kind 50'), at)
    report(new Error('kind 51'), at)
    expect(seen.slice(3)).toEqual([
      ['kind 50', { ...at, suppressed: 1 }],
      ['kind 51', { ...at, suppressed: 1 }],
    ])
  })

  it('tracks at most maxKinds kinds; the rest share one bucket', () => {
    const { seen, report, at } = setup({ maxKinds: 2, maxPerWindow: 100 })
    for (let i = 0; i < 10; i++) report(new Error(`kind ${i}`), at)
    // kind 0 and kind 1 have their own entries; kinds 2-9 share the overflow bucket, reported once.
    expect(seen.map(([m]) => m)).toEqual(['kind 0', 'kind 1', 'kind 2'])
  })

  it('tells a 500 from a 502 of the same message', () => {
    const { seen, report, at } = setup()
    report(new Error('same'), at)
    report(new Error('same'), { ...at, status: 502 })
    expect(seen.map(([, c]) => c.status)).toEqual([500, 502])
  })

  it('cuts and escapes the path it passes on', () => {
    const { seen, report, at } = setup()
    report(new Error('x'), { ...at, path: `/a\nb${'c'.repeat(300)}` })
    expect(seen[0]?.[1].path).toBe(`/a\\u000ab${'c'.repeat(196)}…`)
  })

  it('survives a sink that throws', () => {
    const report = createErrorReporter(() => {
      throw new Error('sink down')
    })
    expect(() => report(new Error('x'), { method: 'GET', path: '/', status: 500 })).not.toThrow()
  })
})

describe('consoleErrorSink', () => {
  it('writes one line: the stack for a 500, the message and cause (no stack) for a 502', () => {
    const lines: string[] = []
    const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void lines.push(args.join(' ')))
    try {
      const bug = new TypeError('bug')
      consoleErrorSink(bug, { method: 'GET', path: '/v1/x', status: 500, suppressed: 0 })
      consoleErrorSink(new ChainRpcError('eip155:1', new Error('ECONNREFUSED')), {
        method: 'GET',
        path: '/v1/y',
        status: 502,
        suppressed: 4,
      })
      expect(lines).toEqual([
        `[portico-server] 500 GET /v1/x: ${bug.stack}`,
        '[portico-server] 502 GET /v1/y: RPC request to eip155:1 failed: ECONNREFUSED (+4 like it suppressed)',
      ])
    } finally {
      spy.mockRestore()
    }
  })
})
