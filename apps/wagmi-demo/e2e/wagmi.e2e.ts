// Issue 10 §5: a wagmi app that connects with Portico's modal, end to end — the devnet's anvil chains,
// the Portico API, a production build of apps/wagmi-demo (WagmiProvider + createPorticoWagmiConfig +
// PorticoProvider), the EIP-6963 dev wallet, Debian Chromium. After every step the page's two panels —
// wagmi's hooks (useConnection, the hook useAccount is an alias of) and Portico's hooks — must show
// the same status, account and chain.
import { createPublicClient, http, parseEther } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AMOUNT, RECIPIENT } from '../src/constants.ts'
import { startWagmiHarness, type WagmiHarness } from './harness.ts'

const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const [A, B] = ['31337', '31338']

let h: WagmiHarness
/** What both sides rendered, page load after page load. */
const renders: { wagmi: string; portico: string }[] = []

const modal = () => h.page.getByRole('dialog')
const approveInWallet = async (kind: string) => {
  await expect.poll(() => h.page.getByTestId('portico-devwallet-prompt').getAttribute('data-kind')).toBe(kind)
  await h.page.getByTestId('portico-devwallet-approve').click()
}
const read = (id: string) => h.page.getByTestId(id).textContent()

/** What each panel shows. */
async function sides() {
  const [ws, wa, wc, ps, pa, pc] = await Promise.all(
    ['wagmi-status', 'wagmi-address', 'wagmi-chain', 'portico-status', 'portico-address', 'portico-chain'].map(read),
  )
  return { wagmi: { status: ws, address: wa, chain: wc }, portico: { status: ps, address: pa, chain: pc } }
}
/** Both panels settle on `expected`. */
async function agree(expected: { status: 'connected' | 'disconnected'; address?: string; chain?: string }) {
  const want = { status: expected.status, address: expected.address ?? '—', chain: expected.chain ?? '—' }
  await expect.poll(sides, { timeout: 10_000 }).toEqual({ wagmi: want, portico: want })
}
const closeModal = async () => {
  if (await modal().isVisible()) await h.page.keyboard.press('Escape')
  await expect.poll(() => modal().isVisible()).toBe(false)
}

