import { useOnRamp, useRouter, useTokenBalances } from '@portico/headless/react'
import { iconFor } from '../OnRampProviders/OnRampProviders'
import { OnRampTokenSelectView } from './OnRampTokenSelectView'

/** OnRampTokenSelect (issue 14): useOnRamp's purchase currencies of the active network; a choice sets it (the quotes follow) and goes back. */
export function OnRampTokenSelect() {
  const onramp = useOnRamp()
  const router = useRouter()
  const { tokenBalance } = useTokenBalances({ fetchOnMount: false })
  const network = onramp.network?.display_name
  return (
    <OnRampTokenSelectView
      tokens={onramp.purchaseCurrencies.map((c) => ({
        id: c.id,
        name: c.name,
        symbol: c.symbol,
        iconUrl: iconFor(tokenBalance, c.symbol),
        ...(network ? { network } : {}),
      }))}
      currentId={onramp.purchaseCurrency?.id}
      onSelect={(id) => {
        onramp.setPurchaseCurrency(id)
        router.goBack()
      }}
    />
  )
}
