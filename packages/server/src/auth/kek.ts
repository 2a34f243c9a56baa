import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import { KEK_BYTES, parseKek } from './crypto.ts'

/** A fresh key encryption key, base64. */
export const generateKek = () => randomBytes(KEK_BYTES).toString('base64')

/**
 * The KEK kept in `<dir>/kek` (base64, mode 0600), created on first use and reused after. For the
 * local stack and single-machine installs; production passes its own (PORTICO_KEK), kept apart
 * from the database.
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
