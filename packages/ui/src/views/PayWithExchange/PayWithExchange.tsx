import { formatBalance, type RouteData, shortenAddress, trimZeros } from '@portico/headless'
import { useNetwork, usePayWithExchange, useRouter } from '@portico/headless/react'
import { useEffect, useState } from 'react'
import { codeText } from '../../messages/codes'
import { useMessages } from '../../messages/context'
import { useNumberFormat } from '../../messages/numbers'
import { useNetworkImageUrl } from '../shared/NetworkImage'
import { type ExchangeDisplay, PayWithExchangeView } from './PayWithExchangeView'

/** The amounts offered as chips (USD). */
export const AMOUNT_PRESETS = ['10', '50', '100'] as const

/** A token amount as shown in `locale`: grouped, up to the 8 decimals headless keeps, trailing zeros dropped ('1234.5' → '1,234.5'). */
export const tokenAmountText = (amount: string, locale = 'en-US'): string => {
  const text = formatBalance(amount, 8, locale)
  return trimZeros(text)
}

/**
 * PayWithExchange (issue 14): renders usePayWithExchange. Asks the flow to start on each change (the
 * flow starts once per network, and applies the route data of `open({ view: 'PayWithExchange', data })`
 * as its preset once); the phase, the failure and where each error shows are the flow's. The asset
 * pill opens PayWithExchangeSelectAsset; an exchange pays through it (payWithExchange is called in the
 * click itself, so the popup is not blocked). Then the payment's panels: waiting (Cancel stops it),
 * success (Copy, explorer, Done → Account), failure (Try again with the same exchange, or another).
 */
export function PayWithExchange() {
  const messages = useMessages()
  const f = useNumberFormat()
  const ex = usePayWithExchange()
  const router = useRouter()
  const { network, networks } = useNetwork()
  const imageUrlOf = useNetworkImageUrl()
  const data = router.entry.view === 'PayWithExchange' ? (router.entry.data as RouteData<'PayWithExchange'>) : undefined
  const networkId = network?.caipNetworkId
  const [copied, setCopied] = useState(false)
  const { pending, available, start, paymentAsset } = ex
  // The flow decides whether this is a start (once per network, the preset once); here it is only asked again when those change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the state and the network listed are when to ask again, not inputs
  useEffect(() => {
    if (!pending) void start(data)
  }, [pending, available, start, paymentAsset, data, networkId])

  const m = messages.exchange
  const payment = ex.currentPayment
  const { exchangeId, failure } = ex
  const exchange: ExchangeDisplay | undefined = exchangeId
    ? (ex.exchanges.find((x) => x.id === exchangeId) ?? { id: exchangeId, name: exchangeId })
    : undefined
  const assetNetwork = paymentAsset ? networks.find((n) => n.caipNetworkId === paymentAsset.network) : undefined
  const loading = !ex.pending && ex.available ? ex.starting : ex.pending

  const pay = (id: string) => {
    setCopied(false)
    // In the click's task: the flow opens the exchange's window before anything else. Its failures are in `error`.
    void ex.payWithExchange(id).catch(() => undefined)
  }
  const hash = payment?.result

  return (
    <PayWithExchangeView
      phase={ex.phase}
      loading={loading}
      unavailable={
        !ex.pending && !ex.available ? 'unavailable' : !loading && !paymentAsset && network ? { network: network.name } : undefined
      }
      onSwitchNetwork={() => router.push('Networks')}
      asset={
        paymentAsset && {
          symbol: paymentAsset.metadata.symbol,
          iconUrl: paymentAsset.metadata.iconUrl,
          networkName: assetNetwork?.name ?? paymentAsset.network,
          networkId: paymentAsset.network,
          networkImageUrl: imageUrlOf(assetNetwork),
        }
      }
      onAsset={ex.assets.length > 1 ? () => router.push('PayWithExchangeSelectAsset') : undefined}
      amount={ex.amount}
      onAmount={ex.setAmount}
      presets={AMOUNT_PRESETS}
      tokenAmount={ex.tokenAmount ? tokenAmountText(ex.tokenAmount, f.locale) : ''}
      priceLoading={ex.priceLoading}
      priceError={ex.priceError && codeText(ex.priceError, messages)}
      onRetryPrice={() => void ex.fetchTokenPrice()}
      exchanges={ex.exchanges}
      exchangesLoading={ex.isLoading}
      exchangesError={ex.exchangesError && codeText(ex.exchangesError, messages)}
      onRetryExchanges={() => void ex.fetchExchanges()}
      canPay={ex.tokenAmount !== '' && !ex.priceLoading}
      onExchange={pay}
      error={ex.formError && codeText(ex.formError, messages)}
      exchange={exchange}
      status={payment?.status === 'IN_PROGRESS' || payment?.status === 'UNKNOWN' ? payment.status : 'opening'}
      onCancel={ex.resetPayment}
      usd={ex.amount ? f.usd(Number(ex.amount)) : undefined}
      hash={hash}
      shortHash={hash ? shortenAddress(hash, 8, 8) : undefined}
      explorerUrl={payment?.explorerUrl}
      copied={copied}
      onCopy={() => {
        if (!hash) return
        void globalThis.navigator?.clipboard
          ?.writeText(hash)
          .then(() => setCopied(true))
          .catch(() => undefined)
      }}
      onDone={() => {
        ex.resetPayment()
        router.reset('Account')
      }}
      failure={failure && (failure.reason === 'paymentFailed' ? m.failed(exchange?.name ?? '') : codeText(failure.error, messages))}
      failureHint={failure?.reason === 'popupBlocked' ? m.popupHint : failure?.reason === 'statusUnknown' ? m.statusHint : undefined}
      onTryAgain={exchangeId ? () => pay(exchangeId) : undefined}
      onBack={ex.resetPayment}
    />
  )
}
