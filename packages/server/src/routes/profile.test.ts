import { startDevnet, type Devnet } from '@portico/devnet'
import {
  nameLookupResponseSchema,
  nameRegisterErrorSchema,
  nameRegisterResponseSchema,
  nameReverseResponseSchema,
  nameSuggestionsResponseSchema,
} from '@portico/protocol/profile'
import { identitySchema } from '@portico/protocol/account'
import {
  createPublicClient,
  createWalletClient,
  encodeAbiParameters,
  encodeFunctionData,
  getContractAddress,
  http,
  keccak256,
  serializeErc6492Signature,
  toHex,
  type Address,
  type Hex,
} from 'viem'
import { mnemonicToAccount, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { parseCli } from '../cli.ts'
import type { ChainConfigInput } from '../config.ts'
import { createNamesRepository, NameTakenError } from '../db/names.ts'
import type { Database } from '../db/types.ts'
import { chainIdFromCoinType, coinTypeFromChainId, NAME_ERRORS, nameRuleViolation, normalizeName, NameRuleError } from '../name-rules.ts'
import { errorBodySchema, openTestApp, postJson, requestJson, type TestApp, openTestDatabase } from '../test-support.ts'
import { OwnedWallet, OwnedWalletFactory } from './__fixtures__/owned-wallet.ts'

const CHAIN_ID = 31337
const COIN_TYPE = 0x80000000 + CHAIN_ID
const ZONE = 'portico.id'
// Fixed keys: the tests' EOAs (not devnet accounts, so they own nothing on chain).
const alice = privateKeyToAccount(`0x${'a1'.repeat(32)}`)
const bob = privateKeyToAccount(`0x${'b2'.repeat(32)}`)
const carol = privateKeyToAccount(`0x${'c3'.repeat(32)}`)

/** A refused registration: `{ error, reasons }` with the text first in both. */
const refusalSchema = z.object({ error: z.string(), ...nameRegisterErrorSchema.shape })

let devnet: Devnet
let db: Database
let app: TestApp
let chains: ChainConfigInput[]

beforeAll(async () => {
  devnet = await startDevnet({ chains: [{ chainId: CHAIN_ID }] })
  const chain = devnet.chains[0]!
  chains = [{ chainId: CHAIN_ID, name: chain.name, rpcUrl: chain.rpcUrl, nativeCurrency: chain.nativeCurrency }]
  db = await openTestDatabase()
  ;({ app } = await openTestApp({ chains, db }))
}, 30_000)
afterAll(async () => {
  await db?.close()
  await devnet?.stop()
})

const now = () => Math.floor(Date.now() / 1000)

type Registration = { coin_type: number; address: string; message: string; signature: string }

/** The body of a registration of `name` by `signer` (for `address`, default the signer's). */
async function registration(
  signer: { signMessage(args: { message: string }): Promise<Hex> },
  address: string,
  name: string,
  options: { timestamp?: number; attributes?: Record<string, string>; coinType?: number; message?: string } = {},
): Promise<Registration> {
  const message = options.message ?? JSON.stringify({ name, attributes: options.attributes ?? {}, timestamp: options.timestamp ?? now() })
  return { coin_type: options.coinType ?? COIN_TYPE, address, message, signature: await signer.signMessage({ message }) }
}

async function register(body: unknown, on: TestApp = app) {
  return postJson(on, '/v1/profile/account', body)
}

/** POST and expect a refusal: its status and text (the first reason's description, also in `error`). */
async function refused(body: unknown, on: TestApp = app) {
  const res = await register(body, on)
  const parsed = refusalSchema.parse(await res.json())
  expect(parsed.reasons[0]?.description).toBe(parsed.error)
  return { status: res.status, text: parsed.error, field: parsed.reasons[0]?.field }
}

describe('name rules (SPEC §5: at least 4 characters, letters, digits and hyphen; a DNS label at most)', () => {
  it.each([
    ['abcd', null],
    ['Alice', null],
    ['a1-b', null],
    ['----', null],
    ['x'.repeat(63), null],
    ['abc', NAME_ERRORS.tooShort],
    ['', NAME_ERRORS.tooShort],
    ['x'.repeat(64), NAME_ERRORS.tooLong],
    ['al_ice', NAME_ERRORS.chars],
    ['ali ce', NAME_ERRORS.chars],
    ['élan', NAME_ERRORS.chars],
    ['alice!', NAME_ERRORS.chars],
  ])('%j → %s', (label, expected) => {
    expect(nameRuleViolation(label)).toBe(expected)
  })

  it.each([
    ['alice', 'alice.portico.id'],
    ['Alice', 'alice.portico.id'],
    ['ALICE.Portico.ID', 'alice.portico.id'],
    ['alice-2.portico.id', 'alice-2.portico.id'],
  ])('%j is stored as %j', (input, stored) => {
    expect(normalizeName(input, ZONE).name).toBe(stored)
  })

  it.each([
    ['alice.other.id', NAME_ERRORS.zone(ZONE)],
    ['abc.portico.id', NAME_ERRORS.tooShort],
    ['abcd.efgh.portico.id', NAME_ERRORS.chars],
  ])('%j is refused: %s', (input, text) => {
    expect(() => normalizeName(input, ZONE)).toThrow(new NameRuleError('name', text))
  })
})

describe('coin type (SPEC §9: 0x80000000 | chainId; ENSIP-11)', () => {
  it.each([
    [0, 2147483648],
    [1, 2147483649],
    [8453, 2147492101],
    [31337, 2147514985],
    [2147483647, 4294967295],
  ])('chain %i ↔ coin type %i', (chainId, coinType) => {
    expect(coinTypeFromChainId(chainId)).toBe(coinType)
    expect(chainIdFromCoinType(coinType)).toBe(chainId)
  })

  it.each([2147483648, 2 ** 40, -1, 1.5, Number.NaN])("chain id %s → 'Invalid chainId'", (chainId) => {
    expect(() => coinTypeFromChainId(chainId)).toThrow('Invalid chainId')
  })

  it.each([
    [4294967296, NAME_ERRORS.invalidChainId],
    [2 ** 52, NAME_ERRORS.invalidChainId],
    [60, NAME_ERRORS.coinType],
    [2147483647, NAME_ERRORS.coinType],
    [2147483649.5, NAME_ERRORS.coinType],
    [-2147483649, NAME_ERRORS.coinType],
  ])('coin type %s → %s', (coinType, text) => {
    expect(() => chainIdFromCoinType(coinType)).toThrow(text)
  })
})

describe('POST /v1/profile/account, then lookup, reverse and suggestions', () => {
  it('registers a name signed by an EOA, lower-cased in the zone, with its attributes and address', async () => {
    const res = await register(
      await registration(alice, alice.address.toLowerCase(), 'Alice', { attributes: { avatar: 'https://example.com/a.png', bio: 'hi' } }),
    )
    expect(res.status).toBe(200)
    const record = nameRegisterResponseSchema.parse(await res.json())
    expect(record.name).toBe('alice.portico.id')
    expect(record.attributes).toEqual({ avatar: 'https://example.com/a.png', bio: 'hi' })
    expect(Object.keys(record.addresses)).toEqual([String(COIN_TYPE)])
    expect(record.addresses[String(COIN_TYPE)]?.address).toBe(alice.address)
    expect(Date.parse(record.registered_at)).toBeGreaterThan(Date.now() - 60_000)

    for (const path of ['/v1/profile/account/alice.portico.id', '/v1/profile/account/ALICE.Portico.id', '/v1/profile/account/alice']) {
      const { status, body } = await requestJson(app, path, nameLookupResponseSchema)
      expect(status, path).toBe(200)
      expect(body).toEqual(record)
    }
    const reverse = await requestJson(app, `/v1/profile/reverse/${alice.address.toLowerCase()}`, nameReverseResponseSchema)
    expect(reverse.status).toBe(200)
    expect(reverse.body).toEqual([record])
    const identity = await requestJson(app, `/v1/identity/${alice.address}`, identitySchema)
    expect(identity.body).toEqual({ name: 'alice.portico.id', avatar: 'https://example.com/a.png' })

    const { body: suggestions } = await requestJson(app, '/v1/profile/suggestions/alice?zone=portico.id', nameSuggestionsResponseSchema)
    expect(suggestions.suggestions).toEqual([
      { name: 'alice1.portico.id', registered: false },
      { name: 'alice-1.portico.id', registered: false },
      { name: 'myalice.portico.id', registered: false },
      { name: 'thealice.portico.id', registered: false },
      { name: 'alice2.portico.id', registered: false },
    ])
  })

  it('suggests the wanted name itself first when it is free (zone optional, any case)', async () => {
    const { status, body } = await requestJson(app, '/v1/profile/suggestions/Bobby', nameSuggestionsResponseSchema)
    expect(status).toBe(200)
    expect(body.suggestions.map((s) => s.name)).toEqual([
      'bobby.portico.id',
      'bobby1.portico.id',
      'bobby-1.portico.id',
      'mybobby.portico.id',
      'thebobby.portico.id',
    ])
    expect(body.suggestions.every((s) => !s.registered)).toBe(true)
  })

  it('answers an address with no names with [], and an unknown name with 404', async () => {
    expect((await requestJson(app, `/v1/profile/reverse/${carol.address}`, nameReverseResponseSchema)).body).toEqual([])
    const missing = await requestJson(app, '/v1/profile/account/nobody', errorBodySchema)
    expect(missing.status).toBe(404)
    expect(missing.body.error).toBe('Name nobody.portico.id not found')
  })

  it('keeps names unique whatever their case', async () => {
    expect(await refused(await registration(bob, bob.address, 'ALICE.portico.id'))).toEqual({
      status: 409,
      field: 'message',
      text: 'Name alice.portico.id is already registered',
    })
    // The database holds it too, for any writer: a unique index on lower(name).
    const names = createNamesRepository(db)
    await names.register({ name: 'Zed-Name.portico.id', address: carol.address, coinType: COIN_TYPE })
    await expect(names.register({ name: 'zed-name.portico.id', address: bob.address, coinType: COIN_TYPE })).rejects.toBeInstanceOf(
      NameTakenError,
    )
    expect((await names.findTaken(['ZED-NAME.portico.id'])).has('zed-name.portico.id')).toBe(true)
  })

  it('refuses stale and future timestamps, a replayed message and a wrong signer with their texts', async () => {
    expect(await refused(await registration(bob, bob.address, 'bobby', { timestamp: now() - 601 }))).toEqual({
      status: 400,
      field: 'message',
      text: 'Registration message expired: its timestamp is more than 10 minutes old',
    })
    expect(await refused(await registration(bob, bob.address, 'bobby', { timestamp: now() + 120 }))).toEqual({
      status: 400,
      field: 'message',
      text: 'Registration message timestamp is in the future',
    })
    // A timestamp in milliseconds is far in the future.
    expect((await refused(await registration(bob, bob.address, 'bobby', { timestamp: Date.now() }))).text).toBe(
      'Registration message timestamp is in the future',
    )

    // Signed by carol for bob's address (an EOA, checked on chain too: no code there).
    expect(await refused(await registration(carol, bob.address, 'bobby'))).toEqual({
      status: 401,
      field: 'signature',
      text: 'Invalid signature',
    })

    const body = await registration(bob, bob.address, 'bobby')
    expect((await register(body)).status).toBe(200)
    expect(await refused(body)).toEqual({ status: 409, field: 'message', text: 'This registration message was already used' })
    // The same message signed again (another signature) is the same authorisation: refused too.
    expect(await refused({ ...body, signature: await bob.signMessage({ message: body.message }) })).toEqual({
      status: 409,
      field: 'message',
      text: 'This registration message was already used',
    })
  })

  it.each([
    ['not JSON', 'not json', NAME_ERRORS.messageJson],
    ['JSON of the wrong shape', '{"name":"daisy"}', NAME_ERRORS.messageShape],
    ['a timestamp as text', JSON.stringify({ name: 'daisy', attributes: {}, timestamp: String(now()) }), NAME_ERRORS.messageShape],
    ['a short name', JSON.stringify({ name: 'dai', attributes: {}, timestamp: now() }), NAME_ERRORS.tooShort],
    ['an underscore', JSON.stringify({ name: 'dai_sy', attributes: {}, timestamp: now() }), NAME_ERRORS.chars],
    ['another zone', JSON.stringify({ name: 'daisy.eth', attributes: {}, timestamp: now() }), 'Name must end with .portico.id'],
    [
      'a NUL in an attribute',
      JSON.stringify({ name: 'daisy', attributes: { bio: 'a\u0000b' }, timestamp: now() }),
      NAME_ERRORS.messageAttributes,
    ],
    [
      'a lone surrogate in an attribute',
      JSON.stringify({ name: 'daisy', attributes: { bio: '\ud800' }, timestamp: now() }),
      NAME_ERRORS.messageAttributes,
    ],
    [
      'too many attributes',
      JSON.stringify({
        name: 'daisy',
        attributes: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 'v'])),
        timestamp: now(),
      }),
      NAME_ERRORS.messageAttributes,
    ],
  ])('a message with %s → 400', async (_, message, text) => {
    expect(await refused(await registration(carol, carol.address, '', { message }))).toEqual({ status: 400, field: 'message', text })
  })

  it.each([
    ['coin type of a chain id ≥ 2^31', { coin_type: 4294967296 }, 'coin_type', 'Invalid chainId'],
    ['a SLIP-44 coin type', { coin_type: 60 }, 'coin_type', NAME_ERRORS.coinType],
    ['an unconfigured chain', { coin_type: 0x80000000 + 1 }, 'coin_type', 'Unsupported chainId eip155:1'],
    ['coin_type as text', { coin_type: String(COIN_TYPE) }, 'coin_type', 'coin_type must be a number'],
    ['a bad address', { address: '0x1234' }, 'address', 'Invalid EVM address'],
    ['a non-hex signature', { signature: 'hello' }, 'signature', 'signature must be 0x-prefixed hex bytes'],
    ['no message', { message: undefined }, 'message', 'message must be a string'],
  ])('%s → 400', async (_, change, field, text) => {
    const body = { ...(await registration(carol, carol.address, 'carol')), ...change }
    expect(await refused(body)).toEqual({ status: 400, field, text })
  })

  it('answers a body that is not JSON (400) or not declared JSON (415) without a 500', async () => {
    expect(await refused('{"coin_type":')).toEqual({ status: 400, field: undefined, text: 'Invalid JSON body' })
    expect(await refused('[1,2]')).toEqual({
      status: 400,
      field: undefined,
      text: 'Expected a JSON object { coin_type, address, message, signature }',
    })
    const res = await app.request('/v1/profile/account', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{}' })
    expect(res.status).toBe(415)
  })

  it('refuses bad names and foreign zones in suggestions and lookups with 400, never a 500', async () => {
    const cases: [string, number, string][] = [
      ['/v1/profile/suggestions/abc', 400, NAME_ERRORS.tooShort],
      ['/v1/profile/suggestions/al%20ice', 400, NAME_ERRORS.chars],
      ['/v1/profile/suggestions/alice?zone=reown.id', 400, 'Unsupported zone reown.id: this server registers names under portico.id'],
      ['/v1/profile/suggestions/alice?zone=a&zone=b', 400, 'zone must be a single value'],
      [`/v1/profile/account/${'x'.repeat(300)}`, 400, 'Name must be at most 255 characters'],
      ['/v1/profile/reverse/0x123', 400, 'Invalid EVM address'],
      ['/v1/profile/account/al%00ice', 400, NAME_ERRORS.chars],
      ['/v1/profile/account/al%20ice', 400, NAME_ERRORS.chars],
    ]
    for (const [path, status, text] of cases) {
      const res = await requestJson(app, path, errorBodySchema)
      expect([res.status, res.body.error], path).toEqual([status, text])
    }
  })
})

