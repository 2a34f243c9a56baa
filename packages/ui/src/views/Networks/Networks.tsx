import { useAccount, useNetwork } from '@portico/headless/react'
import { NetworksView } from './NetworksView'

export const toEntry = (n: { caipNetworkId: string; name: string; assets?: { imageUrl?: string }; testnet?: boolean }) => ({
  caipNetworkId: n.caipNetworkId,
  name: n.name,
  imageUrl: n.assets?.imageUrl,
  testnet: n.testnet,
})

export function Networks() {
  const { networks, network, chooseNetwork } = useNetwork()
  const { isConnected } = useAccount()
  return (
    <NetworksView
      networks={networks.map(toEntry)}
      current={network?.caipNetworkId}
      connected={isConnected}
      onSelect={(id) => {
        const target = networks.find((n) => n.caipNetworkId === id)
        if (target) chooseNetwork(target)
      }}
    />
  )
}
