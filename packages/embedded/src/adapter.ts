/**
 * The embedded wallet's auth connector. This module only registers the connector (a few hundred
 * bytes): the engine, the frame client and everything heavy load with import() when the user picks
 * email (connect), or on reconnect when SPEC §3's email-login-used flag says a session may exist.
 */
import type { AdapterContext, ChainAdapter } from '@portico/headless'
import {
  EMBEDDED_CAPABILITIES,
  EMBEDDED_CONNECTOR_ID,
  type DappDataPayload,
  type EmbeddedAdapterOptions,
  type EmbeddedEngine,
  type ThemePayload,
} from './options'
import { openSocialPopup } from './popup'
import { hostStorage } from './storage'

/** The embedded adapter plus the frame's theme and dapp-data sync (SPEC §3). */
export interface EmbeddedAdapter extends ChainAdapter {
  /** SYNC_THEME: kept until the frame loads, then sent (and again on every change). */
  syncTheme(payload: ThemePayload): Promise<void>
  /** SYNC_DAPP_DATA: kept until the frame loads, then sent. */
  syncDappData(payload: DappDataPayload): Promise<void>
}

export function embeddedAdapter(options: EmbeddedAdapterOptions): EmbeddedAdapter {
  let ctx: AdapterContext | undefined
  let engine: Promise<EmbeddedEngine> | undefined
  const storage = hostStorage(options.storage)
  const synced: { theme?: ThemePayload; dapp?: DappDataPayload } = {}
  const load = (): Promise<EmbeddedEngine> =>
    (engine ??= import('./engine')
      .then(({ createEngine }) =>
        createEngine(
          options,
          () => ctx,
          storage,
          synced,
          () => import('./solana'),
        ),
      )
      .catch((error: unknown) => {
        engine = undefined
        throw error
      }))

  return {
    namespace: 'eip155',
    namespaces: ['eip155', 'solana'],
    capabilities: EMBEDDED_CAPABILITIES,
    setup(context) {
      ctx = context
      // SPEC §3: the frame gets the app's dapp metadata and follows its theme (sent once it loads).
      synced.dapp = {
        projectId: context.projectId,
        sdkType: 'portico',
        ...(context.metadata
          ? {
              name: context.metadata.name,
              description: context.metadata.description,
              url: context.metadata.url,
              icons: [...context.metadata.icons],
            }
          : {}),
      }
      const unwatch = context.watchTheme?.((theme) => {
        synced.theme = { themeMode: theme.themeMode, themeVariables: theme.themeVariables }
        if (engine) void engine.then((e) => (synced.theme ? e.syncTheme(synced.theme) : undefined)).catch(() => undefined)
      })
      context.setConnectors([
        {
          id: EMBEDDED_CONNECTOR_ID,
          name: options.name ?? 'Email',
          type: 'auth',
          namespace: 'eip155',
          ...(options.imageUrl ? { imageUrl: options.imageUrl } : {}),
        },
      ])
      return () => {
        unwatch?.()
        const loaded = engine
        engine = undefined
        ctx = undefined
        void loaded?.then(
          (e) => e.destroy(),
          () => undefined,
        )
      }
    },
    connect(p) {
      // SPEC §4 social sign-in: the popup opens now, inside the user's click (no await before this
      // line here or in headless's connect); a window opened after an await is blocked.
      // So is a passkey sign-up's: the passkey is created in a popup on the frame's origin (passkey-popup.ts);
      // `mode` is the passkey request's only (its 'sign-in' needs no window).
      const auth = p.auth as { kind?: string; mode?: string } | undefined
      const popup = auth?.kind === 'social' || auth?.mode === 'sign-up' ? openSocialPopup(options.openPopup) : undefined
      return load().then(
        (e) => e.connect(p, popup),
        (error: unknown) => {
          popup?.close()
          throw error
        },
      )
    },
    // No remembered embedded login: nothing to restore, and nothing loaded.
    reconnect: async (p) => (storage.loginUsed() || engine ? (await load()).reconnect(p) : null),
    disconnect: async (p) => (engine ? (await engine).disconnect(p) : storage.clearLogin()),
    switchNetwork: async (p) => (await load()).switchNetwork(p),
    getBalance: async (p) => (await load()).getBalance(p),
    signMessage: async (p) => (await load()).signMessage(p),
    sendTransaction: async (p) => (await load()).sendTransaction(p),
    transfer: async (p) => (await load()).transfer(p),
    signTypedData: async (p) => (await load()).signTypedData(p),
    sendCalls: async (p) => (await load()).sendCalls(p),
    getCallsStatus: async (p) => (await load()).getCallsStatus(p),
    getCapabilities: async (p) => (engine ? (await engine).getCapabilities(p) : {}),
    request: async (p) => (await load()).request(p),
    waitForReceipt: async (p) => (await load()).waitForReceipt(p),
    respond: async (p) => (engine ? (await engine).respond(p) : undefined),
    updateEmail: async (p) => (await load()).updateEmail(p),
    confirmEmailUpdate: async (p) => (await load()).confirmEmailUpdate(p),
    setPreferredAccountType: async (p) => (await load()).setPreferredAccountType(p),
    getTwoFactor: async (p) => (await load()).getTwoFactor(p),
    enrollTotp: async (p) => (await load()).enrollTotp(p),
    submitTotp: async (p) => (await load()).submitTotp(p),
    showKeyExport: async (p) => (await load()).showKeyExport(p),
    hideKeyExport: async (p) => (await load()).hideKeyExport(p),
    async syncTheme(payload) {
      synced.theme = payload
      if (engine) await (await engine).syncTheme(payload)
    },
    async syncDappData(payload) {
      synced.dapp = payload
      if (engine) await (await engine).syncDappData(payload)
    },
  }
}
