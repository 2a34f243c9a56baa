// @portico/wagmi with @wagmi/core's own actions, against real parts: the devnet's two anvil chains
// and the dev wallet core connected through Portico's EVM adapter. After every step, wagmi's state and
// Portico's state are read side by side and must be equal.
import type { Devnet } from '@portico/devnet'
import type { CaipNetwork, Portico } from '@portico/headless'
import * as core from '@wagmi/core'
import {
  connect,
  createStorage,
  disconnect,
  reconnect,
  sendTransaction,
  switchChain,
  waitForTransactionReceipt,
  type Config,
} from '@wagmi/core'
import { createPublicClient, defineChain, http, parseEther } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createPorticoWagmiConfig, porticoChains } from './config'
import { ACCOUNT_0, ACCOUNT_1, ACCOUNT_3, devWallet, memoryStorage, porticoWith, RDNS, settle, startChains, until } from './test-support'

// The same tests on @wagmi/core 3 (project `node`) and 2 (project `node-wagmi2`, PORTICO_WAGMI=2): each
// test's name says which. wagmi 3 renamed getAccount to getConnection (getAccount is its deprecated alias).
const on = ` (@wagmi/core ${core.version})`
const getConnection = (core as Partial<typeof core>).getConnection ?? core.getAccount

let devnet: Devnet
let networks: CaipNetwork[]
beforeAll(async () => {
  ;({ devnet, networks } = await startChains())
})
afterAll(async () => {
  await devnet?.stop()
})

const node = () => createPublicClient({ transport: http(devnet.chains[0]!.rpcUrl, { retryCount: 0 }) })
const [A, B] = [31337, 31338]

const instances: Portico[] = []
afterEach(() => {
  for (const p of instances.splice(0)) p.destroy()
})

async function setup(
  opts: {
    storage?: ReturnType<typeof memoryStorage>
    wallet?: ReturnType<typeof devWallet>
    wagmiStorage?: ReturnType<typeof memoryStorage>
    preview?: boolean
  } = {},
) {
  const wallet = opts.wallet ?? devWallet(devnet)
  const storage = opts.storage ?? memoryStorage()
  const portico = porticoWith(networks, wallet.core, storage)
  instances.push(portico)
  await portico.ready
  const config = createPorticoWagmiConfig({
    portico,
    ...(opts.wagmiStorage ? { storage: createStorage({ storage: opts.wagmiStorage }) } : {}),
    ...(opts.preview ? { connector: { preview: true } } : {}),
  })
  const connector = config.connectors[0]!
  return { portico, config, connector, storage, ...wallet }
}

/** Both sides, as an app reads them: wagmi's connection and Portico's eip155 account and chain. */
function sides(config: Config, portico: Portico) {
  const w = getConnection(config)
  const account = portico.chain.getChain('eip155')!.accountState
  const caip = account.caipAddress?.split(':')
  return {
    wagmi: { connected: w.isConnected, address: w.address, chainId: w.isConnected ? w.chainId : undefined, selected: config.state.chainId },
    portico: {
      connected: Boolean(caip),
      address: caip?.[2],
      chainId: caip ? Number(caip[1]) : undefined,
      selected: Number(portico.chain.getChain('eip155')!.networkState.caipNetwork!.id),
    },
  }
}
/**
 * Whenever Portico's state changes, what both sides say one task later (a timer of 0 ms: after every
 * microtask of the change, before anything else the page would do). They must agree every time.
 */
function watchNextTask(config: Config, portico: Portico) {
  const seen: ReturnType<typeof sides>[] = []
  const off = portico.chain.$chains.listen(() => {
    setTimeout(() => seen.push(sides(config, portico)), 0)
  })
  return {
    seen,
    /** Every record had both sides equal; returns how many there were. */
    check(): number {
      off()
      for (const s of seen) expect(s.wagmi).toEqual(s.portico)
      return seen.length
    },
  }
}

/** wagmi and Portico agree, and are in `expected`. */
async function agree(
  config: Config,
  portico: Portico,
  expected: { connected: boolean; address?: string; chainId?: number; selected: number },
) {
  await settle()
  const s = sides(config, portico)
  expect(s.wagmi).toEqual(expected)
  expect(s.portico).toEqual(expected)
}

