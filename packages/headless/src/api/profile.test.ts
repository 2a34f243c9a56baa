/** The name service client (SPEC §7 /v1/profile/*): requests, answers, 404, refusals, cache. */
import { describe, expect, it } from 'vitest'
import type { ApiClient } from './client'
import { nameRegistrationMessage } from './profile'
import { API_BASE, recordingFetch, SDK, testClient } from './test-support'

const USER = '0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B'
const record = {
  name: 'alice.portico.id',
  registered_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-02T00:00:00.000Z',
  addresses: { '2147483649': { address: USER, created: '2026-01-01T00:00:00.000Z' } },
  attributes: { bio: 'hi' },
}
const message = nameRegistrationMessage('alice.portico.id', { bio: 'hi' }, 1_767_225_600)

interface Row {
  name: string
  call: (api: ApiClient) => Promise<unknown>
  method: 'GET' | 'POST'
  path: string
  query: Record<string, string>
  body?: unknown
  answer: unknown
  result: unknown
  text: string
}

const rows: Row[] = [
  {
    name: 'resolve a name',
    call: (api) => api.profile.lookupName('alice.portico.id'),
    method: 'GET',
    path: '/v1/profile/account/alice.portico.id',
    query: {},
    answer: record,
    result: record,
    text: 'Error resolving name',
  },
  {
    name: 'names of an address',
    call: (api) => api.profile.getNamesForAddress(USER),
    method: 'GET',
    path: `/v1/profile/reverse/${USER}`,
    query: {},
    answer: [record],
    result: [record],
    text: 'Error fetching names for address',
  },
  {
    name: 'suggestions',
    call: (api) => api.profile.getSuggestions('alice', { zone: 'portico.id' }),
    method: 'GET',
    path: '/v1/profile/suggestions/alice',
    query: { zone: 'portico.id' },
    answer: {
      suggestions: [
        { name: 'alice.portico.id', registered: true },
        { name: 'alice1.portico.id', registered: false },
      ],
    },
    result: {
      suggestions: [
        { name: 'alice.portico.id', registered: true },
        { name: 'alice1.portico.id', registered: false },
      ],
    },
    text: 'Error fetching name suggestions',
  },
  {
    name: 'register',
    call: (api) => api.profile.register({ coin_type: 2147483649, address: USER, message, signature: '0xsig' }),
    method: 'POST',
    path: '/v1/profile/account',
    query: {},
    body: { coin_type: 2147483649, address: USER, message, signature: '0xsig' },
    answer: record,
    result: record,
    text: 'Error registering name alice.portico.id',
  },
]

describe('profile client (SPEC §7)', () => {
  it.each(rows)('$name: $method $path, the query and body sent, the parsed answer', async (row) => {
    const f = recordingFetch(() => ({ body: row.answer }))
    await expect(row.call(testClient(f.fetch))).resolves.toEqual(row.result)
    const sent = f.calls[0]!
    expect(sent.url.origin + sent.url.pathname).toBe(`${API_BASE}${row.path}`)
    expect([sent.method, sent.query, sent.sdk, sent.body]).toEqual([row.method, row.query, SDK, row.body])
  })

  it.each(rows)('$name: a body of the wrong shape ends with "$text"', async (row) => {
    const f = recordingFetch(() => ({ body: { nope: 1 } }))
    await expect(row.call(testClient(f.fetch))).rejects.toMatchObject({ name: 'PorticoError', message: row.text })
  })

  it('the registration message is JSON of name, attributes and a timestamp in seconds', () => {
    expect(JSON.parse(message)).toEqual({ name: 'alice.portico.id', attributes: { bio: 'hi' }, timestamp: 1_767_225_600 })
  })

  it('a name that is not registered (404) resolves null; other statuses keep their text', async () => {
    let status = 404
    const f = recordingFetch(() => ({ status, body: { error: 'not found' } }))
    const api = testClient(f.fetch)
    await expect(api.profile.lookupName('nobody.portico.id')).resolves.toBeNull()
    status = 500
    await expect(api.profile.lookupName('nobody.portico.id')).rejects.toMatchObject({ message: 'HTTP status code: 500' })
  })

  it.each([
    [
      'the first reason of a refusal',
      409,
      { reasons: [{ field: 'name', description: 'Name is already taken' }, { description: 'second' }] },
      'Name is already taken',
    ],
    ['a refusal without reasons', 400, { error: 'bad' }, 'Error registering name alice.portico.id'],
    ['a server error', 500, {}, 'Error registering name alice.portico.id'],
  ])('register: %s -> %s', async (_name, status, body, text) => {
    const f = recordingFetch(() => ({ status, body }))
    const api = testClient(f.fetch)
    await expect(api.profile.register({ coin_type: 2147483649, address: USER, message, signature: '0xsig' })).rejects.toMatchObject({
      message: text,
    })
  })

  it('lookups are cached 5 minutes; a registration drops them so the new name shows at once', async () => {
    const clock = { t: 0 }
    let names: unknown[] = []
    const f = recordingFetch((s) => (s.method === 'POST' ? { body: record } : { body: names }))
    const api = testClient(f.fetch, { now: () => clock.t })
    await expect(api.profile.getNamesForAddress(USER)).resolves.toEqual([])
    clock.t = 299_999
    await expect(api.profile.getNamesForAddress(USER)).resolves.toEqual([])
    expect(f.calls).toHaveLength(1)
    names = [record]
    await api.profile.register({ coin_type: 2147483649, address: USER, message, signature: '0xsig' })
    await expect(api.profile.getNamesForAddress(USER)).resolves.toEqual([record])
    expect(f.calls.map((c) => c.method)).toEqual(['GET', 'POST', 'GET'])
  })
})
