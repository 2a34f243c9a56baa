/**
 * The rules of the names service (SPEC §5, §7, §9), pure functions the profile routes apply: what a
 * name may be, coin types (ENSIP-11), the signed registration message and its freshness, and the
 * suggestions offered for a wanted name.
 */
import { createHash } from 'node:crypto'
import { nameRegistrationMessageSchema, type NameRegistrationMessage } from '@portico/protocol/profile'
import { z } from 'zod'
import { INVALID_CHAIN_ID } from '@portico/protocol/errors'

/** SPEC §5/§9: a name (the part before the zone) has at least 4 characters. */
export const NAME_MIN_LENGTH = 4
/** The longest name: one DNS label (63 characters), as the name is a label of its zone. */
export const NAME_MAX_LENGTH = 63
/** SPEC §5: only letters, digits and hyphen. */
const NAME_CHARS = /^[A-Za-z0-9-]+$/

/** A registration message is accepted while its timestamp is at most this old … */
export const MESSAGE_MAX_AGE_S = 10 * 60
/** … and at most this far in the future (clock skew). */
export const MESSAGE_MAX_SKEW_S = 60
/** How many free names GET /v1/profile/suggestions/{name} offers at most. */
export const SUGGESTION_COUNT = 5
/** Attributes a registration may carry, and their sizes. */
export const MAX_ATTRIBUTES = 20
export const MAX_ATTRIBUTE_KEY_LENGTH = 64
export const MAX_ATTRIBUTE_VALUE_LENGTH = 2048

/** ENSIP-11: the coin type of EVM chain `chainId` is 0x80000000 | chainId. */
const EVM_COIN_TYPE_BIT = 0x80000000
/** SPEC §5: chain ids from 2^31 on have no coin type. */
const MAX_CHAIN_ID = 2147483648

/** The exact texts of the names service's refusals. */
export const NAME_ERRORS = {
  tooShort: `Name must be at least ${NAME_MIN_LENGTH} characters`,
  tooLong: `Name must be at most ${NAME_MAX_LENGTH} characters`,
  chars: 'Name may only contain letters, digits and hyphens',
  zone: (zone: string) => `Name must end with .${zone}`,
  invalidChainId: INVALID_CHAIN_ID,
  coinType: 'Invalid coin_type: expected 0x80000000 | chainId (ENSIP-11)',
  messageJson: 'Invalid registration message: not JSON',
  messageShape: 'Invalid registration message: expected { name, attributes, timestamp }',
  messageAttributes: `Invalid registration message: at most ${MAX_ATTRIBUTES} attributes, keys of 1 to ${MAX_ATTRIBUTE_KEY_LENGTH} and values of at most ${MAX_ATTRIBUTE_VALUE_LENGTH} characters (no NUL)`,
  stale: `Registration message expired: its timestamp is more than ${MESSAGE_MAX_AGE_S / 60} minutes old`,
  future: 'Registration message timestamp is in the future',
  signature: 'Invalid signature',
  replay: 'This registration message was already used',
} as const

/** A refusal of the names service: the text and the field it is about. */
export class NameRuleError extends Error {
  readonly field: string
  constructor(field: string, message: string) {
    super(message)
    this.name = 'NameRuleError'
    this.field = field
  }
}

/** The rule `label` (a name without its zone) breaks, or null when it is a valid name. */
export function nameRuleViolation(label: string): string | null {
  if (label.length < NAME_MIN_LENGTH) return NAME_ERRORS.tooShort
  if (label.length > NAME_MAX_LENGTH) return NAME_ERRORS.tooLong
  if (!NAME_CHARS.test(label)) return NAME_ERRORS.chars
  return null
}

/**
 * `input` (`alice` or `alice.<zone>`, any case) as the stored name: lower-cased, in `zone`.
 * Throws NameRuleError when it breaks a rule or names another zone.
 */