describe(`createPorticoWagmiConfig${on}`, () => {
  it('runs on the @wagmi/core major this project installs', () => {
    expect(core.version.split('.')[0]).toBe(process.env.PORTICO_WAGMI ?? '3')
  })

  it("takes Portico's eip155 networks as wagmi chains, with one connector of type 'portico' and no EIP-6963 discovery of its own", async () => {
    const { config, portico } = await setup()
    expect(config.chains.map((c) => [c.id, c.name, c.rpcUrls.default.http[0]])).toEqual(
      devnet.chains.map((c) => [c.chainId, c.name, c.rpcUrl]),
    )
    expect(porticoChains(portico).map((c) => c.id)).toEqual([A, B])
    expect(config.connectors.map((c) => [c.id, c.name, c.type])).toEqual([['portico', 'Portico', 'portico']])
    expect(config._internal.mipd).toBeUndefined()
  })

  it('refuses a wagmi chain that Portico does not know', async () => {
    const { portico } = await setup()
    const mainnet = defineChain({
      id: 1,
      name: 'Ethereum',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: ['http://127.0.0.1:9'] } },
    })
    expect(() => createPorticoWagmiConfig({ portico, chains: [mainnet] })).toThrow(
      "createPorticoWagmiConfig: Ethereum (1) not among createPortico's networks; wagmi and Portico must know the same chains",
    )
  })
})

describe(`connect${on}`, () => {
  it("wagmi's connect opens Portico's modal; the wallet picked there is wagmi's account too", async () => {
    const { config, connector, portico } = await setup()
    await agree(config, portico, { connected: false, address: undefined, chainId: undefined, selected: A })
    const pending = connect(config, { connector })
    await until(() => portico.modal.$modal.get().open, 'the modal to open')
    expect(config.state.status).toBe('connecting')
    await portico.connection.connect(RDNS)
    expect(await pending).toEqual({ accounts: [ACCOUNT_0], chainId: A })
    await agree(config, portico, { connected: true, address: ACCOUNT_0, chainId: A, selected: A })
    expect(portico.modal.$modal.get().open).toBe(false)
  })

  it("closing Portico's modal rejects wagmi's connect with UserRejectedRequestError; both stay disconnected", async () => {
    const { config, connector, portico } = await setup()
    const pending = connect(config, { connector })
    await until(() => portico.modal.$modal.get().open, 'the modal to open')
    portico.modal.close()
    await expect(pending).rejects.toMatchObject({ name: 'UserRejectedRequestError', code: 4001 })
    expect(config.state.status).toBe('disconnected')
    await agree(config, portico, { connected: false, address: undefined, chainId: undefined, selected: A })
  })

  it("wagmi's connect with a chainId connects in the modal, then switches Portico and the wallet to it", async () => {
    const { config, connector, portico, core, prompts } = await setup()
    const pending = connect(config, { connector, chainId: B })
    await until(() => portico.modal.$modal.get().open, 'the modal to open')
    await portico.connection.connect(RDNS)
    expect(await pending).toEqual({ accounts: [ACCOUNT_0], chainId: B })
    expect(prompts.map((p) => p.kind)).toEqual(['connect', 'switchChain'])
    expect(core.getState().chainId).toBe(B)
    await agree(config, portico, { connected: true, address: ACCOUNT_0, chainId: B, selected: B })
  })

  it("a connect made in Portico's own modal (no wagmi call) connects wagmi", async () => {
    const { config, portico } = await setup()
    await portico.connection.connect(RDNS)
    await agree(config, portico, { connected: true, address: ACCOUNT_0, chainId: A, selected: A })
  })
})

