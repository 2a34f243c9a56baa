// headless hands the ui codes, not text (DESIGN.md): a coded state ({ code, params, message }) is worded
// here through the messages of the locale shown. A code this table lacks shows the state's English message.
import type { MessageCode, MessageParams } from '@portico/headless'
import type { Messages } from '../messages'

/** The parameters of each code that has some, in the order its message function takes them. */
const PARAM_ORDER: Partial<Record<MessageCode, readonly string[]>> = {
  insufficientGas: ['symbol'],
  swapped: ['from', 'amount', 'to'],
  httpStatus: ['status'],
  otherError: ['detail'],
  registerName: ['name'],
  nameTooShort: ['min'],
  nameTooLong: ['max'],
}

/** Anything coded: a flow's error, loading state or banner. */
export type Coded = { code?: string | undefined; params?: MessageParams | undefined; message: string }

/** The text of a coded state in the locale of `m` (the messages shown: useMessages()); '' for none. */
export function codeText(state: Coded | null | undefined, m: Messages): string {
  if (!state) return ''
  const { code, params = {}, message } = state
  const entry = code !== undefined && Object.hasOwn(m.errors, code) ? (m.errors as Record<string, unknown>)[code] : undefined
  if (typeof entry === 'string') return entry
  if (typeof entry === 'function') {
    const order = PARAM_ORDER[code as MessageCode] ?? []
    return (entry as (...args: string[]) => string)(...order.map((name) => params[name] ?? ''))
  }
  return message
}
