/**
 * What the adapter (initial load) and the engine (loaded with import()) share: options, the
 * connector id, the capabilities and the engine's shape.
 */
import {
  type AdapterCapability,
  AUTH_CONNECTOR_ID,
  type ChainAdapter,
  type ConnectParams,
  type ConnectResult,
  type EmbeddedPasskey,
  type StorageLike,
  type Timers,
  type TwoFactorState,
} from '@portico/headless'
import type { PolicyNarrowing } from '@portico/protocol/confirm-policy'
import type { AppEventPayload } from '@portico/protocol/frame'
import type { FrameEnvironment } from './client/client'
import type { FrameTimeoutReason } from './client/constants'
import type { OpenPopup, SocialPopup } from './popup'

/** headless's auth connector id: its network-switch rule (SPEC §2) knows the embedded wallet by it. */
export const EMBEDDED_CONNECTOR_ID = AUTH_CONNECTOR_ID

/** What the embedded wallet can do beyond connect / sign / send (EVM). */
export const EMBEDDED_CAPABILITIES = [
  'nativeTransfer',
  'tokenTransfer',
  'typedData',
  'sendCalls',
  'callsStatus',
  'walletCapabilities',
  'waitForReceipt',
  'walletRequest',
] as const satisfies readonly AdapterCapability[]

export type ThemePayload = AppEventPayload<'SYNC_THEME'>
export type DappDataPayload = AppEventPayload<'SYNC_DAPP_DATA'>

export interface EmbeddedAdapterOptions {
  /** The frame app's URL, on its own origin (the frame host's `url`), e.g. 'http://127.0.0.1:4200/'. */
  frameUrl: string
  /** Connector name. @default 'Email' */
  name?: string
  /** Connector image. @default none */
  imageUrl?: string
  /** The `version` frame URL parameter. @default headless's SDK_VERSION */
  version?: string
  /** Log ignored frame messages (and ask the frame to log). @default false */
  enableLogger?: boolean
  /** SPEC §8 timeout handler: 'iframe_load_failed' or 'iframe_request_timeout', called before the abort. */
  onTimeout?: (reason: FrameTimeoutReason) => void
  /** The host page's storage for SPEC §3's remembered login data. @default localStorage */
  storage?: StorageLike
  /** Where the frame is mounted. @default the DOM (a hidden iframe in document.body) */
  environment?: FrameEnvironment
  /** @default headless's defaultTimers */
  timers?: Timers
  /** JSON-RPC transport for balance reads. @default globalThis.fetch */
  fetch?: typeof fetch
  /**
   * The Portico API's URL: social sign-in results are accepted only from its origin (the callback
   * page's). @default the origin of the `redirect_uri` in the provider's authorization URL, which the
   * frame got from the API
   */
  apiUrl?: string
  /** Opens the social sign-in popup (synchronously, in the user's click). @default window.open */
  openPopup?: OpenPopup
  /**
   * Narrows the project's confirmation policy (docs/embedded-wallet.md, "Confirmation policy"): fewer methods,
   * chains or targets, lower caps, lower step-up thresholds; `false` turns the automatic confirmations off.
   * It can never let more through than the project's policy. @default the project's policy as it is
   */
  confirmPolicy?: PolicyNarrowing
}

type Methods = 'reconnect' | 'disconnect' | 'switchNetwork' | 'getBalance' | 'signMessage' | 'sendTransaction'
type CapabilityMethods =
  | 'transfer'
  | 'signTypedData'
  | 'sendCalls'
  | 'getCallsStatus'
  | 'getCapabilities'
  | 'request'
  | 'waitForReceipt'
  | 'respond'
  | 'updateEmail'
  | 'confirmEmailUpdate'
  | 'setPreferredAccountType'
  | 'getTwoFactor'
  | 'enrollTotp'
  | 'hideTotpEnrollment'
  | 'submitTotp'
  | 'showKeyExport'
  | 'hideKeyExport'
  | 'getKeyState'
  | 'recoverWallet'
  | 'showRecoverySecret'
  | 'hideRecovery'
  | 'getPasskeys'
  | 'removePasskey'

/** The engine behind embeddedAdapter (./engine, loaded on first use). */
export type EmbeddedEngine = Pick<ChainAdapter, Methods> & {
  /** `popup`: the social sign-in window the adapter opened in the user's click (null: it was refused). */
  connect(params: ConnectParams, popup?: SocialPopup | null): Promise<ConnectResult>
  /** `popup`: the window the adapter opened in the user's click, where the passkey is created (null: it was refused). */
  addPasskey(params: { connectorId: string; name?: string }, popup: SocialPopup | null): Promise<EmbeddedPasskey>
  /** `popup`: the window the adapter opened in the user's click, where the passkey is used (null: it was refused). */
  stepUpPasskey(params: { connectorId: string }, popup: SocialPopup | null): Promise<TwoFactorState>
} & Required<Pick<ChainAdapter, CapabilityMethods>> & {
    syncTheme(payload: ThemePayload): Promise<void>
    syncDappData(payload: DappDataPayload): Promise<void>
    destroy(): void
    /**
     * True when the frame's confirmation policy (its last hint) lets the adapter's call `call` with `params`
     * through: the adapter opens no window.
     */
    quiet(call: string, params: unknown): boolean
  }
