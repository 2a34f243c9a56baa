/**
 * The WalletConnect chain adapter: pairs with a phone or desktop wallet through a relay. This module
 * only registers the connector; the engine (./engine) is loaded with import() the first time a
 * method needs it, and @walletconnect/sign-client only when a pairing starts or a stored session is
 * restored. Primary namespace eip155; accounts of the other six families come back through
 * ConnectResult.namespaces and the namespace argument of the context's events.
 */
import type { AdapterContext, ChainAdapter, ChainNamespace, Timers } from '@portico/headless'
import type { SignClient } from '@walletconnect/sign-client'
import type { SignClientTypes } from '@walletconnect/types'
import type { WalletConnectEngine } from './engine'
import { WC_NAMESPACES } from './families'

export { isLoopback } from './loopback'

type Client = InstanceType<typeof SignClient>

export const WALLETCONNECT_CONNECTOR_ID = 'walletConnect'

export interface WalletConnectAdapterOptions {
  /** The relay, e.g. 'ws://127.0.0.1:PORT' (required: there is no default relay). */
  relayUrl: string
  /** Project id sent to the relay. @default the Portico projectId */
  projectId?: string
  /** The dapp's metadata shown in the wallet. @default { name: 'Portico', url: location.origin } */
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
  /** Connector name and image. */
  name?: string
  imageUrl?: string
  /** Attempts to create a pairing before connect fails (spaced PAIRING_RETRY_MS apart). @default 3 */
  pairingAttempts?: number
  /** Clock and timers (tests). @default the globals, looked up at call time */
  timers?: Timers
  /** JSON-RPC transport for balance reads. @default globalThis.fetch */
  fetch?: typeof fetch
  /** Loads sign-client (tests may count loads). @default import('@walletconnect/sign-client') */
  loadSignClient?: () => Promise<{ init(opts: SignClientTypes.Options): Promise<Client> }>
}

/** The WalletConnect adapter (connector id 'walletConnect', type 'walletConnect'). */
export function walletConnectAdapter(options: WalletConnectAdapterOptions): ChainAdapter {
  let ctx: AdapterContext | undefined
  let engine: Promise<WalletConnectEngine> | undefined
  const load = (): Promise<WalletConnectEngine> =>
    (engine ??= import('./engine').then(({ createEngine }) => createEngine(options, () => ctx)).catch((error: unknown) => {
      engine = undefined
      throw error
    }))

  return {
    namespace: 'eip155',
    namespaces: WC_NAMESPACES,

    setup(context) {
      ctx = context
      context.setConnectors([
        {
          id: WALLETCONNECT_CONNECTOR_ID,
          name: options.name ?? 'WalletConnect',
          type: 'walletConnect',
          namespace: 'eip155',
          ...(options.imageUrl ? { imageUrl: options.imageUrl } : {}),
        },
      ])
      return () => {
        const loaded = engine
        engine = undefined
        ctx = undefined
        void loaded?.then((e) => e.destroy(), () => undefined)
      }
    },
    connect: async (p) => (await load()).connect(p),
    reconnect: async (p) => (await load()).reconnect(p),
    // Nothing to end before the engine ever loaded.
    disconnect: async (p) => (engine ? (await engine).disconnect(p) : undefined),
    switchNetwork: async (p) => (await load()).switchNetwork(p),
    getBalance: async (p) => (await load()).getBalance(p),
    signMessage: async (p) => (await load()).signMessage(p),
    sendTransaction: async (p) => (await load()).sendTransaction(p),
  }
}
