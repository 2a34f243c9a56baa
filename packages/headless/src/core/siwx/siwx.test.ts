import { atom } from 'nanostores'
import { describe, expect, it } from 'vitest'
import { ERRORS, PorticoError, USER_REJECTED_CODE } from '../errors'
import type { SiwxConfig, SiwxSession } from '../options/siwx'
import { CHAIN_NAMESPACES, type ChainNamespace } from '../types'
import { createSiwx, SIWX_NAMESPACES } from './siwx'

const A = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const B = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const SOL = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'
// One account per namespace Portico connects in, as the WalletConnect dev wallet reports it (account 0
// of the devnet mnemonic), on the network the app lists for that namespace.
const ACCOUNTS: { ns: ChainNamespace; name: string; chainId: string; reference: string; address: string }[] = [
  { ns: 'eip155', name: 'Ethereum', chainId: 'eip155:1', reference: '1', address: A },
  {
    ns: 'solana',
    name: 'Solana',
    chainId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
    reference: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
    address: SOL,
  },
  {
    ns: 'polkadot',
    name: 'Polkadot',
    chainId: 'polkadot:91b171bb158e2d3848fa23a9f1c25182',
    reference: '91b171bb158e2d3848fa23a9f1c25182',
    address: '13AYmj8xmDGKixenStJSz6j5B9HeRR7Kx4yRLpSR6C5UDLvf',
  },
  {
    ns: 'bip122',
    name: 'Bitcoin',
    chainId: 'bip122:000000000019d6689c085ae165831e93',
    reference: '000000000019d6689c085ae165831e93',
    address: 'bc1q4qw42stdzjqs59xvlrlxr8526e3nunw7mp73te',
  },
  {
    ns: 'cosmos',
    name: 'Cosmos',
    chainId: 'cosmos:cosmoshub-4',
    reference: 'cosmoshub-4',
    address: 'cosmos15yk64u7zc9g9k2yr2wmzeva5qgwxps6yxj00e7',
  },
  {
    ns: 'sui',
    name: 'Sui',
    chainId: 'sui:mainnet',
    reference: 'mainnet',
    address: '0xc88ef07b9b8b2fc3b7daad9478f4e1337f01792e2eab9c3794494e610636026e',
  },
  { ns: 'stacks', name: 'Stacks', chainId: 'stacks:1', reference: '1', address: 'SP3N7D4F8TDBNPAN7W6CJ5RGF5DAW5MGHNCM7KHP3' },
]
const SUPPORTED = ['eip155:1', 'eip155:137', ...ACCOUNTS.filter((a) => a.ns !== 'eip155').map((a) => a.chainId)]
const NOW = Date.parse('2026-11-23T22:00:00.000Z')
const flush = () => new Promise((r) => setTimeout(r, 0))

/** An app's own backend, in memory: sessions per chain and address; every call recorded. */
function memoryBackend(opts: Partial<SiwxConfig> = {}) {
  const sessions = new Map<string, SiwxSession>()
  const calls: string[] = []
  const key = (chainId: string, address: string) => `${chainId}|${/^(eip155|sui):/.test(chainId) ? address.toLowerCase() : address}`
  const config: SiwxConfig = {
    async createMessage({ accountAddress, chainId }) {
      calls.push(`createMessage ${chainId}`)
      return {
        accountAddress,
        chainId,
        domain: 'app.example.com',
        uri: 'https://app.example.com',
        version: '1',
        nonce: 'n0nce1234',
        issuedAt: new Date(NOW).toISOString(),
      }
    },
    async addSession(s) {
      calls.push(`addSession ${s.data.chainId}`)
      sessions.set(key(s.data.chainId, s.data.accountAddress), { ...s, expiresAt: new Date(NOW + 3_600_000).toISOString() })
    },
    async getSessions(chainId, address) {
      calls.push(`getSessions ${chainId}`)
      const s = sessions.get(key(chainId, address))
      return s ? [s] : []
    },
    async revokeSession(chainId, address) {
      calls.push(`revokeSession ${chainId}`)
      sessions.delete(key(chainId, address))
    },
    ...opts,
  }
  return { config, sessions, calls }
}

