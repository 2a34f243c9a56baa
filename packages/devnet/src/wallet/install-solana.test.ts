// @vitest-environment jsdom
import { getWallets } from '@wallet-standard/app'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type DevWalletController, installDevWallet } from './install.ts'

const SOL_0 = 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96'
const CAIP = 'solana:CdTVLPWPbyfapDkhQ9VtSSLdbrLSEuyS'
// Never contacted: these tests only connect.
const chains = [{ chainId: 31337, name: 'Portico Local A', rpcUrl: 'http://127.0.0.1:9' }]
const solana = { rpcUrl: 'http://127.0.0.1:11', caipNetworkId: CAIP }

const byTestId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`)
const flush = () => new Promise((r) => setTimeout(r, 0))

let installed: DevWalletController[] = []
const install = (opts: Partial<Parameters<typeof installDevWallet>[0]> = {}) => {
  const c = installDevWallet({ chains, accountCount: 2, solana, ...opts })
  installed.push(c)
  return c
}
beforeEach(() => localStorage.clear())
afterEach(() => {
  for (const c of installed) c.uninstall()
  installed = []
})

const devWallets = () =>
  getWallets()
    .get()
    .filter((w) => w.name === 'Portico Dev Wallet')
const connect = (w: Wallet, silent = false) =>
  (w.features['standard:connect'] as { connect(i?: { silent?: boolean }): Promise<{ accounts: readonly WalletAccount[] }> }).connect(
    silent ? { silent: true } : undefined,
  )

describe('installDevWallet with solana: Wallet Standard registration', () => {
  it('registers with the app registry (getWallets) and unregisters on uninstall; without solana it does not', () => {
    const before = devWallets().length
    install({ solana: undefined })
    expect(devWallets()).toHaveLength(before)
    const wallet = install()
    const registered = devWallets()
    expect(registered).toHaveLength(before + 1)
    expect(registered.at(-1)).toBe(wallet.solana?.wallet)
    expect(registered.at(-1)).toMatchObject({ name: 'Portico Dev Wallet', chains: [CAIP] })
    wallet.uninstall()
    expect(devWallets()).toHaveLength(before)
  })

  it('takes another Wallet Standard name from solana.walletName', () => {
    const wallet = install({ solana: { ...solana, walletName: 'Portico Solana Dev Wallet' } })
    expect(getWallets().get()).toContain(wallet.solana?.wallet)
    expect(wallet.solana?.wallet.name).toBe('Portico Solana Dev Wallet')
    expect(wallet.info.name).toBe('Portico Dev Wallet')
  })

  it('asks in the same prompt; Approve connects the Solana account and the choice survives a reload', async () => {
    const wallet = install()
    const standard = wallet.solana!.wallet
    const pending = connect(standard)
    await flush()
    expect(byTestId('portico-devwallet-prompt')?.dataset.kind).toBe('connect')
    expect(byTestId('portico-devwallet-prompt-title')?.textContent).toBe('Connect to this site')
    expect(byTestId('portico-devwallet-prompt-details')?.textContent).toContain(`Share Solana account ${SOL_0}`)
    byTestId('portico-devwallet-approve')?.click()
    expect((await pending).accounts.map((a) => a.address)).toEqual([SOL_0])
    wallet.uninstall()
    const reloaded = install()
    expect((await connect(reloaded.solana!.wallet, true)).accounts.map((a) => a.address)).toEqual([SOL_0])
    expect(byTestId('portico-devwallet-prompt')?.style.display).toBe('none')
  })

  it('Reject in the prompt fails the connect with 4001', async () => {
    const wallet = install()
    const pending = connect(wallet.solana!.wallet)
    await flush()
    byTestId('portico-devwallet-reject')?.click()
    await expect(pending).rejects.toMatchObject({ code: 4001, message: 'User rejected the request' })
  })
})
