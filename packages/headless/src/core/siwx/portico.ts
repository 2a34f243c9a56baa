/**
 * `porticoSiwx()`'s backend: the Portico API's session service (SiwxApi, wire @portico/protocol/siwx).
 * A nonce per message; the signed message traded for a session and its token; the token kept in the
 * app's storage (options.storage, else localStorage) per account, and checked with the API when the
 * flow looks the account up again (after a reload).
 */
import { z } from 'zod/mini'
import type { SiwxApi } from '../../api/siwx'
import type { SiwxSessionWire } from '@portico/protocol/siwx'
import type { PorticoSiwxOptions, SiwxConfig, SiwxMessage, SiwxSession } from '../options/siwx'
import type { StorageLike } from '../storage/storage'
import { addressKey, splitChainId } from './message'

/** Storage key of the sessions (JSON: account key → entry). */
export const SIWX_STORAGE_KEY = 'portico:siwx'
/** @default statement */
export const DEFAULT_SIWX_STATEMENT = 'Sign in with your wallet.'

const entrySchema = z.object({
  token: z.string().check(z.minLength(1)),
  chainId: z.string(),
  address: z.string(),
  expiresAt: z.string(),
  message: z.string(),
  signature: z.string(),
  data: z.looseObject({
    accountAddress: z.string(),
    chainId: z.string(),
    domain: z.string(),
    uri: z.string(),
    version: z.string(),
    nonce: z.string(),
    issuedAt: z.string(),
  }),
})
const storedSchema = z.record(z.string(), entrySchema)
type Entry = z.infer<typeof entrySchema>

export interface PorticoSiwxDeps {
  api: SiwxApi
  /** Where tokens are kept (undefined: memory only). */
  storage?: StorageLike
  now(): number
  /** The page asking: its host is the message's domain, its origin the URI. */
  location: { host: string; origin: string }
}

/** One entry per account: hex addresses (eip155, sui) are case-insensitive, the others are not. */
export function accountKey(chainId: string, address: string): string {
  const [namespace] = splitChainId(chainId)
  return `${namespace}:${addressKey(namespace, address)}`
}

/**
 * Bitcoin taproot addresses (bech32m, witness version 1: `bc1p…`, `tb1p…`, `bcrt1p…`): their
 * message signatures are BIP-322, which the Portico API does not verify ('Unsupported signature
 * scheme'), so such an account is never asked to sign in.
 */
const TAPROOT = /^(bc|tb|bcrt)1p/i

/** Whether the Portico API can verify this account's sign-in (from the address alone). */
export function porticoSupportsAccount(chainId: string, address: string): boolean {
  return !(splitChainId(chainId)[0] === 'bip122' && TAPROOT.test(address))
}

export function createPorticoSiwx(options: PorticoSiwxOptions, deps: PorticoSiwxDeps): SiwxConfig {
  const memory = new Map<string, string>()
  const read = (): Record<string, Entry> => {
    let raw: string | null
    try {
      raw = deps.storage ? deps.storage.getItem(SIWX_STORAGE_KEY) : (memory.get(SIWX_STORAGE_KEY) ?? null)
    } catch {
      raw = memory.get(SIWX_STORAGE_KEY) ?? null
    }
    if (!raw) return {}
    try {
      const parsed = storedSchema.safeParse(JSON.parse(raw))
      if (parsed.success) return parsed.data
    } catch {
      // corrupt: start over
    }
    return {}
  }
  const write = (all: Record<string, Entry>) => {
    const text = JSON.stringify(all)
    try {
      if (!deps.storage) throw new Error('no storage')
      if (Object.keys(all).length) deps.storage.setItem(SIWX_STORAGE_KEY, text)
      else deps.storage.removeItem(SIWX_STORAGE_KEY)
    } catch {
      memory.set(SIWX_STORAGE_KEY, text)
    }
  }
  const forget = (key: string) => {
    const { [key]: _gone, ...rest } = read()
    void _gone
    write(rest)
  }
  const toSession = (e: Entry, wire?: SiwxSessionWire): SiwxSession => ({
    data: e.data as SiwxSession['data'],
    message: e.message,
    signature: e.signature,
    expiresAt: wire?.expiresAt ?? e.expiresAt,
  })

  return {
    required: options.required,
    signInOnNetworkChange: options.signInOnNetworkChange,
    signOutOnDisconnect: options.signOutOnDisconnect,
    namespaces: options.namespaces,
    supportsAccount: porticoSupportsAccount,
    async createMessage({ accountAddress, chainId }): Promise<SiwxMessage> {
      const { nonce } = await deps.api.nonce()
      const now = deps.now()
      return {
        accountAddress,
        chainId,
        domain: deps.location.host,
        uri: deps.location.origin,
        version: '1',
        nonce,
        statement: options.statement ?? DEFAULT_SIWX_STATEMENT,
        issuedAt: new Date(now).toISOString(),
        ...(options.expiresInMs ? { expirationTime: new Date(now + options.expiresInMs).toISOString() } : {}),
        ...(options.resources?.length ? { resources: options.resources } : {}),
      }
    },
    async addSession(session): Promise<SiwxSession> {
      const { chainId, accountAddress: address } = session.data
      const answer = await deps.api.createSession({ message: session.message, signature: session.signature, chainId, address })
      const entry: Entry = {
        token: answer.token,
        chainId,
        address,
        expiresAt: answer.session.expiresAt,
        message: session.message,
        signature: session.signature,
        data: { ...session.data },
      }
      write({ ...read(), [accountKey(chainId, address)]: entry })
      return toSession(entry, answer.session)
    },
    async getSessions(chainId, address): Promise<SiwxSession[]> {
      const key = accountKey(chainId, address)
      const entry = read()[key]
      // One sign-in covers the account's namespace, unless every network asks its own.
      if (!entry || (options.signInOnNetworkChange && entry.chainId !== chainId)) return []
      if (Date.parse(entry.expiresAt) <= deps.now()) {
        forget(key)
        return []
      }
      let wire: SiwxSessionWire | null
      try {
        wire = await deps.api.getSession(entry.token)
      } catch {
        // The API could not be asked (offline, 5xx): the unexpired session it gave stays valid.
        return [toSession(entry)]
      }
      if (!wire) {
        forget(key)
        return []
      }
      return [toSession(entry, wire)]
    },
    async revokeSession(chainId, address): Promise<void> {
      const key = accountKey(chainId, address)
      const entry = read()[key]
      if (!entry) return
      forget(key)
      await deps.api.revokeSession(entry.token)
    },
  }
}
