// Issue 9 §1 and §3.1, §3.3, §3.4 on the local stack (production build of the demo, the EIP-6963
// dev wallet, Debian's Chromium): focus after every view change, approving in the dev wallet's
// corner prompt with one click (or the keyboard) while the modal is open, and the bottom sheet on a
// 375×812 phone.
import type { BrowserContext, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Harness, startHarness } from './harness.ts'

const SHORT_0 = '0xf39F…b92266'

let h: Harness

beforeAll(async () => {
  h = await startHarness()
})

afterAll(async () => {
  await h?.close()
})

const modal = (page: Page) => page.getByTestId('portico-modal')
const prompt = (page: Page) => page.getByTestId('portico-devwallet-prompt')

/** What has focus: 'body', or the element's test id / role and accessible text, and where it is. */
function focused(page: Page) {
  return page.evaluate(() => {
    const a = document.activeElement as HTMLElement | null
    if (!a || a === document.body) return { where: 'body', what: 'body' }
    const dialog = document.querySelector('[data-testid="portico-modal"]')
    const devPrompt = document.querySelector('[data-testid="portico-devwallet-prompt"]')
    const where = dialog?.contains(a) ? 'dialog' : devPrompt?.contains(a) ? 'prompt' : 'page'
    const what =
      a.dataset.testid ?? `${a.tagName.toLowerCase()}:${(a.getAttribute('aria-label') ?? a.textContent ?? '').trim().slice(0, 40)}`
    return { where, what }
  })
}

/** The element the browser hits at the centre of `locator` (its test id or text): what a real click would land on. */
async function hitAtCentre(page: Page, locator: Locator) {
  const box = await locator.boundingBox()
  if (!box) return null
  return page.evaluate(
    ([x, y]) => {
      const el = document.elementFromPoint(x!, y!) as HTMLElement | null
      const owner = el?.closest<HTMLElement>('[data-testid]')
      return owner?.dataset.testid ?? null
    },
    [box.x + box.width / 2, box.y + box.height / 2],
  )
}

/** One real mouse click at the centre of `locator`, with no waiting for it to be clickable. */
async function clickOnce(page: Page, locator: Locator) {
  const box = await locator.boundingBox()
  if (!box) throw new Error('not on screen')
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
}

/**
 * Clicks `selector`, then on every animation frame until the dialog is there: the product of the
 * opacities of the dialog and its ancestors in that first frame, and which properties the running
 * animations of the dialog or its ancestors change.
 */
function clickAndReadFirstFrame(page: Page, selector: string) {
  return page.evaluate(
    (sel) =>
      new Promise<{ opacity: number; animated: string[] }>((resolve) => {
        ;(document.querySelector(sel) as HTMLElement).click()
        const check = () => {
          const dialog = document.querySelector('[data-testid="portico-modal"]')
          if (!dialog) return void requestAnimationFrame(check)
          let opacity = 1
          for (let el: Element | null = dialog; el; el = el.parentElement) opacity *= Number(getComputedStyle(el).opacity)
          const animated = new Set<string>()
          for (const a of document.getAnimations()) {
            const target = (a.effect as KeyframeEffect | null)?.target
            if (!target?.contains(dialog)) continue
            for (const k of (a.effect as KeyframeEffect).getKeyframes())
              for (const key of Object.keys(k)) if (!['offset', 'computedOffset', 'easing', 'composite'].includes(key)) animated.add(key)
          }
          resolve({ opacity, animated: [...animated].sort() })
        }
        requestAnimationFrame(check)
      }),
    selector,
  )
}

/** Waits until no animation or transition runs in the dialog (a replaced transition is cancelled). */
async function settled(page: Page) {
  await modal(page).evaluate(async (el) => {
    for (let running = el.getAnimations({ subtree: true }); running.length > 0; running = el.getAnimations({ subtree: true })) {
      await Promise.allSettled(running.map((a) => a.finished))
    }
  })
  return (await modal(page).boundingBox())!
}

