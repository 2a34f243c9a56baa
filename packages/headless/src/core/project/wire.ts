/**
 * The project flow's wiring (its own lazy chunk, loaded by the modal's first open): the explorer
 * client's origins, the features' remote load, the modal and the router.
 */
import type { FlowHost } from '../host'
import { createProject } from './project'

/** The console's one message of an instance without `apiUrl` (at the modal's first open): what is off, and how to turn it on. */
export const NO_API_MESSAGE =
  'Portico runs without its API (no `apiUrl` in createPortico): browser wallets, WalletConnect and balances read through ' +
  "the networks' RPC work; email and social login, the explorer's wallet list, names, swaps, on-ramp, pay with exchange, " +
  "activity, analytics and error reports, and the API's images are hidden. To turn them on, run the Portico API " +
  '(`npx @portico/server` prints its URL) and pass that URL as `apiUrl` (docs/quick-start.md).'

export function wireProject(host: FlowHost) {
  const modal = host.get('modal')
  const features = host.get('features')
  const router = host.get('router')
  // Without an API: no origins to check (every origin is allowed), no remote flags; one console message.
  const api = Boolean(host.options.apiUrl)
  if (!api) console.info(NO_API_MESSAGE)
  const project = createProject({
    projectId: host.options.projectId,
    getOrigins: () => (api ? host.api.explorer.getOrigins() : Promise.resolve({ origins: [] })),
    loadRemoteFeatures: () => (api ? features.loadRemote() : Promise.resolve()),
    isOpen: () => modal.$modal.get().open,
    onChange: (listener) => {
      const offModal = modal.$modal.listen(listener)
      const offRoute = router.$route.listen(listener)
      return () => {
        offModal()
        offRoute()
      }
    },
    showNotAllowed: () => {
      if (router.$route.get().view !== 'OriginNotAllowed') router.reset('OriginNotAllowed')
    },
  })
  project.start()
  // Email capture (SPEC §1) loads once its flag is on (the app's or the remote config's).
  features.$features.subscribe((flags) => {
    if (flags.emailCapture) void host.load('capture')
  })
  return project
}
