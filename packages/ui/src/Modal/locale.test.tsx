// The modal in another locale (issue 15): the locale's chunk loads, the open modal re-renders in
// place with its strings (English for keys it lacks), dir and lang on the modal's root, and numbers
// in the locale's format; back to English restores every string. The locale is the instance's: two
// instances on one page each show their own (issue 21 §4).
import { coded, localeOf } from '@portico/headless'
import { PorticoContextProvider } from '@portico/headless/react'
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ConnectButton } from '../components/ConnectButton/ConnectButton'
import { messages } from '../messages'
import { LOCALE_LOADERS } from '../messages/locale'
import { PorticoProvider } from '../PorticoProvider/PorticoProvider'
import { testPortico } from '../testing'
import { ModalRoot } from './ModalRoot'

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

  it("a flow's coded banner in the modal's locale; an app's own text as given (issue 21 §4)", async () => {
    const portico = await openModal('de')
    expect(await screen.findByRole('dialog', { name: 'Konto' })).toBeTruthy()
    await act(async () => {
      portico.banner.showError(coded('initSwap'))
    })
    await waitFor(() => expect(document.body.textContent).toContain('Tausch konnte nicht gestartet werden'))
    expect(document.body.textContent).not.toContain('Failed to initialize swap')
    await act(async () => {
      portico.banner.hide()
      portico.banner.show(
        {
          code: 'swapped',
          params: { paid: '0.5', from: 'ETH', amount: '1482.647847', to: 'USDC' },
          message: 'Swapped 0.5 ETH to 1482.647847 USDC',
        },
        'success',
      )
    })
    // The amounts in German: decimal comma, grouped thousands (issue 25).
    await waitFor(() => expect(document.body.textContent).toContain('0,5 ETH in 1.482,647847 USDC getauscht'))
    await act(async () => {
      portico.banner.hide()
      portico.banner.show('An app text')
    })
    await waitFor(() => expect(document.body.textContent).toContain('An app text'))
  })

  it("a view's headless failure in the modal's locale, from its code (issue 21 §4): a refused connect and a name rule in German", async () => {
    const { portico, adapter } = testPortico({ locale: 'de' })
    await portico.ready
    adapter.reject = true
    render(
      <PorticoContextProvider portico={portico}>
        <ModalRoot />
      </PorticoContextProvider>,
    )
    await act(async () => {
      await portico.modal.open({ view: 'ConnectingExternal', data: { connectorId: 'io.test.wallet' } })
    })
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/^Verbindung abgelehnt/))
    expect(document.body.textContent).not.toContain('Connection rejected')
    adapter.reject = false
    await act(async () => {
      await portico.connection.connect('io.test.wallet')
      portico.router.push('RegisterAccountName')
    })
    const field = await screen.findByRole('textbox')
    await act(async () => {
      fireEvent.change(field, { target: { value: 'ab' } })
    })
    await waitFor(() => expect(document.body.textContent).toContain('Der Name muss mindestens 4 Zeichen lang sein'))
    expect(document.body.textContent).not.toContain('Name must be at least 4 characters')
  })

  it('an unsupported locale is English', async () => {
    await openModal('ko')
    expect(await screen.findByRole('dialog', { name: 'Account' })).toBeTruthy()
    expect(root()?.getAttribute('lang')).toBe('en')
  })
})

describe('two instances on one page', () => {
  it('two PorticoProviders in German and French: each modal and each connect button in its own language', async () => {
    const de = testPortico({ locale: 'de' }).portico
    const fr = testPortico({ locale: 'fr' }).portico
    render(
      <>
        <section data-testid="app-de">
          <PorticoProvider portico={de} autoReconnect={false} preloadOnIdle={false}>
            <ConnectButton />
          </PorticoProvider>
        </section>
        <section data-testid="app-fr">
          <PorticoProvider portico={fr} autoReconnect={false} preloadOnIdle={false}>
            <ConnectButton />
          </PorticoProvider>
        </section>
      </>,
    )
    const button = (app: string) => within(screen.getByTestId(app)).getByTestId('portico-connect-button').textContent
    expect([button('app-de'), button('app-fr')]).toEqual(['Connect wallet', 'Connect wallet'])
    await act(async () => {
      await de.modal.open()
      await fr.modal.open()
    })
    const german = await screen.findByRole('dialog', { name: 'Wallet verbinden' }, { timeout: 10_000 })
    const french = await screen.findByRole('dialog', { name: 'Connecter un portefeuille' }, { timeout: 10_000 })
    expect(within(german).getByRole('button', { name: 'Neu bei Wallets? Was ist eine Wallet?' })).toBeTruthy()
    expect(within(french).getByRole('button', { name: 'Nouveau venu ? Qu’est-ce qu’un portefeuille ?' })).toBeTruthy()
    expect(within(german).getByTestId('portico-header-close').getAttribute('aria-label')).toBe('Schließen')
    expect(within(french).getByTestId('portico-header-close').getAttribute('aria-label')).toBe('Fermer')
    expect([german, french].map((d) => d.closest('[data-portico-root]')?.getAttribute('lang'))).toEqual(['de', 'fr'])
    // Each instance's buttons follow its modal's locale.
    await waitFor(() => expect([button('app-de'), button('app-fr')]).toEqual(['Wallet verbinden', 'Connecter un portefeuille']))
    // The module's English strings are untouched.
    expect(messages.connect.title).toBe('Connect wallet')
  })

  it('one switches at runtime, the other stays: German → Spanish beside an English modal', async () => {
    const a = await openModal('de')
    await openModal()
    expect(await screen.findByRole('dialog', { name: 'Konto' })).toBeTruthy()
    expect(screen.getByRole('dialog', { name: 'Account' })).toBeTruthy()
    await act(async () => {
      localeOf(a).setLocale('es')
    })
    expect(await screen.findByRole('dialog', { name: 'Cuenta' })).toBeTruthy()
    expect(screen.queryByRole('dialog', { name: 'Konto' })).toBeNull()
    expect(screen.getByRole('dialog', { name: 'Account' })).toBeTruthy()
  })

  it('numbers too: a German and an English modal each write the balance in their own locale, whichever was made last', async () => {
    await openModal('de')
    await openModal()
    const german = await screen.findByRole('dialog', { name: 'Konto' })
    const english = screen.getByRole('dialog', { name: 'Account' })
    const balance = (dialog: HTMLElement) => within(dialog).getByTestId('portico-account-balance').textContent
    // 1.23456789 ETH floored to 3 decimals: a decimal comma in German, a point in English.
    await waitFor(() => expect([balance(german), balance(english)]).toEqual(['1,234 ETH', '1.234 ETH']))
  })

  it('a later switch wins over a locale still loading', async () => {
    const real = { ja: LOCALE_LOADERS.ja, 'zh-CN': LOCALE_LOADERS['zh-CN'] }
    let releaseJa = () => {}
    const jaHeld = new Promise<void>((resolve) => {
      releaseJa = resolve
    })
    LOCALE_LOADERS.ja = () => jaHeld.then(real.ja)
    try {
      const portico = await openModal()
      await act(async () => {
        localeOf(portico).setLocale('ja')
      })
      await act(async () => {
        localeOf(portico).setLocale('zh-CN')
      })
      expect(await screen.findByRole('dialog', { name: '账户' })).toBeTruthy()
      await act(async () => {
        releaseJa()
        await jaHeld
        await real.ja()
      })
      expect(screen.getByRole('dialog', { name: '账户' })).toBeTruthy()
      expect(root()?.getAttribute('lang')).toBe('zh-CN')
    } finally {
      LOCALE_LOADERS.ja = real.ja
    }
  })
})
