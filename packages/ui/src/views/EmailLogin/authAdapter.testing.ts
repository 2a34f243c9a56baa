// Test helper (imported by tests only): the test adapter with an auth connector ('Email and socials')
// that behaves like the embedded one — connect emails a device link or a code and waits; the code
// 123456 signs in, any other is refused with 'Invalid code'; resend and cancel are recorded.
import type { AdapterContext, ConnectorAnswer, ConnectResult } from '@portico/headless'
import { ADDRESS, testAdapter } from '../../testing'

export const EMAIL = 'me@mail.com'
export const RIGHT_CODE = '123456'

export function authTestAdapter(opts: { newDevice?: boolean; fail?: boolean } = {}) {
  const adapter = testAdapter()
  const answers: ConnectorAnswer[] = []
  const emails: string[] = []
  let ctx: AdapterContext | undefined
  let settle: { resolve: (r: ConnectResult) => void; reject: (e: unknown) => void } | undefined
  const emit = (prompt: Parameters<AdapterContext['emit']>[1]) => ctx?.emit('auth', prompt)
  const setup = adapter.setup.bind(adapter)
  adapter.setup = (c) => {
    ctx = c
    setup({
      ...c,
      setConnectors: (list) => c.setConnectors([{ id: 'auth', name: 'Email and socials', type: 'auth', namespace: 'eip155' }, ...list]),
    })
  }
  const connect = adapter.connect.bind(adapter)
  adapter.connect = (params) => {
    if (params.connectorId !== 'auth') return connect(params)
    if (params.auth?.kind === 'email') emails.push(params.auth.email)
    if (opts.fail) return Promise.reject(new Error('Unable to load email login dependency'))
    return new Promise((resolve, reject) => {
      settle = { resolve, reject }
      queueMicrotask(() => emit({ kind: 'prompt', prompt: { kind: opts.newDevice ? 'verifyDevice' : 'verifyOtp', email: EMAIL } }))
    })
  }
  adapter.respond = async ({ answer }) => {
    answers.push(answer)
    if (answer.kind === 'resend') return
    if (answer.kind === 'cancel') {
      emit({ kind: 'prompt', prompt: undefined })
      settle?.reject(Object.assign(new Error('User rejected the request'), { code: 4001 }))
      return
    }
    if (answer.code !== RIGHT_CODE) throw new Error('Invalid code')
    emit({ kind: 'prompt', prompt: undefined })
    queueMicrotask(() => settle?.resolve({ address: ADDRESS, chainId: 1, accounts: [ADDRESS], authName: EMAIL }))
  }
  return {
    adapter,
    answers,
    emails,
    /** The emailed device link was opened: the code comes next. */
    approveDevice: () => emit({ kind: 'prompt', prompt: { kind: 'verifyOtp', email: EMAIL } }),
  }
}