describe('the zone is configurable', () => {
  it('registers and suggests under AppConfig.names.zone; the CLI reads --name-zone / PORTICO_NAME_ZONE', async () => {
    const other = await openTestApp({ chains, names: { zone: 'example.xyz' } })
    try {
      const res = await register(await registration(carol, carol.address, 'carol'), other.app)
      expect(nameRegisterResponseSchema.parse(await res.json()).name).toBe('carol.example.xyz')
      const { body } = await requestJson(other.app, '/v1/profile/suggestions/carol?zone=example.xyz', nameSuggestionsResponseSchema)
      expect(body.suggestions[0]?.name).toBe('carol1.example.xyz')
      expect((await refused(await registration(carol, carol.address, 'carol.portico.id'), other.app)).text).toBe(
        'Name must end with .example.xyz',
      )
    } finally {
      await other.close()
    }
    expect(parseCli(['--name-zone', 'names.example'], { PORTICO_NAME_ZONE: 'env.example' })).toMatchObject({
      names: { zone: 'names.example' },
    })
    expect(parseCli([], { PORTICO_NAME_ZONE: 'env.example' })).toMatchObject({ names: { zone: 'env.example' } })
    expect(parseCli([], {})).not.toHaveProperty('names')
    expect(() => parseCli(['--name-zone', 'Bad Zone'], {})).toThrow('name zone must be a lower-case domain such as portico.id')
  })
})

