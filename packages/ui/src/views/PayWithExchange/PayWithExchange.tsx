import { ERRORS, formatBalance, formatUsd, type RouteData, shortenAddress, trimZeros } from '@portico/headless'
import { useBanner, useNetwork, usePayWithExchange, useRouter } from '@portico/headless/react'
import { useEffect, useRef, useState } from 'react'
import { useMessages } from '../../messages/context'
import { useNetworkImageUrl } from '../shared/NetworkImage'
import { type ExchangeDisplay, type PayWithExchangePhase, PayWithExchangeView } from './PayWithExchangeView'

/** The amounts offered as chips (USD). */
export const AMOUNT_PRESETS = ['10', '50', '100'] as const

/** Route data already used as a preset: coming back from the asset picker does not apply it again. */
const applied = new WeakSet<object>()

/** A token amount as shown: grouped, up to the 8 decimals headless keeps, trailing zeros dropped ('1234.5' → '1,234.5'). */
export const tokenAmountText = (amount: string): string => {
  const text = formatBalance(amount, 8)
  return trimZeros(text)
}

/**
 * PayWithExchange (issue 14): renders usePayWithExchange. Starts the flow once per network (the route
 * data of `open({ view: 'PayWithExchange', data })` is initialize's preset, applied once); the asset
 * pill opens PayWithExchangeSelectAsset; an exchange pays through it (payWithExchange is called in the
 * click itself, so the popup is not blocked). Then the payment's panels: waiting (Cancel stops it),
 * success (Copy, explorer, Done → Account), failure (Try again with the same exchange, or another).
 */
export function PayWithExchange() {
  const messages = useMessages()
  const ex = usePayWithExchange()
  const router = useRouter()
  const { network, networks } = useNetwork()
  const imageUrlOf = useNetworkImageUrl()
  const banner = useBanner()
  const data = router.entry.view === 'PayWithExchange' ? (router.entry.data as RouteData<'PayWithExchange'>) : undefined
  const networkId = network?.caipNetworkId
  // The network the flow was started on here (one start per network), and whether that start ended.
  const started = useRef<string | undefined>(undefined)
  const [startedOn, setStartedOn] = useState<string>()
  // The exchange chosen last: 'Try again' after a blocked popup has no payment to take it from.
  const [chosen, setChosen] = useState<string>()
  const [copied, setCopied] = useState(false)
  const { pending, available, initialize, paymentAsset } = ex
  useEffect(() => {
    if (pending || !available) return
    const preset = data && !applied.has(data) ? data : undefined
    if (preset) applied.add(preset)
    if (!preset && (paymentAsset || started.current === networkId)) return
    started.current = networkId
    void initialize(preset).finally(() => setStartedOn(networkId))
  }, [pending, available, initialize, paymentAsset, data, networkId])

  const m = messages.exchange
  const payment = ex.currentPayment
  const popupBlocked = ex.error === ERRORS.createPopup
  const phase: PayWithExchangePhase = ex.isPaymentInProgress
    ? 'waiting'
    : payment?.status === 'SUCCESS'
      ? 'success'
      : payment?.status === 'FAILED' || payment?.status === 'UNKNOWN' || popupBlocked
        ? 'failed'
        : 'form'
  const exchangeId = payment?.exchangeId ?? chosen
  const exchange: ExchangeDisplay | undefined = exchangeId
    ? (ex.exchanges.find((x) => x.id === exchangeId) ?? { id: exchangeId, name: exchangeId })
    : undefined
  const assetNetwork = paymentAsset ? networks.find((n) => n.caipNetworkId === paymentAsset.network) : undefined
  const loading = !ex.pending && ex.available ? !paymentAsset && startedOn !== networkId : ex.pending
  const inPlace = [ERRORS.tokenPrice, ERRORS.getExchanges, ERRORS.assetNotSupported, ERRORS.createPopup, ERRORS.depositStatus] as string[]
  const exchangesError =
    ex.error === ERRORS.getExchanges || (ex.error === ERRORS.assetNotSupported && ex.exchanges.length === 0) ? ex.error : undefined
  // The price failed: the error says so, or (the listing's failure being the error) the price is still unset.
  const priceFailed =
    ex.error === ERRORS.tokenPrice ||
    (exchangesError !== undefined && !!paymentAsset && paymentAsset.price === undefined && !ex.priceLoading)

  const pay = (id: string) => {
    setChosen(id)
    setCopied(false)
    // In the click's task: the flow opens the exchange's window before anything else. Its failures are in `error`.
    void ex.payWithExchange(id).catch(() => undefined)
  }
  const failure = popupBlocked
    ? ERRORS.createPopup
    : payment?.status === 'FAILED'
      ? m.failed(exchange?.name ?? '')
      : payment?.status === 'UNKNOWN'
        ? (ex.error ?? ERRORS.depositStatus)
        : undefined
  const hash = payment?.result

  return (
    <PayWithExchangeView
      phase={phase}
      bannerOpen={banner.open}
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
      tokenAmount={ex.tokenAmount ? tokenAmountText(ex.tokenAmount) : ''}
      priceLoading={ex.priceLoading}
      priceError={priceFailed ? ERRORS.tokenPrice : undefined}
      onRetryPrice={() => void ex.fetchTokenPrice()}
      exchanges={ex.exchanges}
      exchangesLoading={ex.isLoading}
      exchangesError={exchangesError}
      onRetryExchanges={() => void ex.fetchExchanges()}
      canPay={ex.tokenAmount !== '' && !ex.priceLoading}
      onExchange={pay}
      error={
        ex.error && !inPlace.includes(ex.error) ? ex.error : ex.error === ERRORS.assetNotSupported && !exchangesError ? ex.error : undefined
      }
      exchange={exchange}
      status={payment?.status === 'IN_PROGRESS' || payment?.status === 'UNKNOWN' ? payment.status : 'opening'}
      onCancel={ex.resetPayment}
      usd={ex.amount ? formatUsd(Number(ex.amount)) : undefined}
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
      failure={failure}
      failureHint={popupBlocked ? m.popupHint : payment?.status === 'UNKNOWN' ? m.statusHint : undefined}
      onTryAgain={exchangeId ? () => pay(exchangeId) : undefined}
      onBack={ex.resetPayment}
    />
  )
}
