/**
 * Secrets given as files (Docker and Kubernetes secrets, `/run/secrets/…`): each variable of
 * SECRET_ENV may be set as `<NAME>_FILE`, the path of a file holding its value (one trailing newline
 * dropped). main.ts reads them before parsing the options.
 */
import { readFileSync } from 'node:fs'

/** The variables that hold secrets; each of them, and every PORTICO_SOCIAL_<PROVIDER>_CLIENT_SECRET, may come from a file. */
export const SECRET_ENV = [
  'DATABASE_URL',
  'SMTP_URL',
  'PORTICO_KEK',
  'PORTICO_SIWX_SIGNING_KEY',
  'PORTICO_PERMISSIONS_RELAYER_KEY',
  'PORTICO_RECOVERY_KEY',
] as const

const isSecret = (name: string) => (SECRET_ENV as readonly string[]).includes(name) || /^PORTICO_SOCIAL_[A-Z]+_CLIENT_SECRET$/.test(name)

/** `env` with each `<SECRET>_FILE` replaced by `<SECRET>` read from that file. Throws when both are set or the file cannot be read. */
export function withSecretFiles(env: Record<string, string | undefined>): Record<string, string | undefined> {
  const out = { ...env }
  for (const [key, file] of Object.entries(env)) {
    if (!key.endsWith('_FILE') || file === undefined || file === '') continue
    const name = key.slice(0, -'_FILE'.length)
    if (!isSecret(name)) continue
    if (env[name] !== undefined && env[name] !== '') throw new Error(`Set ${name} or ${key}, not both`)
    let value: string
    try {
      value = readFileSync(file, 'utf8')
    } catch {
      throw new Error(`${key}: cannot read ${file}`)
    }
    out[name] = value.replace(/\r?\n$/, '')
    delete out[key]
  }
  return out
}
