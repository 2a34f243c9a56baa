import {
  type CallPreview,
  type Preview,
  type PreviewFlag,
  type PreviewState,
  type RequestPreviewState,
  shortenAddress,
} from '@portico/headless'
import { useNetwork, useRequestPreview } from '@portico/headless/react'
import { useRef } from 'react'
import type { Messages } from '../../messages'
import { useMessages } from '../../messages/context'
import { type NumberFormat, useNumberFormat } from '../../messages/numbers'
import { type RequestDetail, RequestPreviewView, type RequestPreviewViewProps, type RequestWarning } from './RequestPreviewView'

type M = Messages['requestPreview']
type Tokens = PreviewState['tokens']

/** Flags that are dangers (headless DANGER_FLAGS, written out: the engine's module stays out of this chunk). */
const DANGER: readonly PreviewFlag[] = ['unknownDelegate', 'foreignDomain', 'approvalForAll', 'unlimitedAmount']
/** Every flag, most dangerous first (headless PREVIEW_FLAGS' order). */
const ORDER: readonly PreviewFlag[] = [
  'unknownDelegate',
  'foreignDomain',
  'approvalForAll',
  'unlimitedAmount',
  'largeAmount',
  'spenderNoCode',
  'longDuration',
  'farDeadline',
  'unknownCall',
]

/** Base units in a token's units: grouped, at most 6 decimals, trailing zeros dropped. */
export function unitsText(amount: bigint, decimals: number, locale: string): string {
  const negative = amount < 0n
  const abs = negative ? -amount : amount
  const base = 10n ** BigInt(decimals)
  const fraction = (abs % base).toString().padStart(decimals, '0').slice(0, 6).replace(/0+$/, '')
  const point = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.'
  return `${negative ? '-' : ''}${new Intl.NumberFormat(locale).format(abs / base)}${fraction ? point + fraction : ''}`
}

const address = (label: string, value: string): RequestDetail => ({ label, value: shortenAddress(value), full: value, mono: true })

/** Seconds since 1970 as a date and time in UTC, in the locale (a value no date can hold: the number itself). */
function dateText(seconds: number, locale: string): string {
  const date = new Date(seconds * 1000)
  if (Number.isNaN(date.getTime())) return String(seconds)
  return new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  }).format(date)
}

/** A token amount: 'Unlimited' when flagged so, else in the token's units with its symbol when it is known. */
function tokenAmount(token: string, amount: bigint, flags: readonly PreviewFlag[], tokens: Tokens, m: M, f: NumberFormat): string {
  if (flags.includes('unlimitedAmount')) return m.unlimited
  const meta = tokens[token]
  return meta?.symbol ? `${unitsText(amount, meta.decimals, f.locale)} ${meta.symbol}` : String(amount)
}
const tokenName = (token: string, tokens: Tokens) => tokens[token]?.symbol || shortenAddress(token)

/** A native amount: '0.01 ETH'. */
const nativeText = (wei: bigint, symbol: string, f: NumberFormat) => `${unitsText(wei, 18, f.locale)} ${symbol}`

/** The heading and lines of one EVM call. */
function callOf(call: CallPreview, tokens: Tokens, m: M, f: NumberFormat, symbol: string): { heading: string; details: RequestDetail[] } {
  const value = call.value > 0n ? [{ label: m.value, value: nativeText(call.value, symbol, f) }] : []
  // An ERC-20 call's rows: the token, the addresses it names, the amount in the token's units.
  const tokenCall = (heading: string, token: string, amount: bigint, addresses: RequestDetail[]) => ({
    heading,
    details: [
      { label: m.token, value: tokenName(token, tokens), full: token },
      ...addresses,
      { label: m.amount, value: tokenAmount(token, amount, call.flags, tokens, m, f) },
    ],
  })
  switch (call.kind) {
    case 'nativeTransfer':
      return { heading: m.send, details: [address(m.to, call.to), { label: m.amount, value: nativeText(call.value, symbol, f) }] }
    case 'tokenTransfer':
      return tokenCall(m.sendTokens, call.token, call.amount, [address(m.to, call.recipient)])
    case 'tokenTransferFrom':
      return tokenCall(m.moveTokens, call.token, call.amount, [address(m.from, call.sender), address(m.to, call.recipient)])
    case 'tokenApproval':
      return tokenCall(m.approve, call.token, call.amount, [address(m.spender, call.spender)])
    case 'approvalForAll':
      return {
        heading: call.approved ? m.approveAll : m.revokeAll,
        details: [address(m.collection, call.collection), address(m.operator, call.operator)],
      }
    case 'contractCall':
      return {
        heading: m.callContract,
        details: [address(m.contract, call.to), { label: m.function, value: call.selector, mono: true }, ...value],
      }
    case 'deploy':
      return { heading: m.deploy, details: value }
  }
}

