import { useEffect, useId, useRef, useState } from 'react'
import { Button } from '../../components/Button/Button'
import { Icon } from '../../components/Icon/icons'
import { ListItem } from '../../components/ListItem/ListItem'
import { block } from '../../components/Skeleton/Skeleton.css'
import { Spinner } from '../../components/Spinner/Spinner'
import { visuallyHidden } from '../../components/shared.css'
import { amountFontSize } from '../shared/amountFit'
import { useMessages } from '../../messages/context'
import * as token from '../shared/Token.css'
import { TokenIcon } from '../shared/TokenIcon'
import { ErrorAlert } from '../shared/ErrorAlert'
import { TxHash } from '../shared/TxHash'
import { NetworkImage } from '../shared/NetworkImage'
import * as styles from './PayWithExchange.css'

/** The asset to pay in, as its pill and network line show it. */
export type ExchangeAssetDisplay = {
  symbol: string
  iconUrl?: string
  /** Its network's name ('Ethereum') and CAIP-2 id, and the network's logo. */
  networkName: string
  networkId: string
  networkImageUrl?: string
}

/** An exchange of the list. */
export type ExchangeDisplay = {
  id: string
  name: string
  imageUrl?: string
}

/** Where the payment is: the form, waiting for the exchange, done, or failed. */
export type PayWithExchangePhase = 'form' | 'waiting' | 'success' | 'failed'

export type PayWithExchangeViewProps = {
  /** @default 'form' */
  phase?: PayWithExchangePhase
  /** The flow is still loading or starting: skeletons where the asset, the amounts and the exchanges go. @default false */
  loading?: boolean
  /**
   * Deposits cannot be made here: the flag is off or the namespace has none (`'unavailable'`), or the
   * active network offers no asset (the network's name). A notice instead of the form. @default undefined
   */
  unavailable?: 'unavailable' | { network: string }
  /** With `unavailable`: the notice's 'Switch network' button; none without it. */
  onSwitchNetwork?: () => void

  // ——— the form ———
  /** The asset to pay in; none shows 'Select asset'. @default undefined */
  asset?: ExchangeAssetDisplay
  /** Opens the asset picker; without it the asset is shown but cannot be changed. */
  onAsset?: () => void
  /** The USD amount as masked by headless (SPEC §5, 2 decimals). @default '' */
  amount?: string
  onAmount?: (text: string) => void
  /** Amounts offered as one-press chips ('10', '50', '100'). @default [] */
  presets?: readonly string[]
  /** The token amount, formatted ('0.03333333'); '' until there are an amount and a price. @default '' */
  tokenAmount?: string
  /** The asset's price is on its way: a skeleton for the token amount. @default false */
  priceLoading?: boolean
  /** The price failed ('Cannot get token price'), with Retry. @default undefined */
  priceError?: string
  onRetryPrice?: () => void
  /** The exchanges (the first 2). @default [] */
  exchanges?: readonly ExchangeDisplay[]
  /** The exchanges are being listed: two skeleton rows. @default false */
  exchangesLoading?: boolean
  /** The listing failed ('Unable to get exchanges', 'Asset not supported'), with Try again. @default undefined */
  exchangesError?: string
  onRetryExchanges?: () => void
  /** The exchanges can be chosen (an amount and its token amount are there). @default true */
  canPay?: boolean
  /** An exchange chosen: pay through it (call usePayWithExchange's payWithExchange right here, in the click). */
  onExchange?: (id: string) => void
  /** A failure of the form's last step ('Unable to initiate payment', 'Incorrect amount' …). @default undefined */
  error?: string

  // ——— waiting, success, failure ———
  /** The exchange paid through (its name and logo), in the waiting, success and failure panels. @default undefined */
  exchange?: ExchangeDisplay
  /** While waiting: 'opening' (the exchange's page is on its way), IN_PROGRESS or UNKNOWN (a status request failed; still asking). @default 'opening' */
  status?: 'opening' | 'IN_PROGRESS' | 'UNKNOWN'
  /** Stop waiting (the polling stops; back to the form). */
  onCancel?: () => void
  /** On success: the USD amount, formatted ('$100.00'). @default undefined */
  usd?: string
  /** On success: the deposit's transaction hash, and as shown (shortened). @default undefined */
  hash?: string
  shortHash?: string
  /** On success: the hash's page on the network's block explorer; no explorer, no link. @default undefined */
  explorerUrl?: string
  /** The hash was copied. @default false */
  copied?: boolean
  onCopy?: () => void
  onDone?: () => void
  /** On failure: what went wrong (the exchange's FAILED, 'Unable to get deposit status', 'Could not create popup window'). @default undefined */
  failure?: string
  /** On failure: a hint under it ('Allow pop-ups for this site, then try again.'). @default undefined */
  failureHint?: string
  /** On failure: pay through the same exchange again (in the click: it opens the popup). */
  onTryAgain?: () => void
  /** On failure: back to the form, to choose another exchange. */
  onBack?: () => void
}

