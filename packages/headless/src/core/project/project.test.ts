import { afterEach, describe, expect, it, vi } from 'vitest'
import { createPortico } from '../portico'
import { jsonFetch, mainnet, mapStorage } from '../test-utils'

const PAGE = 'http://127.0.0.1:5173'

function setup(origins: { status?: number; body?: unknown }, config: unknown = { features: {} }, timeZone?: string) {
  const f = jsonFetch((url) =>
    url.pathname === '/projects/v1/origins' ? origins : url.pathname === '/appkit/v1/config' ? { body: config } : { body: {} },
  )
  vi.stubGlobal('location', { origin: PAGE })
  const error = vi.spyOn(console, 'error').mockImplementation(() => {})
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const portico = createPortico({
    projectId: 'demo-project',
    apiUrl: 'http://127.0.0.1:9',
    networks: [mainnet],
    storage: mapStorage(),
    fetch: f.fetch,
    ...(timeZone ? { timeZone } : {}),
  })
  return { portico, f, error, warn }
}

/** Resolves once the project flow's first check ended. */
async function checked(portico: ReturnType<typeof setup>['portico']) {
  const project = await portico.load('project')
  return project.check()
}

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('allowed origins on the first open (SPEC §7/§8)', () => {
  it('asks nothing before the modal opens; the first open asks the origins and the remote config once', async () => {
    const { portico, f } = setup({ body: { allowedOrigins: [] } })
    await Promise.resolve()
    expect(f.calls).toEqual([])
    await portico.modal.open()
    await checked(portico)
    portico.modal.close()
    await portico.modal.open()
    await checked(portico)
    expect(f.calls.map((u) => u.pathname).sort()).toEqual(['/appkit/v1/config', '/projects/v1/origins'])
  })

  it('a disallowed origin: a console error naming the origin and the fix, and OriginNotAllowed on every open', async () => {
    const { portico, error } = setup({ body: { allowedOrigins: ['https://shop.example.com', 'https://*.example.org'] } })
    await portico.modal.open()
    expect((await checked(portico)).status).toBe('notAllowed')
    expect(portico.router.$route.get().view).toBe('OriginNotAllowed')
    expect(error).toHaveBeenCalledTimes(1)
    const text = String(error.mock.calls[0]![0])
    expect(text).toContain(`origin ${PAGE} is not allowed for project "demo-project"`)
    expect(text).toContain('portico-api project set-origins')
    expect(portico.peek('project')!.$origin.get()).toEqual({
      status: 'notAllowed',
      origin: PAGE,
      allowedOrigins: ['https://shop.example.com', 'https://*.example.org'],
      error: null,
    })
    // Whatever is asked for next, the modal keeps the not-allowed view.
    portico.router.push('Networks')
    expect(portico.router.$route.get().view).toBe('OriginNotAllowed')
    portico.modal.close()
    await portico.modal.open({ view: 'AllWallets' })
    expect(portico.router.$route.get().view).toBe('OriginNotAllowed')
    expect(error).toHaveBeenCalledTimes(1)
  })

  it('a matching pattern and an empty list allow the page (the usual first view shows)', async () => {
    for (const allowedOrigins of [['https://app.example.com', 'http://127.0.0.1:*'], []]) {
      const { portico, error } = setup({ body: { allowedOrigins } })
      await portico.modal.open()
      expect((await checked(portico)).status).toBe('allowed')
      expect(portico.router.$route.get().view).toBe('ConnectingWalletConnectBasic')
      expect(error).not.toHaveBeenCalled()
      vi.restoreAllMocks()
    }
  })

  it.each([
    [429, 'RATE_LIMITED'],
    [503, 'SERVER_ERROR'],
  ] as const)('HTTP %i: %s, a console warning, the modal not blocked; the next open asks again', async (status, code) => {
    const { portico, warn, error, f } = setup({ status, body: {} })
    await portico.modal.open()
    expect(await checked(portico)).toMatchObject({ status: 'unknown', error: code })
    expect(String(warn.mock.calls[0]![0])).toContain(`could not be checked (${code})`)
    expect(error).not.toHaveBeenCalled()
    expect(portico.router.$route.get().view).toBe('ConnectingWalletConnectBasic')
    const asked = () => f.calls.filter((u) => u.pathname === '/projects/v1/origins').length
    const first = asked()
    portico.modal.close()
    await portico.modal.open()
    await checked(portico)
    // (a 5xx is retried by the HTTP core: one or more requests per check)
    expect(asked()).toBe(first * 2)
  })

  it('an answer of the wrong shape or a 404 is an empty list: not blocked, no warning', async () => {
    for (const answer of [{ body: { allowedOrigins: 'all' } }, { status: 404, body: {} }]) {
      const { portico, warn } = setup(answer)
      await portico.modal.open()
      expect((await checked(portico)).status).toBe('allowed')
      expect(warn).not.toHaveBeenCalled()
      vi.restoreAllMocks()
    }
  })
})

