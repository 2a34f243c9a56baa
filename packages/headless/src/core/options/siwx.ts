/**
 * Sign in with the wallet (SIWX): what the app passes as `createPortico({ siwx })`. Only types and
 * `porticoSiwx` (a plain object) live here; the flow that prompts, signs and keeps the session is
 * core/siwx, a chunk imported only when `siwx` is given.
 */
import type { ChainNamespace } from '../types'

/** SPEC §3 "Sign-in message": the fields of one EIP-4361 / CAIP-122 message. */
export interface SiwxMessageData {
  /** The signing account's address, exactly as the wallet reports it (EIP-55 on eip155, base58, SS58, bech32, 0x-hex on sui …). */
  accountAddress: string
  /** CAIP-2 id of the namespace's active network, e.g. 'eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'cosmos:cosmoshub-4'. */
  chainId: string
  /** RFC 3986 authority asking for the sign-in, e.g. 'app.example.com'. */
  domain: string
  /** RFC 3986 URI the sign-in is for, e.g. 'https://app.example.com'. */
  uri: string
  /** Message version. @default '1' */
  version: string
  /** Single-use nonce (at least 8 alphanumeric characters). */
  nonce: string
  /** A human-readable statement the wallet shows (one line, no '\n'). */
  statement?: string
  /** URIs the sign-in also covers. */
  resources?: string[]
  /** The app's request id. */
  requestId?: string
  /** ISO 8601. */
  issuedAt: string
  /** ISO 8601. */
  expirationTime?: string
  /** ISO 8601. */
  notBefore?: string
}

/** A message to sign: its fields, and its text (filled in by Portico when the config leaves it out). */
export interface SiwxMessage extends SiwxMessageData {
  /** The exact text the wallet signs (EIP-4361 on eip155, CAIP-122 elsewhere). */
  serializedMessage?: string
}

/** A signed-in session as the flow holds it. */
export interface SiwxSession {
  /** The message's fields. */
  data: SiwxMessageData
  /** The text that was signed. */
  message: string
  /**
   * The wallet's signature of `message`, as the wallet returns it: 0x-hex on eip155, base58 on
   * solana; through WalletConnect 0x-hex on polkadot, base64 on bip122 (BIP-137), cosmos (ADR-036
   * amino) and sui (serialized), hex on stacks.
   */
  signature: string
  /** When the backend ends the session (ISO 8601), if it says. */
  expiresAt?: string
}

/** Options every SIWX config has. */
export interface SiwxBehaviour {
  /** The visitor must sign in: refusing (Cancel, closing the modal) disconnects the wallet. @default false */
  required?: boolean
  /** A network change asks the visitor to sign in again on the new network. @default false (one sign-in per account) */
  signInOnNetworkChange?: boolean
  /** Disconnecting the wallet revokes the session. @default true */
  signOutOnDisconnect?: boolean
  /**
   * Namespaces where Portico asks for a sign-in (the wallet and the backend must both handle them):
   * EIP-4361 on eip155, CAIP-122 on the others. Every connector signs messages in the namespaces it
   * connects, and the Portico API verifies all seven (polkadot sr25519 and ed25519; not polkadot
   * ECDSA, Sui keys other than ed25519, or Bitcoin taproot); narrow it when your backend verifies fewer.
   * @default ['eip155', 'solana', 'polkadot', 'bip122', 'cosmos', 'sui', 'stacks'] (every namespace)
   */
  namespaces?: ChainNamespace[]
}

/**
 * An app's own SIWX backend (no Portico API needed): it makes messages (with its nonce), keeps
 * sessions after verifying them, finds them again, and revokes them.
 */
export interface SiwxConfig extends SiwxBehaviour {
  /** The message for this account and network: fetch a nonce, fill the fields. Leave `serializedMessage` out to have Portico write the standard text. */
  createMessage(input: { accountAddress: string; chainId: string }): Promise<SiwxMessage>
  /** Verify and store a signed session (reject to refuse it: the text becomes the visible error). May answer the session with its expiry. */
  addSession(session: SiwxSession): Promise<SiwxSession | undefined>
  /** The valid sessions of this account on this network (empty: the visitor is asked to sign in). */
  getSessions(chainId: string, address: string): Promise<SiwxSession[]>
  /** End the account's sessions on this network. */
  revokeSession(chainId: string, address: string): Promise<void>
  /**
   * Whether this backend can verify a sign-in of this account (false: the visitor is never asked,
   * as on a namespace outside `namespaces`). For accounts whose kind the address tells and that the
   * backend can not verify, e.g. Bitcoin taproot (`bc1p…`) without BIP-322.
   * @default every account of `namespaces` (porticoSiwx: all but Bitcoin taproot addresses)
   */
  supportsAccount?(chainId: string, address: string): boolean
}

/** Options of the Portico API's SIWX backend (`porticoSiwx`). */
export interface PorticoSiwxOptions extends SiwxBehaviour {
  /** The statement the wallet shows. @default 'Sign in with your wallet.' */
  statement?: string
  /** Resources the sign-in covers. @default none */
  resources?: string[]
  /** How long the signed message stays valid, in ms (its expirationTime). @default none (the API's session lifetime) */
  expiresInMs?: number
}

/** The Portico API's SIWX backend, as the `siwx` option takes it (it is built inside the SIWX chunk). */
export interface PorticoSiwx extends PorticoSiwxOptions {
  readonly kind: 'portico'
}

/**
 * SIWX through the Portico API: nonces and sessions from /v1/siwx, the session token kept in the
 * app's storage per account, checked again with the API after a reload.
 *
 * ```ts
 * createPortico({ projectId, networks, adapters, siwx: porticoSiwx({ required: true }) })
 * ```
 */
export const porticoSiwx = (options: PorticoSiwxOptions = {}): PorticoSiwx => ({ ...options, kind: 'portico' })

/** The `siwx` option: the Portico API's backend, or the app's own. */
export type SiwxOption = SiwxConfig | PorticoSiwx
