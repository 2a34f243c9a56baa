import { describe, expect, it } from 'vitest'
import type { NameRecord } from '@portico/protocol/profile'
import { ADDRESS, mainnet, manualTimers, solana } from '../test-utils'
import type { CaipNetwork, ChainNamespace } from '../types'
import { createRouter } from '../router/router'
import {
  canRegisterName,
  createNames,
  DEFAULT_NAME_ZONE,
  emptyNamesState,
  evmCoinType,
  NAME_CHECK_DEBOUNCE_MS,
  NAME_RULE_ERRORS,
  nameRuleError,
  type NamesDeps,
  zoneOf,
} from './names'

const flush = () => new Promise((r) => setTimeout(r, 0))
const record = (name: string): NameRecord => ({
  name,
  registered_at: '2026-11-23T00:00:00Z',
  updated_at: '2026-11-23T00:00:00Z',
  addresses: {},
  attributes: {},
})

function setup(
  over: Partial<NamesDeps> = {},
  account: { namespace?: ChainNamespace; address?: string; network?: CaipNetwork } = {
    namespace: 'eip155',
    address: ADDRESS,
    network: mainnet,
  },
) {
  const timers = manualTimers(1_700_000_000_000)
  const asked: string[] = []
  const posted: unknown[] = []
  const signed: string[] = []
  const named: string[] = []
  const router = createRouter({ isConnected: () => true, closeModal: () => {} })
  const deps: NamesDeps = {
    async getSuggestions(name) {
      asked.push(name)
      return {
        suggestions: [
          { name: `${name.toLowerCase()}.portico.id`, registered: false },
          { name: `${name.toLowerCase()}1.portico.id`, registered: false },
        ],
      }
    },
    async getIdentity() {
      return { name: 'vitalik.eth', avatar: 'https://example.com/a.png' }
    },
    async register(body) {
      posted.push(body)
      return record(`${(JSON.parse(body.message) as { name: string }).name}.portico.id`)
    },
    account: () => account,
    async signMessage(message) {
      signed.push(message)
      return '0xsig'
    },
    onRegistered: (name) => void named.push(name),
    timers,
    router,
    ...over,
  }
  return { names: createNames(deps), timers, asked, posted, signed, named, router }
}

describe('name rules (SPEC §5)', () => {
  it.each([
    ['alice', null],
    ['al-1ce', null],
    ['ALICE', null],
    ['abc', NAME_RULE_ERRORS.tooShort],
    ['', NAME_RULE_ERRORS.tooShort],
    ['a'.repeat(64), NAME_RULE_ERRORS.tooLong],
    ['a'.repeat(63), null],
    ['al ice', NAME_RULE_ERRORS.chars],
    ['alice.eth', NAME_RULE_ERRORS.chars],
    ['ålice', NAME_RULE_ERRORS.chars],
    ['ab_cd', NAME_RULE_ERRORS.chars],
  ])('%j → %j', (name, error) => {
    expect(nameRuleError(name)).toBe(error)
  })

  it.each([
    [1, 0x80000001],
    [8453, 0x80002105],
    [31337, 0x80007a69],
    [2147483647, 0xffffffff],
  ])('coin type of chain %i is 0x80000000 | chainId = %i', (chainId, coinType) => {
    expect(evmCoinType(chainId)).toBe(coinType)
  })

  it.each([2147483648, 0, -1, 1.5])("chain %d has no coin type: 'Invalid chainId'", (chainId) => {
    expect(() => evmCoinType(chainId)).toThrow('Invalid chainId')
  })
})

