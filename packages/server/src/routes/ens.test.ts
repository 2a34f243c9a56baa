// ENS as a source of identity (/v1/identity/{address}) and of name resolution (/v1/profile/account/{name}.eth),
// against the devnet's ENS contracts on a real anvil chain.
import { registerEnsName, startDevnet, type Devnet, type DevnetChain } from '@portico/devnet'
import { identitySchema } from '@portico/protocol/account'
import { nameLookupResponseSchema } from '@portico/protocol/profile'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ChainConfigInput } from '../config.ts'
import { createNamesRepository } from '../db/names.ts'
import type { Database } from '../db/types.ts'
import { NAME_ERRORS } from '../name-rules.ts'
import { createRpcEnsProvider, type EnsChain } from '../providers/ens.ts'
import { openTestApp, requestError, requestJson, type TestApp, openTestDatabase } from '../test-support.ts'

const alice = privateKeyToAccount(`0x${'a1'.repeat(32)}`).address
const bob = privateKeyToAccount(`0x${'b2'.repeat(32)}`).address
const carol = privateKeyToAccount(`0x${'c3'.repeat(32)}`).address
const dave = privateKeyToAccount(`0x${'d4'.repeat(32)}`).address
const AVATAR = 'https://127.0.0.1/alice.png'
const COIN_A = String(0x80000000 + 31337)
const COIN_B = String(0x80000000 + 31338)

let devnet: Devnet
let chainA: DevnetChain
let chains: ChainConfigInput[]
let db: Database
let app: TestApp
let reported: unknown[]

const toConfig = (c: DevnetChain, ens = true): ChainConfigInput => ({
  chainId: c.chainId,
  name: c.name,
  rpcUrl: c.rpcUrl,
  nativeCurrency: c.nativeCurrency,
  tokens: c.tokens,
  ...(ens ? { ens: c.ens } : {}),
})

beforeAll(async () => {
  devnet = await startDevnet()
  chainA = devnet.chains[0]!
  // ENS on chain A only (as mainnet holds ENS); chain B is configured without it.
  chains = [toConfig(chainA), toConfig(devnet.chains[1]!, false)]
  await registerEnsName(chainA, { label: 'alice', address: alice, avatar: AVATAR })
  await registerEnsName(chainA, { label: 'bob', address: bob, avatar: 'ipfs://QmNotAUrlTheClientLoads' })
  await registerEnsName(chainA, { label: 'carol-ens', address: carol })
  // dave.eth points at dave but dave's primary name is not set.
  await registerEnsName(chainA, { label: 'dave', address: dave, reverse: false })
  db = await openTestDatabase()
  ;({ app, reported } = await openTestApp({ chains, db }))
  // carol also has a Portico name: it wins over her ENS name.
  await createNamesRepository(db).register({
    name: 'carol-portico.portico.id',
    address: carol,
    coinType: 0x80000000 + 31337,
    attributes: {},
  })
}, 60_000)
afterAll(async () => {
  await db?.close()
  await devnet?.stop()
})

describe('GET /v1/identity/{address} with ENS', () => {
  it('answers the ENS primary name and the avatar of an address with a reverse record', async () => {
    expect((await requestJson(app, `/v1/identity/${alice}`, identitySchema)).body).toEqual({ name: 'alice.eth', avatar: AVATAR })
    // Lower case, no 0x: the same address.
    expect((await requestJson(app, `/v1/identity/${alice.slice(2).toLowerCase()}`, identitySchema)).body).toEqual({
      name: 'alice.eth',
      avatar: AVATAR,
    })
  })

  it('keeps the name but not an avatar record that is no http(s)/data URL', async () => {
    expect((await requestJson(app, `/v1/identity/${bob}`, identitySchema)).body).toEqual({ name: 'bob.eth', avatar: null })
  })

  it('answers the Portico name first when the address has both', async () => {
    expect((await requestJson(app, `/v1/identity/${carol}`, identitySchema)).body).toEqual({
      name: 'carol-portico.portico.id',
      avatar: null,
    })
  })

  it('answers no name without a reverse record, or with none at all', async () => {
    expect((await requestJson(app, `/v1/identity/${dave}`, identitySchema)).body).toEqual({ name: null, avatar: null })
    expect((await requestJson(app, `/v1/identity/0x${'12'.repeat(20)}`, identitySchema)).body).toEqual({ name: null, avatar: null })
  })

  it('does not ask ENS when no chain has it configured', async () => {
    const { app: plain, close } = await openTestApp({ chains: chains.map((c) => ({ ...c, ens: undefined })) })
    try {
      expect((await requestJson(plain, `/v1/identity/${alice}`, identitySchema)).body).toEqual({ name: null, avatar: null })
    } finally {
      await close()
    }
  })

  it('an unreachable ENS chain is a prompt 502, never a hang or a 500', async () => {
    const dead = { ...chains[0]!, rpcUrl: 'http://127.0.0.1:1' }
    const { app: broken, close, reported: errors } = await openTestApp({ chains: [dead] })
    try {
      const started = Date.now()
      expect(await requestError(broken, `/v1/identity/${alice}`)).toMatchObject({
        status: 502,
        body: { error: 'RPC request to eip155:31337 failed' },
      })
      expect(await requestError(broken, '/v1/profile/account/alice.eth')).toMatchObject({
        status: 502,
        body: { error: 'RPC request to eip155:31337 failed' },
      })
      expect(Date.now() - started).toBeLessThan(5_000)
      expect(errors.length).toBeGreaterThan(0)
    } finally {
      await close()
    }
  })
})

