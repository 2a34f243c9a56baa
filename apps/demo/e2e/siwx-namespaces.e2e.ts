// Issue 15: sign in with the wallet (CAIP-122) on the namespaces beyond EVM and Solana, end to end —
// the real Portico API (its SIWX session service on PGlite), the local WalletConnect relay, the Node
// dev wallet (it signs polkadot, bip122, cosmos, sui and stacks messages with each ecosystem's
// scheme), a production build of the demo opened with ?siwx=1, Debian Chromium. One WalletConnect
// session holds an account in each of the five namespaces; the visitor signs in on the namespace the
// app lands on (Polkadot), then switches the app's network from the modal's Networks list to each
// other namespace and is asked there (the switch ending must not close that prompt). After
// each sign-in the API knows the session (GET /v1/siwx/session with the token) for the right CAIP-10
// account; going back to a signed-in namespace and a reload ask nothing.
import { rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { startWcWallet, WC_WALLET_CHAINS, type WcWallet } from '@portico/devnet/wcwallet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Harness, startHarness } from './harness.ts'
import { onlineShim, pairNodeWallet } from './support.ts'

type Ns = keyof typeof WC_WALLET_CHAINS
const poll = { timeout: 15_000 }

/** Per namespace: the demo's network name (see extraNetworks), the header's account name, and the wallet method that signs. */
const NAMESPACES: Record<Ns, { network: string; account: string; method: string }> = {
  polkadot: { network: 'Polkadot', account: 'Polkadot', method: 'polkadot_signMessage' },
  bip122: { network: 'Bitcoin', account: 'Bitcoin', method: 'signMessage' },
  cosmos: { network: 'Cosmos Hub', account: 'Cosmos', method: 'cosmos_signAmino' },
  sui: { network: 'Sui', account: 'Sui', method: 'sui_signPersonalMessage' },
  stacks: { network: 'Stacks', account: 'Stacks', method: 'stx_signMessage' },
}

/**
 * Test-only shim: the demo's config gets a network in each of the five namespaces (the WalletConnect
 * wallet offers accounts there; the adapter only asks for namespaces the app has networks for). Their
 * RPC URLs are a loopback port nobody listens on: nothing reads them (signing a message needs no node).
 */
function extraNetworks() {
  const rpc = { default: { http: ['http://127.0.0.1:9'] } }
  const extra = [
    {
      id: '91b171bb158e2d3848fa23a9f1c25182',
      caipNetworkId: 'polkadot:91b171bb158e2d3848fa23a9f1c25182',
      chainNamespace: 'polkadot',
      name: 'Polkadot',
      nativeCurrency: { name: 'Polkadot', symbol: 'DOT', decimals: 10 },
      rpcUrls: rpc,
    },
    {
      id: '000000000019d6689c085ae165831e93',
      caipNetworkId: 'bip122:000000000019d6689c085ae165831e93',
      chainNamespace: 'bip122',
      name: 'Bitcoin',
      nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
      rpcUrls: rpc,
    },
    {
      id: 'cosmoshub-4',
      caipNetworkId: 'cosmos:cosmoshub-4',
      chainNamespace: 'cosmos',
      name: 'Cosmos Hub',
      nativeCurrency: { name: 'Atom', symbol: 'ATOM', decimals: 6 },
      rpcUrls: rpc,
    },
    {
      id: 'mainnet',
      caipNetworkId: 'sui:mainnet',
      chainNamespace: 'sui',
      name: 'Sui',
      nativeCurrency: { name: 'Sui', symbol: 'SUI', decimals: 9 },
      rpcUrls: rpc,
    },
    {
      id: '1',
      caipNetworkId: 'stacks:1',
      chainNamespace: 'stacks',
      name: 'Stacks',
      nativeCurrency: { name: 'Stacks', symbol: 'STX', decimals: 6 },
      rpcUrls: rpc,
    },
  ]
  let value: unknown
  Object.defineProperty(window, '__PORTICO_DEMO__', {
    configurable: true,
    get: () => value,
    set: (v: { networks: unknown[] }) => {
      value = { ...v, networks: [...v.networks, ...extra] }
    },
  })
}

let h: Harness
let wallet: WcWallet
// Its own build directory: another e2e file may build the demo at the same time.
const outDir = path.join(os.tmpdir(), `portico-demo-e2e-siwx-ns-${process.pid}`)

beforeAll(async () => {
  h = await startHarness({ path: '?siwx=1', outDir, initScripts: [onlineShim, extraNetworks] })
  // No EVM chains and no Solana: the session holds the five other namespaces only. Requests are answered at once.
  wallet = await startWcWallet({ relayUrl: h.stack.config.relayUrl })
})

afterAll(async () => {
  await wallet?.stop()
  await h?.close()
  await rm(outDir, { recursive: true, force: true })
})

const modal = () => h.page.getByRole('dialog')
const siwxView = () => h.page.getByTestId('portico-siwx')
const status = () => h.page.getByTestId('portico-demo-siwx-status').textContent()
const caip10 = (ns: Ns) => `${WC_WALLET_CHAINS[ns]}:${wallet.accounts[ns]}`

type Entry = { token: string; message: string; signature: string; chainId: string; address: string }
/** What the page keeps for the account (porticoSiwx's storage entry: key `<namespace>:<address>`). */
async function stored(ns: Ns): Promise<Entry | undefined> {
  const all = await h.page.evaluate(() => JSON.parse(localStorage.getItem('portico:siwx') ?? '{}') as Record<string, Entry>)
  return all[`${ns}:${wallet.accounts[ns]}`]
}

/** GET /v1/siwx/session with the token, from Node (as an app's backend would). */
async function sessionOf(token: string): Promise<{ status: number; session?: { address: string; chainId: string } }> {
  const res = await fetch(`${h.stack.config.apiUrl}/v1/siwx/session`, { headers: { authorization: `Bearer ${token}` } })
  const body = (await res.json()) as { session?: { address: string; chainId: string } }
  return { status: res.status, session: body.session }
}

/** The JWT's claims (its payload, unverified: the API's answer above is what vouches for it). */
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sub: string }

