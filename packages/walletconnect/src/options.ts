/**
 * What the adapter (./adapter, initial load) and the engine (./engine, loaded with import()) share:
 * the options, the connector id, the declared capabilities and the engine's shape. Kept apart so
 * neither module imports the other's code or types (no import cycle).
 */
import type { AdapterCapability, ChainAdapter, ChainNamespace, Timers } from '@portico/headless'
import type { SignClient } from '@walletconnect/sign-client'
import type { SignClientTypes } from '@walletconnect/types'

export type Client = InstanceType<typeof SignClient>

export const WALLETCONNECT_CONNECTOR_ID = 'walletConnect'

/**
 * What the adapter can do beyond connect / sign / send. Which of them a session can do depends on
 * what the wallet approved: an unapproved method is refused before it is sent with 'Requested RPC
 * call is not allowed' (so are token transfers outside eip155 and solana, and calls outside eip155, which the engine does not build).
 */
export const WC_CAPABILITIES = [
  'nativeTransfer',
  'tokenTransfer',
  'contractWrite',
  'typedData',
  'sendCalls',
  'callsStatus',
  'walletCapabilities',
  'waitForReceipt',
  'walletRequest',
] as const satisfies readonly AdapterCapability[]

export interface WalletConnectAdapterOptions {
  /** The relay, e.g. 'ws://127.0.0.1:PORT' (required: there is no default relay). */
  relayUrl: string
  /** Project id sent to the relay. @default the Portico projectId */
  projectId?: string
  /** The dapp's metadata shown in the wallet. @default the app's `metadata` (createPortico), else { name: 'Portico', url: location.origin } */
  metadata?: SignClientTypes.Metadata
  /** The namespaces to request. @default all seven families, restricted to the app's networks */
  namespaces?: readonly ChainNamespace[]
  /** sign-client storage prefix (one Core per prefix and JS realm). @default 'portico' */
  customStoragePrefix?: string
  /**
   * sign-client storage options. @default the sign-client default: IndexedDB/localStorage in the
   * browser, a file in Node (pass `{ database: ':memory:' }` in Node tests)
   */
  storageOptions?: SignClientTypes.Options['storageOptions']
  /**
   * WalletConnect Verify (an attestation iframe from verify.walletconnect.org when a pairing is
   * proposed or a request is sent). It cannot attest a loopback origin, so it is off for a loopback
   * relay. @default true, false when relayUrl is on 127.0.0.1 / localhost / [::1]
   */
  verify?: boolean
  /** Connector name. @default 'WalletConnect' */
  name?: string
  /** Connector image. @default WALLETCONNECT_ICON (the WalletConnect mark, a data: URI) */
  imageUrl?: string
  /** Attempts to create a pairing before connect fails (spaced PAIRING_RETRY_MS apart). @default 3 */
  pairingAttempts?: number
  /** Clock and timers (pairing refresh and retry, receipt waits). @default headless's defaultTimers */
  timers?: Timers
  /** JSON-RPC transport for chain reads (balance, latest blockhash, receipts). @default globalThis.fetch */
  fetch?: typeof fetch
  /** How often `waitForReceipt` asks the chain (ms). @default 1000 */
  receiptPollMs?: number
  /** Loads sign-client (tests may count loads). @default import('@walletconnect/sign-client') */
  loadSignClient?: () => Promise<{ init(opts: SignClientTypes.Options): Promise<Client> }>
}

type Methods = 'connect' | 'reconnect' | 'disconnect' | 'switchNetwork' | 'getBalance' | 'signMessage' | 'sendTransaction'
type CapabilityMethods =
  | 'transfer'
  | 'writeContract'
  | 'signTypedData'
  | 'sendCalls'
  | 'getCallsStatus'
  | 'getCapabilities'
  | 'request'
  | 'waitForReceipt'

/** What the adapter forwards to once loaded: the ChainAdapter methods plus clean-up. */
export type WalletConnectEngine = Pick<ChainAdapter, Methods> & Required<Pick<ChainAdapter, CapabilityMethods>> & { destroy(): void }
