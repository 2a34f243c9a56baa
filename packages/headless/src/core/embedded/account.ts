/**
 * The embedded account's actions (SPEC §3/§4): update the email of an email login, and switch the
 * preferred account type (EOA or smart account). A lazy flow (`embeddedAccount`): only apps with an
 * auth connector (the embedded wallet) load it, the first time a hook or `portico.embedded` needs it.
 * It acts on the auth connector of the connection and patches what the connection shows through
 * the connection's internal `patchConnections`.
 */
import type {
  AdapterTheme,
  ChainAdapter,
  EmailUpdateAction,
  EmailUpdateConfirmation,
  EmbeddedKeyState,
  EmbeddedPasskey,
  EmailUpdateOtpStep,
  ExportKeyKind,
  PreferredAccountResult,
  TotpAction,
  TwoFactorState,
  ViewportRect,
} from '../../adapters'
import type { Chain } from '../chain/chain'
import type { Connection, ConnectionFlow } from '../connection/connection'
import { type CodedMessage, ERRORS, PorticoError } from '../errors'
import { localeOf } from '../locale/locale'
import type { Theme } from '../theme/theme'
import type { AccountType, ChainNamespace } from '../types'

/**
 * Why a passkey call failed (issue 22 §2), coded: lastPasskey (the only way to sign in of the account: the API's
 * text), popupClosed (the passkey window was closed before the passkey was made), loadFailed, addFailed (the
 * browser's prompt dismissed, a timeout …), removeFailed (each with the connector's text as `detail`).
 */
export type PasskeysError = 'lastPasskey' | 'popupClosed' | 'loadFailed' | 'addFailed' | 'removeFailed'

/** The start of the API's text (AUTH_ERRORS.passkeyLast) for the last way to sign in. */
const LAST_PASSKEY = 'This passkey is your only way to sign in'
const FAILED = {
  load: 'The passkeys could not be loaded',
  add: 'The passkey could not be added',
  remove: 'The passkey could not be removed',
}

/** A passkey call's failure as a coded state; the connector's text stays its `message` (and `detail`). */
function passkeyError(error: unknown, action: 'load' | 'add' | 'remove'): CodedMessage<PasskeysError> {
  const text = error instanceof Error ? error.message : typeof error === 'string' ? error : ''
  if (text === ERRORS.popupClosed && action === 'add') return { code: 'popupClosed', message: text }
  if (text.startsWith(LAST_PASSKEY) && action === 'remove') return { code: 'lastPasskey', message: text }
  return { code: `${action}Failed`, ...(text ? { params: { detail: text } } : {}), message: text || FAILED[action] }
}

export interface EmbeddedAccountDeps {
  chain: Chain
  connection: Pick<ConnectionFlow, '$connections' | 'getConnector' | 'ownerOf' | 'patchConnections'>
  theme: Pick<Theme, '$resolvedThemeMode' | '$theme'>
  /** The instance's options: its locale flow (useLocale's, one per instance) is synced to the frame with the theme. @default none (English) */
  options?: { locale?: string }
}

