// Issue 15 "Locales" on the local stack (production build of the demo, Debian's Chromium): the demo
// opened with ?locale=ar shows the modal right to left with Arabic strings (its chunk loaded on first
// use), the header mirrored (close button on the left); a switch at runtime (useLocale().setLocale
// from the demo's language menu) shows German, left to right.
import os from 'node:os'
import path from 'node:path'
import { rm } from 'node:fs/promises'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Harness, startHarness } from './harness.ts'

const outDir = path.join(os.tmpdir(), `portico-demo-e2e-locale-${process.pid}`)
let h: Harness

beforeAll(async () => {
  h = await startHarness({ path: '?locale=ar', outDir })
})

afterAll(async () => {
  await h?.close()
  await rm(outDir, { recursive: true, force: true })
})

const modal = (page: Page) => page.getByTestId('portico-modal')
const root = (page: Page) => page.locator('[data-portico-root]')

/** Where the header's close button and title sit, and the dialog's middle. */
async function headerLayout(page: Page) {
  const [close, title, dialog] = await Promise.all([
    page.getByTestId('portico-header-close').boundingBox(),
    page.locator('[data-testid="portico-header"] h2').boundingBox(),
    modal(page).boundingBox(),
  ])
  if (!close || !title || !dialog) throw new Error('header not on screen')
  return { closeCentre: close.x + close.width / 2, titleCentre: title.x + title.width / 2, dialogCentre: dialog.x + dialog.width / 2 }
}

describe('locales (issue 15)', () => {
  it('?locale=ar: the modal renders right to left in Arabic, its close button on the left', async () => {
    const { page } = h
    expect(await page.getByTestId('portico-demo-locale').inputValue()).toBe('ar')
    await page.getByTestId('portico-connect-button').click()
    await modal(page).waitFor()
    await expect.poll(() => root(page).getAttribute('dir')).toBe('rtl')
    expect(await root(page).getAttribute('lang')).toBe('ar')
    expect(await page.locator('[data-testid="portico-header"] h2').textContent()).toBe('ربط المحفظة')
    expect(await page.getByTestId('portico-header-close').getAttribute('aria-label')).toBe('إغلاق')
    const layout = await headerLayout(page)
    expect(layout.closeCentre).toBeLessThan(layout.titleCentre)
    expect(layout.closeCentre).toBeLessThan(layout.dialogCentre)
    // The page itself stays left to right: only the modal's root carries dir.
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('')
    expect(h.pageErrors).toEqual([])
    expect(h.offLoopback).toEqual([])
  })

  it('switching to German at runtime re-renders the modal left to right, close button on the right', async () => {
    const { page } = h
    await page.keyboard.press('Escape')
    await modal(page).waitFor({ state: 'detached' })
    await page.getByTestId('portico-demo-locale').selectOption('de')
    expect(await page.getByTestId('portico-demo-locale').getAttribute('data-dir')).toBe('ltr')
    await page.getByTestId('portico-connect-button').click()
    await modal(page).waitFor()
    await expect.poll(() => page.locator('[data-testid="portico-header"] h2').textContent()).toBe('Wallet verbinden')
    expect(await root(page).getAttribute('dir')).toBe('ltr')
    expect(await root(page).getAttribute('lang')).toBe('de')
    expect(await page.getByTestId('portico-header-close').getAttribute('aria-label')).toBe('Schließen')
    const layout = await headerLayout(page)
    expect(layout.closeCentre).toBeGreaterThan(layout.titleCentre)
    expect(layout.closeCentre).toBeGreaterThan(layout.dialogCentre)
    expect(h.pageErrors).toEqual([])
  })

  it('switching back to Arabic shows the Arabic modal again (its chunk already loaded)', async () => {
    const { page } = h
    await page.keyboard.press('Escape')
    await modal(page).waitFor({ state: 'detached' })
    await page.getByTestId('portico-demo-locale').selectOption('ar')
    await page.getByTestId('portico-connect-button').click()
    await modal(page).waitFor()
    await expect.poll(() => root(page).getAttribute('dir')).toBe('rtl')
    expect(await page.locator('[data-testid="portico-header"] h2').textContent()).toBe('ربط المحفظة')
    expect(h.pageErrors).toEqual([])
    expect(h.offLoopback).toEqual([])
  })
})
