import { afterEach, describe, expect, it, vi } from 'vitest'
import { createApiClient } from '../../api/client'
import { FLOWS, LAZY_FLOWS } from '../flows'
import { createHost } from '../host'
import { resolveOptions } from '../options/options'
import { createStorage } from '../storage/storage'
import { hostAnalytics } from '../swap/wire'
import { fakeAdapter, mainnet, mapStorage, testPortico } from '../test-utils'
import { scrub } from './analytics'

/** A fetch answering GET /getAnalyticsConfig with `enabled`, recording every request with its body. */
function server(enabled: boolean | 'fail') {
  const requests: { method: string; path: string; body?: string }[] = []
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input))
    requests.push({ method: init?.method ?? 'GET', path: url.pathname, ...(typeof init?.body === 'string' ? { body: init.body } : {}) })
    if (url.pathname === '/getAnalyticsConfig') {
      if (enabled === 'fail') return new Response('{}', { status: 503 })
      return Response.json({ isAnalyticsEnabled: enabled })
    }
    if (url.pathname === '/batch') return new Response(null, { status: 204 })
    return Response.json({})
  }) as typeof globalThis.fetch
  return { fetch, requests, paths: () => requests.map((r) => `${r.method} ${r.path}`) }
}

/** A page whose visibility the test sets; counts the listeners added. */
function fakeDocument() {
  const target = new EventTarget()
  let listeners = 0
  const doc = {
    visibilityState: 'visible' as 'visible' | 'hidden',
    addEventListener: (type: string, fn: EventListener) => {
      listeners += 1
      target.addEventListener(type, fn)
    },
    removeEventListener: (type: string, fn: EventListener) => target.removeEventListener(type, fn),
    hide() {
      doc.visibilityState = 'hidden'
      target.dispatchEvent(new Event('visibilitychange'))
    },
    listeners: () => listeners,
  }
  return doc
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20))

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('analytics wiring (SPEC §7, §9)', () => {
  it('on: nothing before the first modal open; then one config request, and the modal open and connect events go to /batch when the page hides', async () => {
    const api = server(true)
    const doc = fakeDocument()
    vi.stubGlobal('document', doc)
    const portico = testPortico({
      adapters: [fakeAdapter()],
      fetch: api.fetch,
    })
    await portico.load('explorer')
    await portico.connection.connect('io.metamask')
    await settle()
    // Connecting before the modal ever opened: no analytics request, no page listener.
    expect(api.paths().filter((p) => /getAnalyticsConfig|batch|\/e$/.test(p))).toEqual([])
    expect(doc.listeners()).toBe(0)

    await portico.modal.open()
    await settle()
    expect(api.paths().filter((p) => p.includes('getAnalyticsConfig'))).toEqual(['GET /getAnalyticsConfig'])
    await portico.connection.disconnect()
    await portico.connection.connect('io.metamask')
    await portico.modal.close()
    await portico.modal.open()
    await settle()
    expect(doc.listeners()).toBe(1)
    expect(api.paths()).not.toContain('POST /batch')

    doc.hide()
    await settle()
    const batch = api.requests.find((r) => r.path === '/batch')
    expect(batch?.method).toBe('POST')
    const events = (JSON.parse(batch!.body!) as { events: { event: string; properties?: Record<string, unknown>; type: string }[] }).events
    expect(events.map((e) => [e.event, e.properties])).toEqual([
      ['MODAL_OPEN', undefined],
      ['CONNECT_SUCCESS', { connector: 'announced', namespace: 'eip155' }],
      ['MODAL_OPEN', undefined],
    ])
    // No address anywhere in what was sent.
    expect(batch!.body).not.toMatch(/0x[0-9a-fA-F]{40}/)
    // The config was asked once for the page.
    expect(api.paths().filter((p) => p.includes('getAnalyticsConfig'))).toHaveLength(1)
  })

  it.each([
    ['off', false as const],
    ['unanswered (503)', 'fail' as const],
  ])('%s: nothing is ever sent and the page is never listened to', async (_, enabled) => {
    const api = server(enabled)
    const doc = fakeDocument()
    vi.stubGlobal('document', doc)
    const portico = testPortico({
      adapters: [fakeAdapter()],
      fetch: api.fetch,
    })
    await portico.load('explorer')
    await portico.modal.open()
    await settle()
    await portico.connection.connect('io.metamask')
    await settle()
    doc.hide()
    await settle()
    expect(api.paths().filter((p) => /getAnalyticsConfig|batch|\/e$/.test(p))).toEqual(['GET /getAnalyticsConfig'])
    expect(doc.listeners()).toBe(0)
  })

  it('a swap failure (SPEC §7 fields) goes through the same analytics, its address scrubbed', async () => {
    const api = server(true)
    const doc = fakeDocument()
    vi.stubGlobal('document', doc)
    const options = resolveOptions({
      projectId: 'p',
      apiUrl: 'http://127.0.0.1:9',
      networks: [mainnet],
      storage: mapStorage(),
      fetch: api.fetch,
    })
    const client = createApiClient({ baseUrl: options.apiUrl, projectId: 'p', sdkType: 'portico', sdkVersion: '0.1.0', fetch: api.fetch })
    const host = createHost({ options, timers: options.timers, storage: createStorage(options.storage), api: client }, FLOWS, LAZY_FLOWS)
    await host.load('explorer')
    await host.get('modal').open()
    await settle()
    hostAnalytics(host).onFailure({
      event: 'SWAP_APPROVAL_ERROR',
      properties: {
        message: 'execution reverted for 0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B',
        network: 'eip155:1',
        swapFromToken: 'USDC',
        swapToToken: 'ETH',
        swapFromAmount: '12.5',
        swapToAmount: '0.004',
        isSmartAccount: false,
      },
    })
    await settle()
    doc.hide()
    await settle()
    const events = (
      JSON.parse(api.requests.find((r) => r.path === '/batch')!.body!) as { events: { event: string; properties?: unknown }[] }
    ).events
    expect(events.map((e) => [e.event, e.properties])).toEqual([
      ['MODAL_OPEN', undefined],
      [
        'SWAP_APPROVAL_ERROR',
        {
          message: 'execution reverted for [address]',
          network: 'eip155:1',
          swapFromToken: 'USDC',
          swapToToken: 'ETH',
          swapFromAmount: '12.5',
          swapToAmount: '0.004',
          isSmartAccount: false,
        },
      ],
    ])
  })

  it('scrubs addresses out of the text it sends', () => {
    expect(
      scrub({
        message: 'insufficient funds for 0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B',
        network: 'eip155:1',
        amount: '1.5',
        isSmartAccount: true,
      }),
    ).toEqual({
      message: 'insufficient funds for [address]',
      network: 'eip155:1',
      amount: '1.5',
      isSmartAccount: true,
    })
    expect(scrub({ message: 'no SOL in So11111111111111111111111111111111111111112' })).toEqual({ message: 'no SOL in [address]' })
  })
})
