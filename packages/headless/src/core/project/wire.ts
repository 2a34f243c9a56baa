/**
 * The project flow's wiring (its own lazy chunk, loaded by the modal's first open): the explorer
 * client's origins, the features' remote load, the modal and the router.
 */
import type { FlowHost } from '../host'
import { createProject } from './project'

export function wireProject(host: FlowHost) {
  const modal = host.get('modal')
  const features = host.get('features')
  const router = host.get('router')
  const project = createProject({
    projectId: host.options.projectId,
    getOrigins: () => host.api.explorer.getOrigins(),
    loadRemoteFeatures: () => features.loadRemote(),
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
