/**
 * The frame app's entry (built by Vite into dist/frame/, served from its own origin by the frame
 * host). Plain DOM, no framework. It learns the API from `<meta name="portico-api">` (injected by the
 * frame host) and its SPEC §7 parameters from its URL, fetches the project's allowed origins, and only
 * then announces READY to the parent — with the host origin as targetOrigin.
 */
import { frameUrlParamsSchema } from '@portico/protocol/frame'
// The views' styles and the theme's defaults: a file of this origin (the CSP allows no inline <style>).
import './frame.css'
import { createAuthApi } from './api'
import { CONFIRM_WINDOW_PARAM, confirmer } from './confirm'
import { runConfirmWindow } from './confirm-window'
import { createKeyView } from './export-view'
import { createRecoveryView } from './recovery-view'
import { createTotpView } from './totp-view'
import { createFrameHandler } from './handler'
import { createLook } from './look'
import { deviceIdStore, indexedDbSessionStore } from './keys'
import { indexedDbDeviceShareStore } from './shares/device-store'
import { hostOriginOf, originMatcher } from './origins'
import { PASSKEY_POPUP_PARAM, popupRegistrar, runPasskeyPopup } from './passkey-popup'
import { parseNarrowing, policyLoader, spentStore } from './policy'
import { createFrameService } from './service'

function localStorageOrUndefined(): Storage | undefined {
  try {
    return window.localStorage
  } catch {
    return undefined
  }
}

async function rpcRead(url: string, method: string, params: unknown[]): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  if (!response.ok) throw new Error(`HTTP status code: ${response.status}`)
  const json = (await response.json()) as { result?: unknown; error?: { message?: unknown; code?: unknown; data?: unknown } }
  if (json && typeof json === 'object' && json.error) {
    // The node's code and data go on (viem reads a revert's data from them: the confirmation's simulation).
    const { code, data } = json.error
    throw Object.assign(new Error(typeof json.error.message === 'string' ? json.error.message : 'An error occurred'), {
      ...(typeof code === 'number' ? { code } : {}),
      ...(data !== undefined ? { data } : {}),
    })
  }
  return json?.result ?? null
}

export async function bootFrame(): Promise<void> {
  const log = (message: string, detail?: unknown) => {
    if (params?.enableLogger === 'true') console.warn(`[portico:frame] ${message}`, detail ?? '')
  }
  const parsed = frameUrlParamsSchema.safeParse(Object.fromEntries(new URLSearchParams(location.search)))
  const params = parsed.success ? parsed.data : undefined
  const apiUrl = document.querySelector('meta[name="portico-api"]')?.getAttribute('content') ?? ''
  if (!params || !/^https?:\/\//.test(apiUrl) || window.parent === window) {
    console.warn('[portico:frame] not started: missing parameters, API URL or parent window')
    return
  }
  const api = createAuthApi({ apiUrl })
  const hostOrigin = hostOriginOf(location.ancestorOrigins, document.referrer)
  const { allowedOrigins, kind } = await api.allowedOrigins(params.projectId)
  if (kind) log(`allowed origins: ${kind}`)
  const isAllowedOrigin = originMatcher(allowedOrigins)
  const rpcUrl = params.rpcUrl && /^https?:\/\//.test(params.rpcUrl) ? params.rpcUrl : undefined
  // Passkeys: created in a popup on this origin (see passkey-popup.ts), used here.
  const registrar = popupRegistrar({ origin: location.origin })
  // The modal's theme and locale (SYNC_THEME), for the views this document shows and the confirmation window.
  const look = createLook(document)
  // Issue 23 §1: unsafe requests wait for the user in a window on this origin (opened by the host
  // page in the user's click: this frame gets no user activation from it), see confirm.ts.
  const confirmations = confirmer({
    origin: location.origin,
    ...(hostOrigin ? { hostOrigin } : {}),
    texts: look.texts,
    look: look.current,
  })
  // The confirmation policy: the project's, from this frame's API (never from the host page), narrowed by the
  // app's options (the frame URL's `policy`); read once, again after a failure.
  const loadPolicy = policyLoader(() => api.confirmPolicy?.(params.projectId) ?? Promise.resolve(null), parseNarrowing(params.policy))
  void loadPolicy().catch(() => undefined)
  const handlers = createFrameService({
    api,
    sessions: indexedDbSessionStore(),
    deviceShares: indexedDbDeviceShareStore(),
    deviceId: deviceIdStore(localStorageOrUndefined()),
    chainId: params.chainId,
    ...(hostOrigin ? { hostOrigin } : {}),
    ...(rpcUrl ? { rpcRead: (method: string, p: unknown[]) => rpcRead(rpcUrl, method, p) } : {}),
    reload: () => location.reload(),
    // The WebAuthn ceremonies, in this document (the frame's origin is the relying party).
    webauthn: async () => {
      const { startAuthentication } = await import('@simplewebauthn/browser')
      return {
        startAuthentication,
        startRegistration: registrar.startRegistration,
        stepUpAuthentication: (optionsJSON) => registrar.startAuthentication({ optionsJSON, texts: look.texts().stepUp }),
      }
    },
    // Key export shows in this document. The key itself (exportKey) comes from the key-share core
    // once the frame holds shares; until then EXPORT_KEY answers 'Not available yet'.
    keyView: createKeyView(document, { texts: () => look.texts().export }),
    // Recovery's secret, shown after sign-up and typed on a new device, in this document too.
    recoveryView: createRecoveryView(document, { texts: () => look.texts().recovery }),
    // Its "Use a passkey" opens the passkey's window from this document, in the user's click there.
    openPasskeyWindow: () =>
      window.open(
        `${location.origin}${location.pathname}?${PASSKEY_POPUP_PARAM}=verify`,
        'portico-passkey',
        'popup=yes,width=480,height=640',
      ),
    totpView: createTotpView(document, { texts: () => look.texts().totp }),
    // In the host's locale: a request that comes right after a locale change waits for its texts.
    confirm: (request) => look.ready().then(() => confirmations.confirm(request)),
    onTheme: (theme) => void look.apply(theme),
    policy: { load: loadPolicy, spent: spentStore(localStorageOrUndefined()), projectId: params.projectId },
  })
  const handler = createFrameHandler({
    parent: window.parent,
    hostOrigin,
    isAllowedOrigin,
    post: (message, targetOrigin) => window.parent.postMessage(message, targetOrigin),
    handlers,
    log,
  })
  window.addEventListener('message', (event) => {
    // The social result comes from the API's callback page (a popup), never from the host page.
    if (event.source !== window.parent && handlers.socialResult(event)) return
    // The passkey popup (this origin, opened by the host page) answers here, never through the host.
    if (event.source !== window.parent && registrar.receive(event)) return
    // So does the confirmation window.
    if (event.source !== window.parent && confirmations.receive(event)) return
    void handler.handleMessage(event)
  })
  if (!handler.ready()) log('the host page is not an allowed origin', hostOrigin)
}

if (typeof window !== 'undefined' && typeof document !== 'undefined') {
  const search = new URLSearchParams(location.search)
  const passkey = search.get(PASSKEY_POPUP_PARAM)
  if (passkey === 'create' || passkey === 'verify') void runPasskeyPopup(document, passkey)
  else if (search.get(CONFIRM_WINDOW_PARAM) === 'request') runConfirmWindow()
  else void bootFrame()
}
