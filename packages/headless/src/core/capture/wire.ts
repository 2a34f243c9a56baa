/**
 * The email capture flow's wiring (its own lazy chunk, loaded once the `emailCapture` flag is on):
 * an account that connects while the modal is open is asked on arrival at Account; the answers are
 * remembered in storage; the view is pushed over Account and leaves back to it.
 */
import type { FlowHost } from '../host'
import type { ChainNamespace } from '../types'
import { isValidEmail } from '../embedded/rules'
import { accountKey, createEmailCapture, type CaptureAccount } from './capture'

export function wireCapture(host: FlowHost) {
  const chain = host.get('chain')
  const connection = host.get('connection')
  const modal = host.get('modal')
  const router = host.get('router')
  const features = host.get('features')
  const answered = () => host.storage.get('emailCaptureAnswered') ?? []
  const capture = createEmailCapture({
    submit: (body) => host.api.capture.submit(body),
    enabled: () => features.$features.get().emailCapture,
    answered: (key) => answered().includes(key),
    remember: (key) => {
      const list = answered()
      if (!list.includes(key)) host.storage.set('emailCaptureAnswered', [...list, key])
    },
    show: () => router.push('EmailCapture'),
    leave: () => {
      if (router.$route.get().view === 'EmailCapture') router.goBack()
    },
  })

  const accountOf = (ns: ChainNamespace): CaptureAccount | undefined => {
    const state = chain.getAccount(ns)
    const conn = connection.$connections.get()[ns]
    if (!state?.address || !state.caipAddress || !conn) return undefined
    return { key: accountKey(ns, state.address), caipAddress: state.caipAddress, hasEmail: isValidEmail(conn.authName ?? '') }
  }
  const keys = () => {
    const out = new Map<string, ChainNamespace>()
    for (const ns of Object.keys(connection.$connections.get()) as ChainNamespace[]) {
      const account = accountOf(ns)
      if (account) out.set(account.key, ns)
    }
    return out
  }
  // Accounts connected before this flow loaded are not new.
  let known = keys()
  let pending: ChainNamespace | undefined
  connection.$connections.listen(() => {
    const now = keys()
    for (const [key, ns] of now) if (!known.has(key) && modal.$modal.get().open) pending = ns
    known = now
  })
  // The connection lands on Account (after its own reset): the prompt goes over it.
  router.$route.listen((route) => {
    // Left by Back (or any other way): unanswered, asked again after the next connection.
    if (route.view !== 'EmailCapture' && capture.$capture.get().step !== 'idle') capture.reset()
    if (route.view !== 'Account' || pending === undefined || !modal.$modal.get().open) return
    const account = accountOf(pending)
    pending = undefined
    if (account) queueMicrotask(() => capture.prompt(account))
  })
  modal.$modal.listen((state) => {
    if (state.open) return
    pending = undefined
    capture.reset()
  })
  return capture
}
