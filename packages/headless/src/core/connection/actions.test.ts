import { describe, expect, it } from 'vitest'
import type { ConnectParams, ConnectorAnswer } from '../../adapters'
import { createPortico } from '../portico'
import { ADDRESS, fakeAdapter, mainnet, mapStorage, SOL_ADDRESS, solana } from '../test-utils'

function setup() {
  const evm = fakeAdapter('eip155')
  const sol = fakeAdapter('solana', [{ id: 'phantom', name: 'Phantom', type: 'injected' }])
  const wc = fakeAdapter('eip155', [{ id: 'walletConnect', name: 'WalletConnect', type: 'walletConnect' }])
  const portico = createPortico({
    projectId: 'p',
    networks: [mainnet, solana],
    adapters: [evm, sol, wc],
    storage: mapStorage(),
    fetch: (async () => new Response('{"balances":[]}')) as typeof fetch,
  })
  return { portico, evm, sol, wc }
}

describe('multi-wallet actions (ProfileWallets, SPEC §4 switching)', () => {
  it('$profileWallets: one row per namespace of the app, with its wallet and network, the active one marked', async () => {
    const { portico } = setup()
    await portico.ready
    expect((await portico.load('switching')).$profileWallets.get()).toEqual([
      { namespace: 'eip155', network: mainnet, wallet: undefined, active: true },
      { namespace: 'solana', network: solana, wallet: undefined, active: false },
    ])
    await portico.connection.connect('io.metamask')
    await portico.connection.connect('phantom')
    expect((await portico.load('switching')).$profileWallets.get()).toEqual([
      {
        namespace: 'eip155',
        network: mainnet,
        wallet: { connectorId: 'io.metamask', name: 'MetaMask', imageUrl: undefined, address: ADDRESS },
        active: false,
      },
      {
        namespace: 'solana',
        network: solana,
        wallet: { connectorId: 'phantom', name: 'Phantom', imageUrl: undefined, address: SOL_ADDRESS },
        active: true,
      },
    ])
  })

  it('makeActive: a connected namespace becomes active and Account shows it; an unconnected one is ignored', async () => {
    const { portico } = setup()
    await portico.connection.connect('io.metamask')
    portico.router.push('ProfileWallets')
    ;(await portico.load('switching')).makeActive('solana')
    expect(portico.chain.$activeChain.get()).toBe('eip155')
    await portico.connection.connect('phantom')
    portico.router.push('ProfileWallets')
    ;(await portico.load('switching')).makeActive('eip155')
    expect(portico.chain.$activeChain.get()).toBe('eip155')
    expect(portico.router.$history.get().map((e) => e.view)).toEqual(['Account'])
  })

  it('disconnectWallet: the active one goes, the other connected namespace becomes active with the list still open', async () => {
    const { portico } = setup()
    await portico.connection.connect('io.metamask')
    await portico.connection.connect('phantom')
    portico.router.push('ProfileWallets')
    await (await portico.load('switching')).disconnectWallet('solana')
    expect(portico.chain.$activeChain.get()).toBe('eip155')
    expect(portico.router.$history.get().map((e) => e.view)).toEqual(['Account', 'ProfileWallets'])
    await (await portico.load('switching')).disconnectWallet('eip155')
    expect(portico.chain.isConnected()).toBe(false)
    expect(portico.router.$route.get().view).toBe('Connect')
  })
})