/** Records the properties of every transition that starts on the dialog from now on. */
const recordTransitions = (page: Page) =>
  modal(page).evaluate((el) => {
    const w = window as Window & { __porticoTransitions?: string[] }
    w.__porticoTransitions = []
    el.addEventListener('transitionrun', (e) => {
      if (e.target === el) w.__porticoTransitions!.push((e as TransitionEvent).propertyName)
    })
  })
const transitions = (page: Page) => page.evaluate(() => (window as Window & { __porticoTransitions?: string[] }).__porticoTransitions ?? [])

describe('open transition and height (§1)', () => {
  it('the dialog is fully opaque in its first frame: the open animation moves it (transform) and fades the backdrop colour only', async () => {
    const { page } = h
    await expect.poll(() => page.getByTestId('portico-connect-button').isVisible()).toBe(true)
    const first = await clickAndReadFirstFrame(page, '[data-testid="portico-connect-button"]')
    expect(first.opacity).toBe(1)
    expect(first.animated).not.toContain('opacity')
    expect(first.animated).toEqual(['backgroundColor', 'transform'])
  })

  it('a view change keeps the top where it is and animates the height; within a view the height does not shrink', async () => {
    const { page } = h
    await expect
      .poll(() =>
        modal(page)
          .getByRole('button', { name: /Portico Dev Wallet/ })
          .isVisible(),
      )
      .toBe(true)
    const connect = await settled(page)
    await recordTransitions(page)
    await modal(page)
      .getByRole('button', { name: /All wallets/ })
      .click()
    await expect.poll(() => page.getByTestId('portico-all-wallets-search').isVisible()).toBe(true)
    const all = await settled(page)
    expect(all.y).toBe(connect.y)
    // The two views differ in height (Connect, with email and the social sign-ins, is the taller one).
    expect(Math.abs(all.height - connect.height)).toBeGreaterThan(20)
    expect(await transitions(page)).toContain('height')
    // Searching for something with fewer results: the view keeps its height.
    await page.getByTestId('portico-all-wallets-search').fill('zzzz-no-such-wallet')
    await expect.poll(() => page.getByTestId('portico-all-wallets-empty').isVisible()).toBe(true)
    const searched = await settled(page)
    expect(searched.height).toBeGreaterThanOrEqual(all.height)
    expect(searched.y).toBe(connect.y)
    await page.getByTestId('portico-all-wallets-search').fill('')
    // Back on Connect: its own height again, same top.
    await page.getByTestId('portico-header-back').click()
    await expect.poll(() => modal(page).getByRole('heading', { name: 'Connect wallet' }).isVisible()).toBe(true)
    const back = await settled(page)
    expect(back.y).toBe(connect.y)
    expect(back.height).toBe(connect.height)
    await page.keyboard.press('Escape')
    await expect.poll(() => modal(page).count()).toBe(0)
  })

  it('with prefers-reduced-motion nothing animates: not the open, not a height change', async () => {
    const context = await h.browser.newContext({ viewport: { width: 1100, height: 820 }, reducedMotion: 'reduce' })
    try {
      await context.route('**/*', (route) => (new URL(route.request().url()).hostname === '127.0.0.1' ? route.continue() : route.abort()))
      const page = await context.newPage()
      await page.goto(h.stack.demoUrl)
      await expect.poll(() => page.getByTestId('portico-connect-button').isVisible()).toBe(true)
      const first = await clickAndReadFirstFrame(page, '[data-testid="portico-connect-button"]')
      expect(first).toEqual({ opacity: 1, animated: [] })
      await expect
        .poll(() =>
          modal(page)
            .getByRole('button', { name: /All wallets/ })
            .isVisible(),
        )
        .toBe(true)
      await recordTransitions(page)
      await modal(page)
        .getByRole('button', { name: /All wallets/ })
        .click()
      await expect.poll(() => page.getByTestId('portico-all-wallets-search').isVisible()).toBe(true)
      expect(await modal(page).evaluate((el) => el.getAnimations({ subtree: true }).length)).toBe(0)
      expect(await transitions(page)).toEqual([])
    } finally {
      await context.close()
    }
  })
})

