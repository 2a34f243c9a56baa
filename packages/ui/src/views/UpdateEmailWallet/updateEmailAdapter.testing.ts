// Test helper (imported by tests only): the test adapter with an auth connector ('Email') that is
// signed in as EMAIL and can update its email like the embedded one — a code to the current address
// (111111), then one to the new address (222222); any other code is refused with
// 'Invalid code. Try again.'; every call is recorded.
import type { EmailUpdateConfirmation } from '@portico/headless'
import { ADDRESS, testAdapter } from '../../testing'

export const EMAIL = 'me@mail.com'
export const NEW_EMAIL = 'new@mail.com'

export function updateEmailTestAdapter(opts: { refuse?: string } = {}) {
  const adapter = testAdapter()
  const calls: string[] = []
  const setup = adapter.setup.bind(adapter)
  adapter.setup = (c) =>
    setup({ ...c, setConnectors: (list) => c.setConnectors([{ id: 'auth', name: 'Email', type: 'auth', namespace: 'eip155' }, ...list]) })
  const connect = adapter.connect.bind(adapter)
  adapter.connect = async (params) =>
    params.connectorId === 'auth' ? { address: ADDRESS, chainId: 1, accounts: [ADDRESS], authName: EMAIL } : connect(params)
  adapter.updateEmail = async ({ email }) => {
    calls.push(`update ${email}`)
    if (opts.refuse) throw new Error(opts.refuse)
    return { action: 'VERIFY_PRIMARY_OTP' }
  }
  adapter.confirmEmailUpdate = async ({ step, otp }): Promise<EmailUpdateConfirmation> => {
    calls.push(`${step} ${otp}`)
    if (step === 'primary' && otp === '111111') return { action: 'VERIFY_SECONDARY_OTP' }
    if (step === 'secondary' && otp === '222222') return { newEmail: NEW_EMAIL }
    throw new Error('Invalid code. Try again.')
  }
  return { adapter, calls }
}
