import { OriginNotAllowedView } from './OriginNotAllowedView'

/** The view only draws: headless's project flow decides when it shows (useOriginCheck().notAllowed for custom UIs). */
export function OriginNotAllowed() {
  return <OriginNotAllowedView />
}