describe('focus after each view change (§3.4)', () => {
  it('opening puts focus on the Connect view (its title), inside the dialog', async () => {
    const { page } = h
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await expect.poll(() => modal(page).isVisible()).toBe(true)
    expect(await focused(page)).toEqual({ where: 'dialog', what: 'h2:Connect wallet' })
  })

  it('All wallets: the search field has focus and typing goes into it', async () => {
    const { page } = h
    await modal(page)
      .getByRole('button', { name: /All wallets/ })
      .click()
    await expect.poll(() => focused(page)).toEqual({ where: 'dialog', what: 'portico-all-wallets-search' })
    await page.keyboard.type('sable')
    expect(await page.getByTestId('portico-all-wallets-search').inputValue()).toBe('sable')
  })

  it('Back: focus on the Connect view title, not body', async () => {
    const { page } = h
    await page.getByTestId('portico-header-back').click()
    await expect.poll(() => modal(page).getByRole('heading', { name: 'Connect wallet' }).isVisible()).toBe(true)
    expect(await focused(page)).toEqual({ where: 'dialog', what: 'h2:Connect wallet' })
  })

  it('choosing WalletConnect: focus inside the dialog on the new view; back returns it to Connect', async () => {
    const { page } = h
    await modal(page)
      .getByRole('button', { name: /WalletConnect/ })
      .first()
      .click()
    await expect.poll(() => modal(page).getByRole('heading', { name: 'Connect wallet' }).count()).toBe(0)
    const title = await modal(page).getByRole('heading').first().textContent()
    expect(await focused(page)).toEqual({ where: 'dialog', what: `h2:${title}` })
    await page.getByTestId('portico-header-back').click()
    await expect.poll(() => focused(page)).toEqual({ where: 'dialog', what: 'h2:Connect wallet' })
  })
})

