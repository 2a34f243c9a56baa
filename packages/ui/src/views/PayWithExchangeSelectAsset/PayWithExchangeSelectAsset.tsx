import type { PaymentAsset } from '@portico/headless'
import { useNetwork, usePayWithExchange, useRouter } from '@portico/headless/react'
import { useNetworkImageUrl } from '../shared/NetworkImage'
import { PayWithExchangeSelectAssetView } from './PayWithExchangeSelectAssetView'

const idOf = (a: Pick<PaymentAsset, 'network' | 'asset'>): string => `${a.network}/${a.asset}`

/** PayWithExchangeSelectAsset (issue 14): usePayWithExchange's assets; a choice sets the payment asset (its price and exchanges follow) and goes back. */
export function PayWithExchangeSelectAsset() {
  const ex = usePayWithExchange()
  const router = useRouter()
  const { networks } = useNetwork()
  const imageUrlOf = useNetworkImageUrl()
  return (
    <PayWithExchangeSelectAssetView
      assets={ex.assets.map((a) => {
        const network = networks.find((n) => n.caipNetworkId === a.network)
        return {
          id: idOf(a),
          name: a.metadata.name,
          symbol: a.metadata.symbol,
          iconUrl: a.metadata.iconUrl,
          networkName: network?.name ?? a.network,
          networkId: a.network,
          networkImageUrl: imageUrlOf(network),
        }
      })}
      currentId={ex.paymentAsset && idOf(ex.paymentAsset)}
      onSelect={(id) => {
        const asset = ex.assets.find((a) => idOf(a) === id)
        if (asset) void ex.setPaymentAsset(asset).catch(() => undefined)
        router.goBack()
      }}
    />
  )
}
