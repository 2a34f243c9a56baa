import { useOnRamp, useRouter } from '@portico/headless/react'
import { useMessages } from '../../messages/context'
import { useNumberFormat } from '../../messages/numbers'
import { currencyName, currencySymbol, limitText } from '../OnRampProviders/format'
import { OnRampFiatSelectView } from './OnRampFiatSelectView'

/** OnRampFiatSelect (issue 14): useOnRamp's payment currencies with their limits; a choice sets it (the quotes follow) and goes back. */
export function OnRampFiatSelect() {
  const messages = useMessages()
  const { locale } = useNumberFormat()
  const onramp = useOnRamp()
  const router = useRouter()
  return (
    <OnRampFiatSelectView
      currencies={onramp.paymentCurrencies.map((c) => {
        const l = onramp.currencyLimits[c.id]
        return {
          id: c.id,
          name: currencyName(c.id, locale),
          symbol: currencySymbol(c.id, locale),
          ...(l ? { limits: messages.onramp.limits(limitText(l.min, locale), limitText(l.max, locale), c.id) } : {}),
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