describe("the dev wallet's prompt while the modal is open (§3.1)", () => {
  beforeAll(async () => {
    // Portico's overlay sits at z-index 16777000, and other sites' overlays go up to the maximum.
    // The prompt must beat all of them.
    await h.page.addStyleTag({ content: '[data-testid="portico-modal-overlay"] { z-index: 2147483647 !important; }' })
  })

  it('choosing the dev wallet: the prompt shows above the overlay (even at the maximum z-index) and has focus', async () => {
    const { page } = h
    expect(await page.getByTestId('portico-modal-overlay').evaluate((el) => getComputedStyle(el).zIndex)).toBe('2147483647')
    await modal(page)
      .getByRole('button', { name: /Portico Dev Wallet/ })
      .click()
    await expect.poll(() => prompt(page).getAttribute('data-kind')).toBe('connect')
    // A click at the centre of Approve lands on Approve, not on portico-modal-overlay.
    expect(await hitAtCentre(page, page.getByTestId('portico-devwallet-approve'))).toBe('portico-devwallet-approve')
    expect(await hitAtCentre(page, page.getByTestId('portico-devwallet-reject'))).toBe('portico-devwallet-reject')
    expect((await focused(page)).where).toBe('prompt')
  })

  it('one click on Approve connects; the modal stays open on Account and focus is back in the dialog', async () => {
    const { page } = h
    await clickOnce(page, page.getByTestId('portico-devwallet-approve'))
    await expect.poll(() => page.getByTestId('portico-account-address').textContent()).toBe(SHORT_0)
    expect(await modal(page).isVisible()).toBe(true)
    expect(await prompt(page).isVisible()).toBe(false)
    await expect.poll(() => focused(page)).toEqual({ where: 'dialog', what: 'h2:Account' })
  })

  it('network switch: one click on Approve in the prompt switches the wallet and the modal returns to Account', async () => {
    const { page } = h
    await page.getByTestId('portico-account-network').click()
    await page.getByTestId('portico-network-item').filter({ hasText: 'Portico Local B' }).click()
    await expect.poll(() => prompt(page).isVisible()).toBe(true)
    expect(await hitAtCentre(page, page.getByTestId('portico-devwallet-approve'))).toBe('portico-devwallet-approve')
    await clickOnce(page, page.getByTestId('portico-devwallet-approve'))
    await expect.poll(() => page.getByTestId('portico-devwallet-chain-select').inputValue()).toBe('31338')
    await expect.poll(() => page.getByTestId('portico-demo-network').textContent()).toBe('Portico Local B (eip155:31338)')
    await expect.poll(() => modal(page).getByRole('heading', { name: 'Account' }).isVisible()).toBe(true)
    expect(await modal(page).isVisible()).toBe(true)
  })

  it('by keyboard alone: Enter on the wallet, the prompt has focus, Tab to Approve, Enter connects', async () => {
    const { page } = h
    await page.getByTestId('portico-account-disconnect').click()
    await expect
      .poll(
        () =>
          modal(page)
            .getByRole('button', { name: /Portico Dev Wallet/ })
            .isVisible(),
        { timeout: 15_000 },
      )
      .toBe(true)
    await modal(page)
      .getByRole('button', { name: /Portico Dev Wallet/ })
      .focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => focused(page)).toEqual({ where: 'prompt', what: 'portico-devwallet-prompt' })
    await page.keyboard.press('Tab')
    expect(await focused(page)).toEqual({ where: 'prompt', what: 'portico-devwallet-reject' })
    await page.keyboard.press('Tab')
    expect(await focused(page)).toEqual({ where: 'prompt', what: 'portico-devwallet-approve' })
    await page.keyboard.press('Enter')
    await expect.poll(() => page.getByTestId('portico-account-address').textContent()).toBe(SHORT_0)
    await expect.poll(() => focused(page)).toEqual({ where: 'dialog', what: 'h2:Account' })
  })

  it("Tab from the dialog's last control reaches the prompt; Escape in the prompt rejects and focus returns to the dialog", async () => {
    const { page } = h
    // Sign a message through the demo while the modal is open: a prompt with the modal on top of the page.
    await page.keyboard.press('Escape')
    await expect.poll(() => modal(page).count()).toBe(0)
    await page.getByTestId('portico-demo-sign').click()
    await expect.poll(() => prompt(page).getAttribute('data-kind')).toBe('personalSign')
    await page.getByTestId('portico-connect-button').click()
    await expect.poll(() => modal(page).isVisible()).toBe(true)
    expect((await focused(page)).where).toBe('dialog')
    const controls = modal(page).locator('button:not([disabled]), a[href], input:not([disabled]), [tabindex]:not([tabindex="-1"])')
    await controls.last().focus()
    await page.keyboard.press('Tab')
    expect(await focused(page)).toEqual({ where: 'prompt', what: 'portico-devwallet-reject' })
    await page.keyboard.press('Escape')
    await expect.poll(() => prompt(page).isVisible()).toBe(false)
    expect(await modal(page).isVisible()).toBe(true)
    await expect.poll(async () => (await focused(page)).where).toBe('dialog')
    await expect.poll(() => page.getByText('User rejected the request').isVisible()).toBe(true)
  })
})

