/**
 * The request-preview flow's wiring, in its lazy chunk (a previewing provider loads it): a preview
 * engine of its own (so the usePreview store and the modal's Send and Swap previews are not touched),
 * the modal and the router.
 */
import type { FlowHost } from '../host'
import { createRequestPreview } from './requests'
import { wirePreview } from './wire'

export function wireRequestPreview(host: FlowHost) {
  return createRequestPreview({ engine: wirePreview(host), modal: host.get('modal'), router: host.get('router') })
}