describe('region restrictions (SPEC §6)', () => {
  it('sends the forced time zone; restricted features are off even when the app turned them on, and named', async () => {
    const { portico, f } = setup(
      { body: { allowedOrigins: [] } },
      { features: { swaps: false, onramp: false, payWithExchange: false }, restricted: ['swaps', 'onramp', 'payWithExchange'] },
      'Asia/Pyongyang',
    )
    await portico.modal.open()
    await checked(portico)
    await vi.waitFor(() => expect(portico.features.$restricted.get()).toEqual(['swaps', 'onramp', 'payWithExchange']))
    const config = f.calls.find((u) => u.pathname === '/appkit/v1/config')!
    expect(config.searchParams.get('tz')).toBe('Asia/Pyongyang')
    expect(portico.features.$features.get()).toMatchObject({ swaps: false, onramp: false, payWithExchange: false, payments: false })
  })

  it("a restriction wins over the app's own flags; without one the app's flags stand", () => {
    const portico = createPortico({
      projectId: 'p',
      networks: [mainnet],
      apiUrl: 'http://127.0.0.1:9',
      storage: mapStorage(),
      features: { swaps: true, pay: true, onramp: true },
    })
    portico.features.applyRemote({ swaps: false }, ['swaps', 'payWithExchange'])
    expect(portico.features.$features.get()).toMatchObject({ swaps: false, pay: false, payWithExchange: false, onramp: true })
    portico.features.applyRemote({ swaps: false })
    expect(portico.features.$features.get()).toMatchObject({ swaps: true, pay: true, onramp: true })
    expect(portico.features.$restricted.get()).toEqual([])
  })

  it("without the option the browser's time zone goes as tz", async () => {
    const { portico, f } = setup({ body: { allowedOrigins: [] } })
    await portico.features.loadRemote()
    expect(f.calls[0]!.searchParams.get('tz')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone)
  })
})

describe('without an API (no apiUrl, issue 25 §3)', () => {
  it('the first open asks no host (origins, config, analytics, wallets), allows the page, and says once what is off', async () => {
    const requested: string[] = []
    vi.stubGlobal('location', { origin: PAGE })
    const info = vi.spyOn(console, 'info').mockImplementation(() => {})
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const portico = createPortico({
      projectId: 'demo-project',
      networks: [mainnet],
      storage: mapStorage(),
      fetch: async (input) => {
        requested.push(String(input))
        throw new TypeError('Failed to fetch')
      },
    })
    await portico.modal.open()
    const state = await checked(portico)
    const explorer = await portico.load('explorer')
    await Promise.all([explorer.loadFeatured(), explorer.loadRecommended(), explorer.loadMore()])
    explorer.analytics.track('MODAL_OPEN')
    await portico.modal.close()
    await portico.modal.open()
    await new Promise((r) => setTimeout(r, 0))
    expect(state).toMatchObject({ status: 'allowed', origin: PAGE })
    expect([explorer.analytics.status(), explorer.$list.get().count, explorer.$list.get().wallets]).toEqual(['off', 0, []])
    expect(requested).toEqual([])
    expect(info.mock.calls.map((c) => String(c[0]).slice(0, 41))).toEqual(['Portico runs without its API (no `apiUrl`'])
    expect(String(info.mock.calls[0]?.[0])).toContain('`npx @portico/server` prints its URL) and pass that URL as `apiUrl`')
    expect([error.mock.calls, warn.mock.calls]).toEqual([[], []])
    expect(portico.features.$features.get()).toMatchObject({ email: false, socials: [], swaps: false, onramp: false, activity: false })
  })
})
