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

/** A message as a preview: a sign-in message's fields (and `foreignDomain` against `config.host`), else the text. */
export function decodeMessage(message: string, config: PreviewConfig = {}): MessagePreview {
  const text = messageText(message)
  let fields: ReturnType<typeof parseSiwxMessage>
  try {
    fields = parseSiwxMessage(text)
  } catch {
    return { kind: 'message', text, flags: [] }
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