describe(`connected: both sides follow each other${on}`, () => {
  async function connected() {
    const s = await setup()
    await s.portico.connection.connect(RDNS)
    await agree(s.config, s.portico, { connected: true, address: ACCOUNT_0, chainId: A, selected: A })
    return s
  }

  it("wagmi's switchChain switches Portico and the wallet; Portico's switch (its Networks view) switches wagmi", async () => {
    const { config, portico, core } = await connected()
    const watch = watchNextTask(config, portico)
    expect(await switchChain(config, { chainId: B })).toMatchObject({ id: B, name: 'Portico Local B' })
    expect(core.getState().chainId).toBe(B)
    await agree(config, portico, { connected: true, address: ACCOUNT_0, chainId: B, selected: B })
    await portico.network.switchNetwork(networks[0]!)
    expect(core.getState().chainId).toBe(A)
    await agree(config, portico, { connected: true, address: ACCOUNT_0, chainId: A, selected: A })
    expect(watch.check()).toBeGreaterThanOrEqual(2)
  })

  it("a switch refused in the wallet rejects wagmi's switchChain with UserRejectedRequestError; nobody moves", async () => {
    const { config, portico, setDecide, core } = await connected()
    setDecide(() => false)
    await expect(switchChain(config, { chainId: B })).rejects.toMatchObject({ name: 'UserRejectedRequestError' })
    expect(core.getState().chainId).toBe(A)
    await agree(config, portico, { connected: true, address: ACCOUNT_0, chainId: A, selected: A })
  })

  it('an account or chain changed inside the wallet reaches both', async () => {
    const { config, portico, core } = await connected()
    const watch = watchNextTask(config, portico)
    core.selectAccount(1)
    await until(() => getConnection(config).address === ACCOUNT_1, 'wagmi to follow the account')
    await agree(config, portico, { connected: true, address: ACCOUNT_1, chainId: A, selected: A })
    core.switchChain(B)
    await until(() => getConnection(config).chainId === B, 'wagmi to follow the chain')
    await agree(config, portico, { connected: true, address: ACCOUNT_1, chainId: B, selected: B })
    expect(watch.check()).toBeGreaterThanOrEqual(2)
  })

  it("wagmi's sendTransaction goes to the connected wallet and is mined on anvil: the recipient gets exactly the value", async () => {
    const { config } = await connected()
    const value = parseEther('0.5')
    const before = await node().getBalance({ address: ACCOUNT_3 })
    const hash = await sendTransaction(config, { to: ACCOUNT_3, value })
    const receipt = await waitForTransactionReceipt(config, { hash, pollingInterval: 20 })
    expect(receipt.status).toBe('success')
    expect(receipt.from).toBe(ACCOUNT_0.toLowerCase())
    expect(await node().getBalance({ address: ACCOUNT_3 })).toBe(before + value)
  })

  it("wagmi's disconnect disconnects Portico (and Portico forgets the session)", async () => {
    const { config, portico } = await connected()
    const watch = watchNextTask(config, portico)
    await disconnect(config)
    await agree(config, portico, { connected: false, address: undefined, chainId: undefined, selected: A })
    expect(portico.storage.getConnections()).toEqual([])
    // wagmi was disconnected by the time anything else could run after Portico's change.
    expect(watch.check()).toBeGreaterThanOrEqual(1)
    // A later connect in Portico's modal connects wagmi again.
    await portico.connection.connect(RDNS)
    await agree(config, portico, { connected: true, address: ACCOUNT_0, chainId: A, selected: A })
  })

  it("Portico's disconnect (its Account view) disconnects wagmi; so does the wallet ending the session", async () => {
    const { config, portico, core } = await connected()
    const watch = watchNextTask(config, portico)
    await portico.connection.disconnect()
    await agree(config, portico, { connected: false, address: undefined, chainId: undefined, selected: A })
    expect(watch.check()).toBeGreaterThanOrEqual(1)
    await portico.connection.connect(RDNS)
    await agree(config, portico, { connected: true, address: ACCOUNT_0, chainId: A, selected: A })
    core.disconnect()
    await until(() => !getConnection(config).isConnected, 'wagmi to disconnect')
    await agree(config, portico, { connected: false, address: undefined, chainId: undefined, selected: A })
  })
})

describe(`the preview option${on}`, () => {
  async function previewing() {
    const s = await setup({ preview: true })
    await s.portico.connection.connect(RDNS)
    await agree(s.config, s.portico, { connected: true, address: ACCOUNT_0, chainId: A, selected: A })
    return s
  }
  /** The request-preview flow's state once a request waits for the user's review. */
  async function review(portico: Portico) {
    const flow = await until(() => portico.peek('requestPreview'), 'the request-preview flow')
    return until(() => flow.$requestPreview.get().phase === 'review' && flow, 'the review')
  }

  it("off by default: the connector's provider is the plain one; { preview: true } gives the previewing one", async () => {
    const plain = await setup()
    expect(await plain.connector.getProvider()).toBe(plain.portico.getProvider('eip155'))
    const on = await setup({ preview: true })
    expect(await on.connector.getProvider()).toBe(on.portico.getProvider('eip155', { preview: true }))
    expect(await on.connector.getProvider()).not.toBe(on.portico.getProvider('eip155'))
  })

  it("wagmi's sendTransaction of 0.5 ETH waits in RequestPreview (−0.5 ETH simulated, the wallet not asked); Continue: mined with exactly that value", async () => {
    const { config, portico, prompts } = await previewing()
    const value = parseEther('0.5')
    const before = await node().getBalance({ address: ACCOUNT_3 })
    const pending = sendTransaction(config, { to: ACCOUNT_3, value })
    const flow = await review(portico)
    expect(portico.router.$route.get().view).toBe('RequestPreview')
    expect(flow.$requestPreview.get().preview).toMatchObject({
      decoded: { kind: 'nativeTransfer', to: ACCOUNT_3, value },
      simulation: { simulation: 'ok', status: 'success', changes: [{ asset: 'native', formatted: '-0.5' }] },
    })
    expect(prompts.map((p) => p.kind)).toEqual(['connect'])
    flow.approve()
    const hash = await pending
    const receipt = await waitForTransactionReceipt(config, { hash, pollingInterval: 20 })
    expect(receipt.status).toBe('success')
    expect(await node().getBalance({ address: ACCOUNT_3 })).toBe(before + value)
    expect(prompts.map((p) => p.kind)).toEqual(['connect', 'sendTransaction'])
    expect(portico.modal.$modal.get().open).toBe(false)
  })

  it("Cancel: wagmi's signMessage rejects with code 4001 and the wallet is never asked", async () => {
    const { config, portico, prompts } = await previewing()
    const pending = core
      .signMessage(config, { message: 'Hello from the app' })
      .catch((e: { walk?: (fn: (e: unknown) => boolean) => unknown }) => e)
    const flow = await review(portico)
    expect(flow.$requestPreview.get().preview.decoded).toEqual({ kind: 'message', text: 'Hello from the app', flags: [] })
    flow.reject()
    const error = (await pending) as { walk: (fn: (e: unknown) => boolean) => { code?: number } | null }
    expect(error.walk((e) => (e as { code?: number }).code === 4001)).toMatchObject({ code: 4001 })
    expect(prompts.map((p) => p.kind)).toEqual(['connect'])
  })
})

