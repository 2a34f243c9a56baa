/**
 * The project's remote config, fetched on the modal's first open (never before: no network until
 * then): the allowed origins (SPEC §7/§8) and the feature flags with the visitor's region
 * restrictions (SPEC §1/§6). A page whose origin the project does not allow gets a console error that
 * names the origin and the fix, and the modal shows OriginNotAllowed in place of any other view, on
 * every open: never a silent failure. A rate-limited or failing origins call blocks nothing (a
 * console warning says so).
 */
import { atom, type ReadableAtom } from 'nanostores'
import type { AllowedOriginsResult } from '../../api/explorer'
import { isOriginAllowed } from './origins'

/**
 * - `unchecked`: the modal has not opened yet (nothing asked);
 * - `checking`: the origins call is in flight;
 * - `allowed`: the origin matches a pattern, or the project allows every origin (empty list);
 * - `notAllowed`: the origin matches none of the project's patterns;
 * - `unknown`: the call was rate-limited or failed (RATE_LIMITED, SERVER_ERROR), or there is no page origin: not blocked.
 */
export type OriginStatus = 'unchecked' | 'checking' | 'allowed' | 'notAllowed' | 'unknown'

export interface OriginState {
  status: OriginStatus
  /** The page's origin (`window.location.origin`), null outside a browser. */
  origin: string | null
  /** The project's allowed origin patterns, as the API sent them. @default [] */
  allowedOrigins: string[]
  /** Why the check could not be made. */
  error: 'RATE_LIMITED' | 'SERVER_ERROR' | null
}

export interface ProjectDeps {
  projectId: string
  getOrigins: () => Promise<AllowedOriginsResult>
  /** Fetch and merge the remote feature flags (the features flow's loadRemote). */
  loadRemoteFeatures: () => Promise<void>
  /** The page's origin. @default globalThis.location?.origin */
  origin?: () => string | undefined
  /** Whether the modal is open now. */
  isOpen: () => boolean
  /** Subscribes to the modal's open state and the router's view (any change). */
  onChange: (listener: () => void) => () => void
  /** Shows the not-allowed view (the router's reset) unless it shows already. */
  showNotAllowed: () => void
  /** @default globalThis.console */
  logger?: Pick<Console, 'warn' | 'error'>
}

/** The console error of a disallowed origin: what is wrong, and how to fix it. */
export const originNotAllowedMessage = (origin: string, projectId: string, allowed: readonly string[]): string =>
  `Portico: this page's origin ${origin} is not allowed for project "${projectId}" (allowed: ${allowed.join(', ')}). ` +
  `The modal shows "not allowed" instead of connecting. Add the origin to the project's allowed origins, ` +
  `e.g. \`portico-api project set-origins ${projectId} ${[...allowed, origin].join(' ')}\` (it replaces the list).`

/** The console warning when the origins could not be checked. */
export const originsUncheckedMessage = (error: 'RATE_LIMITED' | 'SERVER_ERROR'): string =>
  `Portico: the project's allowed origins could not be checked (${error}); the modal is not blocked.`

const defaultOrigin = (): string | undefined => {
  const origin = (globalThis as { location?: { origin?: string } }).location?.origin
  return origin && origin !== 'null' ? origin : undefined
}

export function createProject(deps: ProjectDeps) {
  const logger = deps.logger ?? globalThis.console
  const $origin = atom<OriginState>({ status: 'unchecked', origin: null, allowedOrigins: [], error: null })
  let checking: Promise<OriginState> | undefined
  let features: Promise<void> | undefined

  /** GET /projects/v1/origins once (a failed call is asked again on the next open); resolves the state. */
  function check(): Promise<OriginState> {
    const done = $origin.get()
    if (done.status === 'allowed' || done.status === 'notAllowed') return Promise.resolve(done)
    checking ??= (async () => {
      const origin = (deps.origin ?? defaultOrigin)() ?? null
      $origin.set({ ...$origin.get(), status: 'checking', origin })
      let result: AllowedOriginsResult
      try {
        result = await deps.getOrigins()
      } catch {
        result = { origins: [] }
      }
      let next: OriginState
      if ('error' in result) {
        logger.warn(originsUncheckedMessage(result.error))
        next = { status: 'unknown', origin, allowedOrigins: [], error: result.error }
      } else if (origin === null) {
        next = { status: 'unknown', origin, allowedOrigins: result.origins, error: null }
      } else {
        const allowed = isOriginAllowed(origin, result.origins)
        next = { status: allowed ? 'allowed' : 'notAllowed', origin, allowedOrigins: result.origins, error: null }
        if (!allowed) logger.error(originNotAllowedMessage(origin, deps.projectId, result.origins))
      }
      $origin.set(next)
      checking = undefined
      if (next.status === 'notAllowed' && deps.isOpen()) deps.showNotAllowed()
      return next
    })()
    return checking
  }

  /** Remote flags once per page (a failed call, e.g. offline, is asked again on the next open; the flags stay as they were meanwhile). */
  function loadFeatures(): Promise<void> {
    features ??= deps.loadRemoteFeatures().catch(() => {
      features = undefined
    })
    return features
  }

  /** What every open does: check (first time, or again after a failure) and load the flags (same). */
  function opened(): void {
    const status = $origin.get().status
    if (status !== 'allowed' && status !== 'notAllowed') void check()
    void loadFeatures()
  }

  /**
   * Start watching the modal (it is usually open already: the first open loads this flow). On a
   * disallowed page, whatever the modal is asked to show (an open, a connection's Account, a
   * network switch) it shows OriginNotAllowed.
   */
  function start(): () => void {
    let wasOpen = false
    const changed = () => {
      const open = deps.isOpen()
      if (open && !wasOpen) opened()
      wasOpen = open
      if (open && $origin.get().status === 'notAllowed') deps.showNotAllowed()
    }
    changed()
    return deps.onChange(changed)
  }

  return { $origin: $origin as ReadableAtom<OriginState>, check, start }
}

export type ProjectFlow = ReturnType<typeof createProject>