describe('GET /v1/profile/account/{name} with ENS', () => {
  it('resolves alice.eth to a NameRecord: the address under coin type 60 and every configured chain coin type, the avatar attribute', async () => {
    const { status, body } = await requestJson(app, '/v1/profile/account/alice.eth', nameLookupResponseSchema)
    expect(status).toBe(200)
    expect(body).toMatchObject({
      name: 'alice.eth',
      addresses: { '60': { address: alice }, [COIN_A]: { address: alice }, [COIN_B]: { address: alice } },
      attributes: { avatar: AVATAR },
    })
    expect(Object.keys(body.addresses).sort()).toEqual(['2147514985', '2147514986', '60'])
    expect(Number.isNaN(Date.parse(body.registered_at))).toBe(false)
    // The name is case-insensitive.
    expect((await requestJson(app, '/v1/profile/account/ALICE.ETH', nameLookupResponseSchema)).body.addresses[COIN_A]).toEqual({
      address: alice,
    })
  })

  it('resolves a name without a reverse record, and no avatar attribute for an unusable avatar', async () => {
    expect((await requestJson(app, '/v1/profile/account/dave.eth', nameLookupResponseSchema)).body).toMatchObject({
      name: 'dave.eth',
      addresses: { [COIN_A]: { address: dave } },
      attributes: {},
    })
    expect((await requestJson(app, '/v1/profile/account/bob.eth', nameLookupResponseSchema)).body.attributes).toEqual({})
  })

  it('an unknown .eth name, a subname without a resolver and the bare TLD are not found', async () => {
    expect(await requestError(app, '/v1/profile/account/nobody.eth')).toMatchObject({
      status: 404,
      body: { error: 'Name nobody.eth not found' },
    })
    expect(await requestError(app, '/v1/profile/account/sub.alice.eth')).toMatchObject({
      status: 404,
      body: { error: 'Name sub.alice.eth not found' },
    })
    expect(await requestError(app, '/v1/profile/account/eth.portico.id')).toMatchObject({ status: 404 })
  })

  it('keeps answering Portico names (a label alone is in the zone, never ENS)', async () => {
    expect((await requestJson(app, '/v1/profile/account/carol-portico', nameLookupResponseSchema)).body).toMatchObject({
      name: 'carol-portico.portico.id',
      addresses: { [COIN_A]: { address: carol } },
    })
    expect(await requestError(app, '/v1/profile/account/alice')).toMatchObject({
      status: 404,
      body: { error: 'Name alice.portico.id not found' },
    })
  })

  it.each([
    ['al_ice.eth', NAME_ERRORS.chars],
    ['alice..eth', NAME_ERRORS.chars],
    ['%F0%9F%98%80.eth', NAME_ERRORS.chars],
    ['ab--c.eth', NAME_ERRORS.chars],
    ['.eth', NAME_ERRORS.chars],
  ])('a bad name %s → 400 %j', async (name, error) => {
    expect(await requestError(app, `/v1/profile/account/${name}`)).toMatchObject({ status: 400, body: { error } })
  })

  it('reported no unexpected error', () => {
    expect(reported).toEqual([])
  })
})

describe('the RPC ENS provider', () => {
  it('caches answers for 5 minutes', async () => {
    let clock = 1_000_000
    const ens = createRpcEnsProvider({ now: () => clock })
    const chain = { ...chains[0]!, tokens: [], ens: chainA.ens } as EnsChain
    const erin = privateKeyToAccount(`0x${'e5'.repeat(32)}`).address
    expect(await ens.resolveName(chain, 'erin.eth', [0x80000000 + 31337])).toBeNull()
    expect(await ens.getName(chain, erin)).toBeNull()
    await registerEnsName(chainA, { label: 'erin', address: erin })
    // Still the cached answers (none) …
    clock += 5 * 60_000 - 1
    expect(await ens.resolveName(chain, 'erin.eth', [0x80000000 + 31337])).toBeNull()
    expect(await ens.getName(chain, erin)).toBeNull()
    // … renewed after 5 minutes.
    clock += 2
    expect(await ens.resolveName(chain, 'erin.eth', [0x80000000 + 31337])).toMatchObject({ addresses: { '60': erin, [COIN_A]: erin } })
    expect(await ens.getName(chain, erin)).toEqual({ name: 'erin.eth', avatar: null })
  })
})
