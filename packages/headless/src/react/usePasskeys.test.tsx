import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import type { EmbeddedPasskey } from '../adapters'
import { ADDRESS, fakeAdapter, testPortico } from '../core/test-utils'
import { ERRORS } from '../core/errors'
import { PorticoContextProvider, usePasskeys } from './index'

const LAST = 'This passkey is your only way to sign in. Add another passkey or an email first.'
const PHONE: EmbeddedPasskey = {
  id: 'cred-phone',
  name: 'Phone',
  createdAt: '2026-11-01T10:00:00.000Z',
  lastUsedAt: '2026-12-01T09:30:00.000Z',
  backedUp: true,
}
const laptop = (n: number): EmbeddedPasskey => ({
  id: `cred-laptop-${n}`,
  name: 'Laptop',
  createdAt: '2026-12-02T15:00:00.000Z',
  lastUsedAt: null,
  backedUp: false,
})

/**
 * An auth connector with the passkey `Phone`, like the embedded one: a removal that would leave none is refused
 * with the API's text; `addFailures` are the texts the next adds fail with (e.g. 'Popup closed').
 */
async function setup(opts: { passkeys?: boolean; loadFailures?: string[]; addFailures?: string[] } = {}) {
  const adapter = fakeAdapter('eip155', [{ id: 'auth', name: 'Email', type: 'auth' }])
  adapter.connectImpl = async () => ({ address: ADDRESS, chainId: 1, accounts: [ADDRESS], authName: 'me@mail.com' })
  const calls: string[] = []
  let list: EmbeddedPasskey[] = [PHONE]
  const loadFailures = [...(opts.loadFailures ?? [])]
  const addFailures = [...(opts.addFailures ?? [])]
  let added = 0
  if (opts.passkeys !== false) {
    adapter.getPasskeys = async () => {
      calls.push('get')
      const failure = loadFailures.shift()
      if (failure) throw new Error(failure)
      return list
    }
    // Not async: what it does before its promise (the real one opens its window) happens in the caller's call.
    adapter.addPasskey = ({ name }) => {
      calls.push(`add ${name ?? '(no name)'}`)
      const failure = addFailures.shift()
      if (failure) return Promise.reject(new Error(failure))
      const passkey = laptop(++added)
      list = [...list, passkey]
      return Promise.resolve(passkey)
    }
    adapter.removePasskey = async ({ id }) => {
      calls.push(`remove ${id}`)
      if (list.length === 1) throw new Error(LAST)
      list = list.filter((p) => p.id !== id)
      return list
    }
  }
  const portico = testPortico({ adapters: [adapter], fetch: (async () => new Response('{}')) as typeof fetch })
  await portico.ready
  await portico.connection.connect('auth')
  const seen: string[] = []
  const wrapper = ({ children }: { children: ReactNode }) => <PorticoContextProvider portico={portico}>{children}</PorticoContextProvider>
  const hook = renderHook(
    () => usePasskeys({ onAdded: (p) => seen.push(`added ${p.id}`), onRemoved: (id) => seen.push(`removed ${id}`) }),
    { wrapper },
  )
  return { ...hook, calls, seen, portico }
}

describe('usePasskeys', () => {
  it('lists the passkeys, adds one (the connector reached in the call itself), removes it; the last one is refused, coded', async () => {
    const { result, calls, seen } = await setup()
    await waitFor(() => expect(result.current.phase).toBe('ready'))
    expect(result.current.passkeys).toEqual([PHONE])

    act(() => result.current.add('Laptop'))
    // In the click: the connector (which opens the passkey window) was called before any await.
    expect(calls.at(-1)).toBe('add Laptop')
    expect(result.current).toMatchObject({ busy: true, pending: 'add' })
    await waitFor(() => expect(result.current.busy).toBe(false))
    expect(result.current.passkeys.map((p) => p.name)).toEqual(['Phone', 'Laptop'])

    act(() => result.current.remove('cred-laptop-1'))
    expect(result.current).toMatchObject({ busy: true, pending: 'remove', removingId: 'cred-laptop-1' })
    await waitFor(() => expect(result.current.busy).toBe(false))
    expect(result.current.passkeys).toEqual([PHONE])
    expect(result.current.removingId).toBeUndefined()

    act(() => result.current.remove('cred-phone'))
    await waitFor(() => expect(result.current.errorCode).toEqual({ code: 'lastPasskey', message: LAST }))
    expect(result.current.passkeys).toEqual([PHONE])
    // Nothing to retry: the same removal would be refused again.
    act(() => result.current.retry())
    expect(calls).toEqual(['get', 'add Laptop', 'remove cred-laptop-1', 'remove cred-phone'])
    expect(result.current.errorCode?.code).toBe('lastPasskey')
    expect(seen).toEqual(['added cred-laptop-1', 'removed cred-laptop-1'])
  })

  it('the passkey window closed: popupClosed; retry adds again with the same name (in its own call)', async () => {
    const { result, calls } = await setup({ addFailures: [ERRORS.popupClosed] })
    await waitFor(() => expect(result.current.phase).toBe('ready'))
    act(() => result.current.add('Work laptop'))
    await waitFor(() => expect(result.current.errorCode).toEqual({ code: 'popupClosed', message: 'Popup closed' }))
    expect(result.current.passkeys).toHaveLength(1)
    act(() => result.current.retry())
    expect(calls.at(-1)).toBe('add Work laptop')
    expect(result.current.errorCode).toBeUndefined()
    await waitFor(() => expect(result.current.passkeys).toHaveLength(2))
  })

  it('another failure to add is addFailed with the connector text; a second add while one is under way is ignored', async () => {
    const { result, calls } = await setup({ addFailures: ['The operation either timed out or was not allowed.'] })
    await waitFor(() => expect(result.current.phase).toBe('ready'))
    act(() => {
      result.current.add()
      result.current.add('Twice')
    })
    await waitFor(() =>
      expect(result.current.errorCode).toEqual({
        code: 'addFailed',
        params: { detail: 'The operation either timed out or was not allowed.' },
        message: 'The operation either timed out or was not allowed.',
      }),
    )
    expect(calls).toEqual(['get', 'add (no name)'])
  })

  it('a list that could not be read: still loading, loadFailed with the text; retry reads it', async () => {
    const { result, calls } = await setup({ loadFailures: ['HTTP status code: 503'] })
    await waitFor(() => expect(result.current.errorCode?.code).toBe('loadFailed'))
    expect(result.current.phase).toBe('loading')
    expect(result.current.errorCode?.params).toEqual({ detail: 'HTTP status code: 503' })
    act(() => result.current.retry())
    await waitFor(() => expect(result.current.phase).toBe('ready'))
    expect(result.current.errorCode).toBeUndefined()
    expect(calls).toEqual(['get', 'get'])
  })

  it('unavailable: a connector without passkeys, and after disconnecting', async () => {
    const without = await setup({ passkeys: false })
    await waitFor(() => expect(without.portico.peek('embeddedAccount')).toBeDefined())
    expect(without.result.current).toMatchObject({ phase: 'unavailable', passkeys: [], busy: false })
    act(() => without.result.current.add('Laptop'))
    expect(without.calls).toEqual([])

    const { result, portico } = await setup()
    await waitFor(() => expect(result.current.phase).toBe('ready'))
    await act(() => portico.connection.disconnect())
    expect(result.current).toMatchObject({ phase: 'unavailable', passkeys: [] })
  })
})
