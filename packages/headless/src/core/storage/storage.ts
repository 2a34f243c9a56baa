/**
 * Local storage of SPEC §3 (email-login-used flag, email, last email login time, last used chain,
 * social username, smart-account-enabled networks) plus the connected connectors for reconnect.
 * Every read is parsed with zod; missing, unavailable (SSR, blocked) or corrupt storage falls back
 * safely: reads give undefined (and corrupt entries are removed), writes go to memory.
 */
import { z } from 'zod/mini'
import { CHAIN_NAMESPACES, type ChainNamespace } from '../types'

/** The part of the Web Storage API Portico uses. */
export interface StorageLike {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

/** Storage keys (all values are JSON). */
export const STORAGE_KEYS = {
  emailLoginUsed: 'portico:emailLoginUsed',
  connectedEmail: 'portico:connectedEmail',
  lastEmailLoginTime: 'portico:lastEmailLoginTime',
  activeCaipNetworkId: 'portico:activeCaipNetworkId',
  connectedSocialUsername: 'portico:connectedSocialUsername',
  smartAccountEnabledNetworks: 'portico:smartAccountEnabledNetworks',
  connections: 'portico:connections',
  recentWallets: 'portico:recentWallets',
  emailCaptureAnswered: 'portico:emailCaptureAnswered',
} as const

/** A connection to restore after reload. */
export interface RememberedConnection {
  connectorId: string
  namespace: ChainNamespace
}

const SCHEMAS = {
  emailLoginUsed: z.boolean(),
  connectedEmail: z.string(),
  lastEmailLoginTime: z.number(),
  activeCaipNetworkId: z.string().check(z.regex(/^[^:]+:[^:]+$/)),
  connectedSocialUsername: z.string(),
  smartAccountEnabledNetworks: z.array(z.number()),
  connections: z.array(z.object({ connectorId: z.string().check(z.minLength(1)), namespace: z.enum(CHAIN_NAMESPACES) })),
  /** Explorer wallets chosen last (SPEC §9: 2 kept), most recent first. */
  recentWallets: z.array(
    z.object({
      id: z.string().check(z.minLength(1)),
      name: z.string(),
      image_id: z.optional(z.string()),
      image_url: z.optional(z.string()),
      rdns: z.nullish(z.string()),
      mobile_link: z.nullish(z.string()),
      desktop_link: z.nullish(z.string()),
      webapp_link: z.nullish(z.string()),
    }),
  ),
  /** Accounts (namespace:address) whose visitor answered the email prompt (SPEC §1 email capture): left an email or skipped. */
  emailCaptureAnswered: z.array(z.string()),
}

type Schemas = typeof SCHEMAS
export type StorageKey = keyof Schemas
export type StorageValue<K extends StorageKey> = z.infer<Schemas[K]>

function memoryStorage(): StorageLike {
  const map = new Map<string, string>()
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  }
}

/** The browser's localStorage when it can be used, else undefined (SSR, sandboxed frames). Checked lazily. */
function browserStorage(): StorageLike | undefined {
  try {
    const ls = (globalThis as { localStorage?: StorageLike }).localStorage
    if (!ls) return undefined
    const probe = '__portico_probe__'
    ls.setItem(probe, '1')
    ls.removeItem(probe)
    return ls
  } catch {
    return undefined
  }
}

export function createStorage(given?: StorageLike) {
  let backing: StorageLike | undefined = given
  const fallback = memoryStorage()
  const store = (): StorageLike => (backing ??= browserStorage() ?? fallback)

  function get<K extends StorageKey>(key: K): StorageValue<K> | undefined {
    let raw: string | null
    try {
      raw = store().getItem(STORAGE_KEYS[key])
    } catch {
      return undefined
    }
    if (raw === null) return undefined
    let json: unknown
    try {
      json = JSON.parse(raw)
    } catch {
      remove(key)
      return undefined
    }
    const parsed = SCHEMAS[key].safeParse(json)
    if (!parsed.success) {
      remove(key)
      return undefined
    }
    return parsed.data as StorageValue<K>
  }

  function set<K extends StorageKey>(key: K, value: StorageValue<K>): void {
    const text = JSON.stringify(value)
    try {
      store().setItem(STORAGE_KEYS[key], text)
    } catch {
      // Quota exceeded or blocked: keep the value for this session.
      backing = fallback
      fallback.setItem(STORAGE_KEYS[key], text)
    }
  }

  function remove(key: StorageKey): void {
    try {
      store().removeItem(STORAGE_KEYS[key])
    } catch {
      // ignore: nothing to clean when storage is unusable
    }
  }

  /** Remember a connection for reconnect (one per namespace). */
  function rememberConnection(connection: RememberedConnection): void {
    const others = (get('connections') ?? []).filter((c) => c.namespace !== connection.namespace)
    set('connections', [...others, connection])
  }

  function forgetConnection(namespace: ChainNamespace): void {
    const rest = (get('connections') ?? []).filter((c) => c.namespace !== namespace)
    if (rest.length) set('connections', rest)
    else remove('connections')
  }

  /** After an email login: flag set, email stored, last-login time cleared (SPEC §4). */
  function markEmailLogin(email: string): void {
    set('emailLoginUsed', true)
    set('connectedEmail', email)
    remove('lastEmailLoginTime')
  }

  return {
    get,
    set,
    remove,
    rememberConnection,
    forgetConnection,
    getConnections: () => get('connections') ?? [],
    markEmailLogin,
  }
}

export type PorticoStorage = ReturnType<typeof createStorage>
