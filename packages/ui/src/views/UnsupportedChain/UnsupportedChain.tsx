import { useDisconnect, useNetwork } from '@portico/headless/react'
import { toEntry } from '../Networks/Networks'
import { UnsupportedChainView } from './UnsupportedChainView'

export function UnsupportedChain() {
  const { networks, chooseNetwork } = useNetwork()
  const { disconnect } = useDisconnect()
  return (
    <UnsupportedChainView
      networks={networks.map(toEntry)}
      onSelect={(id) => {
        const target = networks.find((n) => n.caipNetworkId === id)
        if (target) chooseNetwork(target)
      }}
      onDisconnect={() => void disconnect()}
    />
  )
}