/** The namespace of the app's active network, from the demo's "Name (caip)" line. */
async function activeNamespace(): Promise<Ns> {
  const text = (await h.page.getByTestId('portico-demo-network').textContent()) ?? ''
  return /\(([a-z0-9-]+):/.exec(text)?.[1] as Ns
}

/** The prompt is up for `ns`'s account: Sign in → the Node wallet signs with the namespace's method → signed in; the API has the session for its CAIP-10 account. */
async function signInOn(ns: Ns): Promise<void> {
  const { page } = h
  await expect.poll(() => siwxView().isVisible(), poll).toBe(true)
  expect(await status()).toBe('prompting')
  expect(await page.getByTestId('portico-demo-address').textContent()).toBe(wallet.accounts[ns])
  const before = wallet.requestLog().length
  await page.getByTestId('portico-siwx-sign').click()
  await expect.poll(() => status(), poll).toBe('signed-in')
  await expect.poll(() => modal().isVisible()).toBe(false)

  // The wallet was asked once, with its namespace's method, on the namespace's network.
  const asked = wallet.requestLog().slice(before)
  expect(asked.map((r) => [r.chainId, r.method, r.error])).toEqual([[WC_WALLET_CHAINS[ns], NAMESPACES[ns].method, undefined]])

  const entry = await stored(ns)
  expect(entry).toMatchObject({ chainId: WC_WALLET_CHAINS[ns], address: wallet.accounts[ns] })
  const lines = entry!.message.split('\n')
  expect(lines.slice(0, 2)).toEqual([
    `${new URL(h.stack.demoUrl).host} wants you to sign in with your ${NAMESPACES[ns].account} account:`,
    wallet.accounts[ns],
  ])
  expect(lines).toContain(`Chain ID: ${WC_WALLET_CHAINS[ns].slice(ns.length + 1)}`)
  expect(lines).toContain('Sign in to the Portico demo.')

  const answer = await sessionOf(entry!.token)
  expect(answer.status).toBe(200)
  expect(`${answer.session?.chainId}:${answer.session?.address}`).toBe(caip10(ns))
  expect(claimsOf(entry!.token).sub).toBe(caip10(ns))
}

/** Account view → network list → the namespace's network. */
async function switchTo(ns: Ns): Promise<void> {
  const { page } = h
  if (!(await modal().isVisible())) await page.getByTestId('portico-connect-button').click()
  await page.getByTestId('portico-account-network').click()
  await page.getByTestId('portico-network-item').filter({ hasText: NAMESPACES[ns].network }).click()
  await expect.poll(activeNamespace, poll).toBe(ns)
  await expect.poll(() => page.getByTestId('portico-demo-address').textContent(), poll).toBe(wallet.accounts[ns])
}

const signedIn: Ns[] = []

describe('sign in with the wallet (CAIP-122) on polkadot, bip122, cosmos, sui and stacks through WalletConnect', () => {
  it('a. the Node wallet pairs (five namespaces) → asked to sign in on the namespace the app lands on → signed; the API has the session', async () => {
    const session = await pairNodeWallet(h, wallet, poll)
    expect(Object.keys(session.namespaces).sort()).toEqual(['bip122', 'cosmos', 'polkadot', 'stacks', 'sui'])
    await expect.poll(() => h.page.getByTestId('portico-demo-status').textContent(), poll).toBe('connected')
    // The app was on its EVM network, which the session lacks: its first namespace the app has networks for (Polkadot) becomes active.
    expect(await activeNamespace()).toBe('polkadot')
    await signInOn('polkadot')
    signedIn.push('polkadot')
  })

  for (const ns of ['bip122', 'cosmos', 'sui', 'stacks'] as const) {
    it(`b. ${ns}: switching the app to ${NAMESPACES[ns].network} (Networks list) asks its account to sign in; signed with ${NAMESPACES[ns].method}; the API has the session`, async () => {
      await switchTo(ns)
      await signInOn(ns)
      signedIn.push(ns)
    })
  }

  it('c. back on Polkadot: its sign-in holds, nobody is asked; a reload keeps it without asking', async () => {
    const { page } = h
    const first: Ns = 'polkadot'
    expect([...signedIn].sort()).toEqual(['bip122', 'cosmos', 'polkadot', 'stacks', 'sui'])
    const requests = wallet.requestLog().length
    await switchTo(first)
    await expect.poll(() => status(), poll).toBe('signed-in')
    expect(await siwxView().isVisible()).toBe(false)
    await page.reload()
    await expect.poll(() => status(), poll).toBe('signed-in')
    expect(await siwxView().isVisible()).toBe(false)
    expect(
      wallet
        .requestLog()
        .slice(requests)
        .map((r) => r.method),
    ).toEqual([])
    // Every namespace's session is still live on the API.
    for (const ns of signedIn) expect((await sessionOf((await stored(ns))!.token)).status).toBe(200)
  })

  it('no request left loopback and the page threw nothing', () => {
    expect(h.offLoopback).toEqual([])
    expect(h.pageErrors).toEqual([])
  })
})