describe('smart accounts on a real anvil chain (the ERC-1271 OwnedWallet fixture)', () => {
  const owner = privateKeyToAccount(`0x${'d4'.repeat(32)}`)
  let factory: Address

  async function deployed() {
    const chain = devnet.chains[0]!
    const viemChain = {
      id: CHAIN_ID,
      name: chain.name,
      nativeCurrency: chain.nativeCurrency,
      rpcUrls: { default: { http: [chain.rpcUrl] } },
    } as const
    const funded: PrivateKeyAccount | ReturnType<typeof mnemonicToAccount> = mnemonicToAccount(devnet.mnemonic, { addressIndex: 3 })
    const wallet = createWalletClient({ chain: viemChain, transport: http(chain.rpcUrl), account: funded })
    const client = createPublicClient({ chain: viemChain, transport: http(chain.rpcUrl) })
    return { wallet, client }
  }

  beforeAll(async () => {
    const { wallet, client } = await deployed()
    const hash = await wallet.deployContract({ abi: OwnedWalletFactory.abi, bytecode: OwnedWalletFactory.bytecode })
    factory = (await client.waitForTransactionReceipt({ hash })).contractAddress as Address
  })

  /** The CREATE2 address of the owner's wallet with `salt`, before or after its deployment. */
  function walletAddress(salt: Hex): Address {
    const bytecode = `${OwnedWallet.bytecode}${encodeAbiParameters([{ type: 'address' }], [owner.address]).slice(2)}` as Hex
    return getContractAddress({ opcode: 'CREATE2', from: factory, salt, bytecode })
  }

  it('registers for a deployed smart account whose owner signed (ERC-1271), and refuses another signer', async () => {
    const salt = keccak256(toHex('deployed'))
    const { wallet, client } = await deployed()
    const hash = await wallet.writeContract({
      address: factory,
      abi: OwnedWalletFactory.abi,
      functionName: 'deploy',
      args: [owner.address, salt],
    })
    await client.waitForTransactionReceipt({ hash })
    const account = walletAddress(salt)
    expect(await client.getCode({ address: account })).not.toBeUndefined()

    expect(await refused(await registration(carol, account, 'safe-one'))).toEqual({
      status: 401,
      field: 'signature',
      text: 'Invalid signature',
    })
    const res = await register(await registration(owner, account, 'safe-one'))
    expect(res.status).toBe(200)
    expect(nameRegisterResponseSchema.parse(await res.json()).addresses[String(COIN_TYPE)]?.address).toBe(account)
    expect((await requestJson(app, `/v1/profile/reverse/${account}`, nameReverseResponseSchema)).body.map((r) => r.name)).toEqual([
      'safe-one.portico.id',
    ])
  })

  it('registers for a smart account not deployed yet, with an ERC-6492 signature (factory + deploy call + owner signature)', async () => {
    const salt = keccak256(toHex('counterfactual'))
    const account = walletAddress(salt)
    const { client } = await deployed()
    expect(await client.getCode({ address: account })).toBeUndefined()
    const body = await registration(owner, account, 'safe-two')
    const signature = serializeErc6492Signature({
      address: factory,
      data: encodeFunctionData({ abi: OwnedWalletFactory.abi, functionName: 'deploy', args: [owner.address, salt] }),
      signature: body.signature as Hex,
    })
    // The bare owner signature does not verify for the undeployed account.
    expect((await refused(body)).status).toBe(401)
    const res = await register({ ...body, signature })
    expect(res.status).toBe(200)
    expect(nameRegisterResponseSchema.parse(await res.json()).name).toBe('safe-two.portico.id')
    // Verification ran in eth_call: the account is still not deployed.
    expect(await client.getCode({ address: account })).toBeUndefined()
  })
})