export function normalizeName(input: string, zone: string, field = 'name'): { name: string; label: string } {
  const lower = input.toLowerCase()
  const suffix = `.${zone}`
  let label = lower
  if (lower.endsWith(suffix)) label = lower.slice(0, -suffix.length)
  else if (lower.includes('.')) throw new NameRuleError(field, NAME_ERRORS.zone(zone))
  const violation = nameRuleViolation(label)
  if (violation !== null) throw new NameRuleError(field, violation)
  return { name: `${label}${suffix}`, label }
}

/** ENSIP-11 coin type of an EVM chain; 'Invalid chainId' for ids that are not integers in [0, 2^31). */
export function coinTypeFromChainId(chainId: number): number {
  if (!Number.isSafeInteger(chainId) || chainId < 0 || chainId >= MAX_CHAIN_ID)
    throw new NameRuleError('coin_type', NAME_ERRORS.invalidChainId)
  return (EVM_COIN_TYPE_BIT | chainId) >>> 0
}

/**
 * The EVM chain id of an ENSIP-11 coin type. A coin type above 0xffffffff would be a chain id from
 * 2^31 on: 'Invalid chainId'. One without the 0x80000000 bit (SLIP-44, non-EVM) is refused.
 */
export function chainIdFromCoinType(coinType: number): number {
  if (!Number.isSafeInteger(coinType) || coinType < EVM_COIN_TYPE_BIT) throw new NameRuleError('coin_type', NAME_ERRORS.coinType)
  const chainId = coinType - EVM_COIN_TYPE_BIT
  if (chainId >= MAX_CHAIN_ID) throw new NameRuleError('coin_type', NAME_ERRORS.invalidChainId)
  return chainId
}

/** Text Postgres stores as is: no NUL (text and jsonb refuse it) and no lone surrogate. */
const storable = (value: string) =>
  !value.includes('\u0000') && !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(value)
const attributesSchema = z
  .record(z.string().min(1).max(MAX_ATTRIBUTE_KEY_LENGTH).refine(storable), z.string().max(MAX_ATTRIBUTE_VALUE_LENGTH).refine(storable))
  .refine((attributes) => Object.keys(attributes).length <= MAX_ATTRIBUTES)

/** SPEC §7: the signed message is the JSON text of { name, attributes, timestamp (seconds) }. */
export function parseRegistrationMessage(text: string): NameRegistrationMessage & { attributes: Record<string, string> } {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw new NameRuleError('message', NAME_ERRORS.messageJson)
  }
  const parsed = z.safeParse(nameRegistrationMessageSchema, json)
  if (!parsed.success || !Number.isFinite(parsed.data.timestamp)) throw new NameRuleError('message', NAME_ERRORS.messageShape)
  const attributes = attributesSchema.safeParse(parsed.data.attributes ?? {})
  if (!attributes.success) throw new NameRuleError('message', NAME_ERRORS.messageAttributes)
  return { ...parsed.data, attributes: { ...attributes.data } }
}

/** Refuse a message whose timestamp (seconds) is older than 10 minutes or over 1 minute ahead of `nowMs`. */
export function checkMessageTimestamp(timestamp: number, nowMs: number): void {
  const now = nowMs / 1000
  if (timestamp < now - MESSAGE_MAX_AGE_S) throw new NameRuleError('message', NAME_ERRORS.stale)
  if (timestamp > now + MESSAGE_MAX_SKEW_S) throw new NameRuleError('message', NAME_ERRORS.future)
}

/** The key a registration message is recorded under once used: SHA-256 of the lower-case address, a newline and the message. */
export function messageReplayKey(address: string, message: string): string {
  return createHash('sha256').update(`${address.toLowerCase()}\n${message}`).digest('hex')
}

/** The candidates for a wanted (valid, lower-case) label, in order: the label, then variants that keep the rules. */
export function suggestionCandidates(label: string): string[] {
  const variants = [
    label,
    `${label}1`,
    `${label}-1`,
    `my${label}`,
    `the${label}`,
    `${label}2`,
    `${label}-2`,
    `${label}-id`,
    `${label}3`,
    `${label}-3`,
    `${label}-x`,
  ]
  return [...new Set(variants.filter((v) => nameRuleViolation(v) === null))]
}