describe('names flow (lazy; SPEC §4 "Name registration")', () => {
  it('checks the rule at once and availability only after the typing pauses; the last input wins', async () => {
    const { names, timers, asked } = setup()
    names.setName('ab')
    expect(names.$names.get()).toMatchObject({ input: 'ab', ruleError: NAME_RULE_ERRORS.tooShort, checking: false, available: null })
    names.setName('alic')
    names.setName('alice')
    expect(names.$names.get()).toMatchObject({ ruleError: null, checking: true })
    timers.advance(NAME_CHECK_DEBOUNCE_MS - 1)
    expect(asked).toEqual([])
    timers.advance(1)
    await flush()
    expect(asked).toEqual(['alice'])
    expect(names.$names.get()).toMatchObject({ checking: false, available: true, suggestions: ['alice1.portico.id'], error: null })
    expect(names.$names.get().canRegister).toBe(true)
    names.chooseSuggestion('alice1.portico.id')
    expect(names.$names.get()).toMatchObject({ input: 'alice1', checking: true, canRegister: false })
  })

  it.each([
    ['Alice', 'alice'],
    ['Alice_B!', 'aliceb'],
    ['  bob-smith  ', 'bob-smith'],
    ['carol.portico.id', 'carol'],
    ['dan.eth', 'daneth'],
    ['émile', 'mile'],
    ['!!!', ''],
  ])('a typed %j is kept cleaned as %j, never refused for its characters (issue 25 §4)', (typed, kept) => {
    const { names } = setup()
    names.setName(typed)
    expect(names.$names.get().input).toBe(kept)
    expect(names.$names.get().ruleError).not.toBe(NAME_RULE_ERRORS.chars)
  })

  it('what is asked for availability is the cleaned name', async () => {
    const { names, timers, asked } = setup()
    names.setName('Alice B')
    timers.advance(NAME_CHECK_DEBOUNCE_MS)
    await flush()
    expect(asked).toEqual(['aliceb'])
  })

  it('a taken name is not available; the free suggestions are offered', async () => {
    const { names, timers } = setup({
      getSuggestions: async () => ({
        suggestions: [
          { name: 'alice1.portico.id', registered: false },
          { name: 'alice.portico.id', registered: true },
        ],
      }),
    })
    names.setName('Alice')
    timers.advance(NAME_CHECK_DEBOUNCE_MS)
    await flush()
    expect(names.$names.get()).toMatchObject({ available: false, suggestions: ['alice1.portico.id'] })
  })

  it('a slower answer for an earlier input does not overwrite a newer one', async () => {
    let release: (() => void) | undefined
    const { names, timers } = setup({
      getSuggestions: (name) =>
        name === 'alice'
          ? new Promise((resolve) => (release = () => resolve({ suggestions: [{ name: 'alice.portico.id', registered: false }] })))
          : Promise.resolve({ suggestions: [] }),
    })
    names.setName('alice')
    timers.advance(NAME_CHECK_DEBOUNCE_MS)
    names.setName('bobby')
    timers.advance(NAME_CHECK_DEBOUNCE_MS)
    await flush()
    release!()
    await flush()
    expect(names.$names.get()).toMatchObject({ input: 'bobby', available: false, suggestions: [] })
  })

  it("a failed lookup shows its text ('Error fetching name suggestions')", async () => {
    const { names, timers } = setup({ getSuggestions: async () => Promise.reject(new Error('Error fetching name suggestions')) })
    names.setName('alice')
    timers.advance(NAME_CHECK_DEBOUNCE_MS)
    await flush()
    expect(names.$names.get()).toMatchObject({ checking: false, available: null, error: 'Error fetching name suggestions' })
  })

  it('register signs the SPEC §7 message with the account, posts coin_type 0x80000000 | chainId, and names the account', async () => {
    const { names, posted, signed, named } = setup()
    names.setName('alice')
    await expect(names.register()).resolves.toMatchObject({ name: 'alice.portico.id' })
    expect(signed).toEqual([JSON.stringify({ name: 'alice', attributes: {}, timestamp: 1_700_000_000 })])
    expect(posted).toEqual([{ coin_type: 0x80000001, address: ADDRESS, message: signed[0], signature: '0xsig' }])
    expect(named).toEqual(['alice.portico.id'])
    expect(names.$names.get()).toMatchObject({ registering: false, registered: { name: 'alice.portico.id' }, error: null })
  })

  it("the service's reason, or 'Error registering name {name}', and the typed name is kept", async () => {
    const { names } = setup({ register: async () => Promise.reject(new Error('This registration message was already used')) })
    names.setName('alice')
    await expect(names.register()).rejects.toThrow('This registration message was already used')
    expect(names.$names.get()).toMatchObject({
      input: 'alice',
      registering: false,
      error: 'This registration message was already used',
      registered: null,
    })
    const bare = setup({ register: async () => Promise.reject(new Error('')) })
    bare.names.setName('alice')
    await expect(bare.names.register()).rejects.toThrow('Error registering name alice')
  })

  it('a refusal in the wallet registers nothing', async () => {
    const { names, posted } = setup({
      signMessage: async () => Promise.reject(Object.assign(new Error('User rejected the request'), { code: 4001 })),
    })
    names.setName('alice')
    await expect(names.register()).rejects.toThrow('User rejected the request')
    expect(posted).toEqual([])
    expect(names.$names.get()).toMatchObject({ input: 'alice', error: 'User rejected the request' })
  })

  it('refuses a name that breaks the rule, an account that is not EVM, or a chain without a coin type, before signing', async () => {
    const short = setup()
    short.names.setName('abc')
    await expect(short.names.register()).rejects.toThrow(NAME_RULE_ERRORS.tooShort)
    const sol = setup({}, { namespace: 'solana', address: 'So11111111111111111111111111111111111111112', network: solana })
    sol.names.setName('alice')
    await expect(sol.names.register()).rejects.toThrow('No account connected')
    const big = setup({}, { namespace: 'eip155', address: ADDRESS, network: { ...mainnet, id: 2147483648 } })
    big.names.setName('alice')
    await expect(big.names.register()).rejects.toThrow('Invalid chainId')
    expect([short.signed, sol.signed, big.signed]).toEqual([[], [], []])
  })

  it('identityOf gives an address’s name and avatar, nulls when the lookup fails', async () => {
    await expect(setup().names.identityOf(ADDRESS)).resolves.toEqual({ name: 'vitalik.eth', avatar: 'https://example.com/a.png' })
    await expect(setup({ getIdentity: async () => Promise.reject(new Error('down')) }).names.identityOf(ADDRESS)).resolves.toEqual({
      name: null,
      avatar: null,
    })
  })
})

