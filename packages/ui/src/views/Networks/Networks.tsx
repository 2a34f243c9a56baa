import { useAccount, useNetwork } from '@portico/headless/react'
import { type NetworkAssets, useNetworkImageUrl } from '../shared/NetworkImage'
import { NetworksView } from './NetworksView'

/** A network as a list entry, its logo resolved by `imageOf` (useNetworkImageUrl). */
export const toEntry =
  (imageOf: (n: NetworkAssets) => string | undefined) =>
  (n: { caipNetworkId: string; name: string; testnet?: boolean } & NetworkAssets) => ({
    caipNetworkId: n.caipNetworkId,
    name: n.name,
    imageUrl: imageOf(n),
    testnet: n.testnet,
  })

export function Networks() {
  const { networks, network, chooseNetwork } = useNetwork()
  const { isConnected } = useAccount()
  const imageOf = useNetworkImageUrl()
  return (
    <NetworksView
      networks={networks.map(toEntry(imageOf))}
      current={network?.caipNetworkId}
      connected={isConnected}
      onSelect={(id) => {
        const target = networks.find((n) => n.caipNetworkId === id)
        if (target) chooseNetwork(target)
      }}
    />
  )
}
