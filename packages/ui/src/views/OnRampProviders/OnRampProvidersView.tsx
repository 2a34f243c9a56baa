import { type ReactNode, useEffect, useId, useRef } from 'react'
import { Button } from '../../components/Button/Button'
import { Icon } from '../../components/Icon/icons'
import { ListItem } from '../../components/ListItem/ListItem'
import { block } from '../../components/Skeleton/Skeleton.css'
import { Spinner } from '../../components/Spinner/Spinner'
import { visuallyHidden } from '../../components/shared.css'
import { amountFontSize } from '../shared/amountFit'
import { useMessages } from '../../messages/context'
import { ErrorAlert } from '../shared/ErrorAlert'
import { ListError } from '../shared/ListError'
import { TokenIcon } from '../shared/TokenIcon'
import { TxHash } from '../shared/TxHash'
import * as styles from './OnRampProviders.css'

/** One provider as its row shows it, formatted. */
export type OnRampProviderDisplay = {
  /** The provider's id (what onProvider gives back). */
  id: string
  /** Its name as shown ('Coinbase'). */
  name: string
  /** What the payment buys there, formatted ('98.5'); omitted until quoted. @default undefined */
  amount?: string
  /** Its fee in the payment currency, formatted ('$1.50'); omitted: the default range is shown. @default undefined */
  fee?: string
  /** Its quote gives most. @default false */
  best?: boolean
  /** Why it gave no quote ('HTTP status code: 500'). @default undefined */
  error?: string
}

export type OnRampPresetDisplay = {
  /** The amount it sets ('50'). */
  amount: string
  /** As shown ('$50'). */
  label: string
}

export type OnRampProvidersViewProps = {
  /** The options are being fetched: skeletons where the currencies and providers go. @default false */
  loading?: boolean
  /** On-ramp is off for this account (flag, namespace): a notice instead of the form. @default false */
  unsupported?: boolean
  /** The options failed: this text and a retry instead of the form. @default undefined */
  optionsError?: string
  onRetryOptions?: () => void
  /** The active network has no purchase currency: its name, in a notice with 'Switch network'. @default undefined */
  noCurrencyOn?: string
  onSwitchNetwork?: () => void
  /** The fiat amount as masked by headless (2 decimals). @default '' */
  amount?: string
  onAmount?: (text: string) => void
  /** The payment currency: its code and symbol ('USD', '$'); none while loading. @default undefined */
  currency?: { code: string; symbol: string }
  /** The currency button: opens OnRampFiatSelect. */
  onCurrency?: () => void
  /** The one-press amounts within the limits. @default [] */
  presets?: readonly OnRampPresetDisplay[]
  onPreset?: (amount: string) => void
  /** The amount is outside the limits: the worded error ('The minimum is 10.00 USD'). @default undefined */
  amountError?: string
  /** What is bought: symbol, name, icon and the network's name. @default undefined */
  token?: { symbol: string; name: string; iconUrl?: string; network?: string }
  /** The token row: opens OnRampTokenSelect. */
  onToken?: () => void
  /** The providers, in order, each with its quote. @default [] */
  providers?: readonly OnRampProviderDisplay[]
  /** The quotes are on their way: a skeleton in each row. @default false */
  quoting?: boolean
  /** An amount within the limits is entered (the providers can be chosen); else a hint. @default false */
  canBuy?: boolean
  /** The default fee text when a provider gives none ('Fee 1–2%'). */
  feeRange: string
  /** A provider is chosen: open its window (called inside the click). */
  onProvider?: (id: string) => void
  /** Some quotes failed: ask them again. */
  onRetryQuotes?: () => void
  /**
   * A provider's window is open (or opening): the waiting panel instead of the providers. `opening`
   * while its page is asked for. @default undefined
   */
  waiting?: { provider: string; opening: boolean }
  /** In the waiting panel: open the provider's window again (inside the click). */
  onOpenAgain?: () => void
  /** In the waiting panel and the returned note: back to the wallet. */
  onDone?: () => void
  /** The provider's window was closed again (its name): a note that the purchase arrives on its own. @default undefined */
  returnedFrom?: string
  /**
   * The purchase arrived (issue 25 §1): what arrived ('29.5 USDC') and, once the history lists it, its
   * transaction (hash with Copy, the explorer link). Shown in place of the returned note. @default undefined
   */
  purchased?: { amount: string; hash?: string; shortHash?: string; explorerUrl?: string; copied?: boolean; onCopy?: () => void }
  /** A failure that is not a quote's (the provider page, the popup): an alert. @default undefined */
  error?: string
  /**
   * The place for other ways to fund the wallet, under the providers ("Deposit from an exchange", the
   * pay-with-exchange entry). @default undefined
   */
  exchangeEntry?: ReactNode
}

