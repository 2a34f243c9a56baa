import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createNamesRepository, loadMigrations, migrate, NameTakenError, openPglite, type Database } from './index.ts'

describe('database', () => {
  let db: Database
  beforeAll(async () => {
    db = await openPglite()
  })
  afterAll(async () => {
    await db.close()
  })

  it('ships migrations numbered from 001 in order', () => {
    const versions = loadMigrations().map((m) => m.version)
    expect(versions[0]).toBe('001')
    expect(versions).toEqual([...versions].sort())
  })

  it('applies every migration once; a second run applies nothing and keeps the data', async () => {
    const all = loadMigrations().map((m) => m.version)
    expect(await migrate(db)).toEqual(all)
    await createNamesRepository(db).register({ name: 'keepme', address: `0x${'1'.repeat(40)}`, coinType: 60 })
    expect(await migrate(db)).toEqual([])
    const { rows } = await db.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version')
    expect(rows.map((r) => r.version)).toEqual(all)
    expect(await createNamesRepository(db).findByName('keepme')).not.toBeNull()
  })

  it('creates the names tables', async () => {
    const { rows } = await db.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name",
    )
    expect(rows.map((r) => r.table_name)).toEqual(['name_addresses', 'names', 'schema_migrations'])
  })

  it('registers names and finds them by name and, case-insensitively, by address', async () => {
    const names = createNamesRepository(db)
    const address = '0xAbCdEf0000000000000000000000000000000001'
    const record = await names.register({
      name: 'alice-wallet',
      address,
      coinType: 0x80000000 | 31337,
      attributes: { avatar: 'https://img.example/alice.png' },
    })
    expect(record.name).toBe('alice-wallet')
    expect(record.attributes).toEqual({ avatar: 'https://img.example/alice.png' })
    expect(record.addresses[String(0x80000000 | 31337)]?.address).toBe(address)
    expect(await names.findByName('alice-wallet')).toEqual(record)
    expect((await names.findByAddress(address.toLowerCase())).map((r) => r.name)).toEqual(['alice-wallet'])
    expect(await names.findByAddress(`0x${'9'.repeat(40)}`)).toEqual([])
  })

  it('refuses a taken name and rolls the transaction back', async () => {
    const names = createNamesRepository(db)
    await expect(names.register({ name: 'alice-wallet', address: `0x${'2'.repeat(40)}`, coinType: 60 })).rejects.toBeInstanceOf(
      NameTakenError,
    )
    expect(await names.findByAddress(`0x${'2'.repeat(40)}`)).toEqual([])
  })

  it('rolls back a failed transaction', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO names (name) VALUES ('rolled-back')")
        throw new Error('boom')
      }),
    ).rejects.toThrow('boom')
    expect(await createNamesRepository(db).findByName('rolled-back')).toBeNull()
  })
})
