import { afterEach, describe, expect, it, vi } from 'vitest'
import { STORAGE_KEYS } from '../storage/storage'
import { ADDRESS, fakeAdapter, jsonFetch, mapStorage, testPortico } from '../test-utils'
import { accountKey } from './capture'

const KEY = accountKey('eip155', ADDRESS)

function setup(
  opts: { emailCapture?: boolean; answer?: { status?: number; body?: unknown }; storage?: ReturnType<typeof mapStorage> } = {},
) {
  const posts: { path: string; body: unknown }[] = []
  const base = jsonFetch((url) =>
    url.pathname === '/projects/v1/origins'
      ? { body: { allowedOrigins: [] } }
      : url.pathname === '/appkit/v1/config'
        ? { body: { features: {} } }
        : { body: {} },
  )
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input))
    if (init?.method === 'POST' && url.pathname === '/v1/email-capture') {
      posts.push({ path: url.pathname, body: JSON.parse(String(init.body)) })
      const answer = opts.answer ?? { body: { status: 'pending' } }
      return new Response(JSON.stringify(answer.body ?? {}), {
        status: answer.status ?? 200,
        headers: { 'content-type': 'application/json' },
      })
    }
    return base.fetch(input, init)
  }) as typeof globalThis.fetch
  const adapter = fakeAdapter()
  const storage = opts.storage ?? mapStorage()
  const portico = testPortico({
    adapters: [adapter],
    storage,
    fetch,
    features: { emailCapture: opts.emailCapture ?? true },
  })
  return { portico, adapter, storage, posts }
}

/** Open the modal, wait for the capture flow, connect the fake wallet. */
async function connectInModal(t: ReturnType<typeof setup>) {
  await t.portico.ready
  await t.portico.modal.open()
  await t.portico.load('project')
  const capture = await t.portico.load('capture')
  await t.portico.connection.connect('io.metamask')
  await Promise.resolve()
  return capture
}

afterEach(() => vi.restoreAllMocks())

describe('email capture (SPEC §1)', () => {
  it('after a wallet connects in the modal, the prompt goes over Account; a valid email is sent with the account, then "check your inbox"', async () => {
    const t = setup()
    const capture = await connectInModal(t)
    expect(t.portico.router.$history.get().map((e) => e.view)).toEqual(['Account', 'EmailCapture'])
    expect(capture.$capture.get()).toMatchObject({ step: 'form', account: `eip155:1:${ADDRESS}` })
    await capture.submit('  alice@example.com ')
    expect(t.posts).toEqual([{ path: '/v1/email-capture', body: { email: 'alice@example.com', account: `eip155:1:${ADDRESS}` } }])
    expect(capture.$capture.get()).toMatchObject({ step: 'sent', email: 'alice@example.com', confirmed: false })
    expect(JSON.parse(t.storage.map.get(STORAGE_KEYS.emailCaptureAnswered)!)).toEqual([KEY])
    capture.finish()
    expect(t.portico.router.$route.get().view).toBe('Account')
  })

  it.each(['alice', 'alice@', '@example.com', 'a..b@example.com', 'alice@example'])(
    '"%s" is refused before any request with the SPEC §5 text',
    async (email) => {
      const t = setup()
      const capture = await connectInModal(t)
      await capture.submit(email)
      expect(capture.$capture.get()).toMatchObject({ step: 'form', error: 'Invalid email. Try again.' })
      expect(t.posts).toEqual([])
    },
  )

  it('a failed request shows its text; Try again sends the same email', async () => {
    const t = setup({ answer: { status: 500, body: { error: 'Internal server error' } } })
    const capture = await connectInModal(t)
    await capture.submit('alice@example.com')
    expect(capture.$capture.get()).toMatchObject({ step: 'failed', error: 'HTTP status code: 500' })
    expect(t.storage.map.get(STORAGE_KEYS.emailCaptureAnswered)).toBeUndefined()
    await capture.retry()
    expect(t.posts).toHaveLength(2)
    expect(t.posts[1]!.body).toEqual({ email: 'alice@example.com', account: `eip155:1:${ADDRESS}` })
  })

  it('"confirmed" from the server: the email was confirmed for this account already', async () => {
    const t = setup({ answer: { body: { status: 'confirmed' } } })
    const capture = await connectInModal(t)
    await capture.submit('alice@example.com')
    expect(capture.$capture.get()).toMatchObject({ step: 'sent', confirmed: true })
  })

  it('Skip is remembered for the account: the next connection does not ask', async () => {
    const storage = mapStorage()
    const first = setup({ storage })
    const capture = await connectInModal(first)
    capture.skip()
    expect(first.portico.router.$route.get().view).toBe('Account')
    expect(JSON.parse(storage.map.get(STORAGE_KEYS.emailCaptureAnswered)!)).toEqual([KEY])
    const again = setup({ storage })
    const next = await connectInModal(again)
    expect(again.portico.router.$route.get().view).toBe('Account')
    expect(next.$capture.get().step).toBe('idle')
  })

  it('an email login (the account has an email) is never asked', async () => {
    const t = setup()
    t.adapter.connectImpl = async () => ({ address: ADDRESS, chainId: 1, accounts: [ADDRESS], authName: 'alice@example.com' })
    await connectInModal(t)
    expect(t.portico.router.$route.get().view).toBe('Account')
  })

  it('with the flag off nothing is asked and the module does not load', async () => {
    const t = setup({ emailCapture: false })
    await t.portico.ready
    await t.portico.modal.open()
    await t.portico.load('project')
    await t.portico.connection.connect('io.metamask')
    await Promise.resolve()
    expect(t.portico.router.$route.get().view).toBe('Account')
    expect(t.portico.peek('capture')).toBeUndefined()
  })

  it('closing the modal at the prompt leaves it unanswered (asked again after the next connection)', async () => {
    const t = setup()
    const capture = await connectInModal(t)
    t.portico.modal.close()
    expect(capture.$capture.get().step).toBe('idle')
    expect(t.storage.map.get(STORAGE_KEYS.emailCaptureAnswered)).toBeUndefined()
  })
})
