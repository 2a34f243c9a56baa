import { useModal, useNetwork, useRouter } from '@portico/headless/react'
import { NetworksView } from './NetworksView'

export const toEntry = (n: { caipNetworkId: string; name: string; assets?: { imageUrl?: string }; testnet?: boolean }) => ({
  caipNetworkId: n.caipNetworkId,
  name: n.name,
  imageUrl: n.assets?.imageUrl,
  testnet: n.testnet,
})

/** Picks a network: the SPEC §2 routing pushes SwitchNetwork / SwitchActiveChain, or nothing for the same one. */
export function useSelectNetwork() {
  const { networks, selectNetwork } = useNetwork()
  const router = useRouter()
  const { close } = useModal()
  return (caipNetworkId: string) => {
    const target = networks.find((n) => n.caipNetworkId === caipNetworkId)
    if (!target) return
    if (selectNetwork(target) === 'none') {
      if (router.history.length > 1) router.goBack()
      else close()
    }
  }
}

export function Networks() {
  const { networks, network } = useNetwork()
  const select = useSelectNetwork()
  return <NetworksView networks={networks.map(toEntry)} current={network?.caipNetworkId} onSelect={select} />
}