describe('a 375×812 phone (§3.3)', () => {
  let context: BrowserContext
  let page: Page
  const offLoopback: string[] = []

  beforeAll(async () => {
    context = await h.browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 })
    await context.route('**/*', async (route) => {
      const url = new URL(route.request().url())
      if (url.hostname === '127.0.0.1' || url.hostname === 'localhost') return route.continue()
      offLoopback.push(url.href)
      return route.abort()
    })
    page = await context.newPage()
    await page.goto(h.stack.demoUrl)
  })
  afterAll(async () => {
    await context?.close()
  })

  const sheetBox = () => settled(page)
  const viewport = () =>
    page.evaluate(() => ({
      width: window.visualViewport!.width,
      height: window.visualViewport!.height,
      pageWidth: document.documentElement.scrollWidth,
    }))

  it('the page is 375 px wide and the Connect button is fully on screen and tappable', async () => {
    await expect.poll(() => page.getByRole('button', { name: 'Connect wallet' }).isVisible()).toBe(true)
    expect(await viewport()).toEqual({ width: 375, height: 812, pageWidth: 375 })
    const button = (await page.getByTestId('portico-connect-button').boundingBox())!
    expect(button.x).toBeGreaterThanOrEqual(0)
    expect(button.x + button.width).toBeLessThanOrEqual(375)
    expect(await hitAtCentre(page, page.getByTestId('portico-connect-button'))).toBe('portico-connect-button')
  })

  it('the sheet fits the screen and every row, the last wallet and All wallets included, is on top and tappable', async () => {
    await page.getByTestId('portico-connect-button').tap()
    await expect
      .poll(() =>
        modal(page)
          .getByRole('button', { name: /All wallets/ })
          .isVisible(),
      )
      .toBe(true)
    const box = await sheetBox()
    expect(box.y).toBeGreaterThanOrEqual(0)
    expect(box.y + box.height).toBeLessThanOrEqual(812.5)
    expect(box.width).toBe(375)
    const rows = modal(page).getByRole('button')
    const names: string[] = []
    for (const row of await rows.all()) {
      await row.scrollIntoViewIfNeeded()
      const name = (await row.getAttribute('aria-label')) ?? (await row.textContent()) ?? ''
      const hit = await row.evaluate((el) => {
        const r = el.getBoundingClientRect()
        const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)
        return at !== null && el.contains(at)
      })
      expect(hit, `${name} is covered`).toBe(true)
      names.push(name.trim())
    }
    expect(names.some((n) => n.startsWith('Portico Dev Wallet'))).toBe(true)
    expect(names.some((n) => n.startsWith('All wallets'))).toBe(true)
  })

  it('a shorter screen (375×360, as with the keyboard up): the sheet still fits and scrolls inside itself to All wallets', async () => {
    await page.setViewportSize({ width: 375, height: 360 })
    await expect
      .poll(async () => {
        const b = await sheetBox()
        return b.y >= 0 && b.y + b.height <= 360.5
      })
      .toBe(true)
    const scroller = page.getByTestId('portico-modal-body')
    const { scrollHeight, clientHeight } = await scroller.evaluate((el) => ({
      scrollHeight: el.scrollHeight,
      clientHeight: el.clientHeight,
    }))
    expect(scrollHeight).toBeGreaterThan(clientHeight)
    const all = modal(page).getByRole('button', { name: /All wallets/ })
    await all.scrollIntoViewIfNeeded()
    expect(await scroller.evaluate((el) => el.scrollTop)).toBeGreaterThan(0)
    // The page behind did not scroll: the sheet scrolled inside itself.
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
    await all.tap()
    await expect.poll(() => focused(page)).toEqual({ where: 'dialog', what: 'portico-all-wallets-search' })
    await page.setViewportSize({ width: 375, height: 812 })
    await page.getByTestId('portico-header-back').tap()
  })

  it("the dev wallet's prompt shows above the sheet; one tap on Approve connects", async () => {
    await modal(page)
      .getByRole('button', { name: /Portico Dev Wallet/ })
      .tap()
    await expect.poll(() => prompt(page).getAttribute('data-kind')).toBe('connect')
    expect(await hitAtCentre(page, page.getByTestId('portico-devwallet-approve'))).toBe('portico-devwallet-approve')
    const approve = (await page.getByTestId('portico-devwallet-approve').boundingBox())!
    await page.touchscreen.tap(approve.x + approve.width / 2, approve.y + approve.height / 2)
    await expect.poll(() => page.getByTestId('portico-account-address').textContent()).toBe(SHORT_0)
    expect(await modal(page).isVisible()).toBe(true)
  })

  it('made no request beyond loopback', () => {
    expect(offLoopback).toEqual([])
  })
})

describe('the whole run', () => {
  it('made no request beyond loopback and raised no page error', () => {
    expect(h.offLoopback).toEqual([])
    expect(h.pageErrors).toEqual([])
  })
})
