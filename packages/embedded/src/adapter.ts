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
import { openConfirmPopup, openSocialPopup, type SocialPopup } from './popup'
import { hostStorage } from './storage'

/** The embedded adapter plus the frame's theme and dapp-data sync (SPEC §3). */
export interface EmbeddedAdapter extends ChainAdapter {
  /** SYNC_THEME: kept until the frame loads, then sent (and again on every change). */
  syncTheme(payload: ThemePayload): Promise<void>
  /** SYNC_DAPP_DATA: kept until the frame loads, then sent. */
  syncDappData(payload: DappDataPayload): Promise<void>
}

/** The frame's unsafe RPC methods (protocol's FRAME_RPC_UNSAFE, matched here so this shell loads no schema code). */
export const UNSAFE =
  /^(personal_sign|eth_signTypedData_v4|eth_sendTransaction|solana_sign\w*|wallet_(sendCalls|grantPermissions|revokePermissions))$/

/** The engine's methods the adapter only passes on (the engine loaded on first use). */
const LATER = [
  'switchNetwork',
  'getBalance',
  'getCallsStatus',
  'waitForReceipt',
  'confirmEmailUpdate',
  'setPreferredAccountType',
  'getTwoFactor',
  'enrollTotp',
  'hideTotpEnrollment',
  'submitTotp',
  'showKeyExport',
  'hideKeyExport',
  'getKeyState',
  'recoverWallet',
  'showRecoverySecret',
  'hideRecovery',
  'getPasskeys',
] as const

export function embeddedAdapter(options: EmbeddedAdapterOptions): EmbeddedAdapter {
  let ctx: AdapterContext | undefined
  /** Requests that opened (or reused) the confirmation window and have not settled. */
  let confirming = 0
  /**
   * Issue 23 §1: an unsafe request waits in the frame for the user's answer in a window on the
   * frame's origin. The window opens here, now, in the user's click (before any await); the frame
   * finds it and drives it. It closes itself once answered; this page closes it when the last
   * request that opened it settles (refused without a prompt, failed, aborted).
   */
  const withConfirmWindow = <T>(run: () => Promise<T>, call: string, p: unknown): Promise<T> => {
    // No window for what the frame's confirmation policy lets through (a hint: the frame decides again).
    const popup: SocialPopup | null = ready?.quiet(call, p) ? null : openConfirmPopup(options.frameUrl, options.openPopup)
    if (popup) confirming++
    const settle = () => {
      if (!popup || --confirming > 0) return
      try {
        if (!popup.closed) popup.close()
      } catch {
        // already gone
      }
    }
    return run().finally(settle)
  }
  let engine: Promise<EmbeddedEngine> | undefined
  /** The engine once loaded (the confirmation policy's hint is read synchronously, in the user's click). */
  let ready: EmbeddedEngine | undefined
  const storage = hostStorage(options.storage)
  const synced: { theme?: ThemePayload; dapp?: DappDataPayload } = {}
  const load = (): Promise<EmbeddedEngine> =>
    (engine ??= import('./engine')
      .then(
        ({ createEngine }) =>
          (ready = createEngine(
            options,
            () => ctx,
            storage,
            synced,
            () => import('./solana'),
          )),
      )
      .catch((error: unknown) => {
        engine = undefined
        throw error
      }))

  /** The engine's unsafe method `name` behind the confirmation window (the policy's hint may spare it). */
  const confirmed =
    <K extends 'signMessage' | 'sendTransaction' | 'transfer' | 'signTypedData' | 'sendCalls' | 'request' | 'updateEmail'>(name: K) =>
    (p: Parameters<EmbeddedEngine[K]>[0]): ReturnType<EmbeddedEngine[K]> =>
      withConfirmWindow(
        async () => ((await load())[name] as (p: unknown) => Awaited<ReturnType<EmbeddedEngine[K]>>)(p),
        name,
        p,
      ) as ReturnType<EmbeddedEngine[K]>
  /** The engine's method `name`, given the popup opened now (in the user's click); closed if the engine fails to load. */
  const inPopup =
    <K extends 'addPasskey' | 'stepUpPasskey'>(name: K) =>
    (p: Parameters<EmbeddedEngine[K]>[0]): ReturnType<EmbeddedEngine[K]> => {
      const popup = openSocialPopup(options.openPopup)
      return load().then(
        (e) => (e[name] as (p: unknown, popup: SocialPopup | null) => Promise<unknown>)(p, popup),
        (error: unknown) => {
          popup?.close()
          throw error
        },
      ) as ReturnType<EmbeddedEngine[K]>
    }
  /** The engine's method `name`, the engine loaded on first use. */
  const later =
    <K extends keyof EmbeddedEngine>(name: K) =>
    async (p: Parameters<EmbeddedEngine[K]>[0]): Promise<Awaited<ReturnType<EmbeddedEngine[K]>>> =>
      ((await load())[name] as (p: unknown) => Promise<Awaited<ReturnType<EmbeddedEngine[K]>>>)(p)
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
        synced.theme = {
          themeMode: theme.themeMode,
          themeVariables: theme.themeVariables,
          ...(theme.locale ? { locale: theme.locale } : {}),
        }
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
        ready = undefined
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
    // Issue 22 §2: a passkey is created (or, for a step-up, used) in a popup on the frame's origin; it opens now,
    // in the user's click.
    addPasskey: inPopup('addPasskey'),
    stepUpPasskey: inPopup('stepUpPasskey'),
    // Issue 23 §1: removed only after the user's answer in the confirmation window, as an email change.
    removePasskey: (p) => withConfirmWindow(async () => (await load()).removePasskey(p), 'removePasskey', p),
    // No remembered embedded login: nothing to restore, and nothing loaded.
    reconnect: async (p) => (storage.loginUsed() || engine ? (await load()).reconnect(p) : null),
    disconnect: async (p) => (engine ? (await engine).disconnect(p) : storage.clearLogin()),
    signMessage: confirmed('signMessage'),
    sendTransaction: confirmed('sendTransaction'),
    transfer: confirmed('transfer'),
    signTypedData: confirmed('signTypedData'),
    sendCalls: confirmed('sendCalls'),
    getCapabilities: async (p) => (engine ? (await engine).getCapabilities(p) : {}),
    request: (p) => (UNSAFE.test(p.method) ? confirmed('request')(p) : load().then((e) => e.request(p))),
    respond: async (p) => (engine ? (await engine).respond(p) : undefined),
    updateEmail: confirmed('updateEmail'),
    ...(Object.fromEntries(LATER.map((name) => [name, later(name)])) as Pick<EmbeddedEngine, (typeof LATER)[number]>),
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
