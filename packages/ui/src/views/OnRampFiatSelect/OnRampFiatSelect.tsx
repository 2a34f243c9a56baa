import { useOnRamp, useRouter } from '@portico/headless/react'
import { useMessages } from '../../messages/context'
import { currencyName, currencySymbol, limitText } from '../OnRampProviders/format'
import { OnRampFiatSelectView } from './OnRampFiatSelectView'

/** OnRampFiatSelect (issue 14): useOnRamp's payment currencies with their limits; a choice sets it (the quotes follow) and goes back. */
export function OnRampFiatSelect() {
  const messages = useMessages()
  const onramp = useOnRamp()
  const router = useRouter()
  return (
    <OnRampFiatSelectView
      currencies={onramp.paymentCurrencies.map((c) => {
        const l = onramp.currencyLimits[c.id]
        return {
          id: c.id,
          name: currencyName(c.id),
          symbol: currencySymbol(c.id),
          ...(l ? { limits: messages.onramp.limits(limitText(l.min), limitText(l.max), c.id) } : {}),
        }
      })}
      currentId={onramp.paymentCurrency?.id}
      onSelect={(id) => {
        onramp.setPaymentCurrency(id)
        router.goBack()
      }}
    />
  )
}