function Notice({ title, hint, action }: { title: string; hint?: string; action?: ReactNode }) {
  return (
    <p className={styles.notice} role="status" data-testid="portico-onramp-unsupported">
      <span className={styles.noticeIcon}>
        <Icon name="alert" size={18} />
      </span>
      <span className={styles.noticeText}>
        <span className={styles.noticeTitle}>{title}</span>
        {hint && <span>{hint}</span>}
        {action && <span className={styles.noticeAction}>{action}</span>}
      </span>
    </p>
  )
}

function ProviderRow({
  p,
  quoting,
  symbol,
  feeRange,
  disabled,
  onProvider,
}: {
  p: OnRampProviderDisplay
  quoting: boolean
  symbol: string
  feeRange: string
  disabled: boolean
  onProvider?: (id: string) => void
}) {
  const messages = useMessages()
  const m = messages.onramp
  const description = quoting ? (
    <span className={`${block} ${styles.barSkeleton}`} aria-hidden="true" data-testid="portico-onramp-quote-skeleton" />
  ) : p.error ? (
    <span className={styles.quoteError} data-testid="portico-onramp-quote-error">
      {m.noQuote}: {p.error}
    </span>
  ) : p.amount ? (
    <span className={styles.quote} data-testid="portico-onramp-quote">
      {m.youGet(p.amount, symbol)}
    </span>
  ) : undefined
  return (
    <ListItem
      title={
        <span className={styles.providerTitle}>
          {p.name}
          {p.best && !quoting && <span className={styles.best}>{m.best}</span>}
        </span>
      }
      description={description}
      leading={
        <span className={styles.providerTile} aria-hidden="true">
          {p.name.slice(0, 1).toUpperCase()}
        </span>
      }
      trailing={<span className={styles.fee}>{p.fee ? m.fee(p.fee) : feeRange}</span>}
      chevron
      disabled={disabled}
      onClick={() => onProvider?.(p.id)}
      data-testid="portico-onramp-provider"
      data-provider={p.id}
    />
  )
}

/**
 * OnRampProviders: the fiat amount (focused first) with its currency and the preset amounts, the
 * limits' error, what is bought (token and network), then the providers, each with what the amount
 * buys there and its fee; choosing one opens its window, and a waiting panel stays until it closes.
 * Skeletons while the options load; their failure with a retry; a notice where buying is not offered.
 */