describe('names in the modal (SPEC §4 "Name registration", §2 transaction stack)', () => {
  const views = (router: ReturnType<typeof createRouter>) => router.$history.get().map((e) => e.view)

  it.each([
    [{ input: 'alice', ruleError: null, available: true, checking: false, registering: false }, true],
    [{ input: '', ruleError: null, available: true, checking: false, registering: false }, false],
    [{ input: 'abc', ruleError: NAME_RULE_ERRORS.tooShort, available: null, checking: false, registering: false }, false],
    [{ input: 'alice', ruleError: null, available: null, checking: true, registering: false }, false],
    [{ input: 'alice', ruleError: null, available: false, checking: false, registering: false }, false],
    [{ input: 'alice', ruleError: null, available: true, checking: false, registering: true }, false],
  ])('canRegisterName(%j) → %s', (state, can) => {
    expect(canRegisterName(state)).toBe(can)
  })

  it.each([
    ['alice.portico.id', 'portico.id'],
    ['bob.names.example.org', 'names.example.org'],
    ['alice', null],
    ['alice.', null],
  ])('zoneOf(%j) → %j', (name, zone) => {
    expect(zoneOf(name)).toBe(zone)
  })

  it("the zone is the default until the service's answers name theirs, and a reset keeps it", async () => {
    expect(emptyNamesState().zone).toBe(DEFAULT_NAME_ZONE)
    const { names, timers } = setup({
      getSuggestions: async (name) => ({ suggestions: [{ name: `${name}.names.example.org`, registered: false }] }),
    })
    expect(names.$names.get().zone).toBe('portico.id')
    names.setName('alice')
    timers.advance(NAME_CHECK_DEBOUNCE_MS)
    await flush()
    expect(names.$names.get()).toMatchObject({ zone: 'names.example.org', available: true })
    names.reset()
    expect(names.$names.get()).toMatchObject({ input: '', available: null, zone: 'names.example.org' })
  })

  it('signing is set while the wallet is asked, then cleared while the registration is posted', async () => {
    let sign: ((s: string) => void) | undefined
    let post: ((r: NameRecord) => void) | undefined
    const { names } = setup({
      signMessage: () => new Promise((resolve) => (sign = resolve)),
      register: () => new Promise((resolve) => (post = resolve)),
    })
    names.setName('alice')
    const done = names.register()
    expect(names.$names.get()).toMatchObject({ registering: true, signing: true })
    sign!('0xsig')
    await flush()
    expect(names.$names.get()).toMatchObject({ registering: true, signing: false })
    post!(record('alice.portico.id'))
    await done
    expect(names.$names.get()).toMatchObject({ registering: false, signing: false })
  })

  it('success: RegisterAccountName is replaced by RegisterAccountNameSuccess with the full name; the stack is empty', async () => {
    const { names, router, named } = setup()
    router.reset('Account')
    router.push('RegisterAccountName')
    names.setName('alice')
    await expect(names.registerInModal()).resolves.toMatchObject({ name: 'alice.portico.id' })
    expect(views(router)).toEqual(['Account', 'RegisterAccountNameSuccess'])
    expect(router.$route.get().data).toEqual({ name: 'alice.portico.id' })
    expect(named).toEqual(['alice.portico.id'])
    expect(router.$transactionStack.get()).toEqual([])
  })

  it('a failure stays on RegisterAccountName with the error; the stack is empty', async () => {
    const { names, router } = setup({ register: async () => Promise.reject(new Error('Error registering name alice: taken')) })
    router.reset('Account')
    router.push('RegisterAccountName')
    names.setName('alice')
    await expect(names.registerInModal()).resolves.toBeNull()
    expect(views(router)).toEqual(['Account', 'RegisterAccountName'])
    expect(names.$names.get()).toMatchObject({ error: 'Error registering name alice: taken', registering: false, input: 'alice' })
    expect(router.$transactionStack.get()).toEqual([])
  })

  it('a refusal in the wallet (cancel) stays on RegisterAccountName with the refusal shown; nothing is posted', async () => {
    const { names, router, posted } = setup({
      signMessage: async () => Promise.reject(Object.assign(new Error('User rejected the request'), { code: 4001 })),
    })
    router.reset('Account')
    router.push('RegisterAccountName')
    names.setName('alice')
    await expect(names.registerInModal()).resolves.toBeNull()
    expect(views(router)).toEqual(['Account', 'RegisterAccountName'])
    expect(names.$names.get().error).toBe('User rejected the request')
    expect(posted).toEqual([])
  })

  it('a user who left the form while the wallet asked is not taken to the success view', async () => {
    let sign: ((s: string) => void) | undefined
    const { names, router, named } = setup({ signMessage: () => new Promise((resolve) => (sign = resolve)) })
    router.reset('Account')
    router.push('RegisterAccountName')
    names.setName('alice')
    const done = names.registerInModal()
    router.goBack()
    sign!('0xsig')
    await done
    expect(views(router)).toEqual(['Account'])
    expect(named).toEqual(['alice.portico.id'])
  })
})