/** An exchange's logo, else its initial on a tile (decorative: the name is written beside it). */
function ExchangeLogo({ exchange }: { exchange: ExchangeDisplay }) {
  const [failed, setFailed] = useState<string>()
  if (exchange.imageUrl && failed !== exchange.imageUrl) {
    return (
      <img className={styles.exchangeImage} src={exchange.imageUrl} alt="" loading="lazy" onError={() => setFailed(exchange.imageUrl)} />
    )
  }
  return (
    <span className={styles.exchangeMonogram} aria-hidden="true">
      {exchange.name.slice(0, 1).toUpperCase()}
    </span>
  )
}

/**
 * The asset's pill: icon, symbol and a chevron; its name goes on with the network and 'Change asset'
 * (hidden text: the visible symbol starts the name). Without the picker, the same pill as plain text.
 */
function AssetPill({ asset, onClick }: { asset?: ExchangeAssetDisplay; onClick?: () => void }) {
  const messages = useMessages()
  const m = messages.exchange
  const content = (
    <>
      {asset && <TokenIcon iconUrl={asset.iconUrl} symbol={asset.symbol} size={28} />}
      <span className={token.tokenSymbol}>{asset ? asset.symbol : m.chooseAsset}</span>
      {asset && ' '}
      {asset && <span className={visuallyHidden}>{m.changeAsset(asset.networkName)}</span>}
      {onClick && <Icon name="chevronRight" size={16} />}
    </>
  )
  const className = asset ? token.tokenPill : `${token.tokenPill} ${token.tokenPillEmpty}`
  if (!onClick) {
    return (
      <span className={`${className} ${styles.pillStatic}`} data-testid="portico-exchange-asset">
        {content}
      </span>
    )
  }
  return (
    <button type="button" className={className} onClick={onClick} data-testid="portico-exchange-asset">
      {content}
    </button>
  )
}

/**
 * Pay with exchange: the USD amount (focused first) with its preset chips, the asset's pill (icon,
 * symbol; the picker) and network, the token amount (a skeleton while the price comes, 'Cannot get
 * token price' with Retry), and the first 2 exchanges (skeletons, 'Unable to get exchanges' with Try
 * again). Choosing one opens its window: then 'Complete the payment in the exchange's window' with the
 * status and Cancel; success with the amount, the hash (Copy) and the explorer link; failure with Try
 * again. Each panel puts focus on its main button when it appears.
 */
export function PayWithExchangeView(props: PayWithExchangeViewProps) {
  const { phase = 'form', loading = false } = props
  const rootRef = useRef<HTMLDivElement>(null)
  // A new panel (waiting, success, failure, back to the form) replaces the button that had focus:
  // focus moves to the panel's main control, unless the user is outside the view.
  const previous = useRef(phase)
  useEffect(() => {
    if (previous.current === phase) return
    previous.current = phase
    const root = rootRef.current
    const active = root?.ownerDocument.activeElement
    if (!root || (active && active !== active.ownerDocument.body && !root.contains(active) && active.isConnected)) return
    root.querySelector<HTMLElement>('[data-autofocus]')?.focus()
  }, [phase])
  return (
    <div ref={rootRef} data-testid="portico-exchange" data-phase={phase} aria-busy={loading || undefined}>
      {phase === 'waiting' ? (
        <Waiting {...props} />
      ) : phase === 'success' ? (
        <Success {...props} />
      ) : phase === 'failed' ? (
        <Failed {...props} />
      ) : (
        <Form {...props} />
      )}
    </div>
  )
}