export function OnRampProvidersView(props: OnRampProvidersViewProps) {
  const messages = useMessages()
  const {
    loading = false,
    unsupported = false,
    amount = '',
    currency,
    presets = [],
    amountError,
    token,
    providers = [],
    quoting = false,
    canBuy = false,
    waiting,
    error,
  } = props
  const m = messages.onramp
  const amountId = useId()
  const errorId = useId()
  const providersId = useId()
  // The provider's window is open: the list that had focus is gone, so focus moves to 'Open again'.
  const openAgainRef = useRef<HTMLButtonElement>(null)
  const inWindow = Boolean(waiting && !waiting.opening)
  useEffect(() => {
    if (inWindow) openAgainRef.current?.focus()
  }, [inWindow])

  if (unsupported) {
    return (
      <div className={styles.view} data-testid="portico-onramp">
        <Notice title={m.unsupported} hint={m.unsupportedHint} />
      </div>
    )
  }
  if (props.optionsError) {
    return (
      <div className={styles.view} data-testid="portico-onramp">
        <ListError title={m.optionsFailed} detail={props.optionsError} retryLabel={m.retry} onRetry={props.onRetryOptions} />
      </div>
    )
  }
  if (props.noCurrencyOn) {
    return (
      <div className={styles.view} data-testid="portico-onramp">
        <Notice
          title={m.noCurrency(props.noCurrencyOn)}
          action={
            props.onSwitchNetwork && (
              <Button
                variant="secondary"
                size="sm"
                onClick={props.onSwitchNetwork}
                data-autofocus
                data-testid="portico-onramp-switch-network"
              >
                {m.switchNetwork}
              </Button>
            )
          }
        />
      </div>
    )
  }

  const symbol = token?.symbol ?? ''
  return (
    <div className={styles.view} data-testid="portico-onramp" aria-busy={loading || undefined}>
      {loading && (
        <span role="status" className={visuallyHidden} data-testid="portico-onramp-loading">
          {m.loading}
        </span>
      )}
      <div className={amountError ? `${styles.card} ${styles.cardInvalid}` : styles.card}>
        <label htmlFor={amountId} className={styles.cardLabel}>
          {m.youPay}
        </label>
        <div className={styles.amountRow}>
          <input
            id={amountId}
            aria-label={m.amount}
            className={styles.amountInput}
            style={{ fontSize: amountFontSize(amount, 28, 9) }}
            inputMode="decimal"
            autoComplete="off"
            spellCheck={false}
            placeholder={m.amountPlaceholder}
            value={amount}
            aria-invalid={amountError ? true : undefined}
            aria-describedby={amountError ? errorId : undefined}
            onChange={(e) => props.onAmount?.(e.target.value)}
            data-autofocus
            data-testid="portico-onramp-amount"
          />
          {loading || !currency ? (
            <span className={`${block} ${styles.pillSkeleton}`} aria-hidden="true" data-testid="portico-onramp-currency-skeleton" />
          ) : (
            <button
              type="button"
              className={styles.fiatPill}
              onClick={props.onCurrency}
              aria-label={m.changeFiat(currency.code)}
              data-testid="portico-onramp-currency"
            >
              <span className={styles.fiatSymbol} aria-hidden="true">
                {currency.symbol}
              </span>
              <span>{currency.code}</span>
              <Icon name="chevronRight" size={16} />
            </button>
          )}
        </div>
        {loading ? (
          <div className={styles.presets} aria-hidden="true">
            {[0, 1, 2, 3].map((i) => (
              <span key={i} className={`${block} ${styles.presetSkeleton}`} />
            ))}
          </div>
        ) : (
          presets.length > 0 && (
            <ul className={styles.presets} aria-label={m.presets} data-testid="portico-onramp-presets">
              {presets.map((p) => (
                <li key={p.amount}>
                  <button
                    type="button"
                    className={styles.preset}
                    aria-pressed={Number(amount) === Number(p.amount)}
                    aria-label={m.preset(p.label)}
                    onClick={() => props.onPreset?.(p.amount)}
                    data-testid="portico-onramp-preset"
                  >
                    {p.label}
                  </button>
                </li>
              ))}
            </ul>
          )
        )}
      </div>
      {amountError && (
        <p id={errorId} className={styles.amountError} role="alert" data-testid="portico-onramp-amount-error">
          <Icon name="error" size={16} />
          {amountError}
        </p>
      )}

      <div className={styles.section}>
        <h3 className={styles.heading}>{m.youBuy}</h3>
        {loading || !token ? (
          <div className={styles.list} aria-hidden="true">
            <span className={`${block} ${styles.rowSkeleton}`} data-testid="portico-onramp-token-skeleton" />
          </div>
        ) : (
          <ListItem
            title={token.symbol}
            description={token.network ? `${token.name} ${m.onNetwork(token.network)}` : token.name}
            leading={<TokenIcon iconUrl={token.iconUrl} symbol={token.symbol} size={40} />}
            chevron
            onClick={props.onToken}
            data-testid="portico-onramp-token"
          />
        )}
      </div>

      {!waiting && props.purchased && (
        <div className={styles.returned} role="status" data-testid="portico-onramp-purchased">
          <span className={styles.noticeIcon}>
            <Icon name="success" size={18} />
          </span>
          <span className={styles.noticeText}>
            <span className={styles.noticeTitle}>{m.purchaseDone}</span>
            <span data-testid="portico-onramp-purchased-amount">{m.arrived(props.purchased.amount)}</span>
            {props.purchased.hash && (
              <TxHash
                hash={props.purchased.hash}
                shortHash={props.purchased.shortHash}
                copied={props.purchased.copied ?? false}
                onCopy={props.purchased.onCopy}
                explorerUrl={props.purchased.explorerUrl}
                texts={messages.walletSend}
                testId="portico-onramp-purchased"
              />
            )}
            {props.onDone && (
              <span className={styles.noticeAction}>
                <Button variant="secondary" size="sm" onClick={props.onDone} data-testid="portico-onramp-purchased-done">
                  {m.done}
                </Button>
              </span>
            )}
          </span>
        </div>
      )}

      {!waiting && !props.purchased && props.returnedFrom && (
        <div className={styles.returned} role="status" data-testid="portico-onramp-returned">
          <span className={styles.noticeIcon}>
            <Icon name="success" size={18} />
          </span>
          <span className={styles.noticeText}>
            <span>{m.returned(props.returnedFrom)}</span>
            {props.onDone && (
              <span className={styles.noticeAction}>
                <Button variant="secondary" size="sm" onClick={props.onDone} data-testid="portico-onramp-returned-done">
                  {m.done}
                </Button>
              </span>
            )}
          </span>
        </div>
      )}

      {waiting ? (
        <div className={styles.waiting} role="status" data-testid="portico-onramp-waiting">
          <span className={styles.waitingIcon}>{waiting.opening ? <Spinner size={26} accent /> : <Icon name="external" size={24} />}</span>
          <p className={styles.waitingTitle}>{waiting.opening ? m.opening(waiting.provider) : m.waitingTitle}</p>
          {!waiting.opening && <p className={styles.waitingText}>{m.waitingText(waiting.provider)}</p>}
          {!waiting.opening && (
            <span className={styles.waitingActions}>
              <Button
                ref={openAgainRef}
                variant="primary"
                fullWidth
                onClick={props.onOpenAgain}
                data-autofocus
                data-testid="portico-onramp-open-again"
              >
                {m.openAgain(waiting.provider)}
              </Button>
              {props.onDone && (
                <Button variant="ghost" fullWidth onClick={props.onDone} data-testid="portico-onramp-done">
                  {m.done}
                </Button>
              )}
            </span>
          )}
        </div>
      ) : (
        <div className={styles.section} data-testid="portico-onramp-providers">
          <h3 id={providersId} className={styles.heading}>
            {m.providers}
          </h3>
          {loading ? (
            <ul className={styles.list} aria-hidden="true">
              {[0, 1].map((i) => (
                <li key={i}>
                  <span className={`${block} ${styles.rowSkeleton}`} data-testid="portico-onramp-provider-skeleton" />
                </li>
              ))}
            </ul>
          ) : providers.length === 0 ? (
            <p className={styles.hint} data-testid="portico-onramp-no-providers">
              {m.noProviders}
            </p>
          ) : (
            <>
              <ul className={styles.list} aria-labelledby={providersId} aria-busy={quoting || undefined}>
                {providers.map((p) => (
                  <li key={p.id}>
                    <ProviderRow
                      p={p}
                      quoting={quoting}
                      symbol={symbol}
                      feeRange={props.feeRange}
                      disabled={!canBuy}
                      onProvider={props.onProvider}
                    />
                  </li>
                ))}
              </ul>
              {quoting && (
                <span role="status" className={visuallyHidden}>
                  {m.quoting}
                </span>
              )}
              {!canBuy && !amountError && (
                <p className={styles.hint} data-testid="portico-onramp-hint">
                  {m.enterAmount}
                </p>
              )}
              {!quoting && props.onRetryQuotes && providers.some((p) => p.error) && (
                <span className={styles.retryRow}>
                  <Button
                    variant="secondary"
                    size="sm"
                    icon={<Icon name="refresh" size={16} />}
                    onClick={props.onRetryQuotes}
                    data-testid="portico-onramp-retry-quotes"
                  >
                    {m.retryQuotes}
                  </Button>
                </span>
              )}
            </>
          )}
        </div>
      )}

      {/* Other ways to fund the wallet (the "Deposit from an exchange" entry), under the providers. */}
      {props.exchangeEntry}

      {error && <ErrorAlert testId="portico-onramp-error">{error}</ErrorAlert>}
    </div>
  )
}
