/**
 * Issue 22: "a 4a76ab1 database migrated: every user signs after, and no sealed whole key remains".
 * tests/fixtures/db-4a76ab1.sql is a pg_dump of a database made by commit 4a76ab1's own API (its
 * migrations 001-010, two users made at an email login, their whole EVM and Solana keys sealed by that
 * API under TEST_KEK; its header says how). Here, on the node-pg project's real PostgreSQL 15 server:
 * the dump is loaded into a new database with psql, today's migrations run, today's API starts on it
 * (startServer, over HTTP) with the same KEK and `keyCustody: 'shares'`, and each old user logs in
 * through the embedded wallet's frame: their keys are migrated to shares at that login and they sign
 * as the same addresses.
 */
import { execFile } from 'node:child_process'
import { createPublicKey, verify as verifyEd25519 } from 'node:crypto'
import path from 'node:path'
import { promisify } from 'node:util'
import { getBase58Encoder } from '@solana/kit'
import { type Hex, verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FRAME_ORIGIN, memoryMailbox, TEST_KEK } from '../packages/server/src/auth/test-support'
import { loadMigrations, migrate } from '../packages/server/src/db/migrate'
import { postgresBinDir } from '../packages/server/src/db/pg-cluster'
import { openPostgres } from '../packages/server/src/db/postgres'
import type { Database } from '../packages/server/src/db/types'
import { type RunningServer, startServer } from '../packages/server/src/index'
import { TEST_POSTGRES_ENV } from '../packages/server/src/test-support'
import { frameLogin, httpRequester } from './support/frame-login'

const DUMP = path.join(import.meta.dirname, 'fixtures/db-4a76ab1.sql')
/** The users in the dump, as its header lists them. */
const OLD_USERS = [
  {
    email: 'alice-4a76ab1@example.com',
    id: 'd741328f-08a9-40a3-be3f-163bc2c60229',
    evm: '0xaB2f4770d3a09fDA6a4E4ca9F7e758aBBE1e7af0',
    solana: 'D5WtDJE62GcsnS71YpZiE61DVW1QiJFQq7pe2pySKxmi',
  },
  {
    email: 'bob-4a76ab1@example.com',
    id: '1bd2258e-8cf5-4ac5-b252-995baccff0ee',
    evm: '0x9F7Ac569B70f8568a07f624A2537BA8178E9D935',
    solana: '9qDV6X9YDdr8UJkSKSf863Tucs2U7gG8Kg9WWyVmo4tw',
  },
] as const
/** 4a76ab1's migrations: the dump's schema_migrations. */
const OLD_VERSIONS = ['001', '002', '003', '004', '005', '006', '007', '008', '009', '010']
const SOLANA_NETWORK = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'

const mailbox = memoryMailbox()
let db: Database
let server: RunningServer | undefined
let applied: string[]

const rowsOf = async <T>(sql: string, params?: unknown[]) => (await db.query<T>(sql, params)).rows

