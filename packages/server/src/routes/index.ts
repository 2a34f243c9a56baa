import { analyticsRoutes } from './analytics.ts'
import { authRoutes } from './auth.ts'
import { captureRoutes } from './capture.ts'
import { balanceRoutes } from './balance.ts'
import { chainsRoutes } from './chains.ts'
import type { RouteModule } from './context.ts'
import { convertRoutes } from './convert.ts'
import { exchangeRoutes } from './exchange.ts'
import { explorerRoutes } from './explorer.ts'
import { farcasterRoutes } from './farcaster.ts'
import { healthRoutes } from './health.ts'
import { historyRoutes } from './history.ts'
import { identityRoutes } from './identity.ts'
import { imageRoutes } from './images.ts'
import { keysRoutes } from './keys.ts'
import { onrampRoutes } from './onramp.ts'
import { passkeyRoutes } from './passkeys.ts'
import { priceRoutes } from './price.ts'
import { profileRoutes } from './profile.ts'
import { rpcRoutes } from './rpc.ts'
import { permissionsRoutes } from './permissions.ts'
import { policyRoutes } from './policy.ts'
import { projectRoutes } from './project.ts'
import { sessionsRoutes } from './sessions.ts'
import { socialRoutes } from './social.ts'
import { siwxRoutes } from './siwx.ts'
import { twoFactorRoutes } from './two-factor.ts'

export type { AppContext, RouteModule } from './context.ts'

/**
 * Every resource's router, mounted at the root in this order. A new resource is one file
 * `routes/<resource>.ts` exporting a RouteModule, plus one line here.
 */
export const ROUTES: readonly RouteModule[] = [
  healthRoutes,
  chainsRoutes,
  identityRoutes,
  balanceRoutes,
  priceRoutes,
  imageRoutes,
  explorerRoutes,
  projectRoutes,
  analyticsRoutes,
  authRoutes,
  keysRoutes,
  twoFactorRoutes,
  policyRoutes,
  farcasterRoutes,
  sessionsRoutes,
  socialRoutes,
  passkeyRoutes,
  permissionsRoutes,
  profileRoutes,
  historyRoutes,
  convertRoutes,
  exchangeRoutes,
  onrampRoutes,
  siwxRoutes,
  rpcRoutes,
  captureRoutes,
]
