import { describe, expect, it } from 'vitest'
import type { EmailUpdateConfirmation } from '../../adapters'
import { ADDRESS, fakeAdapter, testPortico } from '../test-utils'

describe('portico.embedded.updateEmail / confirmEmailUpdate (the embedded account flow)', () => {
  async function setup(withUpdate = true) {
    const adapter = fakeAdapter('eip155', [
      { id: 'auth', name: 'Email', type: 'auth' },
      { id: 'io.metamask', name: 'MetaMask', type: 'announced' },
    ])
    adapter.connectImpl = async (p) => ({
      address: ADDRESS,
      chainId: 1,
      accounts: [ADDRESS],
      ...(p.connectorId === 'auth' ? { authName: 'me@mail.com' } : {}),
    })
    const calls: unknown[] = []
    if (withUpdate) {
      adapter.updateEmail = async (p) => {
        calls.push(['update', p])
        return { action: 'VERIFY_PRIMARY_OTP' }
      }
      adapter.confirmEmailUpdate = async (p): Promise<EmailUpdateConfirmation> => {
        calls.push(['confirm', p])
        if (p.otp === '000000') throw new Error('Invalid code. Try again.')
        return p.step === 'primary' ? { action: 'VERIFY_SECONDARY_OTP' } : { newEmail: 'new@mail.com' }
      }
    }
    const portico = testPortico({
      adapters: [adapter],
      fetch: (async () => new Response('{}')) as typeof fetch,
    })
    await portico.ready
    const flow = () => portico.load('embeddedAccount')
    return { portico, calls, flow }
  }

  it('goes to the auth connector of the connection; the new email becomes the auth name', async () => {
    const { portico, calls, flow } = await setup()
    await portico.connection.connect('auth')
    expect(portico.peek('embeddedAccount')).toBeUndefined()
    expect((await flow()).canUpdateEmail()).toBe(true)
    expect(await portico.embedded.updateEmail('new@mail.com')).toEqual({ action: 'VERIFY_PRIMARY_OTP' })
    await expect(portico.embedded.confirmEmailUpdate('primary', '000000')).rejects.toThrow('Invalid code. Try again.')
    expect(await portico.embedded.confirmEmailUpdate('primary', '111111')).toEqual({ action: 'VERIFY_SECONDARY_OTP' })
    expect(portico.connection.getConnection('eip155')?.authName).toBe('me@mail.com')
    expect(await portico.embedded.confirmEmailUpdate('secondary', '222222')).toEqual({ newEmail: 'new@mail.com' })
    expect(portico.connection.getConnection('eip155')?.authName).toBe('new@mail.com')
    expect(calls).toEqual([
      ['update', { connectorId: 'auth', email: 'new@mail.com' }],
      ['confirm', { connectorId: 'auth', step: 'primary', otp: '000000' }],
      ['confirm', { connectorId: 'auth', step: 'primary', otp: '111111' }],
      ['confirm', { connectorId: 'auth', step: 'secondary', otp: '222222' }],
    ])
  })

  it("a wallet connection, or an auth connector without the capability: 'Not connected to email or social'", async () => {
    const { portico, calls, flow } = await setup()
    await portico.connection.connect('io.metamask')
    expect((await flow()).canUpdateEmail()).toBe(false)
    await expect(portico.embedded.updateEmail('new@mail.com')).rejects.toThrow('Not connected to email or social')
    await expect(portico.embedded.confirmEmailUpdate('primary', '111111')).rejects.toThrow('Not connected to email or social')
    expect(calls).toEqual([])
    const bare = await setup(false)
    await bare.portico.connection.connect('auth')
    expect((await bare.flow()).canUpdateEmail()).toBe(false)
    await expect(bare.portico.embedded.updateEmail('new@mail.com')).rejects.toThrow('Not connected to email or social')
  })
})