function Form(props: PayWithExchangeViewProps) {
  const messages = useMessages()
  const {
    loading = false,
    unavailable,
    asset,
    amount = '',
    presets = [],
    tokenAmount = '',
    priceLoading = false,
    priceError,
    exchanges = [],
    exchangesLoading = false,
    exchangesError,
    canPay = true,
    error,
  } = props
  const m = messages.exchange
  const amountId = useId()
  const exchangesId = useId()
  const hintId = useId()
  const bar = (width: number) => <span className={`${block} ${styles.barSkeleton}`} style={{ width }} aria-hidden="true" />
  if (unavailable) {
    return (
      <div className={styles.view}>
        <p className={styles.notice} role="status" data-testid="portico-exchange-unavailable">
          <span className={styles.noticeIcon}>
            <Icon name="alert" size={18} />
          </span>
          <span className={styles.noticeText}>
            <span className={styles.noticeTitle}>{unavailable === 'unavailable' ? m.unavailable : m.noAssets(unavailable.network)}</span>
            <span>{m.unavailableHint}</span>
            {props.onSwitchNetwork && (
              <span className={styles.noticeAction}>
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={props.onSwitchNetwork}
                  data-autofocus
                  data-testid="portico-exchange-switch-network"
                >
                  {m.switchNetwork}
                </Button>
              </span>
            )}
          </span>
        </p>
      </div>
    )
  }
  const showList = !loading && !exchangesLoading && !exchangesError
  return (
    <div className={styles.view}>
      {loading && (
        <span role="status" className={visuallyHidden} data-testid="portico-exchange-loading">
          {m.loading}
        </span>
      )}
      <div className={styles.card}>
        <div className={styles.cardHead}>
          <label htmlFor={amountId} className={styles.cardLabel}>
            {m.amount}
          </label>
          {loading
            ? bar(88)
            : asset && (
                <span className={styles.network} data-testid="portico-exchange-network">
                  <span className={styles.networkMark}>
                    <NetworkImage name={asset.networkName} caipNetworkId={asset.networkId} imageUrl={asset.networkImageUrl} size={16} />
                  </span>
                  {m.onNetwork(asset.networkName)}
                </span>
              )}
        </div>
        <div className={styles.amountRow}>
          <span className={styles.currency} aria-hidden="true">
            {m.currency}
          </span>
          <input
            id={amountId}
            aria-label={m.amountLabel}
            className={styles.amountInput}
            style={{ fontSize: amountFontSize(amount, 24, 10) }}
            inputMode="decimal"
            autoComplete="off"
            spellCheck={false}
            placeholder={m.amountPlaceholder}
            value={amount}
            onChange={(e) => props.onAmount?.(e.target.value)}
            data-autofocus
            data-testid="portico-exchange-amount"
          />
          {loading ? (
            <span className={`${block} ${styles.pillSkeleton}`} aria-hidden="true" data-testid="portico-exchange-asset-skeleton" />
          ) : (
            <AssetPill asset={asset} onClick={props.onAsset} />
          )}
        </div>
        <div className={styles.tokenLine} data-testid="portico-exchange-token-amount">
          {loading || priceLoading ? (
            <>
              {bar(112)}
              <span className={visuallyHidden}>{m.gettingPrice}</span>
            </>
          ) : priceError ? (
            <>
              <span className={styles.priceError} role="alert">
                <Icon name="error" size={14} />
                {priceError}
              </span>
              {props.onRetryPrice && (
                <button
                  type="button"
                  className={styles.retryLink}
                  onClick={props.onRetryPrice}
                  title={m.retryPriceLabel}
                  data-testid="portico-exchange-price-retry"
                >
                  {m.retryPrice}
                </button>
              )}
            </>
          ) : tokenAmount && asset ? (
            <span className={styles.tokenText} title={`${tokenAmount} ${asset.symbol}`}>
              {m.tokenAmount(tokenAmount, asset.symbol)}
            </span>
          ) : null}
        </div>
      </div>

      {presets.length > 0 && (
        <ul className={styles.presets} aria-label={m.presetsLabel}>
          {presets.map((p) => (
            <li key={p}>
              <button
                type="button"
                className={styles.preset}
                aria-pressed={amount === p}
                onClick={() => props.onAmount?.(p)}
                data-testid="portico-exchange-preset"
              >
                {m.preset(p)}
              </button>
            </li>
          ))}
        </ul>
      )}

      {error && <ErrorAlert testId="portico-exchange-error">{error}</ErrorAlert>}

      <div className={styles.section}>
        <h3 id={exchangesId} className={styles.sectionTitle}>
          {m.exchanges}
        </h3>
        {(loading || exchangesLoading) && (
          <ul className={styles.list} aria-hidden="true" data-testid="portico-exchange-skeletons">
            <li className={`${block} ${styles.rowSkeleton}`} />
            <li className={`${block} ${styles.rowSkeleton}`} />
          </ul>
        )}
        {(loading || exchangesLoading) && (
          <span role="status" className={visuallyHidden}>
            {m.loadingExchanges}
          </span>
        )}
        {!loading && !exchangesLoading && exchangesError && (
          <div className={styles.listFailure} role="alert" data-testid="portico-exchange-list-error">
            <span className={styles.listFailureIcon}>
              <Icon name="error" size={16} />
            </span>
            <span className={styles.listFailureText}>{exchangesError}</span>
            {props.onRetryExchanges && (
              <button type="button" className={styles.retryLink} onClick={props.onRetryExchanges} data-testid="portico-exchange-list-retry">
                {m.retry}
              </button>
            )}
          </div>
        )}
        {showList && exchanges.length === 0 && <p className={styles.hint}>{m.noExchanges}</p>}
        {showList && exchanges.length > 0 && (
          <>
            <ul className={styles.list} aria-labelledby={exchangesId} data-testid="portico-exchange-list">
              {exchanges.map((x) => (
                <li key={x.id}>
                  <ListItem
                    title={x.name}
                    leading={<ExchangeLogo exchange={x} />}
                    chevron
                    disabled={!canPay}
                    aria-label={m.payWith(x.name)}
                    aria-describedby={canPay ? undefined : hintId}
                    onClick={() => props.onExchange?.(x.id)}
                    data-testid="portico-exchange-option"
                    data-exchange={x.id}
                  />
                </li>
              ))}
            </ul>
            {!canPay && (
              <p id={hintId} className={styles.hint}>
                {m.enterAmount}
              </p>
            )}
          </>
        )}
      </div>
    </div>
  )
}

