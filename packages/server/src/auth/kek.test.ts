import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { KEK_REQUIRED } from '../cli-auth.ts'
import { parseCli } from '../cli.ts'
import { parseKek } from './crypto.ts'
import { loadOrCreateKek } from './kek.ts'

const root = mkdtempSync(join(tmpdir(), 'portico-kek-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

describe('the key encryption key', () => {
  it('is generated into <dataDir>/kek with mode 0600, then reused', () => {
    const dir = join(root, 'a', 'data')
    const first = loadOrCreateKek(dir)
    expect(parseKek(first)).toHaveLength(32)
    expect(statSync(join(dir, 'kek')).mode & 0o777).toBe(0o600)
    expect(loadOrCreateKek(dir)).toBe(first)
    expect(readFileSync(join(dir, 'kek'), 'utf8').trim()).toBe(first)
  })

  it('refuses a KEK of the wrong size', () => {
    expect(() => parseKek(Buffer.alloc(16).toString('base64'))).toThrow('auth.kek must be 32 bytes (base64), got 16')
    const dir = join(root, 'bad')
    loadOrCreateKek(dir)
    writeFileSync(join(dir, 'kek'), 'c2hvcnQ=\n')
    expect(() => loadOrCreateKek(dir)).toThrow(/32 bytes/)
  })
})

describe('CLI: the auth service', () => {
  const kek = Buffer.alloc(32, 3).toString('base64')

  it('is off without frame origins, as before', () => {
    const options = parseCli([], { SMTP_URL: 'smtp://127.0.0.1:2525', PORTICO_KEK: kek })
    expect(options !== 'help' && options.auth).toBeUndefined()
  })

  it('is on with frame origins, SMTP_URL and PORTICO_KEK', () => {
    const options = parseCli(['--frame-origins', 'http://127.0.0.1:5174, https://frame.example'], {
      SMTP_URL: 'smtp://127.0.0.1:2525',
      PORTICO_KEK: kek,
      PORTICO_MAIL_FROM: 'Login <login@example.com>',
    })
    expect(options !== 'help' && options.auth).toEqual({
      kek,
      mail: 'smtp://127.0.0.1:2525',
      mailFrom: 'Login <login@example.com>',
      frameOrigins: ['http://127.0.0.1:5174', 'https://frame.example'],
    })
  })

  it('refuses a persistent database (a data directory, PORTICO_DATA_DIR or DATABASE_URL) without PORTICO_KEK, and writes no KEK file', () => {
    const dir = join(root, 'cli-data')
    const auth = { PORTICO_FRAME_ORIGINS: 'http://127.0.0.1:5174', SMTP_URL: 'smtp://127.0.0.1:2525' }
    expect(() => parseCli(['--data-dir', dir], auth)).toThrow(KEK_REQUIRED)
    expect(() => parseCli([], { ...auth, PORTICO_DATA_DIR: dir })).toThrow(KEK_REQUIRED)
    expect(() => parseCli([], { ...auth, DATABASE_URL: 'postgres://portico@127.0.0.1:5432/portico' })).toThrow(KEK_REQUIRED)
    expect(existsSync(join(dir, 'kek'))).toBe(false)
    // With the KEK it starts, and still writes nothing beside the database.
    const options = parseCli(['--data-dir', dir], { ...auth, PORTICO_KEK: kek })
    expect(options !== 'help' && options.auth?.kek).toBe(kek)
    expect(existsSync(join(dir, 'kek'))).toBe(false)
    // Without the auth service no KEK is needed.
    expect(parseCli(['--data-dir', dir], { SMTP_URL: 'smtp://127.0.0.1:2525' })).not.toBe('help')
  })

  it('in memory (no data directory, no DATABASE_URL) a random KEK of its own, new at every start', () => {
    const env = { PORTICO_FRAME_ORIGINS: 'http://127.0.0.1:5174', SMTP_URL: 'smtp://127.0.0.1:2525' }
    const a = parseCli([], env)
    const b = parseCli([], env)
    const kekOf = (o: typeof a) => (o === 'help' ? undefined : o.auth?.kek)
    expect(parseKek(kekOf(a) as string)).toHaveLength(32)
    expect(kekOf(a)).not.toBe(kekOf(b))
  })

  it('takes the mail limits from the environment', () => {
    const env = { PORTICO_FRAME_ORIGINS: 'http://127.0.0.1:5174', SMTP_URL: 'smtp://127.0.0.1:2525', PORTICO_KEK: kek }
    const options = parseCli([], { ...env, PORTICO_AUTH_MAILS_PER_EMAIL: '50', PORTICO_AUTH_MAILS_PER_IP: '1000' })
    expect(options !== 'help' && options.auth?.limits).toEqual({ mailsPerEmailPerHour: 50, mailsPerIpPerHour: 1000 })
    const devices = parseCli([], { ...env, PORTICO_AUTH_DEVICE_MAILS_PER_EMAIL: '3' })
    expect(devices !== 'help' && devices.auth?.limits).toEqual({ deviceMailsPerEmailPerHour: 3 })
    expect(() => parseCli([], { ...env, PORTICO_AUTH_DEVICE_MAILS_PER_EMAIL: 'x' })).toThrow(
      'PORTICO_AUTH_DEVICE_MAILS_PER_EMAIL must be a positive integer',
    )
    expect(() => parseCli([], { ...env, PORTICO_AUTH_MAILS_PER_IP: '0' })).toThrow('PORTICO_AUTH_MAILS_PER_IP must be a positive integer')
  })

  it('takes the cap of device-approval asks per instance from the environment (PORTICO_AUTH_DEVICE_WAITS)', () => {
    const env = { PORTICO_FRAME_ORIGINS: 'http://127.0.0.1:5174', SMTP_URL: 'smtp://127.0.0.1:2525', PORTICO_KEK: kek }
    const options = parseCli([], { ...env, PORTICO_AUTH_DEVICE_WAITS: '25' })
    expect(options !== 'help' && options.auth?.maxDeviceWaits).toBe(25)
    const unset = parseCli([], env)
    expect(unset !== 'help' && unset.auth?.maxDeviceWaits).toBeUndefined()
    expect(() => parseCli([], { ...env, PORTICO_AUTH_DEVICE_WAITS: '0' })).toThrow('PORTICO_AUTH_DEVICE_WAITS must be a positive integer')
  })

  it('takes the key custody from the environment: shares (the default, left to the service) or server', () => {
    const env = { PORTICO_FRAME_ORIGINS: 'http://127.0.0.1:5174', SMTP_URL: 'smtp://127.0.0.1:2525', PORTICO_KEK: kek }
    const shares = parseCli([], { ...env, PORTICO_KEY_CUSTODY: 'shares' })
    expect(shares !== 'help' && shares.auth?.keyCustody).toBe('shares')
    const server = parseCli([], { ...env, PORTICO_KEY_CUSTODY: 'server' })
    expect(server !== 'help' && server.auth?.keyCustody).toBe('server')
    const none = parseCli([], env)
    expect(none !== 'help' && none.auth?.keyCustody).toBeUndefined()
    expect(() => parseCli([], { ...env, PORTICO_KEY_CUSTODY: 'enclave' })).toThrow("PORTICO_KEY_CUSTODY must be 'server' or 'shares'")
  })

  it('takes the permissions relayer key from PORTICO_PERMISSIONS_RELAYER_KEY', () => {
    const env = { PORTICO_FRAME_ORIGINS: 'http://127.0.0.1:5174', SMTP_URL: 'smtp://127.0.0.1:2525', PORTICO_KEK: kek }
    const key = `0x${'ab'.repeat(32)}`
    const withKey = parseCli([], { ...env, PORTICO_PERMISSIONS_RELAYER_KEY: key })
    expect(withKey !== 'help' && withKey.auth?.permissions).toEqual({ relayerKey: key })
    const none = parseCli([], env)
    expect(none !== 'help' && none.auth?.permissions).toBeUndefined()
  })

  it('takes the smart account executors from the environment', () => {
    const env = { PORTICO_FRAME_ORIGINS: 'http://127.0.0.1:5174', SMTP_URL: 'smtp://127.0.0.1:2525', PORTICO_KEK: kek }
    const executor = '0xb19b36b1456E65E3A6D514D3F715f204BD59f431'
    const options = parseCli([], { ...env, PORTICO_SMART_ACCOUNT_EXECUTORS: `31337=${executor}, 8453=${executor}` })
    expect(options !== 'help' && options.auth?.smartAccount).toEqual({ executors: { '31337': executor, '8453': executor } })
    expect(() => parseCli([], { ...env, PORTICO_SMART_ACCOUNT_EXECUTORS: '31337:0x12' })).toThrow(
      'PORTICO_SMART_ACCOUNT_EXECUTORS: "31337:0x12" is not <chainId>=<0x address>',
    )
    const none = parseCli([], env)
    expect(none !== 'help' && none.auth?.smartAccount).toBeUndefined()
  })

  it('takes Sign In With Farcaster from the environment', () => {
    const env = { PORTICO_FRAME_ORIGINS: 'http://127.0.0.1:5174', SMTP_URL: 'smtp://127.0.0.1:2525', PORTICO_KEK: kek }
    const registry = '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b'
    const options = parseCli([], {
      ...env,
      PORTICO_FARCASTER_RELAY_URL: 'https://relay.farcaster.xyz',
      PORTICO_FARCASTER_ID_REGISTRY: `10:${registry}:https://mainnet.optimism.io`,
    })
    expect(options !== 'help' && options.auth?.farcaster).toEqual({
      relayUrl: 'https://relay.farcaster.xyz',
      idRegistry: { chainId: 10, address: registry, rpcUrl: 'https://mainnet.optimism.io' },
    })
    expect(() => parseCli([], { ...env, PORTICO_FARCASTER_RELAY_URL: 'https://relay.farcaster.xyz' })).toThrow('go together')
    expect(() => parseCli([], { ...env, PORTICO_FARCASTER_RELAY_URL: 'https://r', PORTICO_FARCASTER_ID_REGISTRY: 'optimism' })).toThrow(
      'PORTICO_FARCASTER_ID_REGISTRY must be <chainId>:<0x address>[:<rpc url>]',
    )
  })

  it('needs SMTP_URL, and a 32-byte PORTICO_KEK', () => {
    expect(() => parseCli(['--frame-origins', 'http://127.0.0.1:5174'], { PORTICO_KEK: kek })).toThrow('needs SMTP_URL')
    expect(() => parseCli(['--frame-origins', 'http://127.0.0.1:5174'], { SMTP_URL: 'smtp://127.0.0.1:2525', PORTICO_KEK: 'abc' })).toThrow(
      'PORTICO_KEK must be 32 bytes in base64',
    )
  })
})
