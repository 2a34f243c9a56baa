/**
 * The WalletConnect chain adapter: pairs with a phone or desktop wallet through a relay. This module
 * only registers the connector; the engine (./engine) is loaded with import() the first time a
 * method needs it, and @walletconnect/sign-client only when a pairing starts or a stored session is
 * restored. Primary namespace eip155; accounts of the other six families come back through
 * ConnectResult.namespaces and the namespace argument of the context's events.
 */
import type { AdapterContext, ChainAdapter } from '@portico/headless'
import { CHAIN_NAMESPACES } from '@portico/headless'
import { WALLETCONNECT_ICON } from './icon'
import { WALLETCONNECT_CONNECTOR_ID, WC_CAPABILITIES, type WalletConnectAdapterOptions, type WalletConnectEngine } from './options'

export { WALLETCONNECT_ICON } from './icon'
export { isLoopback } from './loopback'
export { WALLETCONNECT_CONNECTOR_ID, WC_CAPABILITIES, type WalletConnectAdapterOptions } from './options'

/** The WalletConnect adapter (connector id 'walletConnect', type 'walletConnect'). */
export function walletConnectAdapter(options: WalletConnectAdapterOptions): ChainAdapter {
  let ctx: AdapterContext | undefined
  let engine: Promise<WalletConnectEngine> | undefined
  const load = (): Promise<WalletConnectEngine> =>
    (engine ??= import('./engine')
      .then(({ createEngine }) => createEngine(options, () => ctx))
      .catch((error: unknown) => {
        engine = undefined
        throw error
      }))

  return {
    namespace: 'eip155',
    namespaces: CHAIN_NAMESPACES,
    capabilities: WC_CAPABILITIES,

    setup(context) {
      ctx = context
      context.setConnectors([
        {
          id: WALLETCONNECT_CONNECTOR_ID,
          name: options.name ?? 'WalletConnect',
          type: 'walletConnect',
          namespace: 'eip155',
          imageUrl: options.imageUrl ?? WALLETCONNECT_ICON,
        },
      ])
      return () => {
        const loaded = engine
        engine = undefined
        ctx = undefined
        void loaded?.then(
          (e) => e.destroy(),
          () => undefined,
        )
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
    transfer: async (p) => (await load()).transfer(p),
    writeContract: async (p) => (await load()).writeContract(p),
    signTypedData: async (p) => (await load()).signTypedData(p),
    sendCalls: async (p) => (await load()).sendCalls(p),
    getCallsStatus: async (p) => (await load()).getCallsStatus(p),
    getCapabilities: async (p) => (await load()).getCapabilities(p),
    request: async (p) => (await load()).request(p),
    // Receipts are read from the chain: no session (and no sign-client) needed.
    waitForReceipt: async (p) => (await load()).waitForReceipt(p),
  }
}
