// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type DevWalletController, installDevWallet } from './install.ts'

// Never contacted: these tests use only methods the wallet answers itself.
const chains = [{ chainId: 31337, name: 'Portico Local A', rpcUrl: 'http://127.0.0.1:9' }]
const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

const byTestId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`)
const prompt = () => byTestId('portico-devwallet-prompt')!

let wallet: DevWalletController | undefined
beforeEach(() => {
  localStorage.clear()
  wallet = installDevWallet({ chains })
})
afterEach(() => {
  wallet?.uninstall()
  document.body.replaceChildren()
})

/** A page button that has focus, as when the user clicked "Connect". */
function focusedButton(parent: HTMLElement = document.body) {
  const button = document.createElement('button')
  button.textContent = 'Connect'
  parent.append(button)
  button.focus()
  return button
}

describe('dev wallet prompt: layer and focus', () => {
  it('is its own layer, outside the widget, above any site modal; the widget is under the Portico overlay (z-index 16777000)', () => {
    const p = prompt()
    expect(byTestId('portico-devwallet')!.contains(p)).toBe(false)
    expect(p.parentElement).toBe(document.body)
    expect(p.style.position).toBe('fixed')
    expect(Number(p.style.zIndex)).toBe(2147483647)
    // The widget stays under such a modal (a phone's bottom sheet is not covered by it).
    expect(Number(byTestId('portico-devwallet')!.style.zIndex)).toBeLessThan(16777000)
  })

  it('takes focus when a request arrives and gives it back to the element that had it when answered', async () => {
    const button = focusedButton()
    const request = wallet!.provider.request({ method: 'eth_requestAccounts' })
    expect(prompt().style.display).toBe('block')
    expect(document.activeElement).toBe(prompt())
    byTestId('portico-devwallet-approve')!.focus()
    byTestId('portico-devwallet-approve')!.click()
    expect(await request).toEqual([ACCOUNT_0])
    expect(prompt().style.display).toBe('none')
    expect(document.activeElement).toBe(button)
  })

  it('Escape in the prompt rejects the request (4001) and focus returns', async () => {
    const button = focusedButton()
    const request = wallet!.provider.request({ method: 'eth_requestAccounts' })
    prompt().dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))
    await expect(request).rejects.toMatchObject({ code: 4001 })
    expect(document.activeElement).toBe(button)
  })

  it('when the element that had focus is gone, focus goes to its nearest focusable ancestor still on the page', async () => {
    const dialog = document.createElement('div')
    dialog.setAttribute('role', 'dialog')
    dialog.tabIndex = -1
    const view = document.createElement('div')
    dialog.append(view)
    document.body.append(dialog)
    focusedButton(view)
    const request = wallet!.provider.request({ method: 'eth_requestAccounts' })
    expect(document.activeElement).toBe(prompt())
    // The site changed its view while the prompt was up: the button is gone.
    view.remove()
    byTestId('portico-devwallet-approve')!.click()
    await request
    expect(document.activeElement).toBe(dialog)
  })

  it('leaves focus alone when the user moved it elsewhere before answering', async () => {
    focusedButton()
    const other = document.createElement('input')
    document.body.append(other)
    const request = wallet!.provider.request({ method: 'eth_requestAccounts' })
    other.focus()
    wallet!.approvePending(wallet!.getState().pending[0]!.id)
    await request
    expect(document.activeElement).toBe(other)
  })

  it('a second queued request keeps focus in the prompt', async () => {
    const first = wallet!.provider.request({ method: 'eth_requestAccounts' })
    const second = wallet!.provider.request({ method: 'eth_requestAccounts' })
    byTestId('portico-devwallet-approve')!.focus()
    byTestId('portico-devwallet-approve')!.click()
    await first
    expect(prompt().style.display).toBe('block')
    expect(prompt().contains(document.activeElement)).toBe(true)
    byTestId('portico-devwallet-approve')!.click()
    await second
  })
})
