// @vitest-environment jsdom
import { verifyMessage } from 'viem'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ProviderRpcError } from './errors.ts'
import { type DevWalletController, type Eip6963ProviderInfo, installDevWallet } from './install.ts'

const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const ACCOUNT_1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
// Never contacted: these tests use only methods the wallet answers itself.
const chains = [
  { chainId: 31337, name: 'Portico Local A', rpcUrl: 'http://127.0.0.1:9' },
  { chainId: 31338, name: 'Portico Local B', rpcUrl: 'http://127.0.0.1:10' },
]

const byTestId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`)
const click = (id: string) => byTestId(id)?.click()
const flush = () => new Promise((r) => setTimeout(r, 0))

let installed: DevWalletController[] = []
const install = (opts: Partial<Parameters<typeof installDevWallet>[0]> = {}) => {
  const c = installDevWallet({ chains, accountCount: 2, ...opts })
  installed.push(c)
  return c
}

beforeEach(() => localStorage.clear())
afterEach(() => {
  for (const c of installed) c.uninstall()
  installed = []
})

describe('installDevWallet: EIP-6963 and window.ethereum', () => {
  it('announces the provider on install and again on eip6963:requestProvider, until uninstalled', () => {
    const seen: { info: Eip6963ProviderInfo; provider: unknown }[] = []
    const listener = (e: Event) => seen.push((e as CustomEvent).detail)
    window.addEventListener('eip6963:announceProvider', listener)
    const wallet = install()
    window.dispatchEvent(new Event('eip6963:requestProvider'))
    expect(seen).toHaveLength(2)
    const { info, provider } = seen[0]!
    expect(provider).toBe(wallet.provider)
    expect(seen[1]!.provider).toBe(wallet.provider)
    expect(info).toMatchObject({ name: 'Portico Dev Wallet', rdns: 'dev.portico.wallet' })
    expect(info.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(info.icon).toMatch(/^data:image\/svg\+xml,/)
    expect(decodeURIComponent(info.icon)).toContain('<svg')
    expect(Object.isFrozen(seen[0])).toBe(true)

    wallet.uninstall()
    window.dispatchEvent(new Event('eip6963:requestProvider'))
    expect(seen).toHaveLength(2)
    expect(byTestId('portico-devwallet')).toBeNull()
    window.removeEventListener('eip6963:announceProvider', listener)
  })

  it('sets window.ethereum only when asked, and restores the previous value on uninstall', () => {
    const w = window as Window & { ethereum?: unknown }
    install({ ui: false })
    expect(w.ethereum).toBeUndefined()
    const previous = { isOther: true }
    w.ethereum = previous
    const wallet = install({ setWindowEthereum: true, ui: false })
    expect(w.ethereum).toBe(wallet.provider)
    wallet.uninstall()
    expect(w.ethereum).toBe(previous)
    delete w.ethereum
  })
})

describe('installDevWallet: prompt and widget', () => {
  it('shows the request in a prompt; Reject gives 4001, Approve resolves; authorisation survives a reload', async () => {
    const wallet = install()
    expect(byTestId('portico-devwallet-prompt')?.style.display).toBe('none')

    const first = wallet.provider.request({ method: 'eth_requestAccounts' })
    expect(byTestId('portico-devwallet-prompt')?.style.display).toBe('block')
    expect(byTestId('portico-devwallet-prompt-title')?.textContent).toBe('Connect to this site')
    expect(byTestId('portico-devwallet-prompt-details')?.textContent).toContain(`Share account ${ACCOUNT_0}`)
    click('portico-devwallet-reject')
    await expect(first).rejects.toMatchObject({ code: 4001, message: 'User rejected the request' })
    await expect(first).rejects.toBeInstanceOf(ProviderRpcError)
    expect(byTestId('portico-devwallet-prompt')?.style.display).toBe('none')

    const second = wallet.provider.request({ method: 'eth_requestAccounts' })
    click('portico-devwallet-approve')
    expect(await second).toEqual([ACCOUNT_0])
    expect(byTestId('portico-devwallet-widget')?.dataset.authorized).toBe('true')

    // "Reload": a fresh install reads localStorage and is authorised without a prompt.
    wallet.uninstall()
    const reloaded = install()
    expect(await reloaded.provider.request({ method: 'eth_accounts' })).toEqual([ACCOUNT_0])
    expect(reloaded.getState().pending).toEqual([])
    // The controller exposes the request log of this page load only.
    expect(wallet.requestLog()).toEqual(['eth_requestAccounts', 'eth_requestAccounts'])
    expect(reloaded.requestLog()).toEqual(['eth_accounts'])
  })

  it('queues requests: the prompt shows the oldest and the count', async () => {
    const wallet = install({ autoApprove: true })
    await wallet.provider.request({ method: 'eth_requestAccounts' })
    wallet.setAutoApprove(false)
    const a = wallet.provider.request({ method: 'personal_sign', params: ['0x6f6e65', ACCOUNT_0] })
    const b = wallet.provider.request({ method: 'personal_sign', params: ['0x74776f', ACCOUNT_0] })
    expect(byTestId('portico-devwallet-prompt')?.textContent).toContain('1 of 2 requests')
    expect(byTestId('portico-devwallet-prompt-details')?.textContent?.split('\n')[0]).toBe('one')
    click('portico-devwallet-approve')
    expect(await verifyMessage({ address: ACCOUNT_0, message: 'one', signature: (await a) as `0x${string}` })).toBe(true)
    expect(byTestId('portico-devwallet-prompt-details')?.textContent?.split('\n')[0]).toBe('two')
    click('portico-devwallet-reject')
    await expect(b).rejects.toMatchObject({ code: 4001 })
  })

  it('renders request text as text, never as markup', async () => {
    const wallet = install({ autoApprove: true })
    await wallet.provider.request({ method: 'eth_requestAccounts' })
    wallet.setAutoApprove(false)
    const req = wallet.provider.request({ method: 'personal_sign', params: ['<img src=x onerror=alert(1)>', ACCOUNT_0] })
    const details = byTestId('portico-devwallet-prompt-details')
    expect(details?.querySelector('img')).toBeNull()
    expect(details?.textContent).toContain('<img src=x onerror=alert(1)>')
    click('portico-devwallet-reject')
    await expect(req).rejects.toMatchObject({ code: 4001 })
  })

  it('the account and network selects change the wallet and emit accountsChanged / chainChanged', async () => {
    const wallet = install({ autoApprove: true })
    const events: [string, unknown][] = []
    wallet.provider.on('accountsChanged', (a: unknown) => events.push(['accountsChanged', a]))
    wallet.provider.on('chainChanged', (c: unknown) => events.push(['chainChanged', c]))
    await wallet.provider.request({ method: 'eth_requestAccounts' })

    const accountSelect = byTestId('portico-devwallet-account-select') as HTMLSelectElement
    const chainSelect = byTestId('portico-devwallet-chain-select') as HTMLSelectElement
    expect([...accountSelect.options].map((o) => [o.value, o.textContent])).toEqual([
      ['0', '#0 0xf39F…b92266'],
      ['1', '#1 0x7099…dc79C8'],
    ])
    expect([...chainSelect.options].map((o) => [o.value, o.textContent])).toEqual([
      ['31337', 'Portico Local A (31337)'],
      ['31338', 'Portico Local B (31338)'],
    ])
    accountSelect.value = '1'
    accountSelect.dispatchEvent(new Event('change'))
    chainSelect.value = '31338'
    chainSelect.dispatchEvent(new Event('change'))
    expect(events).toEqual([
      ['accountsChanged', [ACCOUNT_0]],
      ['accountsChanged', [ACCOUNT_1]],
      ['chainChanged', '0x7a6a'],
    ])
    expect(await wallet.provider.request({ method: 'eth_chainId' })).toBe('0x7a6a')

    // Changes made through the controller show in the selects.
    wallet.selectAccount(0)
    wallet.switchChain(31337)
    expect([accountSelect.value, chainSelect.value]).toEqual(['0', '31337'])

    // A chain added by the page appears in the network select.
    await wallet.provider.request({
      method: 'wallet_addEthereumChain',
      params: [{ chainId: '0x1092', chainName: 'Extra', rpcUrls: ['http://127.0.0.1:11'] }],
    })
    expect([...chainSelect.options].map((o) => o.value)).toEqual(['31337', '31338', '4242'])
    expect(chainSelect.value).toBe('4242')
  })

  it('the auto-approve switch and the disconnect button act on the wallet', async () => {
    const wallet = install()
    const box = byTestId('portico-devwallet-autoapprove') as HTMLInputElement
    expect(box.checked).toBe(false)
    const req = wallet.provider.request({ method: 'eth_requestAccounts' })
    box.click()
    expect(await req).toEqual([ACCOUNT_0])
    expect(wallet.getState().autoApprove).toBe(true)
    expect(byTestId('portico-devwallet-revoke')?.style.display).toBe('')
    click('portico-devwallet-revoke')
    await flush()
    expect(await wallet.provider.request({ method: 'eth_accounts' })).toEqual([])
    expect(byTestId('portico-devwallet-revoke')?.style.display).toBe('none')
  })

  it('uninstall rejects what is still waiting with 4900', async () => {
    const wallet = install()
    const req = wallet.provider.request({ method: 'eth_requestAccounts' })
    wallet.uninstall()
    await expect(req).rejects.toMatchObject({ code: 4900 })
  })
})
