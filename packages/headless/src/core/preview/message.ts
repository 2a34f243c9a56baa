/**
 * Messages to sign (personal_sign, solana signMessage): a sign-in message (EIP-4361 on eip155,
 * CAIP-122 elsewhere, read with the one parser the API uses) is shown field by field and flagged
 * `foreignDomain` when its domain is not the host page's; any other text is shown as it is.
 */
import { parseSiwxMessage } from '@portico/protocol/siwx'
import { type Hex, hexToString, isHex } from 'viem'
import type { MessagePreview, PreviewConfig } from './types'

/** personal_sign's message: 0x-hex bytes that are UTF-8 text are that text; other text stays as given. */
export function messageText(message: string): string {
  if (!isHex(message, { strict: true }) || message.length % 2 !== 0) return message
  const text = hexToString(message as Hex)
  // Bytes that are not UTF-8 decode to U+FFFD: show the hex then.
  return text.includes('\uFFFD') ? message : text
}

/** The domain as compared: lower case, without a default port. */
function normalHost(host: string): string {
  return host.toLowerCase().replace(/:443$/, '')
}

/** A sign-in's first line (EIP-4361 / CAIP-122), with an optional scheme: its domain, however the rest is written. */
const SIGN_IN_FIRST_LINE = /^(?:[a-zA-Z][a-zA-Z0-9+.-]*:\/\/)?(\S+) wants you to sign in with your .{1,64} account:/

/**
 * The domain a text's first line asks to sign in to ('app.example' of 'app.example wants you to sign in
 * with your Ethereum account:'), leading blanks ignored, or undefined when it does not begin so. A loosely
 * written sign-in (one blank line where EIP-4361 has two, a line added) is still one to a wallet that reads
 * it leniently (viem's parseSiweMessage does): its domain must be checked too.
 */
export function signInDomain(text: string): string | undefined {
  return SIGN_IN_FIRST_LINE.exec(text.replace(/^[\s\uFEFF]+/, ''))?.[1]
}

/**
 * A message as a preview: a sign-in message's fields (and `foreignDomain` against `config.host`), else the
 * text — flagged `foreignDomain` too when its first line asks to sign in to another domain.
 */
export function decodeMessage(message: string, config: PreviewConfig = {}): MessagePreview {
  const text = messageText(message)
  let fields: ReturnType<typeof parseSiwxMessage>
  try {
    fields = parseSiwxMessage(text)
  } catch {
    const loose = config.host === undefined ? undefined : signInDomain(text)
    const foreignLoose = loose !== undefined && config.host !== undefined && normalHost(loose) !== normalHost(config.host)
    return { kind: 'message', text, flags: foreignLoose ? ['foreignDomain'] : [] }
  }
  const foreign = config.host !== undefined && normalHost(fields.domain) !== normalHost(config.host)
  return {
    kind: 'signIn',
    domain: fields.domain,
    uri: fields.uri,
    address: fields.address,
    chainId: fields.chainId,
    ...(fields.statement !== undefined ? { statement: fields.statement } : {}),
    issuedAt: fields.issuedAt,
    ...(fields.expirationTime !== undefined ? { expirationTime: fields.expirationTime } : {}),
    ...(fields.resources !== undefined ? { resources: fields.resources } : {}),
    flags: foreign ? ['foreignDomain'] : [],
  }
}