describe(`not connected: the selected chain is shared${on}`, () => {
  it("wagmi's switchChain without a connection selects Portico's network, and Portico's selection moves wagmi's chain", async () => {
    const { config, portico } = await setup()
    await switchChain(config, { chainId: B })
    await until(() => portico.chain.getChain('eip155')!.networkState.caipNetwork!.id === B, 'Portico to select chain B')
    await agree(config, portico, { connected: false, address: undefined, chainId: undefined, selected: B })
    await portico.network.switchNetwork(networks[0]!)
    await agree(config, portico, { connected: false, address: undefined, chainId: undefined, selected: A })
  })
})

describe(`a reload${on}`, () => {
  it("wagmi's reconnect waits for Portico's: the remembered session comes back on both sides without a wallet prompt", async () => {
    const storage = memoryStorage()
    const wagmiStorage = memoryStorage()
    const wallet = devWallet(devnet)
    const first = await setup({ storage, wallet, wagmiStorage })
    await first.portico.connection.connect(RDNS)
    await switchChain(first.config, { chainId: B })
    first.portico.destroy()
    const prompts = wallet.prompts.length
    wallet.core.clearRequestLog()
    // The page again: a new Portico on the same storage and wallet, a new wagmi config. wagmi reconnects
    // first (WagmiProvider does it during the first render), before the app calls portico.reconnect().
    // wagmi remembered the connection in its storage, but does not show it before Portico restored it.
    expect(wagmiStorage.map.get('wagmi.store')).toContain(ACCOUNT_0)
    const { config, portico } = await setup({ storage, wallet, wagmiStorage })
    await settle()
    const restoring = reconnect(config)
    // While both restore, wagmi shows no account (not 'reconnecting' with the remembered one).
    expect(getConnection(config)).toMatchObject({ status: 'connecting', isConnected: false, address: undefined })
    const restored = await restoring
    expect(restored.map((c) => [c.accounts, c.chainId])).toEqual([[[ACCOUNT_0], B]])
    await agree(config, portico, { connected: true, address: ACCOUNT_0, chainId: B, selected: B })
    // The app's own portico.reconnect() (PorticoProvider) afterwards changes nothing.
    await portico.reconnect()
    await agree(config, portico, { connected: true, address: ACCOUNT_0, chainId: B, selected: B })
    expect(wallet.prompts.length).toBe(prompts)
    expect(wallet.core.requestLog()).not.toContain('eth_requestAccounts')
  })

  it("without a remembered session, reconnect leaves both disconnected; a Portico connect landing during wagmi's reconnect still reaches wagmi", async () => {
    const { config, portico } = await setup()
    expect(await reconnect(config)).toEqual([])
    await agree(config, portico, { connected: false, address: undefined, chainId: undefined, selected: A })
    // wagmi drops connector events while it is (re)connecting; the config's sync catches up once it settles.
    config.setState((x) => ({ ...x, status: 'reconnecting' }))
    await portico.connection.connect(RDNS)
    await settle()
    expect(getConnection(config).isConnected).toBe(false)
    config.setState((x) => ({ ...x, status: 'disconnected' }))
    await agree(config, portico, { connected: true, address: ACCOUNT_0, chainId: A, selected: A })
  })
})
