import type { WalletFlow } from '../core/wallet/wallet'
import type { AdapterCapability } from '../adapters'
import type { ChainNamespace } from '../core/types'
import { usePortico } from './usePortico'
import { useStore } from '@nanostores/react'

export interface UseWalletOptions {
  /** The namespace whose account acts. @default the active namespace */
  namespace?: ChainNamespace
}

export interface UseWalletReturn {
  /** What the namespace's adapter declares beyond sign and send (transfers, typed data, EIP-5792 …). @default [] */
  capabilities: readonly AdapterCapability[]
  signMessage: (message: string) => Promise<string>
  sendTransaction: (params: Parameters<WalletFlow['sendTransaction']>[0]) => Promise<string>
  /** Native or token transfer; 'Requested RPC call is not allowed' when the adapter cannot. */
  transfer: (params: Parameters<WalletFlow['transfer']>[0]) => Promise<string>
  writeContract: (params: Parameters<WalletFlow['writeContract']>[0]) => Promise<string>
  signTypedData: (params: Parameters<WalletFlow['signTypedData']>[0]) => Promise<string>
  sendCalls: (params: Parameters<WalletFlow['sendCalls']>[0]) => Promise<{ id: string }>
  getCallsStatus: (id: string) => ReturnType<WalletFlow['getCallsStatus']>
  /** {} when the wallet cannot tell (SPEC §8). */
  getCapabilities: () => ReturnType<WalletFlow['getCapabilities']>
  waitForReceipt: (hash: string, opts?: { timeoutMs?: number }) => ReturnType<WalletFlow['waitForReceipt']>
}

/** Wallet operations of the connected account (SPEC §7), checked against the adapter's capabilities. */
export function useWallet(options: UseWalletOptions = {}): UseWalletReturn {
  const { wallet, chain } = usePortico()
  const active = useStore(chain.$activeChain)
  const namespace = options.namespace ?? active
  // Re-render when the connection changes (another adapter may hold the namespace).
  useStore(chain.$account)
  const opts = { namespace }
  return {
    capabilities: wallet.capabilities(namespace),
    signMessage: (message) => wallet.signMessage(message, opts),
    sendTransaction: (params) => wallet.sendTransaction(params, opts),
    transfer: (params) => wallet.transfer(params, opts),
    writeContract: (params) => wallet.writeContract(params, opts),
    signTypedData: (params) => wallet.signTypedData(params, opts),
    sendCalls: (params) => wallet.sendCalls(params, opts),
    getCallsStatus: (id) => wallet.getCallsStatus(id, opts),
    getCapabilities: () => wallet.getCapabilities(opts),
    waitForReceipt: (hash, o = {}) => wallet.waitForReceipt(hash, { ...opts, ...o }),
  }
}
