import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import type { Database } from '../db/types.ts'
import { deriveSecrets, KEK_BYTES, kekCheckValue, open, parseKek, sameDigest } from './crypto.ts'
import { keyAad, type KeyKind } from './keys.ts'

/** A fresh key encryption key, base64. */
export const generateKek = () => randomBytes(KEK_BYTES).toString('base64')

/**
 * DEV ONLY: the KEK kept in `<dir>/kek` (base64, mode 0600), created on first use and reused after.
 * The local dev stack (`npm start`, scripts/stack.ts) keeps its KEK beside its database this way; a
 * real install must not (a backup of the data directory would hold every user's key): it passes its
 * own KEK (PORTICO_KEK), kept apart from the database, and `portico-api` refuses to start without one.
 */
export function loadOrCreateKek(dir: string): string {
  const file = join(dir, 'kek')
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  try {
    writeFileSync(file, `${generateKek()}\n`, { mode: 0o600, flag: 'wx' })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600)
  const kek = readFileSync(file, 'utf8').trim()
  parseKek(kek)
  return kek
}

/** Why a start with another KEK than the database's is refused. */
export const KEK_MISMATCH =
  'The key encryption key (PORTICO_KEK / auth.kek) is not the one this database was first started with: its check value ' +
  "differs, and the users' keys sealed under the other one could not be opened. Start with the original KEK."

/**
 * At start: make sure `kek` is the database's KEK. The first start stores its check value
 * (portico_auth.kek_check); a later start with another KEK throws KEK_MISMATCH. A database from
 * before the check value (users, no check) must open one sealed key under `kek` first.
 */
export async function checkKek(db: Database, kek: string | Uint8Array): Promise<void> {
  const bytes = parseKek(kek)
  const check = kekCheckValue(bytes)
  await db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('portico_auth.kek_check'))")
    const { rows } = await tx.query<{ check_value: string }>('SELECT check_value FROM portico_auth.kek_check WHERE id = 1')
    const stored = rows[0]?.check_value
    if (stored !== undefined) {
      if (!sameDigest(stored, check)) throw new Error(KEK_MISMATCH)
      return
    }
    const sealed = await tx.query<{ user_id: string; kind: KeyKind; sealed: string }>(
      'SELECT user_id, kind, sealed FROM portico_auth.user_keys ORDER BY created_at, user_id LIMIT 1',
    )
    const key = sealed.rows[0]
    if (key !== undefined) {
      try {
        open(deriveSecrets(bytes).keyEncryption, key.sealed, keyAad(key.user_id, key.kind)).fill(0)
      } catch {
        throw new Error(KEK_MISMATCH)
      }
    }
    await tx.query('INSERT INTO portico_auth.kek_check (id, check_value) VALUES (1, $1)', [check])
  })
}
