/**
 * What the host page remembers of an embedded login: exactly SPEC §3's list — the email-login-used
 * flag, the email, the last email login time, the last used chain, the social username and the
 * smart-account-enabled networks — under headless's STORAGE_KEYS, as JSON. Never a key, a seed or a
 * session credential: those stay in the frame's own origin.
 */
import { STORAGE_KEYS, type StorageLike } from '@portico/headless'

/** The SPEC §3 keys this package may write on the host page. */
export const HOST_STORAGE_KEYS = [
  STORAGE_KEYS.emailLoginUsed,
  STORAGE_KEYS.connectedEmail,
  STORAGE_KEYS.lastEmailLoginTime,
  STORAGE_KEYS.activeCaipNetworkId,
  STORAGE_KEYS.connectedSocialUsername,
  STORAGE_KEYS.smartAccountEnabledNetworks,
] as const

function browserStorage(): StorageLike | undefined {
  try {
    return (globalThis as { localStorage?: StorageLike }).localStorage
  } catch {
    return undefined
  }
}

export interface HostStorage {
  /** SPEC §3 email-login-used flag: an embedded session may be restored. */
  loginUsed(): boolean
  /** After a login (SPEC §4): the flag set, the email (or social username) stored, last-login-time cleared. */
  markLogin(login: { email?: string | null; userName?: string | null }): void
  setSmartAccountEnabledNetworks(ids: readonly number[]): void
  /** Disconnect, or a connected check that failed (SPEC §4): the cached login data is cleared. */
  clearLogin(): void
}

export function hostStorage(given?: StorageLike): HostStorage {
  const store = () => given ?? browserStorage()
  const set = (key: string, value: unknown) => {
    try {
      store()?.setItem(key, JSON.stringify(value))
    } catch {
      // blocked or full: nothing is remembered, the session still works
    }
  }
  const remove = (key: string) => {
    try {
      store()?.removeItem(key)
    } catch {
      // nothing to clean
    }
  }
  return {
    loginUsed() {
      try {
        return store()?.getItem(STORAGE_KEYS.emailLoginUsed) === 'true'
      } catch {
        return false
      }
    },
    markLogin({ email, userName }) {
      set(STORAGE_KEYS.emailLoginUsed, true)
      if (email) set(STORAGE_KEYS.connectedEmail, email)
      if (userName && !email) set(STORAGE_KEYS.connectedSocialUsername, userName)
      remove(STORAGE_KEYS.lastEmailLoginTime)
    },
    setSmartAccountEnabledNetworks(ids) {
      set(STORAGE_KEYS.smartAccountEnabledNetworks, [...ids])
    },
    clearLogin() {
      remove(STORAGE_KEYS.emailLoginUsed)
      remove(STORAGE_KEYS.connectedEmail)
      remove(STORAGE_KEYS.connectedSocialUsername)
      remove(STORAGE_KEYS.smartAccountEnabledNetworks)
    },
  }
}
