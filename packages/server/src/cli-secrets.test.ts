import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { withSecretFiles } from './cli-secrets.ts'

const dir = mkdtempSync(path.join(tmpdir(), 'portico-secrets-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const secret = (name: string, text: string) => {
  const file = path.join(dir, name)
  writeFileSync(file, text)
  return file
}

describe('withSecretFiles', () => {
  it('reads DATABASE_URL_FILE, PORTICO_KEK_FILE and a social client secret from files, dropping one trailing newline', () => {
    const env = withSecretFiles({
      DATABASE_URL_FILE: secret('db', 'postgres://portico:s3cret@db:5432/portico\n'),
      PORTICO_KEK_FILE: secret('kek', 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=\r\n'),
      PORTICO_SOCIAL_GOOGLE_CLIENT_SECRET_FILE: secret('google', 'g-secret'),
      PORT: '8787',
    })
    expect(env).toEqual({
      DATABASE_URL: 'postgres://portico:s3cret@db:5432/portico',
      PORTICO_KEK: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=',
      PORTICO_SOCIAL_GOOGLE_CLIENT_SECRET: 'g-secret',
      PORT: '8787',
    })
  })

  it('leaves the other *_FILE variables alone (PORTICO_CHAINS_FILE is a path the options read)', () => {
    expect(withSecretFiles({ PORTICO_CHAINS_FILE: '/config/chains.json', PORTICO_SOCIAL_APPLE_PRIVATE_KEY_FILE: '/k.p8' })).toEqual({
      PORTICO_CHAINS_FILE: '/config/chains.json',
      PORTICO_SOCIAL_APPLE_PRIVATE_KEY_FILE: '/k.p8',
    })
  })

  it('refuses a secret given both ways, and a file it cannot read', () => {
    expect(() => withSecretFiles({ SMTP_URL: 'smtp://a', SMTP_URL_FILE: secret('smtp', 'smtp://b') })).toThrow(
      'Set SMTP_URL or SMTP_URL_FILE, not both',
    )
    expect(() => withSecretFiles({ PORTICO_KEK_FILE: path.join(dir, 'missing') })).toThrow(
      `PORTICO_KEK_FILE: cannot read ${path.join(dir, 'missing')}`,
    )
  })
})
