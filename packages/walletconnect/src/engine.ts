/**
 * The WalletConnect engine: pairing, session, events and requests over @walletconnect/sign-client.
 * This module is loaded with import() by the adapter the first time it is needed, and it loads
 * sign-client itself (another import()) only when a pairing starts or a stored session is restored.
 * Two concerns, a module each: the session (./session: sign-client, pairing, restore, events,
 * switching, routing a call to the account's namespace) and the wallet operations over it
 * (./operations: balances, signatures, transactions, contract calls, receipts).
 */
import type { AdapterContext } from '@portico/headless'
import { createOperations } from './operations'
import type { WalletConnectAdapterOptions, WalletConnectEngine } from './options'
import { createSession } from './session'

export { adr036SignDoc } from './operations'

/** The engine behind walletConnectAdapter; `context()` is the adapter's current setup context. */
export function createEngine(options: WalletConnectAdapterOptions, context: () => AdapterContext | undefined): WalletConnectEngine {
  const session = createSession(options, context)
  return { ...session.lifecycle, ...createOperations(options, session) }
}
