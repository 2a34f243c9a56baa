import '../../testing'
import { PorticoContextProvider } from '@portico/headless/react'
import { render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { testFetch, testPortico } from '../../testing'
import { Account } from './Account'

/** Connect the test wallet, then give the connection an auth name (as the email/social connector reports it). */
async function connectedAs(authName: string, socialProvider?: 'discord' | 'github', profileName?: string) {
  // The identity read on connect answers `profileName` (a registered name) when given.
  const fetch: typeof globalThis.fetch = async (input, init) =>
    profileName && String(input).includes('/v1/identity/')
      ? new Response(JSON.stringify({ name: profileName, avatar: null }), { status: 200, headers: { 'content-type': 'application/json' } })
      : testFetch(input, init)
  const { portico, adapter } = testPortico({ fetch })
  // An auth connector reports the signed-in name (and the social provider) with the account.
  const connect = adapter.connect.bind(adapter)
  adapter.connect = async (params) => ({ ...(await connect(params)), authName, ...(socialProvider ? { socialProvider } : {}) })
  await portico.ready
  await portico.connection.connect('io.test.wallet')
  render(
    <PorticoContextProvider portico={portico}>
      <Account />
    </PorticoContextProvider>,
  )
  return portico
}

const shown = () => screen.getByTestId('portico-account-address').textContent

describe('Account: auth name display (SPEC §3)', () => {
  it.each<[string, string, 'discord' | 'github' | undefined]>([
    // 44 characters: the first 13, '…', the last 16 (30 in all)
    ['a.very.long.email.address@example-domain.com', 'a.very.long.e…ample-domain.com', undefined],
    // exactly 30 characters: kept
    ['thirty-characters@example.comm', 'thirty-characters@example.comm', undefined],
    ['gamer0', 'gamer', 'discord'],
    ['gamer0', 'gamer0', 'github'],
  ])('%s (%s) is shown as %s', async (authName, expected, provider) => {
    await connectedAs(authName, provider)
    expect(shown()).toBe(expected)
  })

  it('a profile name still wins over the auth name', async () => {
    await connectedAs('a.very.long.email.address@example-domain.com', undefined, 'ada.portico')
    await waitFor(() => expect(shown()).toBe('ada.portico'))
  })
})
