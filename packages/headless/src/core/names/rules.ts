/**
 * The names flow's rules (SPEC §5 name rules, §9 coin type bit): pure functions and the state's
 * shape, no I/O; part of the lazy names chunk (hooks import its types only).
 */
import type { NameRecord } from '@portico/protocol/profile'
import { NAME_MAX_LENGTH, NAME_MIN_LENGTH, NAME_RULE_ERRORS } from '../nameTexts'

export { NAME_MAX_LENGTH, NAME_MIN_LENGTH, NAME_RULE_ERRORS }

/** How long typing must pause before availability is asked for (ms). */
export const NAME_CHECK_DEBOUNCE_MS = 300
/**
 * The zone (name suffix) shown before the service has named its own: the Portico API's documented
 * default (packages/server config DEFAULT_NAME_ZONE). The suggestions' answers carry the server's zone.
 */
export const DEFAULT_NAME_ZONE = 'portico.id'
/** ENSIP-11: the coin type of an EVM chain is 0x80000000 | chainId; chain ids from 2^31 have none. */
export const EVM_COIN_TYPE_BIT = 0x80000000

/** SPEC §5's rule for a wanted name (the label, without the zone); null when it may be registered. */
export function nameRuleError(name: string): string | null {
  if (!/^[A-Za-z0-9-]*$/.test(name)) return NAME_RULE_ERRORS.chars
  if (name.length < NAME_MIN_LENGTH) return NAME_RULE_ERRORS.tooShort
  if (name.length > NAME_MAX_LENGTH) return NAME_RULE_ERRORS.tooLong
  return null
}

/**
 * A typed name as it is kept (issue 25 §4, as AppKit's users expect): the zone's suffix when typed
 * ('alice.portico.id' → 'alice'), lower case, and only letters, digits and hyphens — any other
 * character is dropped rather than refused ('Alice_B!' → 'aliceb').
 */
export function cleanName(input: string, zone: string = DEFAULT_NAME_ZONE): string {
  const lower = input.trim().toLowerCase()
  const suffix = `.${zone.toLowerCase()}`
  const label = lower.endsWith(suffix) ? lower.slice(0, -suffix.length) : lower
  return label.replace(/[^a-z0-9-]/g, '')
}

/** The label of a name ('alice' of 'alice.portico.id'). */
export const labelOf = (name: string): string => name.split('.')[0] ?? name

/** The zone of a full name ('portico.id' of 'alice.portico.id'); null for a bare label. */
export const zoneOf = (name: string): string | null => {
  const dot = name.indexOf('.')
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : null
}

/**
 * The Register button may be pressed: a name that keeps the rule and is known to be free, no
 * registration under way.
 */
export const canRegisterName = (state: Pick<NamesState, 'input' | 'ruleError' | 'available' | 'registering' | 'checking'>): boolean =>
  state.input.trim() !== '' && state.ruleError === null && state.available === true && !state.checking && !state.registering

export interface NamesState {
  /** What the user typed. @default '' */
  input: string
  /** The SPEC §5 rule the input breaks, or null (useNames gives it coded too: `ruleErrorCode`). */
  ruleError: string | null
  /** Availability is being asked for. */
  checking: boolean
  /** The input is free to register (null until known). */
  available: boolean | null
  /** Free names close to the input (full names, with the zone), at most 5. */
  suggestions: string[]
  /** The last failure (lookup or registration), SPEC §8 text (useNames gives it coded too: `errorCode`). */
  error: string | null
  /** Signing and posting the registration. */
  registering: boolean
  /** Of `registering`: the wallet is asked to sign the message (false once it signed, while posting). */
  signing: boolean
  /** The zone names are registered under ('portico.id'): the suffix of every name, from the service's answers. */
  zone: string
  /** The Register button may be pressed (canRegisterName of the rest). */
  canRegister: boolean
  /** The name registered by the last `register`. */
  registered: NameRecord | null
}

/** The empty form (`zone` as given). */
export const emptyNamesState = (zone: string = DEFAULT_NAME_ZONE): NamesState => ({
  input: '',
  ruleError: null,
  checking: false,
  available: null,
  suggestions: [],
  error: null,
  registering: false,
  signing: false,
  registered: null,
  zone,
  canRegister: false,
})
