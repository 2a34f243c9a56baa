import { useDisconnect, useNetwork } from '@portico/headless/react'
import { toEntry, useSelectNetwork } from '../Networks/Networks'
import { UnsupportedChainView } from './UnsupportedChainView'

export function UnsupportedChain() {
  const { networks } = useNetwork()
  const { disconnect } = useDisconnect()
  const select = useSelectNetwork()
  return <UnsupportedChainView networks={networks.map(toEntry)} onSelect={select} onDisconnect={() => void disconnect()} />
}
