// The embedded wallet's own confirmation (issue 23 §1): every unsafe request waits for the user in a
// window on the frame's origin, which the host page opens in the user's click. The journeys that
// sign with the embedded wallet answer it as a user would: a click on its Confirm (or Reject) button.
import type { BrowserContext, Page } from 'playwright-core'

/** Is `page` the frame's confirmation window (its URL, once it left about:blank)? */
async function isConfirmWindow(page: Page): Promise<boolean> {
  try {
    await page.waitForURL(/[?&]portico-confirm=request/, { timeout: 10_000 })
    return true
  } catch {
    return false
  }
}

/**
 * From now on, click `answer` in every confirmation window of `context` as soon as it shows a
 * request (again for each request a window shows). Returns the titles shown, and a stop().
 */
export function answerConfirmations(context: BrowserContext, answer: 'confirm' | 'reject' = 'confirm') {
  const titles: string[] = []
  let stopped = false
  const onPage = async (page: Page) => {
    if (!(await isConfirmWindow(page))) return
    const button = page.getByTestId(answer === 'confirm' ? 'portico-confirm-confirm' : 'portico-confirm-reject')
    while (!stopped && !page.isClosed()) {
      try {
        await button.waitFor({ state: 'visible', timeout: 60_000 })
        titles.push((await page.locator('h1').textContent()) ?? '')
        await button.click({ timeout: 5_000 })
      } catch {
        return // closed
      }
    }
  }
  const listener = (page: Page) => void onPage(page)
  context.on('page', listener)
  return {
    titles,
    stop() {
      stopped = true
      context.off('page', listener)
    },
  }
}

/** The next confirmation window `context` opens, once it shows a request. */
export async function nextConfirmWindow(context: BrowserContext): Promise<Page> {
  for (;;) {
    const page = await context.waitForEvent('page', { timeout: 20_000 })
    if (!(await isConfirmWindow(page))) continue
    await page.getByTestId('portico-confirm-reject').waitFor({ state: 'visible', timeout: 20_000 })
    return page
  }
}
