// Issue 15: sign in with the wallet, end to end — the real Portico API (its SIWX session service on
// PGlite), the real anvil chains, a production build of the demo opened with ?siwx=1, Debian
// Chromium. One visitor, in order, with the EIP-6963 dev wallet: connect → asked to sign in → signs →
// the API knows the session → a reload keeps it without asking → a network change does not ask →
// another account is asked; the wallet's refusal shows the reason and Try again signs in → sign out
// revokes → on a network the app does not list nobody is asked, on the app's network the prompt comes
// → an account with a valid session is not asked; closing the prompt leaves 'Modal closed' and Sign in
// retries. Then the same sign-in through WalletConnect (the Node wallet) and the embedded wallet (an
// email login; the frame signs).
import { rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { type Hex, verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Harness, startHarness } from './harness.ts'
import { startWcWallet, type WcWallet } from '@portico/devnet/wcwallet'
import { answerConfirmations } from './confirm-window.ts'
import { emailLogin } from './email-login.ts'
import { connectDevWallet, onlineShim, pairNodeWallet } from './support.ts'

const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const ACCOUNT_1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const ACCOUNT_2 = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const poll = { timeout: 15_000 }

let h: Harness
let wc: WcWallet | undefined
// Its own build directory: another e2e file may build the demo at the same time.
const outDir = path.join(os.tmpdir(), `portico-demo-e2e-siwx-${process.pid}`)

beforeAll(async () => {
  // onlineShim: sign-client pairs only when navigator.onLine (see walletconnect.e2e.ts).
  h = await startHarness({ path: '?siwx=1', outDir, initScripts: [onlineShim] })
})

afterAll(async () => {
  await wc?.stop()
  await h?.close()
  await rm(outDir, { recursive: true, force: true })
})

const modal = () => h.page.getByRole('dialog')
const siwxView = () => h.page.getByTestId('portico-siwx')
const status = () => h.page.getByTestId('portico-demo-siwx-status').textContent()
const walletPrompt = () => h.page.getByTestId('portico-devwallet-prompt')

/** The scriptable Node WalletConnect wallet (every request answered by hand) on an account no other journey used: index 4 of the mnemonic. */
function startWalletForSiwx(): Promise<WcWallet> {
  return startWcWallet({
    relayUrl: h.stack.config.relayUrl,
    evm: { chains: h.stack.devnet.chains.map((c) => ({ chainId: c.chainId, rpcUrl: c.rpcUrl })) },
    autoApproveRequests: false,
    accountIndex: 4,
  })
}

/** What the page keeps for the account (porticoSiwx's storage entry). */
async function stored(address: string): Promise<{ token: string; message: string; signature: string; chainId: string } | undefined> {
  const all = await h.page.evaluate(
    () =>
      JSON.parse(localStorage.getItem('portico:siwx') ?? '{}') as Record<
        string,
        { token: string; message: string; signature: string; chainId: string }
      >,
  )
  return all[`eip155:${address.toLowerCase()}`]
}

/** GET /v1/siwx/session with the token, from Node (as an app's backend would). */
async function sessionOf(token: string): Promise<{ status: number; body: { session?: { address: string; chainId: string } } }> {
  const res = await fetch(`${h.stack.config.apiUrl}/v1/siwx/session`, { headers: { authorization: `Bearer ${token}` } })
  return { status: res.status, body: (await res.json()) as { session?: { address: string; chainId: string } } }
}

describe('sign in with the wallet (SIWX) on the local stack', () => {
  it('a. connect → the modal asks to sign in → the wallet signs → the API has the session', async () => {
    const { page } = h
    await connectDevWallet(h)
    await expect.poll(() => siwxView().isVisible(), poll).toBe(true)
    expect(await page.getByTestId('portico-siwx-heading').textContent()).toBe('Sign in to Portico demo')
    expect(await modal().getByRole('heading').first().textContent()).toBe('Sign in')
    // Focus is on the primary action.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('portico-siwx-sign')
    expect(await status()).toBe('prompting')
    await page.getByTestId('portico-siwx-sign').click()
    await expect.poll(() => walletPrompt().getAttribute('data-kind'), poll).toBe('personalSign')
    const details = await page.getByTestId('portico-devwallet-prompt-details').textContent()
    expect(details).toContain('wants you to sign in with your Ethereum account:')
    expect(details).toContain('Sign in to the Portico demo.')
    expect(await page.getByTestId('portico-siwx-sign').textContent()).toBe('Approve in your wallet')
    await page.getByTestId('portico-devwallet-approve').click()
    await expect.poll(() => status(), poll).toBe('signed-in')
    await expect.poll(() => modal().isVisible()).toBe(false)

    const entry = await stored(ACCOUNT_0)
    expect(entry?.chainId).toBe('eip155:31337')
    expect(entry!.message.split('\n').slice(0, 2)).toEqual([
      `${new URL(h.stack.demoUrl).host} wants you to sign in with your Ethereum account:`,
      ACCOUNT_0,
    ])
    expect(await verifyMessage({ address: ACCOUNT_0, message: entry!.message, signature: entry!.signature as Hex })).toBe(true)
    const answer = await sessionOf(entry!.token)
    expect(answer.status).toBe(200)
    expect(answer.body.session).toMatchObject({ address: ACCOUNT_0, chainId: 'eip155:31337' })
  })

  it('b. a reload keeps the sign-in: no prompt in the modal nor in the wallet', async () => {
    const { page } = h
    await page.reload()
    await expect.poll(() => status(), poll).toBe('signed-in')
    expect(await modal().isVisible()).toBe(false)
    expect(await walletPrompt().isVisible()).toBe(false)
    const log = await page.evaluate(() => window.__porticoDevWallet?.requestLog() ?? null)
    expect(log).not.toContain('personal_sign')
  })

  it('c. a network change does not ask again (signInOnNetworkChange is off)', async () => {
    const { page } = h
    await page.getByTestId('portico-connect-button').click()
    await page.getByTestId('portico-account-network').click()
    await page.getByTestId('portico-network-item').filter({ hasText: 'Portico Local B' }).click()
    await page.getByTestId('portico-devwallet-approve').click()
    await expect.poll(() => page.getByTestId('portico-demo-network').textContent(), poll).toBe('Portico Local B (eip155:31338)')
    expect(await status()).toBe('signed-in')
    expect(await siwxView().isVisible()).toBe(false)
    await page.keyboard.press('Escape')
    await expect.poll(() => modal().isVisible()).toBe(false)
  })

  it("d. another account in the wallet is asked; the wallet's refusal shows 'User rejected the request', Try again signs in", async () => {
    const { page } = h
    await page.getByTestId('portico-devwallet-account-select').selectOption('1')
    await expect.poll(() => siwxView().isVisible(), poll).toBe(true)
    await page.getByTestId('portico-siwx-sign').click()
    await expect.poll(() => walletPrompt().getAttribute('data-kind'), poll).toBe('personalSign')
    await page.getByTestId('portico-devwallet-reject').click()
    await expect.poll(() => page.getByTestId('portico-siwx-error').textContent(), poll).toBe('User rejected the request')
    expect(await status()).toBe('error')
    expect(await page.getByTestId('portico-demo-status').textContent()).toBe('connected')
    await page.getByRole('button', { name: 'Try again' }).click()
    await expect.poll(() => walletPrompt().getAttribute('data-kind'), poll).toBe('personalSign')
    await page.getByTestId('portico-devwallet-approve').click()
    await expect.poll(() => status(), poll).toBe('signed-in')
    const entry = await stored(ACCOUNT_1)
    expect(entry?.chainId).toBe('eip155:31338')
    expect((await sessionOf(entry!.token)).body.session).toMatchObject({ address: ACCOUNT_1, chainId: 'eip155:31338' })
  })

  it('e. sign out revokes the session on the API; disconnect', async () => {
    const { page } = h
    const token = (await stored(ACCOUNT_1))!.token
    await page.getByTestId('portico-demo-siwx-signout').click()
    await expect.poll(() => status()).toBe('idle')
    await expect.poll(async () => (await sessionOf(token)).status).toBe(401)
    expect(await stored(ACCOUNT_1)).toBeUndefined()
    await page.getByTestId('portico-connect-button').click()
    await page.getByTestId('portico-account-disconnect').click()
    await expect.poll(() => page.getByTestId('portico-demo-status').textContent()).toBe('disconnected')
    await page.keyboard.press('Escape')
  })

  it('f. on a network the app does not list nobody is asked; on its network the prompt comes', async () => {
    const { page } = h
    // The app lists only Portico Local A; the wallet is on Portico Local B, with an account that never
    // signed in (account 0's session from a. is still valid: it would sign in without a prompt).
    await page.goto(new URL('?siwx=1&networks=31337', h.stack.demoUrl).href)
    await page.getByTestId('portico-devwallet-account-select').selectOption('2')
    await page.getByTestId('portico-devwallet-chain-select').selectOption('31338')
    await connectDevWallet(h)
    await expect.poll(() => modal().getByTestId('portico-unsupported-chain').isVisible(), poll).toBe(true)
    expect(await status()).toBe('idle')
    expect(await siwxView().isVisible()).toBe(false)
    // Still no prompt a moment later (a prompt would replace the view).
    await page.waitForTimeout(500)
    expect(await siwxView().isVisible()).toBe(false)
    expect(await status()).toBe('idle')
    // The wallet moves to the app's network (from its own UI): now the sign-in is asked. (Not through
    // UnsupportedChain's list: with the app's one network, choosing it there does nothing — the
    // namespace's state still names that network while the wallet is elsewhere; reported.)
    await page.getByTestId('portico-devwallet-chain-select').selectOption('31337')
    await expect.poll(() => siwxView().isVisible(), poll).toBe(true)
    expect(await page.getByTestId('portico-demo-network').textContent()).toBe('Portico Local A (eip155:31337)')
    await page.getByTestId('portico-siwx-sign').click()
    await page.getByTestId('portico-devwallet-approve').click()
    await expect.poll(() => status(), poll).toBe('signed-in')
    expect((await stored(ACCOUNT_2))?.chainId).toBe('eip155:31337')
  })

  it("g. back to account 0: its session from a. still holds, no prompt; a new account's prompt closed → 'Modal closed', Sign in retries", async () => {
    const { page } = h
    await page.getByTestId('portico-devwallet-account-select').selectOption('0')
    await expect.poll(() => page.getByTestId('portico-demo-address').textContent(), poll).toBe(ACCOUNT_0)
    await expect.poll(() => status(), poll).toBe('signed-in')
    expect(await siwxView().isVisible()).toBe(false)

    await page.getByTestId('portico-devwallet-account-select').selectOption('3')
    await expect.poll(() => siwxView().isVisible(), poll).toBe(true)
    await page.keyboard.press('Escape')
    await expect.poll(() => modal().isVisible()).toBe(false)
    await expect.poll(() => status()).toBe('error')
    expect(await page.getByTestId('portico-demo-siwx-error').textContent()).toBe('Modal closed')
    expect(await page.getByTestId('portico-demo-status').textContent()).toBe('connected')
    await page.getByTestId('portico-demo-siwx-signin').click()
    await expect.poll(() => walletPrompt().getAttribute('data-kind'), poll).toBe('personalSign')
    await page.getByTestId('portico-devwallet-approve').click()
    await expect.poll(() => status(), poll).toBe('signed-in')
  })

  it('h. WalletConnect: the Node wallet (a fresh account) pairs → asked to sign in → personal_sign approved there → the API has the session', async () => {
    const { page } = h
    await page.getByTestId('portico-connect-button').click()
    await page.getByTestId('portico-account-disconnect').click()
    await expect.poll(() => page.getByTestId('portico-demo-status').textContent()).toBe('disconnected')
    await page.keyboard.press('Escape')
    await expect.poll(() => modal().isVisible()).toBe(false)
    wc = await startWalletForSiwx()
    await pairNodeWallet(h, wc, poll)
    const address = wc.accounts.eip155
    await expect.poll(() => page.getByTestId('portico-demo-address').textContent(), poll).toBe(address)
    await expect.poll(() => siwxView().isVisible(), poll).toBe(true)
    await page.getByTestId('portico-siwx-sign').click()
    await expect.poll(() => wc!.pendingRequests().map((r) => r.params.request.method), poll).toEqual(['personal_sign'])
    expect(await page.getByTestId('portico-siwx-sign').textContent()).toBe('Approve in your wallet')
    await wc.approveNextRequest()
    await expect.poll(() => status(), poll).toBe('signed-in')
    const entry = await stored(address)
    expect(entry?.chainId).toBe('eip155:31337')
    expect((await sessionOf(entry!.token)).body.session).toMatchObject({ address, chainId: 'eip155:31337' })
  })

  it('i. the embedded wallet: an email login → asked to sign in → the frame signs → the API has the session', async () => {
    const { page } = h
    await page.getByTestId('portico-connect-button').click()
    await page.getByTestId('portico-account-disconnect').click()
    await expect.poll(() => page.getByTestId('portico-demo-status').textContent()).toBe('disconnected')
    await page.keyboard.press('Escape')
    await expect.poll(() => modal().isVisible()).toBe(false)
    await emailLogin(h, 'ada@portico.test', () => siwxView().isVisible())
    const address = (await page.getByTestId('portico-demo-address').textContent()) ?? ''
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    // The frame asks the user in its own window (issue 23 §1): the sign-in message, for this page's domain.
    const confirmations = answerConfirmations(h.context)
    await page.getByTestId('portico-siwx-sign').click()
    await expect.poll(() => status(), { timeout: 20_000 }).toBe('signed-in')
    confirmations.stop()
    expect(confirmations.titles).toEqual(['Sign in'])
    const entry = await stored(address)
    expect(entry?.chainId).toBe('eip155:31337')
    expect(await verifyMessage({ address: address as Hex, message: entry!.message, signature: entry!.signature as Hex })).toBe(true)
    expect((await sessionOf(entry!.token)).body.session).toMatchObject({ address, chainId: 'eip155:31337' })
  })

  it('j. required (?siwx=required): Disconnect in place of Cancel disconnects; closing the prompt disconnects too', async () => {
    const { page } = h
    await page.getByTestId('portico-connect-button').click()
    await page.getByTestId('portico-account-disconnect').click()
    await expect.poll(() => page.getByTestId('portico-demo-status').textContent()).toBe('disconnected')
    await page.goto(new URL('?siwx=required', h.stack.demoUrl).href)
    // Account 1 signed out in e.: no session, so it is asked.
    await page.getByTestId('portico-devwallet-account-select').selectOption('1')
    await connectDevWallet(h)
    await expect.poll(() => siwxView().isVisible(), poll).toBe(true)
    expect(await page.getByTestId('portico-siwx-cancel').count()).toBe(0)
    await page.getByTestId('portico-siwx-disconnect').click()
    await expect.poll(() => page.getByTestId('portico-demo-status').textContent(), poll).toBe('disconnected')

    await page.keyboard.press('Escape')
    await connectDevWallet(h)
    await expect.poll(() => siwxView().isVisible(), poll).toBe(true)
    await page.keyboard.press('Escape')
    await expect.poll(() => page.getByTestId('portico-demo-status').textContent(), poll).toBe('disconnected')
  })

  it('no request left loopback and the page threw nothing', () => {
    expect(h.offLoopback).toEqual([])
    expect(h.pageErrors).toEqual([])
  })
})
