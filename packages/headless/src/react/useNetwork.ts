import { useStore } from '@nanostores/react'
import type { SwitchRoute } from '../core/network/network'
import type { CaipNetwork, ChainNamespace } from '../core/types'
import { usePortico } from './usePortico'

export interface UseNetworkReturn {
  /** The active network. @default options.defaultNetwork */
  network?: CaipNetwork
  /** Every network of the app. */
  networks: CaipNetwork[]
  /** The active network's chain id (number for EVM). */
  chainId?: number | string
  namespace?: ChainNamespace
  /** Switch now (asks the wallet when connected). Rejects on refusal ('User rejected the request'). */
  switchNetwork: (network: CaipNetwork) => Promise<void>
  /** Apply the routing rules of SPEC §2 (pushes SwitchNetwork / SwitchActiveChain; the same network: nothing). */
  selectNetwork: (network: CaipNetwork, opts?: { ignoreSwitchConfirmation?: boolean }) => SwitchRoute
  /** A network picked from a list: the routing rules, and the network already in use goes back (or closes). */
  chooseNetwork: (network: CaipNetwork) => SwitchRoute
  /** Is the wallet (or the selection when not connected) on one of the app's networks? @default true */
  isSupported: boolean
}

/** The active network and switching. */
export function useNetwork(): UseNetworkReturn {
  const portico = usePortico()
  const global = useStore(portico.chain.$global)
  const isSupported = useStore(portico.network.$isSupported)
  const network = global.activeCaipNetwork
  return {
    network,
    networks: portico.options.networks,
    chainId: network?.id,
    namespace: global.activeChain,
    switchNetwork: portico.network.switchNetwork,
    selectNetwork: portico.network.selectNetwork,
    chooseNetwork: portico.network.chooseNetwork,
    isSupported,
  }
}