export function createEmbeddedAccount({ chain, connection, theme, options }: EmbeddedAccountDeps) {
  const locale = options ? localeOf({ options }) : undefined
  /** The auth connector (embedded wallet) connection of the active namespace, else of any namespace, with its adapter. */
  function authConnection(): { connectorId: string; adapter: ChainAdapter } | undefined {
    const all = connection.$connections.get()
    const active = chain.$activeChain.get()
    const list = [active ? all[active] : undefined, ...Object.values(all)]
    for (const c of list) {
      if (!c || connection.getConnector(c.connectorId)?.type !== 'auth') continue
      const adapter = connection.ownerOf(c.connectorId)
      if (adapter) return { connectorId: c.connectorId, adapter }
    }
    return undefined
  }

  /** Every connection of `connectorId` now shows `authName` (the embedded user's email follows). */
  function setAuthName(connectorId: string, authName: string): void {
    const patch: Partial<Record<ChainNamespace, Connection>> = {}
    for (const [ns, c] of Object.entries(connection.$connections.get()) as [ChainNamespace, Connection | undefined][]) {
      if (!c || c.connectorId !== connectorId) continue
      patch[ns] = { ...c, authName }
      const user = chain.getAccount(ns)?.user
      if (user) chain.setAccount(ns, { user: { ...user, email: authName } })
    }
    connection.patchConnections(patch)
  }

  /**
   * SPEC §4 email update, first step: the connected auth connector mails a code to the current
   * address. Rejects with 'Not connected to email or social' when no auth connector that can update
   * the email is connected, else with the connector's text.
   */
  async function updateEmail(email: string): Promise<{ action: EmailUpdateAction }> {
    const auth = authConnection()
    if (!auth?.adapter.updateEmail) throw new PorticoError(ERRORS.notEmailOrSocial)
    return auth.adapter.updateEmail({ connectorId: auth.connectorId, email })
  }

  /** SPEC §4 email update: confirm a step with its code; once the new address is confirmed, the account's auth name is the new email. */
  async function confirmEmailUpdate(step: EmailUpdateOtpStep, otp: string): Promise<EmailUpdateConfirmation> {
    const auth = authConnection()
    if (!auth?.adapter.confirmEmailUpdate) throw new PorticoError(ERRORS.notEmailOrSocial)
    const result = await auth.adapter.confirmEmailUpdate({ connectorId: auth.connectorId, step, otp })
    if (result.newEmail) setAuthName(auth.connectorId, result.newEmail)
    return result
  }

  /**
   * SPEC §3/§4: make `type` the embedded user's preferred account (the connected auth connector sets
   * the smart account up on the current EVM network first; on failure it falls back to 'eoa' and says
   * why in `reason`). The account state follows: preferredAccountType, smartAccountDeployed, and the
   * type of the EVM account. Rejects with 'Not connected to email or social' when no auth connector
   * that can do it is connected.
   */
  async function setPreferredAccountType(type: AccountType): Promise<PreferredAccountResult> {
    const auth = authConnection()
    if (!auth?.adapter.setPreferredAccountType) throw new PorticoError(ERRORS.notEmailOrSocial)
    const result = await auth.adapter.setPreferredAccountType({ connectorId: auth.connectorId, type })
    const current = connection.$connections.get().eip155
    if (current?.connectorId === auth.connectorId) {
      connection.patchConnections({
        eip155: {
          ...current,
          accounts: current.accounts.map((a) =>
            a.address.toLowerCase() === result.address.toLowerCase() ? { ...a, type: result.type } : a,
          ),
        },
      })
    }
    if (chain.getAccount('eip155'))
      chain.setAccount('eip155', { preferredAccountType: result.type, smartAccountDeployed: result.smartAccountDeployed ?? false })
    return result
  }

  /**
   * AdapterContext.watchTheme (an auth connector syncs it to its frame, SPEC §3 theme payload): the
   * theme now ('system' resolved to light or dark) and the modal's locale, then on every change once. Returns the
   * unsubscribe function.
   */
  function watchTheme(listener: (theme: AdapterTheme) => void): () => void {
    let last = ''
    const emit = () => {
      const shown = locale?.$locale.get()
      const now: AdapterTheme = {
        themeMode: theme.$resolvedThemeMode.get(),
        themeVariables: { ...theme.$theme.get().themeVariables },
        ...(shown ? { locale: shown } : {}),
      }
      const key = JSON.stringify(now)
      if (key !== last) listener(now)
      last = key
    }
    const offMode = theme.$resolvedThemeMode.listen(emit)
    const offVars = theme.$theme.listen(emit)
    const offLocale = locale?.$locale.listen(emit)
    emit()
    return () => {
      offMode()
      offVars()
      offLocale?.()
    }
  }

  /** The connected auth connector, when it implements `method`; else 'Not connected to email or social'. */
  function authWith<
    M extends
      | 'getTwoFactor'
      | 'enrollTotp'
      | 'submitTotp'
      | 'stepUpPasskey'
      | 'showKeyExport'
      | 'hideKeyExport'
      | 'getKeyState'
      | 'recoverWallet'
      | 'showRecoverySecret'
      | 'getPasskeys'
      | 'addPasskey'
      | 'removePasskey',
  >(method: M) {
    const auth = authConnection()
    const fn = auth?.adapter[method]
    if (!auth || !fn) throw new PorticoError(ERRORS.notEmailOrSocial)
    return { connectorId: auth.connectorId, call: fn.bind(auth.adapter) as NonNullable<ChainAdapter[M]> }
  }

  /** Issue 22 §2: the second factor of the signed-in embedded user. */
  async function getTwoFactor(): Promise<TwoFactorState> {
    const { connectorId, call } = authWith('getTwoFactor')
    return call({ connectorId })
  }
  /** The set-up shows in the connector's secure frame over `rect`; its key never reaches this page. */
  async function enrollTotp(rect: ViewportRect): Promise<void> {
    const { connectorId, call } = authWith('enrollTotp')
    return call({ connectorId, rect })
  }
  async function hideTotpEnrollment(): Promise<void> {
    const auth = authConnection()
    if (auth?.adapter.hideTotpEnrollment) await auth.adapter.hideTotpEnrollment({ connectorId: auth.connectorId })
  }
  async function submitTotp(action: TotpAction, code: string): Promise<TwoFactorState> {
    const { connectorId, call } = authWith('submitTotp')
    return call({ connectorId, action, code })
  }
  /** A step-up by a passkey. Reaches the connector in this same call (it opens the passkey window in the user's click). */
  function stepUpPasskey(): Promise<TwoFactorState> {
    try {
      const { connectorId, call } = authWith('stepUpPasskey')
      return call({ connectorId })
    } catch (error) {
      return Promise.reject(error)
    }
  }
  /** The key of `kind` shows in the connector's secure frame over `rect`; it never reaches this page. */
  async function showKeyExport(kind: ExportKeyKind, rect: ViewportRect): Promise<void> {
    const { connectorId, call } = authWith('showKeyExport')
    return call({ connectorId, kind, rect })
  }
  async function hideKeyExport(): Promise<void> {
    const auth = authConnection()
    if (auth?.adapter.hideKeyExport) await auth.adapter.hideKeyExport({ connectorId: auth.connectorId })
  }

  /** Issue 22 §2: where the signed-in wallet signs for this device, and whether its recovery secret is unsaved. */
  async function getKeyState(): Promise<EmbeddedKeyState> {
    const { connectorId, call } = authWith('getKeyState')
    return call({ connectorId })
  }
  /** A new device: the connector's secure frame, over `rect`, asks for the recovery secret itself. */
  async function recoverWallet(rect: ViewportRect): Promise<{ recovered: boolean }> {
    const { connectorId, call } = authWith('recoverWallet')
    return call({ connectorId, rect })
  }
  /** The recovery secret of keys made on this device, shown in the secure frame over `rect`. */
  async function showRecoverySecret(rect: ViewportRect): Promise<{ saved: boolean }> {
    const { connectorId, call } = authWith('showRecoverySecret')
    return call({ connectorId, rect })
  }
  async function hideRecovery(): Promise<void> {
    const auth = authConnection()
    if (auth?.adapter.hideRecovery) await auth.adapter.hideRecovery({ connectorId: auth.connectorId })
  }

  /** Issue 22 §2: the signed-in user's passkeys. */
  async function getPasskeys(): Promise<readonly EmbeddedPasskey[]> {
    const { connectorId, call } = authWith('getPasskeys')
    return call({ connectorId })
  }
  /** Reaches the connector in this same call (it opens the passkey window in the user's click). */
  function addPasskey(name?: string): Promise<EmbeddedPasskey> {
    try {
      const { connectorId, call } = authWith('addPasskey')
      return call(name ? { connectorId, name } : { connectorId })
    } catch (error) {
      return Promise.reject(error)
    }
  }
  async function removePasskey(id: string): Promise<readonly EmbeddedPasskey[]> {
    const { connectorId, call } = authWith('removePasskey')
    return call({ connectorId, id })
  }

  return {
    /** The connected auth connector lists, adds and removes passkeys (issue 22 §2). */
    canManagePasskeys: (): boolean => {
      const adapter = authConnection()?.adapter
      return Boolean(adapter?.getPasskeys && adapter.addPasskey && adapter.removePasskey)
    },
    getPasskeys,
    addPasskey,
    removePasskey,
    passkeyError,
    /** The connected auth connector has a second factor and key export (issue 22 §2). */
    canUseTwoFactor: (): boolean => {
      const adapter = authConnection()?.adapter
      return Boolean(adapter?.getTwoFactor && adapter.enrollTotp && adapter.submitTotp)
    },
    /** The connected auth connector steps up with a passkey too. */
    canStepUpPasskey: (): boolean => Boolean(authConnection()?.adapter.stepUpPasskey),
    canExportKey: (): boolean => Boolean(authConnection()?.adapter.showKeyExport),
    /** The connected auth connector has key recovery (issue 22 §2: key state, recover, show the recovery secret). */
    canRecover: (): boolean => {
      const adapter = authConnection()?.adapter
      return Boolean(adapter?.getKeyState && adapter.recoverWallet && adapter.showRecoverySecret)
    },
    getKeyState,
    recoverWallet,
    showRecoverySecret,
    hideRecovery,
    getTwoFactor,
    enrollTotp,
    hideTotpEnrollment,
    submitTotp,
    stepUpPasskey,
    showKeyExport,
    hideKeyExport,
    watchTheme,
    updateEmail,
    confirmEmailUpdate,
    /** The connected auth connector can update its email (implements `updateEmail` and `confirmEmailUpdate`). */
    canUpdateEmail: (): boolean => Boolean(authConnection()?.adapter.updateEmail && authConnection()?.adapter.confirmEmailUpdate),
    setPreferredAccountType,
  }
}

export type EmbeddedAccountFlow = ReturnType<typeof createEmbeddedAccount>
/** The actions of `portico.embedded`: each loads the embedded account flow on its first call. */
export type EmbeddedFacade = Pick<EmbeddedAccountFlow, 'updateEmail' | 'confirmEmailUpdate' | 'setPreferredAccountType'>