function setup(opts: Partial<SiwxConfig> = {}, sign: (m: string) => Promise<string> = async () => '0xsig') {
  const backend = memoryBackend(opts)
  const $account = atom<string | undefined>(undefined)
  const $modalOpen = atom(false)
  const events: string[] = []
  const signed: string[] = []
  const flow = createSiwx({
    config: backend.config,
    $account,
    isSupported: (id) => SUPPORTED.includes(id),
    signMessage: async (m, ns) => {
      signed.push(`${ns}: ${m.split('\n')[0]}`)
      return sign(m)
    },
    $modalOpen,
    openPrompt: () => {
      events.push('open')
      $modalOpen.set(true)
    },
    closePrompt: () => {
      events.push('close')
      $modalOpen.set(false)
    },
    disconnect: async () => {
      events.push('disconnect')
      $account.set(undefined)
    },
    now: () => NOW,
  })
  const go = async (caip: string | undefined) => {
    $account.set(caip)
    await flush()
  }
  return { flow, backend, $account, $modalOpen, events, signed, go, state: () => flow.$siwx.get() }
}

describe('SIWX prompt rules', () => {
  // Each row: the account steps (CAIP-10, undefined = disconnected), the config, then how many prompts opened and the final status.
  const rows: { name: string; steps: (string | undefined)[]; config?: Partial<SiwxConfig>; prompts: number; status: string }[] = [
    { name: 'connect → prompt', steps: [`eip155:1:${A}`], prompts: 1, status: 'prompting' },
    { name: 'connect on Solana → prompt', steps: [`solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1:${SOL}`], prompts: 1, status: 'prompting' },
    { name: 'network change (no opt-in) → no second prompt', steps: [`eip155:1:${A}`, `eip155:137:${A}`], prompts: 1, status: 'prompting' },
    {
      name: 'network change with signInOnNetworkChange → prompt again',
      steps: [`eip155:1:${A}`, `eip155:137:${A}`],
      config: { signInOnNetworkChange: true },
      prompts: 2,
      status: 'prompting',
    },
    { name: 'account change → prompt again', steps: [`eip155:1:${A}`, `eip155:1:${B}`], prompts: 2, status: 'prompting' },
    { name: 'a network the app does not list → never', steps: [`eip155:56:${A}`], prompts: 0, status: 'idle' },
    {
      name: 'a network the app does not list, then a network change to it (opted in) → never',
      steps: [`eip155:1:${A}`, `eip155:56:${A}`],
      config: { signInOnNetworkChange: true },
      prompts: 1,
      status: 'idle',
    },
    {
      name: 'a namespace outside `namespaces` (bip122 is listed by the app) → never',
      steps: [`bip122:000000000019d6689c085ae165831e93:bc1qxyz`],
      config: { namespaces: ['eip155', 'solana'] },
      prompts: 0,
      status: 'idle',
    },
    {
      name: 'unsupported first, then a supported network → prompt there',
      steps: [`eip155:56:${A}`, `eip155:137:${A}`],
      prompts: 1,
      status: 'prompting',
    },
    { name: 'disconnect → idle, no prompt', steps: [`eip155:1:${A}`, undefined], prompts: 1, status: 'idle' },
  ]
  for (const row of rows) {
    it(row.name, async () => {
      const t = setup(row.config)
      for (const step of row.steps) await t.go(step)
      expect(t.events.filter((e) => e === 'open')).toHaveLength(row.prompts)
      expect(t.state().status).toBe(row.status)
    })
  }

  it('an existing valid session signs in without a prompt (a reload keeps the sign-in)', async () => {
    const t = setup()
    await t.go(`eip155:1:${A}`)
    await t.flow.signIn()
    expect(t.state().status).toBe('signed-in')
    // The page reloads: a new flow over the same backend sees the account again.
    const reloaded = setup()
    for (const [k, v] of t.backend.sessions) reloaded.backend.sessions.set(k, v)
    await reloaded.go(`eip155:1:${A}`)
    expect(reloaded.events).toEqual([])
    expect(reloaded.state()).toMatchObject({
      status: 'signed-in',
      session: { signature: '0xsig', data: { accountAddress: A, chainId: 'eip155:1' } },
    })
  })

  it('an expired session does not count: the visitor is asked', async () => {
    const t = setup()
    t.backend.sessions.set(`eip155:1|${A.toLowerCase()}`, {
      data: {
        accountAddress: A,
        chainId: 'eip155:1',
        domain: 'd.example',
        uri: 'https://d.example',
        version: '1',
        nonce: 'abcdefgh',
        issuedAt: '2026-11-22T00:00:00.000Z',
      },
      message: 'm',
      signature: '0xold',
      expiresAt: new Date(NOW - 1).toISOString(),
    })
    await t.go(`eip155:1:${A}`)
    expect(t.events).toEqual(['open'])
    expect(t.state().status).toBe('prompting')
  })

  it('signIn: the message is the EIP-4361 text, signed in the account namespace, kept by the backend; the prompt closes', async () => {
    const t = setup()
    await t.go(`eip155:1:${A}`)
    const session = await t.flow.signIn()
    expect(t.signed).toEqual(['eip155: app.example.com wants you to sign in with your Ethereum account:'])
    expect(session?.message).toContain(`\n${A}\n`)
    expect(session?.message).toContain('Chain ID: 1\nNonce: n0nce1234')
    expect(t.backend.calls).toEqual(['getSessions eip155:1', 'createMessage eip155:1', 'addSession eip155:1'])
    expect(t.state().status).toBe('signed-in')
    expect(t.events).toEqual(['open', 'close'])
  })

  it("the wallet's rejection leaves 'error' with its text, and a retry signs in", async () => {
    let refuse = true
    const t = setup({}, async () => {
      if (refuse) throw new PorticoError(ERRORS.userRejected, { code: USER_REJECTED_CODE })
      return '0xsig'
    })
    await t.go(`eip155:1:${A}`)
    expect(await t.flow.signIn()).toBeUndefined()
    expect(t.state()).toMatchObject({ status: 'error', error: 'User rejected the request' })
    // The prompt stays open on the error (Try again).
    expect(t.events).toEqual(['open'])
    refuse = false
    await t.flow.signIn()
    expect(t.state().status).toBe('signed-in')
    expect(t.state().error).toBeUndefined()
  })

  it("the backend's refusal is the visible error", async () => {
    const t = setup({ addSession: async () => Promise.reject(new Error('Invalid signature')) })
    await t.go(`eip155:1:${A}`)
    await t.flow.signIn()
    expect(t.state()).toMatchObject({ status: 'error', error: 'Invalid signature' })
  })

  it("closing the modal during the prompt: 'error' ('Modal closed'), still connected; signIn retries", async () => {
    const t = setup()
    await t.go(`eip155:1:${A}`)
    t.$modalOpen.set(false)
    await flush()
    expect(t.state()).toMatchObject({ status: 'error', error: 'Modal closed' })
    expect(t.events).not.toContain('disconnect')
    await t.flow.signIn()
    expect(t.state().status).toBe('signed-in')
  })

  it('closing the modal while the wallet is asked drops the late signature', async () => {
    let answer: (s: string) => void = () => undefined
    const t = setup({}, () => new Promise<string>((r) => (answer = r)))
    await t.go(`eip155:1:${A}`)
    const pending = t.flow.signIn()
    await flush()
    expect(t.state().status).toBe('signing')
    t.$modalOpen.set(false)
    answer('0xlate')
    expect(await pending).toBeUndefined()
    expect(t.state()).toMatchObject({ status: 'error', error: 'Modal closed' })
    expect(t.backend.calls).not.toContain('addSession eip155:1')
  })

  it('required: Cancel disconnects; closing the modal disconnects', async () => {
    const t = setup({ required: true })
    await t.go(`eip155:1:${A}`)
    expect(t.state().required).toBe(true)
    await t.flow.cancel()
    expect(t.events).toEqual(['open', 'close', 'disconnect'])
    expect(t.state().status).toBe('idle')

    const u = setup({ required: true })
    await u.go(`eip155:1:${A}`)
    u.$modalOpen.set(false)
    await flush()
    expect(u.events).toEqual(['open', 'disconnect'])
  })

  it('signOut revokes the session; no prompt follows while the account stays', async () => {
    const t = setup()
    await t.go(`eip155:1:${A}`)
    await t.flow.signIn()
    await t.flow.signOut()
    expect(t.backend.calls.at(-1)).toBe('revokeSession eip155:1')
    expect(t.backend.sessions.size).toBe(0)
    expect(t.state().status).toBe('idle')
    expect(t.state().session).toBeUndefined()
    expect(t.events).toEqual(['open', 'close'])
  })

  it('disconnect revokes by default; signOutOnDisconnect: false keeps the session for the next connect', async () => {
    const t = setup()
    await t.go(`eip155:1:${A}`)
    await t.flow.signIn()
    await t.go(undefined)
    expect(t.backend.calls.at(-1)).toBe('revokeSession eip155:1')

    const k = setup({ signOutOnDisconnect: false })
    await k.go(`eip155:1:${A}`)
    await k.flow.signIn()
    await k.go(undefined)
    expect(k.backend.calls).not.toContain('revokeSession eip155:1')
    await k.go(`eip155:1:${A}`)
    expect(k.state().status).toBe('signed-in')
    expect(k.events.filter((e) => e === 'open')).toHaveLength(1)
  })

  it('a prompt pending when the wallet moves to an unlisted network goes away; the listed network asks again', async () => {
    const t = setup()
    await t.go(`eip155:1:${A}`)
    await t.go(`eip155:56:${A}`)
    expect(t.state().status).toBe('idle')
    expect(t.events).toEqual(['open', 'close'])
    await t.go(`eip155:137:${A}`)
    expect(t.events).toEqual(['open', 'close', 'open'])
  })

  it('a signed-in account stays signed in across network changes (no opt-in)', async () => {
    const t = setup()
    await t.go(`eip155:1:${A}`)
    await t.flow.signIn()
    await t.go(`eip155:56:${A}`)
    await t.go(`eip155:137:${A}`)
    expect(t.state().status).toBe('signed-in')
    expect(t.events).toEqual(['open', 'close'])
  })
})

