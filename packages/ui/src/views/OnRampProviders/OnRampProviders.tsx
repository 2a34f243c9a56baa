import { type OnRampAmountError, shortenAddress, type TokenBalance } from '@portico/headless'
import { useNetwork, useOnRamp, useRouter, useTokenBalances } from '@portico/headless/react'
import { type ReactNode, useEffect, useState } from 'react'
import type { Messages } from '../../messages'
import { codeText } from '../../messages/codes'
import { useMessages } from '../../messages/context'
import { useNumberFormat } from '../../messages/numbers'
import { DepositFromExchangeEntry } from '../PayWithExchange/DepositFromExchangeEntry'
import { currencySymbol, fiatText, limitText, providerName, tokenText } from './format'
import { type OnRampProviderDisplay, OnRampProvidersView } from './OnRampProvidersView'

/** SPEC §9 limits, worded: 'The minimum is 10.00 USD', 'The maximum is 7,500.00 USD'. */
export const amountErrorText = (e: OnRampAmountError, messages: Messages, locale = 'en-US'): string =>
  (e.kind === 'min' ? messages.onramp.amountMin : messages.onramp.amountMax)(limitText(e.limit, locale), e.currency)

/** The icon the account's balances give a symbol (the purchase currencies carry none), case-insensitive. */
export const iconFor = (balances: readonly TokenBalance[], symbol: string | undefined): string | undefined =>
  symbol ? balances.find((b) => b.symbol.toUpperCase() === symbol.toUpperCase() && b.iconUrl)?.iconUrl || undefined : undefined

export type OnRampProvidersProps = {
  /** Other ways to fund the wallet, under the providers. @default the "Deposit from an exchange" entry (nothing when pay with exchange is not available) */
  exchangeEntry?: ReactNode
}

/**
 * OnRampProviders (issue 14): renders useOnRamp. Fetches the options once (a failure offers a retry);
 * the amount, the presets, the currency (→ OnRampFiatSelect) and the token (→ OnRampTokenSelect);
 * the providers with their quotes; choosing one opens its window inside the click, and the waiting
 * panel stays while the window is open ('Back to wallet' → Account).
 */
export function OnRampProviders({ exchangeEntry = <DepositFromExchangeEntry /> }: OnRampProvidersProps = {}) {
  const messages = useMessages()
  const f = useNumberFormat()
  const { locale } = f
  const onramp = useOnRamp()
  const [copied, setCopied] = useState(false)
  const router = useRouter()
  const { network } = useNetwork()
  const { tokenBalance } = useTokenBalances({ fetchOnMount: false })
  const { pending, supported, initialized, loading, errorCode, initialize } = onramp
  const error = codeText(errorCode, messages)
  useEffect(() => {
    if (pending || !supported || initialized || loading || error) return
    void initialize()
  }, [pending, supported, initialized, loading, error, initialize])

  const currency = onramp.paymentCurrency?.id
  const quotedCount = onramp.quotes.filter((q) => q.purchaseAmount).length
  const providers: OnRampProviderDisplay[] = onramp.providers.map((id) => {
    const q = onramp.quotes.find((x) => x.provider === id)
    return {
      id,
      name: providerName(id),
      ...(q?.purchaseAmount ? { amount: tokenText(q.purchaseAmount, locale) } : {}),
      ...(q?.providerFee && currency ? { fee: fiatText(q.providerFee, currency, locale) } : {}),
      ...(onramp.quoteErrorCodes[id] ? { error: codeText(onramp.quoteErrorCodes[id], messages) } : {}),
      // 'Best' only means something beside another quote.
      best: quotedCount > 1 && onramp.bestProvider === id,
    }
  })
  const selected = onramp.selectedProvider?.name
  const waiting =
    selected && (onramp.opening || onramp.inProgress) ? { provider: providerName(selected), opening: onramp.opening } : undefined
  const purchase = onramp.purchaseCurrency
  const busy = pending || (supported && !initialized && !error)
  return (
    <OnRampProvidersView
      loading={busy}
      unsupported={!pending && !supported}
      optionsError={!initialized && !loading && error ? error : undefined}
      onRetryOptions={() => void initialize()}
      noCurrencyOn={initialized && !onramp.network ? (network?.name ?? '') || undefined : undefined}
      onSwitchNetwork={() => router.push('Networks')}
      amount={onramp.paymentAmount}
      onAmount={onramp.setPaymentAmount}
      currency={currency ? { code: currency, symbol: currencySymbol(currency, locale) } : undefined}
      onCurrency={() => router.push('OnRampFiatSelect')}
      presets={currency ? onramp.presetAmounts.map((amount) => ({ amount, label: fiatText(amount, currency, locale) })) : []}
      onPreset={onramp.setPaymentAmount}
      amountError={onramp.amountError ? amountErrorText(onramp.amountError, messages, locale) : undefined}
      token={
        purchase && {
          symbol: purchase.symbol,
          name: purchase.name,
          iconUrl: iconFor(tokenBalance, purchase.symbol),
          network: onramp.network?.display_name,
        }
      }
      onToken={() => router.push('OnRampTokenSelect')}
      providers={providers}
      quoting={onramp.quotesLoading}
      canBuy={onramp.ready}
      feeRange={messages.onramp.feeRange(onramp.feeRange.min, onramp.feeRange.max)}
      // The window must open in the click: openProvider opens it before its first await.
      onProvider={(id) => {
        if (!onramp.pending) void onramp.openProvider(id)
      }}
      onRetryQuotes={() => void onramp.fetchQuotes()}
      waiting={waiting}
      onOpenAgain={() => {
        if (selected && !onramp.pending) void onramp.openProvider(selected)
      }}
      onDone={() => router.reset('Account')}
      // A provider's page was opened (its url is kept until the amount or currency changes) and its window is closed now.
      returnedFrom={selected && onramp.selectedProvider?.url && !waiting ? providerName(selected) : undefined}
      purchased={
        onramp.purchase && {
          amount: `${f.balance(onramp.purchase.amount)} ${onramp.purchase.symbol}`,
          ...(onramp.purchase.hash
            ? {
                hash: onramp.purchase.hash,
                shortHash: shortenAddress(onramp.purchase.hash, 8, 8),
                copied,
                onCopy: () => {
                  void globalThis.navigator?.clipboard?.writeText(onramp.purchase?.hash ?? '').catch(() => undefined)
                  setCopied(true)
                },
              }
            : {}),
          ...(onramp.purchase.explorerUrl ? { explorerUrl: onramp.purchase.explorerUrl } : {}),
        }
      }
      error={initialized && error && !onramp.errorOnQuote ? error : undefined}
      exchangeEntry={exchangeEntry}
    />
  )
}
