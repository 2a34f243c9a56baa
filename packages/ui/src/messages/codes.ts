// headless hands the ui codes, not text (DESIGN.md): a coded state ({ code, params, message }) is worded
// here through the messages of the locale shown. A code this table lacks shows the state's English message.
import type { MessageCode, MessageParams } from '@portico/headless'
import type { Messages } from '../messages'
// A type only: the number formatting is the caller's (ModalRoot's), so that this module, which the first load
// carries, does not bring Intl's number code into it.
import type { NumberFormat } from './numbers'

/** The parameters of each code that has some, in the order its message function takes them. */
const PARAM_ORDER: Partial<Record<MessageCode, readonly string[]>> = {
  insufficientGas: ['symbol'],
  swapped: ['paid', 'from', 'amount', 'to'],
  httpStatus: ['status'],
  otherError: ['detail'],
  registerName: ['name'],
  nameTooShort: ['min'],
  nameTooLong: ['max'],
}

/** Anything coded: a flow's error, loading state or banner. */
export type Coded = { code?: string | undefined; params?: MessageParams | undefined; message: string }

/** The parameters that are decimal amounts: written in the shown locale's number format (grouped, its separators). */
const AMOUNTS: ReadonlySet<string> = new Set(['paid', 'amount'])

/** A decimal string in `format`, with as many decimals as it has (at most 6); anything else (or no format) as it is. */
function amountText(value: string, format: NumberFormat | undefined): string {
  const match = format && /^\d+(?:\.(\d+))?$/.exec(value)
  return match ? format.balance(value, Math.min(6, match[1]?.length ?? 0)) : value
}

/**
 * The text of a coded state in the locale of `m` (the messages shown: useMessages()); '' for none. Its
 * amounts are written with `format` (useNumberFormat()). @default format none: amounts as they came
 */
export function codeText(state: Coded | null | undefined, m: Messages, format?: NumberFormat): string {
  if (!state) return ''
  const { code, params = {}, message } = state
  const entry = code !== undefined && Object.hasOwn(m.errors, code) ? (m.errors as Record<string, unknown>)[code] : undefined
  if (typeof entry === 'string') return entry
  if (typeof entry === 'function') {
    const order = PARAM_ORDER[code as MessageCode] ?? []
    const args = order.map((name) => {
      const value = params[name] ?? ''
      return AMOUNTS.has(name) ? amountText(value, format) : value
    })
    return (entry as (...args: string[]) => string)(...args)
  }
  return message
}
