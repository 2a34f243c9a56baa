import '../../testing'
import type { Chain } from '@portico/headless'
import { PorticoContextProvider } from '@portico/headless/react'
import { act, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { testPortico } from '../../testing'
import { Account } from './Account'

/** Connect the test wallet, then give the connection an auth name (as the email/social connector reports it). */
async function connectedAs(authName: string, socialProvider?: 'discord' | 'github') {
  const { portico, adapter } = testPortico()
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
    const portico = await connectedAs('a.very.long.email.address@example-domain.com')
    // The identity flow sets the profile name (the chain's setter is internal to headless).
    await act(async () => (portico.chain as unknown as Chain).setAccount('eip155', { profileName: 'ada.portico' }))
    expect(shown()).toBe('ada.portico')
  })
})