type Shown = Pick<RequestPreviewViewProps, 'heading' | 'details' | 'message' | 'calls'>

/** What the decoded request shows. */
function shownOf(preview: Preview, tokens: Tokens, m: M, f: NumberFormat, symbol: string): Shown {
  switch (preview.kind) {
    case 'message':
      return { heading: m.signMessage, details: [], message: preview.text }
    case 'signIn':
      return {
        heading: m.signIn,
        details: [{ label: m.domain, value: preview.domain }, address(m.from, preview.address)],
        ...(preview.statement ? { message: preview.statement } : {}),
      }
    case 'permit':
      if (preview.standard === 'eip2612')
        return {
          heading: m.permit,
          details: [
            { label: m.token, value: tokenName(preview.token, tokens), full: preview.token },
            address(m.spender, preview.spender),
            { label: m.amount, value: tokenAmount(preview.token, preview.amount, preview.flags, tokens, m, f) },
            { label: m.deadline, value: dateText(preview.deadline, f.locale) },
          ],
        }
      return {
        heading: m.permit2,
        details: [
          address(m.spender, preview.spender),
          ...preview.tokens.flatMap((t) => [
            { label: m.token, value: tokenName(t.token, tokens), full: t.token },
            { label: m.amount, value: tokenAmount(t.token, t.amount, preview.flags, tokens, m, f) },
            ...(t.expiration !== undefined ? [{ label: m.expires, value: dateText(t.expiration, f.locale) }] : []),
          ]),
          { label: m.deadline, value: dateText(preview.deadline, f.locale) },
        ],
      }
    case 'typedData':
      return {
        heading: m.typedData,
        details: [
          { label: m.type, value: preview.primaryType },
          ...(preview.domain.name ? [{ label: m.app, value: preview.domain.name }] : []),
          ...(preview.domain.verifyingContract ? [address(m.contract, preview.domain.verifyingContract)] : []),
        ],
      }
    case 'batch':
      return { heading: m.batch(preview.calls.length), details: [], calls: preview.calls.map((c) => callOf(c, tokens, m, f, symbol)) }
    case 'authorization':
      return { heading: m.delegate, details: [address(m.contract, preview.delegate)] }
    case 'grantPermissions':
      return {
        heading: m.grant,
        details: [address(m.to, preview.signer), { label: m.deadline, value: dateText(preview.expiry, f.locale) }],
      }
    case 'solanaTransaction':
      return { heading: m.send, details: [] }
    default:
      return callOf(preview, tokens, m, f, symbol)
  }
}

/** The whole view's props from useRequestPreview's state (exported for the stories and tests). */
export function requestPreviewProps(
  state: Pick<RequestPreviewState, 'phase' | 'preview' | 'action' | 'queued' | 'request'>,
  messages: Messages,
  f: NumberFormat,
  symbol = 'ETH',
): Omit<RequestPreviewViewProps, 'onCancel' | 'onContinue'> {
  const m = messages.requestPreview
  const { preview } = state
  const phase = state.phase === 'idle' ? 'previewing' : state.phase
  const warnings: RequestWarning[] = ORDER.filter((flag) => preview.flags.includes(flag)).map((flag) => ({
    code: flag,
    text: messages.preview.flags[flag],
    danger: DANGER.includes(flag),
  }))
  const { simulation } = preview
  const base = { phase, action: state.action, queued: state.queued, warnings, ...(simulation ? { simulation } : {}) }
  if (preview.decoded) return { ...base, ...shownOf(preview.decoded, preview.tokens, m, f, symbol) }
  return { ...base, heading: state.request?.method ?? '', details: [], undecodable: preview.status === 'error' }
}

/**
 * RequestPreview (issue 23 §2): the request a previewing provider holds (useRequestPreview). Continue
 * sends it to the wallet (the view waits with 'Confirm in your wallet', then the flow closes the modal
 * or shows the next request); Cancel rejects it with 4001. The flow decides; this only renders.
 */
export function RequestPreview() {
  const messages = useMessages()
  const f = useNumberFormat()
  const flow = useRequestPreview()
  const symbol = useNetwork().network?.nativeCurrency.symbol ?? 'ETH'
  // The last request shown stays while the modal closes (the flow is idle by then).
  const last = useRef<ReturnType<typeof requestPreviewProps> | undefined>(undefined)
  if (flow.request) last.current = requestPreviewProps(flow, messages, f, symbol)
  const shown = last.current ?? requestPreviewProps(flow, messages, f, symbol)
  return <RequestPreviewView {...shown} onCancel={flow.reject} onContinue={flow.approve} />
}