describe('pairing and connect life cycle for views', () => {
  it('startPairing starts the walletConnect connector (false when none); cancelPairing aborts it with Modal closed, no error', async () => {
    const { portico, wc } = setup()
    await portico.ready
    let seen: ConnectParams | undefined
    wc.connectImpl = (p) =>
      new Promise((_, reject) => {
        seen = p as ConnectParams
        seen.signal?.addEventListener('abort', () => reject(seen?.signal?.reason))
      })
    expect(portico.connection.startPairing()).toBe(true)
    expect(portico.connection.$connecting.get()).toBe('walletConnect')
    portico.connection.cancelPairing()
    await new Promise((r) => setTimeout(r, 0))
    expect(seen?.signal?.reason).toHaveProperty('message', 'Modal closed')
    expect(portico.connection.$error.get()).toBeNull()
    expect(portico.connection.$connecting.get()).toBeNull()

    const bare = createPortico({ projectId: 'p', networks: [mainnet], adapters: [fakeAdapter('eip155')], storage: mapStorage() })
    await bare.ready
    expect(bare.connection.startPairing()).toBe(false)
  })

  it('connectOnce asks once while pending and once after a failure; retry asks again', async () => {
    const { portico, evm } = setup()
    await portico.ready
    let release: () => void = () => {}
    evm.connectImpl = () =>
      new Promise((_, reject) => {
        release = () => reject({ code: 4001 })
      })
    portico.connection.connectOnce('io.metamask')
    portico.connection.connectOnce('io.metamask')
    release()
    await new Promise((r) => setTimeout(r, 0))
    portico.connection.connectOnce('io.metamask')
    expect(evm.calls.filter((c) => c.method === 'connect')).toHaveLength(1)
    expect(portico.connection.$error.get()).toBe('Connection rejected')
    evm.connectImpl = async () => ({ address: ADDRESS, chainId: 1, accounts: [ADDRESS] })
    await portico.connection.retry()
    expect(evm.calls.filter((c) => c.method === 'connect')).toHaveLength(2)
    expect(portico.chain.isConnected()).toBe(true)
  })
})

describe('auth connectors: prompts through the one emit channel, answers through respond', () => {
  it('a prompt shows in $prompt, the answer reaches the adapter, the session carries the auth name', async () => {
    const auth = fakeAdapter('eip155', [{ id: 'auth', name: 'Email', type: 'auth' }])
    const answers: ConnectorAnswer[] = []
    let finish: () => void = () => {}
    auth.connectImpl = (p) =>
      new Promise((resolve) => {
        const params = p as ConnectParams
        expect(params.auth).toEqual({ kind: 'email', email: 'ada@example.com' })
        auth.ctx!.emit('auth', { kind: 'prompt', prompt: { kind: 'verifyOtp', email: 'ada@example.com' } })
        finish = () => {
          auth.ctx!.emit('auth', { kind: 'prompt', prompt: undefined })
          resolve({
            address: ADDRESS,
            chainId: 1,
            accounts: [ADDRESS],
            authName: 'ada@example.com',
            socialProvider: undefined,
            accountType: 'smartAccount',
          })
        }
      })
    auth.respond = async ({ answer }) => {
      answers.push(answer)
      if (answer.kind === 'otp') finish()
    }
    const portico = createPortico({
      projectId: 'p',
      networks: [mainnet],
      adapters: [auth],
      storage: mapStorage(),
      fetch: (async () => new Response('{"balances":[]}')) as typeof fetch,
    })
    await portico.ready
    await expect(portico.connection.answerPrompt({ kind: 'otp', code: '1' })).rejects.toThrow('No auth connector found')
    const pending = portico.connection.connect('auth', { auth: { kind: 'email', email: 'ada@example.com' } })
    expect(portico.connection.$prompt.get()).toEqual({ connectorId: 'auth', prompt: { kind: 'verifyOtp', email: 'ada@example.com' } })
    await portico.connection.answerPrompt({ kind: 'resend' })
    await portico.connection.answerPrompt({ kind: 'otp', code: '123456' })
    await pending
    expect(answers).toEqual([{ kind: 'resend' }, { kind: 'otp', code: '123456' }])
    expect(portico.connection.$prompt.get()).toBeUndefined()
    expect(portico.connection.getConnection()).toMatchObject({
      connectorId: 'auth',
      authName: 'ada@example.com',
      accounts: [{ address: ADDRESS, type: 'smartAccount' }],
    })
  })
})