// The journey runs twice: the demo built on wagmi 3 (its own install), then on wagmi 2 (issue 25 §5:
// @portico/wagmi peers on both; the harness builds with PORTICO_WAGMI=2).
describe.for(['3', '2'] as const)('a wagmi %s app with the Portico modal', (major) => {
  beforeAll(async () => {
    renders.length = 0
    h = await startWagmiHarness({ wagmi: major })
  })
  afterAll(async () => {
    await h?.close()
  })

  it(`runs on wagmi ${major}: the page's wagmi says its version is ${major}.x`, async () => {
    expect(await read('wagmi-version')).toMatch(new RegExp(`^${major}\\.\\d+\\.\\d+$`))
  })

  it("a. wagmi's connect opens Portico's modal; after the wallet is picked and approved, useConnection (wagmi 2: useAccount) and Portico show the same account and chain", async () => {
    await agree({ status: 'disconnected' })
    await h.page.getByTestId('wagmi-connect').click()
    await expect.poll(() => modal().isVisible()).toBe(true)
    await modal()
      .getByRole('button', { name: /Portico Dev Wallet/ })
      .click()
    await approveInWallet('connect')
    await agree({ status: 'connected', address: ACCOUNT_0, chain: A })
    // The modal that wagmi's connect opened closes once the account is there.
    await expect.poll(() => modal().isVisible()).toBe(false)
  })

  it("b. wagmi's useSendTransaction goes to the wallet; the receipt succeeds and the recipient gets exactly the amount", async () => {
    const node = createPublicClient({ transport: http(h.devnet.chains[0]!.rpcUrl) })
    const before = await node.getBalance({ address: RECIPIENT })
    await h.page.getByTestId('wagmi-send').click()
    await approveInWallet('sendTransaction')
    await expect.poll(() => read('wagmi-tx-status'), { timeout: 15_000 }).toBe('success')
    expect(await node.getBalance({ address: RECIPIENT })).toBe(before + parseEther(AMOUNT))
    const hash = (await read('wagmi-tx-hash')) as `0x${string}`
    expect((await node.getTransactionReceipt({ hash })).from).toBe(ACCOUNT_0.toLowerCase())
    await agree({ status: 'connected', address: ACCOUNT_0, chain: A })
  })

  it("c. a switch in Portico's modal (Networks) moves wagmi's chain, and the wallet's", async () => {
    const { page } = h
    await page.getByTestId('portico-connect-button').click()
    await page.getByTestId('portico-account-network').click()
    await page.getByTestId('portico-network-item').filter({ hasText: 'Portico Local B' }).click()
    await approveInWallet('switchChain')
    await agree({ status: 'connected', address: ACCOUNT_0, chain: B })
    await expect.poll(() => page.getByTestId('portico-devwallet-chain-select').inputValue()).toBe(B)
    await closeModal()
  })

  it("d. wagmi's useSwitchChain moves Portico's network, and the wallet's", async () => {
    const { page } = h
    await page.getByTestId(`wagmi-switch-${A}`).click()
    await approveInWallet('switchChain')
    await agree({ status: 'connected', address: ACCOUNT_0, chain: A })
    expect(await read('portico-network')).toBe(`eip155:${A}`)
    await expect.poll(() => page.getByTestId('portico-devwallet-chain-select').inputValue()).toBe(A)
  })

  it("e. wagmi's useDisconnect disconnects Portico: its button offers to connect again", async () => {
    await h.page.getByTestId('wagmi-disconnect').click()
    await agree({ status: 'disconnected' })
    await expect.poll(() => h.page.getByRole('button', { name: 'Connect wallet' }).isVisible()).toBe(true)
  })

  it("f. a connect from Portico's own button (no wagmi call) connects wagmi", async () => {
    const { page } = h
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await modal()
      .getByRole('button', { name: /Portico Dev Wallet/ })
      .click()
    await approveInWallet('connect')
    await agree({ status: 'connected', address: ACCOUNT_0, chain: A })
    await closeModal()
  })

  it('g. after a reload both sides come back connected to the same account, without a wallet prompt', async () => {
    const { page } = h
    renders.push(...(await page.evaluate(() => window.__wagmiPorticoRenders ?? [])))
    await page.reload()
    await agree({ status: 'connected', address: ACCOUNT_0, chain: A })
    expect(await page.getByTestId('portico-devwallet-prompt').isVisible()).toBe(false)
    // The wallet was asked eth_accounts (a silent restore), never eth_requestAccounts.
    const log = await page.evaluate(() => window.__porticoDevWallet?.requestLog() ?? null)
    expect(log).toContain('eth_accounts')
    expect(log).not.toContain('eth_requestAccounts')
  })

  it("h. a disconnect in Portico's Account view disconnects wagmi", async () => {
    const { page } = h
    await page.getByTestId('portico-connect-button').click()
    await page.getByTestId('portico-account-disconnect').click()
    await agree({ status: 'disconnected' })
    await closeModal()
    expect(await page.getByTestId('wagmi-connect').isEnabled()).toBe(true)
  })

  it('i. no render of the whole journey (reload included) showed wagmi with an account or chain Portico did not show, or wagmi disconnected while Portico was connected', async () => {
    renders.push(...(await h.page.evaluate(() => window.__wagmiPorticoRenders ?? [])))
    const disagreements = renders.filter(({ wagmi, portico }) => {
      const [wStatus, wAddress, wChain] = wagmi.split('|')
      const [pStatus] = portico.split('|')
      // wagmi shows an account (connected, or reconnecting with a remembered one): Portico shows the same.
      if (wAddress) return wagmi.slice(wStatus!.length) !== portico.slice(pStatus!.length) || pStatus !== 'connected' || !wChain
      // Portico connected: wagmi is too, or its own connect()/reconnect() call is returning ('connecting').
      return pStatus === 'connected' && wStatus !== 'connecting'
    })
    expect(disagreements).toEqual([])
    // The journey went through every state on both sides.
    expect(renders.some((r) => r.wagmi.endsWith(`|${B}`))).toBe(true)
    expect(renders.filter((r) => r.wagmi.startsWith('connected|')).length).toBeGreaterThanOrEqual(4)
    expect(renders.filter((r) => r.wagmi === 'disconnected||' && r.portico === 'disconnected||').length).toBeGreaterThanOrEqual(2)
  })

  it('j. nothing left loopback and the page threw nothing', () => {
    expect(h.offLoopback).toEqual([])
    expect(h.pageErrors).toEqual([])
  })
})
