// @vitest-environment jsdom
// The complete example of docs/custom-ui.md, run: its four files are written from the guide's code
// blocks as they are, rendered in jsdom with a browser wallet announced over EIP-6963, and driven
// like a user would (open, pick the wallet, see the account, disconnect). tests/docs.test.ts
// typechecks the same blocks; this shows they also work.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { act, cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { type ComponentType, createElement } from 'react'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { blockPath, extractBlocks } from './docs/blocks'

const root = path.resolve(import.meta.dirname, '..')
const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
let dir = ''

beforeAll(() => {
  mkdirSync(path.join(root, '.vitest'), { recursive: true })
  dir = mkdtempSync(path.join(root, '.vitest', 'docs-run-'))
  const blocks = extractBlocks('docs/custom-ui.md', readFileSync(path.join(root, 'docs/custom-ui.md'), 'utf8')).filter(
    (b) => b.file && b.skip === undefined,
  )
  for (const b of blocks) {
    mkdirSync(path.dirname(path.join(dir, blockPath(b))), { recursive: true })
    writeFileSync(path.join(dir, blockPath(b)), b.code)
  }
})

afterAll(() => {
  cleanup()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

/** A browser wallet with one account on chain 1 that approves every request. */
function announceWallet() {
  const provider = {
    request: async ({ method }: { method: string }) => {
      if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [ADDRESS]
      if (method === 'eth_chainId') return '0x1'
      return null
    },
    on: () => undefined,
    removeListener: () => undefined,
  }
  const info = {
    uuid: 'c0ffee00-0000-4000-8000-000000000001',
    name: 'Docs Wallet',
    icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>',
    rdns: 'dev.portico.docs',
  }
  window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }))
}

it('docs/custom-ui.md: opens on Connect, connects a browser wallet, shows the account, disconnects', async () => {
  // jsdom has no <dialog> methods; the API answers 503 (the wallet list shows its error).
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '')
  }
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.removeAttribute('open')
  }
  const fetch = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => new Response('{}', { status: 503 }))
  vi.stubGlobal('fetch', fetch)
  const { App } = (await import(/* @vite-ignore */ path.join(dir, 'src/App.tsx'))) as { App: ComponentType }
  const { portico } = (await import(/* @vite-ignore */ path.join(dir, 'src/portico.ts'))) as { portico: { ready: Promise<void> } }

  render(createElement(App))
  await act(async () => {
    await portico.ready
    announceWallet()
  })
  // Nothing asked of the API before the dialog opens.
  expect(fetch).not.toHaveBeenCalled()
  const user = userEvent.setup()

  await user.click(screen.getByRole('button', { name: 'Connect wallet' }))
  expect(await screen.findByRole('heading', { name: 'Connect a wallet' })).toBeTruthy()
  expect(screen.getByRole('button', { name: /WalletConnect/ })).toBeTruthy()
  expect((await screen.findByRole('alert')).textContent).toContain('HTTP status code: 503')
  expect(String(fetch.mock.calls[0]?.[0])).toMatch(/^https:\/\/portico-api\.example\.com\//)

  await user.click(await screen.findByRole('button', { name: /Docs Wallet/ }))
  expect(await screen.findByRole('heading', { name: 'Your account' })).toBeTruthy()
  expect(screen.getByTitle(ADDRESS).textContent).toBe('0xf39F…b92266')
  expect(screen.getByRole('button', { name: 'Ethereum' }).getAttribute('aria-pressed')).toBe('true')
  expect(screen.getByRole('button', { name: /^0xf39F…b92266$/ })).toBeTruthy()

  await user.click(screen.getByRole('button', { name: 'Disconnect' }))
  expect(await screen.findByRole('heading', { name: 'Connect a wallet' })).toBeTruthy()
  expect(screen.getAllByRole('button', { name: 'Connect wallet' })).toHaveLength(1)
})