beforeAll(async () => {
  const postgres = process.env[TEST_POSTGRES_ENV]
  if (!postgres) throw new Error(`${TEST_POSTGRES_ENV} is not set: run this file in the node-pg project`)
  const binDir = postgresBinDir()
  if (binDir === undefined) throw new Error('PostgreSQL is not installed')
  const name = `dump_4a76ab1_${process.pid}`
  const admin = await openPostgres(postgres)
  try {
    await admin.exec(`CREATE DATABASE ${name} TEMPLATE template0`)
  } finally {
    await admin.close()
  }
  const url = postgres.replace(/\/postgres$/, `/${name}`)
  // As an operator restores a plain pg_dump: psql, stopping at the first error.
  await promisify(execFile)(path.join(binDir, 'psql'), ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-f', DUMP, url])
  db = await openPostgres(url)
})
afterAll(async () => {
  // The server closes the database it serves from.
  await (server ? server.stop() : db?.close())
})

describe('a database dumped from 4a76ab1 (the old custody: whole keys sealed by the API)', () => {
  it('the dump holds 4a76ab1’s migrations, its two users and their four sealed whole keys', async () => {
    expect((await rowsOf<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version')).map((r) => r.version)).toEqual(
      OLD_VERSIONS,
    )
    expect(await rowsOf('SELECT id, email, evm_address AS evm, solana_address AS solana FROM portico_auth.users ORDER BY email')).toEqual(
      OLD_USERS.map(({ id, email, evm, solana }) => ({ id, email, evm, solana })),
    )
    expect(await rowsOf('SELECT user_id, kind FROM portico_auth.user_keys ORDER BY user_id, kind')).toEqual(
      [...OLD_USERS]
        .sort((a, b) => a.id.localeCompare(b.id))
        .flatMap(({ id }) => [
          { user_id: id, kind: 'evm' },
          { user_id: id, kind: 'solana' },
        ]),
    )
  })

  it('today’s migrations apply 011 and every later one, and leave the users and their sealed keys in place', async () => {
    applied = await migrate(db)
    const later = loadMigrations()
      .map((m) => m.version)
      .filter((v) => v > '010')
    expect(applied).toEqual(later)
    expect(applied.slice(0, 8)).toEqual(['011', '012', '013', '014', '015', '016', '017', '018'])
    expect(await migrate(db)).toEqual([])
    expect(await rowsOf('SELECT email, evm_address, solana_address FROM portico_auth.users ORDER BY email')).toEqual(
      OLD_USERS.map((u) => ({ email: u.email, evm_address: u.evm, solana_address: u.solana })),
    )
    expect(await rowsOf('SELECT 1 FROM portico_auth.user_keys')).toHaveLength(4)
    expect(await rowsOf('SELECT 1 FROM portico_auth.key_shares')).toEqual([])
  })

  it('today’s API starts on it with the same KEK (a 4a76ab1 sealed key opens under it) and keeps the KEK’s check value', async () => {
    expect(applied).toBeDefined()
    server = await startServer({
      database: db,
      chains: [
        { chainId: 31337, name: 'Anvil', rpcUrl: 'http://127.0.0.1:1', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } },
      ],
      solana: { caipNetworkId: SOLANA_NETWORK, name: 'Solana', rpcUrl: 'http://127.0.0.1:1' },
      indexer: { enabled: false },
      auth: { kek: TEST_KEK, mail: mailbox, frameOrigins: [FRAME_ORIGIN], keyCustody: 'shares' },
    })
    expect(await rowsOf('SELECT id FROM portico_auth.kek_check')).toEqual([{ id: 1 }])
  })

  for (const old of OLD_USERS) {
    it(`${old.email} logs in through the frame: the same addresses, the whole keys gone, shares kept; both keys sign`, async () => {
      expect(server).toBeDefined()
      const frame = await frameLogin(httpRequester(server!.url), old.email, { mailbox, now: Date.now, apiUrl: server!.url })
      expect(frame.user.address).toBe(old.evm)
      expect(frame.user.solanaAddress).toBe(old.solana)
      expect(await rowsOf('SELECT kind FROM portico_auth.user_keys WHERE user_id = $1', [old.id])).toEqual([])
      expect(await rowsOf('SELECT kind, address, split FROM portico_auth.key_shares WHERE user_id = $1 ORDER BY kind', [old.id])).toEqual([
        { kind: 'evm', address: old.evm, split: 'primary' },
        { kind: 'solana', address: old.solana, split: 'primary' },
      ])
      expect(await rowsOf('SELECT id FROM portico_auth.users WHERE email = $1', [old.email])).toEqual([{ id: old.id }])

      const message = `${old.email} after the upgrade from 4a76ab1`
      const { result } = await frame.service.RPC_REQUEST({ method: 'personal_sign', params: [message, old.evm] })
      expect(await verifyMessage({ address: old.evm as Hex, message, signature: result as Hex })).toBe(true)

      const bytes = Buffer.from(message)
      const { result: solana } = await frame.service.RPC_REQUEST({
        method: 'solana_signMessage',
        namespace: 'solana',
        chainId: SOLANA_NETWORK,
        params: [{ message: bytes.toString('base64'), pubkey: old.solana }],
      })
      const publicKey = createPublicKey({
        key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), Buffer.from(getBase58Encoder().encode(old.solana))]),
        format: 'der',
        type: 'spki',
      })
      const signature = Buffer.from(getBase58Encoder().encode((solana as { signature: string }).signature))
      expect(verifyEd25519(null, bytes, publicKey, signature)).toBe(true)
    })
  }

  it('afterwards no sealed whole key remains in the database', async () => {
    expect(await rowsOf('SELECT user_id, kind FROM portico_auth.user_keys')).toEqual([])
    expect(await rowsOf('SELECT 1 FROM portico_auth.key_shares')).toHaveLength(4)
  })
})
