import { useDisconnect, useNetwork } from '@portico/headless/react'
import { toEntry } from '../Networks/Networks'
import { useNetworkImageUrl } from '../shared/NetworkImage'
import { UnsupportedChainView } from './UnsupportedChainView'

export function UnsupportedChain() {
  const { networks, chooseNetwork } = useNetwork()
  const { disconnect } = useDisconnect()
  const imageOf = useNetworkImageUrl()
  return (
    <UnsupportedChainView
      networks={networks.map(toEntry(imageOf))}
      onSelect={(id) => {
        const target = networks.find((n) => n.caipNetworkId === id)
        if (target) chooseNetwork(target)
      }}
      onDisconnect={() => void disconnect()}
    />
  )
}