function Waiting({ exchange, status = 'opening', onCancel }: PayWithExchangeViewProps) {
  const messages = useMessages()
  const m = messages.exchange
  const text = status === 'IN_PROGRESS' ? m.statusInProgress : status === 'UNKNOWN' ? m.statusChecking : m.statusOpening
  return (
    <div className={styles.panel} data-testid="portico-exchange-waiting">
      <span className={styles.waitingMark}>
        <span className={styles.waitingSpinner}>
          <Spinner size={72} accent />
        </span>
        {exchange && (
          <span className={styles.waitingLogo}>
            <ExchangeLogo exchange={exchange} />
          </span>
        )}
      </span>
      <h2 className={styles.heading}>{m.waitingTitle}</h2>
      {exchange && <p className={styles.sub}>{m.waitingHint(exchange.name)}</p>}
      <div className={styles.statusBox}>
        <span className={styles.statusTerm}>{m.status}</span>
        <span className={styles.statusValue} role="status" data-testid="portico-exchange-status">
          <span className={styles.statusDot} aria-hidden="true" />
          {text}
        </span>
      </div>
      <Button variant="secondary" fullWidth onClick={onCancel} data-autofocus data-testid="portico-exchange-cancel">
        {m.cancel}
      </Button>
    </div>
  )
}

function Success({
  asset,
  tokenAmount,
  usd,
  exchange,
  hash,
  shortHash,
  explorerUrl,
  copied = false,
  onCopy,
  onDone,
}: PayWithExchangeViewProps) {
  const messages = useMessages()
  const m = messages.exchange
  const sub = [usd, exchange && m.from(exchange.name)].filter(Boolean).join(' ')
  return (
    <div className={styles.panel} data-testid="portico-exchange-success">
      <span className={`${styles.badge} ${styles.badgeSuccess}`}>
        <Icon name="success" size={36} />
      </span>
      <h2 className={styles.heading} data-testid="portico-exchange-success-heading">
        {tokenAmount && asset ? m.depositHeading(tokenAmount, asset.symbol) : m.depositedTitle}
      </h2>
      {sub && <p className={styles.sub}>{sub}</p>}
      {hash && (
        <TxHash
          hash={hash}
          shortHash={shortHash}
          copied={copied}
          onCopy={onCopy}
          explorerUrl={explorerUrl}
          texts={m}
          testId="portico-exchange"
        />
      )}
      <Button variant="primary" fullWidth onClick={onDone} data-autofocus data-testid="portico-exchange-done">
        {m.done}
      </Button>
    </div>
  )
}

function Failed({ failure, failureHint, onTryAgain, onBack }: PayWithExchangeViewProps) {
  const messages = useMessages()
  const m = messages.exchange
  return (
    <div className={styles.panel} data-testid="portico-exchange-failed">
      <span className={`${styles.badge} ${styles.badgeError}`}>
        <Icon name="error" size={36} />
      </span>
      <h2 className={styles.heading}>{m.failedTitle}</h2>
      {failure && (
        <p className={styles.failure} role="alert" data-testid="portico-exchange-failure">
          <span className={styles.failureTitle}>{failure}</span>
          {failureHint && <span>{failureHint}</span>}
        </p>
      )}
      <div className={styles.actions}>
        {onTryAgain && (
          <Button variant="primary" fullWidth onClick={onTryAgain} data-autofocus data-testid="portico-exchange-try-again">
            {m.tryAgain}
          </Button>
        )}
        {onBack && (
          <Button
            variant="secondary"
            fullWidth
            onClick={onBack}
            {...(onTryAgain ? {} : { 'data-autofocus': true })}
            data-testid="portico-exchange-back"
          >
            {m.otherExchange}
          </Button>
        )}
      </div>
    </div>
  )
}