describe('SIWX in every namespace that signs', () => {
  it('by default every namespace Portico connects in is asked', () => {
    expect([...SIWX_NAMESPACES].sort()).toEqual([...CHAIN_NAMESPACES].sort())
    expect(ACCOUNTS.map((a) => a.ns).sort()).toEqual([...CHAIN_NAMESPACES].sort())
  })

  for (const row of ACCOUNTS) {
    const caip = `${row.chainId}:${row.address}`
    it(`${row.ns}: a connect prompts; the message is for ${row.address} on ${row.chainId} ("…your ${row.name} account:", Chain ID ${row.reference}), signed in ${row.ns}`, async () => {
      const t = setup({}, async () => `sig-${row.ns}`)
      const asked: { accountAddress: string; chainId: string }[] = []
      const made = t.backend.config.createMessage
      t.backend.config.createMessage = async (input) => {
        asked.push(input)
        return made(input)
      }
      await t.go(caip)
      expect(t.events).toEqual(['open'])
      expect(t.state().status).toBe('prompting')
      expect(t.backend.calls).toEqual([`getSessions ${row.chainId}`])

      const session = await t.flow.signIn()
      // The address exactly as the wallet reports it (no checksum, no case change), the CAIP-2 id of the namespace's network.
      expect(asked).toEqual([{ accountAddress: row.address, chainId: row.chainId }])
      expect(t.signed).toEqual([`${row.ns}: app.example.com wants you to sign in with your ${row.name} account:`])
      expect(session?.message.split('\n').slice(0, 2)).toEqual([
        `app.example.com wants you to sign in with your ${row.name} account:`,
        row.address,
      ])
      expect(session?.message).toContain(`\nChain ID: ${row.reference}\nNonce: n0nce1234\n`)
      expect(session).toMatchObject({ signature: `sig-${row.ns}`, data: { accountAddress: row.address, chainId: row.chainId } })
      expect(t.state().status).toBe('signed-in')
      expect(t.events).toEqual(['open', 'close'])

      // A reload: the same account finds its session without a prompt.
      const reloaded = setup()
      for (const [k, v] of t.backend.sessions) reloaded.backend.sessions.set(k, v)
      await reloaded.go(caip)
      expect(reloaded.events).toEqual([])
      expect(reloaded.state().status).toBe('signed-in')
    })

    it(`${row.ns}: outside \`namespaces\` it is never asked, and signIn() refuses without asking the wallet`, async () => {
      const t = setup({ namespaces: CHAIN_NAMESPACES.filter((ns) => ns !== row.ns) })
      await t.go(caip)
      expect(t.events).toEqual([])
      expect(t.state().status).toBe('idle')
      expect(await t.flow.signIn()).toBeUndefined()
      expect(t.state()).toMatchObject({ status: 'error', error: ERRORS.unsupportedChain })
      expect(t.signed).toEqual([])
      expect(t.backend.calls).toEqual([])
    })

    it(`${row.ns}: on a network of the namespace the app does not list it is never asked`, async () => {
      const t = setup()
      await t.go(`${row.ns}:unlisted0:${row.address}`)
      expect(t.events).toEqual([])
      expect(t.state().status).toBe('idle')
    })
  }

  it('switching namespace in one WalletConnect session (polkadot → cosmos → back): the new account is asked; the signed-in one is not asked again', async () => {
    const dot = ACCOUNTS.find((a) => a.ns === 'polkadot')!
    const atom = ACCOUNTS.find((a) => a.ns === 'cosmos')!
    const t = setup()
    await t.go(`${dot.chainId}:${dot.address}`)
    await t.flow.signIn()
    await t.go(`${atom.chainId}:${atom.address}`)
    expect(t.state().status).toBe('prompting')
    await t.flow.signIn()
    expect(t.signed.map((s) => s.split(':')[0])).toEqual(['polkadot', 'cosmos'])
    await t.go(`${dot.chainId}:${dot.address}`)
    expect(t.state()).toMatchObject({ status: 'signed-in', session: { data: { chainId: dot.chainId, accountAddress: dot.address } } })
    expect(t.events.filter((e) => e === 'open')).toHaveLength(2)
  })

  it('addresses compare case-insensitively on the hex namespaces (eip155, sui) only: a base58 address in another case is another account', async () => {
    const evm = setup()
    await evm.go(`eip155:1:${A}`)
    await evm.flow.signIn()
    await evm.go(`eip155:1:${A.toLowerCase()}`)
    expect(evm.state().status).toBe('signed-in')
    expect(evm.events.filter((e) => e === 'open')).toHaveLength(1)

    const SUI = ACCOUNTS.find((a) => a.ns === 'sui')!
    const sui = setup()
    await sui.go(`${SUI.chainId}:${SUI.address}`)
    await sui.flow.signIn()
    await sui.go(`${SUI.chainId}:${SUI.address.toUpperCase().replace('0X', '0x')}`)
    expect(sui.state().status).toBe('signed-in')
    expect(sui.events.filter((e) => e === 'open')).toHaveLength(1)

    const sol = setup()
    const other = SOL.replace('E', 'e')
    await sol.go(`solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1:${SOL}`)
    await sol.flow.signIn()
    await sol.go(`solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1:${other}`)
    expect(sol.state().status).toBe('prompting')
    expect(sol.events.filter((e) => e === 'open')).toHaveLength(2)
  })

  it('an account the backend can not verify (supportsAccount false: a Bitcoin taproot address) is never asked, nor a pending prompt kept; the P2WPKH account is', async () => {
    const checked: string[] = []
    const t = setup({
      supportsAccount: (chainId, address) => {
        checked.push(`${chainId}:${address}`)
        return !address.startsWith('bc1p')
      },
    })
    const BTC = 'bip122:000000000019d6689c085ae165831e93'
    const taproot = 'bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr'
    await t.go(`${BTC}:${taproot}`)
    expect(checked).toEqual([`${BTC}:${taproot}`])
    expect(t.events).toEqual([])
    expect(t.state().status).toBe('idle')
    expect(await t.flow.signIn()).toBeUndefined()
    expect(t.signed).toEqual([])
    await t.go(`${BTC}:bc1q4qw42stdzjqs59xvlrlxr8526e3nunw7mp73te`)
    expect(t.events).toEqual(['open'])
    expect(t.state().status).toBe('prompting')
    // Back to the taproot account: the pending prompt goes away.
    await t.go(`${BTC}:${taproot}`)
    expect(t.events).toEqual(['open', 'close'])
    expect(t.state().status).toBe('idle')
  })
})
