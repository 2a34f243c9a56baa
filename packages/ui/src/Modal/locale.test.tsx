// The modal in another locale (issue 15): the locale's chunk loads, the open modal re-renders in
// place with its strings (English for keys it lacks), dir and lang on the modal's root, and numbers
// in the locale's format; back to English restores every string.
import { localeOf } from '@portico/headless'
import { PorticoContextProvider } from '@portico/headless/react'
import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { messages } from '../messages'
import { loadLocale } from '../messages/locale'
import { testPortico } from '../testing'
import { ModalRoot } from './ModalRoot'

afterEach(async () => {
  await loadLocale('en')
})

async function openModal(locale?: string) {
  const { portico } = testPortico(locale ? { locale } : {})
  await portico.ready
  await portico.connection.connect('io.test.wallet')
  render(
    <PorticoContextProvider portico={portico}>
      <ModalRoot />
    </PorticoContextProvider>,
  )
  await act(async () => {
    await portico.modal.open()
  })
  return portico
}

const root = () => document.querySelector('[data-portico-root]')

describe('ModalRoot locales', () => {
  it("the 'ar' option: Arabic strings, dir=rtl and lang=ar on the modal's root", async () => {
    await openModal('ar')
    expect(await screen.findByRole('dialog', { name: 'الحساب' })).toBeTruthy()
    expect(root()?.getAttribute('dir')).toBe('rtl')
    expect(root()?.getAttribute('lang')).toBe('ar')
    expect(screen.getByTestId('portico-header-close').getAttribute('aria-label')).toBe('إغلاق')
  })

  it('setLocale while open re-renders in place: German, left to right, German numbers; then English again', async () => {
    const portico = await openModal()
    expect(screen.getByRole('dialog', { name: 'Account' })).toBeTruthy()
    expect(root()?.getAttribute('dir')).toBe('ltr')
    await act(async () => {
      localeOf(portico).setLocale('de-DE')
    })
    expect(await screen.findByRole('dialog', { name: 'Konto' })).toBeTruthy()
    expect(root()?.getAttribute('lang')).toBe('de')
    expect(root()?.getAttribute('dir')).toBe('ltr')
    expect(screen.getByRole('button', { name: 'Trennen' })).toBeTruthy()
    await act(async () => {
      localeOf(portico).setLocale('en')
    })
    expect(await screen.findByRole('dialog', { name: 'Account' })).toBeTruthy()
    expect(messages.account.disconnect).toBe('Disconnect')
  })

  it('an unsupported locale is English', async () => {
    await openModal('ko')
    expect(await screen.findByRole('dialog', { name: 'Account' })).toBeTruthy()
    expect(root()?.getAttribute('lang')).toBe('en')
  })
})
