import { identitySchema } from '@portico/protocol/account'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app.ts'
import { createNamesRepository } from '../db/names.ts'
import type { Database } from '../db/types.ts'
import { openTestApp, requestError, requestJson, TEST_CHAINS, type TestApp } from '../test-support.ts'

let app: TestApp
let db: Database
let close: () => Promise<void>
beforeAll(async () => {
  ;({ app, db, close } = await openTestApp())
})
afterAll(() => close())

describe('GET /v1/identity/{address}', () => {
  it('answers identity from registered names only', async () => {
    const address = '0x00000000000000000000000000000000000000Aa'
    expect((await requestJson(app, `/v1/identity/${address}`, identitySchema)).body).toEqual({ name: null, avatar: null })
    await createNamesRepository(db).register({
      name: 'identity-test',
      address,
      coinType: 0x80000000 | 31337,
      attributes: { avatar: 'http://127.0.0.1/avatar.png' },
    })
    // Lower-case and without the 0x prefix: both valid EVM addresses (SPEC §5).
    for (const path of [address.toLowerCase(), address.slice(2)]) {
      expect((await requestJson(app, `/v1/identity/${path}`, identitySchema)).body).toEqual({
        name: 'identity-test',
        avatar: 'http://127.0.0.1/avatar.png',
      })
    }
  })

  it('asks the identity provider, with the checksummed address', async () => {
    const asked: string[] = []
    const custom = createApp({
      chains: TEST_CHAINS,
      db,
      providers: {
        identity: {
          getIdentity: async (address) => {
            asked.push(address)
            return { name: 'from-provider', avatar: null }
          },
        },
      },
    })
    const { body } = await requestJson(custom, `/v1/identity/0x${'ab'.repeat(20)}`, identitySchema)
    expect(body).toEqual({ name: 'from-provider', avatar: null })
    expect(asked).toEqual(['0xABaBaBaBABabABabAbAbABAbABabababaBaBABaB'])
  })

  it.each([
    ['/v1/identity/0x123', 'Invalid EVM address'],
    [`/v1/identity/0x${'g'.repeat(40)}`, 'Invalid EVM address'],
    [`/v1/identity/${'%00'.repeat(40)}`, 'Invalid EVM address'],
    ['/v1/identity/..%2F..%2Fetc%2Fpasswd', 'Invalid EVM address'],
  ])('GET %s → 400 %j', async (path, message) => {
    expect(await requestError(app, path)).toMatchObject({ status: 400, body: { error: message } })
  })
})
