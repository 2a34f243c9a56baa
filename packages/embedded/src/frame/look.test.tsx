// jsdom: the modal's theme and locale in the frame's own document (look.ts) and in its views.
import { LOCALES } from '@portico/headless'
import { FRAME_LOCALES } from '@portico/protocol/frame'
import { afterEach, describe, expect, it } from 'vitest'
import { CONFIRM_CHANNEL, confirmer, describeRequest } from './confirm'
import { CUSTODY_ERRORS } from './custody'
import { runConfirmWindow } from './confirm-window'
import { createKeyView } from './export-view'
import { createLook } from './look'
import { createRecoveryView } from './recovery-view'
import { ENGLISH, type FrameTexts, loadTexts, localeOfLanguages } from './texts'
import { createTotpView } from './totp-view'

const root = document.documentElement
const byTestId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`)
const variable = (name: string) => root.style.getPropertyValue(name)
const KEY = () => Uint8Array.from({ length: 32 }, (_, i) => i + 1)
const FRAME_ORIGIN = window.location.origin

afterEach(() => {
  document.body.replaceChildren()
  root.removeAttribute('style')
  root.removeAttribute('data-portico-theme')
  root.removeAttribute('lang')
  root.removeAttribute('dir')
})

describe("the host's theme in the frame's document", () => {
  it('the mode and the known variables are set on the root element, as the modal names them', () => {
    const look = createLook(document)
    expect(
      look.apply({
        themeMode: 'dark',
        themeVariables: {
          '--portico-accent': '#ff5500',
          '--portico-radius-md': '4px',
          '--portico-font-body': "'Comic Sans MS', cursive",
          '--portico-color-mix-strength': 20,
        },
      }),
    ).toBeUndefined()
    expect(root.getAttribute('data-portico-theme')).toBe('dark')
    expect(variable('--portico-accent')).toBe('#ff5500')
    expect(variable('--portico-radius-md')).toBe('4px')
    expect(variable('--portico-font-body')).toBe("'Comic Sans MS', cursive")
    expect(variable('--portico-color-mix-strength')).toBe('20%')
    expect(look.current()).toEqual({
      themeMode: 'dark',
      themeVariables: {
        '--portico-accent': '#ff5500',
        '--portico-radius-md': '4px',
        '--portico-font-body': "'Comic Sans MS', cursive",
        '--portico-color-mix-strength': '20%',
      },
      locale: 'en',
    })
  })

  it('a hostile value, an unknown name or a non-theme property is dropped; the next theme replaces the last one whole', () => {
    const look = createLook(document)
    look.apply({ themeMode: 'light', themeVariables: { '--portico-accent': '#00aa00', '--portico-radius-sm': '2px' } })
    look.apply({
      themeVariables: {
        '--portico-accent': 'red;background:url(//x)',
        '--portico-color-surface': 'url(https://evil.example/x.png)',
        '--portico-font-body': 'x}body{color:red',
        '--portico-color-foreground': 'expression(alert(1))',
        '--portico-evil': 'red',
        background: 'red',
        '--portico-radius-md': '8px',
      },
    })
    expect(variable('--portico-accent')).toBe('')
    expect(variable('--portico-radius-sm')).toBe('')
    expect(variable('--portico-color-surface')).toBe('')
    expect(variable('--portico-font-body')).toBe('')
    expect(variable('--portico-color-foreground')).toBe('')
    expect(variable('--portico-evil')).toBe('')
    expect(root.style.background).toBe('')
    expect(variable('--portico-radius-md')).toBe('8px')
    expect(root.getAttribute('style')).not.toMatch(/url|red|expression/)
    // The mode given before stays (the payload had none).
    expect(root.getAttribute('data-portico-theme')).toBe('light')
  })
})

describe("the host's locale in the frame's views", () => {
  it('German: the recovery and TOTP views show German, lang=de, dir=ltr', async () => {
    const look = createLook(document)
    await look.apply({ locale: 'de' })
    expect(root.lang).toBe('de')
    expect(root.dir).toBe('ltr')
    const recovery = createRecoveryView(document, { texts: () => look.texts().recovery })
    void recovery.ask(async () => {})
    expect(document.getElementById('portico-recovery-title')?.textContent).toBe('Wallet wiederherstellen')
    expect(document.querySelector('label')?.textContent).toBe('Wiederherstellungsschlüssel')
    expect(byTestId('portico-recovery-submit')?.textContent).toBe('Wiederherstellen')
    expect(byTestId('portico-recovery-cancel')?.textContent).toBe('Abbrechen')
    recovery.hide()
    createTotpView(document, { texts: () => look.texts().totp }).show(
      'otpauth://totp/Portico:a?secret=JBSWY3DPEHPK3PXP',
      'JBSWY3DPEHPK3PXP',
    )
    expect(document.getElementById('portico-totp-setup-title')?.textContent).toBe('Mit deiner Authenticator-App scannen')
    expect(byTestId('portico-totp-qr')?.getAttribute('aria-label')).toBe('QR-Code, der deine Wallet zu einer Authenticator-App hinzufügt')
  })

  it("German: the custody's errors about the secret show in German under the field; any other error as it came", async () => {
    const look = createLook(document)
    await look.apply({ locale: 'de' })
    const recovery = createRecoveryView(document, { texts: () => look.texts().recovery })
    const errors = [CUSTODY_ERRORS.wrongRecoverySecret, CUSTODY_ERRORS.badRecoverySecret, 'The API is down']
    void recovery.ask(async () => {
      throw new Error(errors.shift())
    })
    for (const expected of [
      'Dieser Wiederherstellungsschlüssel öffnet diese Wallet nicht',
      'Ein Wiederherstellungsschlüssel besteht aus 24 Buchstaben und Ziffern, so wie er dir angezeigt wurde',
      'The API is down',
    ]) {
      await expect.poll(() => byTestId('portico-recovery-submit')?.hasAttribute('disabled')).toBe(false)
      ;(byTestId('portico-recovery-secret') as HTMLInputElement).value = 'AAAA-BBBB'
      byTestId('portico-recovery-submit')?.click()
      await expect.poll(() => byTestId('portico-recovery-error')?.textContent).toBe(expected)
    }
    // The English texts are the custody's own.
    expect([ENGLISH.recovery.wrongSecret, ENGLISH.recovery.badSecret]).toEqual([
      CUSTODY_ERRORS.wrongRecoverySecret,
      CUSTODY_ERRORS.badRecoverySecret,
    ])
    recovery.hide()
  })

  it('Arabic: the key export shows Arabic, right to left (the key itself stays left to right)', async () => {
    const look = createLook(document)
    await look.apply({ themeMode: 'dark', locale: 'ar' })
    expect(root.lang).toBe('ar')
    expect(root.dir).toBe('rtl')
    createKeyView(document, { texts: () => look.texts().export }).show('evm', KEY())
    expect(document.getElementById('portico-export-key-title')?.textContent).toBe('مفتاحك الخاص (EVM)')
    expect(byTestId('portico-export-key-copy')?.textContent).toBe('نسخ')
    expect(byTestId('portico-export-key-hide')?.textContent).toBe('إخفاء')
    expect(byTestId('portico-export-key-value')?.className).toBe('portico-code')
    expect(byTestId('portico-export-key-value')?.textContent).toBe(
      `0x${'0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f20'}`,
    )
  })

  it('ready() settles once the locale last asked for is in: a confirmation right after a switch is in its texts', async () => {
    const look = createLook(document)
    look.apply({ locale: 'fr' })
    await look.ready()
    expect(look.texts().window.reject).toBe('Refuser')
    expect(describeRequest({ kind: 'email', email: 'a@example.com' }, undefined, look.texts()).title).toBe('Changer votre adresse e-mail')
  })

  it('a locale outside the list is English (ltr); a later locale wins over one still loading', async () => {
    const look = createLook(document)
    look.apply({ locale: 'ar' })
    look.apply({ locale: 'klingon' })
    await loadTexts('ar')
    await Promise.resolve()
    expect(root.lang).toBe('en')
    expect(root.dir).toBe('ltr')
    expect(look.texts()).toBe(ENGLISH)
  })

  it("every locale has every text (none falls back to English by accident), in the modal's locales", async () => {
    expect([...FRAME_LOCALES]).toEqual([...LOCALES])
    const shape = (texts: FrameTexts) => Object.entries(texts).map(([group, entries]) => [group, Object.keys(entries).sort()])
    for (const locale of FRAME_LOCALES) {
      const texts = await loadTexts(locale)
      expect(shape(texts), locale).toEqual(shape(ENGLISH))
      if (locale === 'en') continue
      // Translated: the view titles differ from English (technical labels such as 'URI' may not).
      expect(texts.recovery.title, locale).not.toBe(ENGLISH.recovery.title)
      expect(texts.window.reject, locale).not.toBe(ENGLISH.window.reject)
      expect(texts.request.batch(3), locale).toContain('3')
      expect(texts.request.callTarget('0xabc', undefined), locale).toContain('0xabc')
    }
  })

  it.each([
    [['de-AT', 'en'], 'de'],
    [['zh-Hans'], 'zh-CN'],
    [['zh-TW', 'fr'], 'fr'],
    [['pt-PT'], 'pt-BR'],
    [['ar-EG'], 'ar'],
    [['sv'], 'en'],
    [[], 'en'],
  ] as const)("the confirmation window's first texts follow the browser's languages %j → %s", (languages, locale) => {
    expect(localeOfLanguages(languages)).toBe(locale)
  })
})

describe('the confirmation in the host’s theme and locale', () => {
  it('the frame describes the request in German and sends its look with it', async () => {
    const look = createLook(document)
    await look.apply({ themeMode: 'dark', themeVariables: { '--portico-accent': '#ff5500' }, locale: 'de' })
    const c = confirmer({ origin: FRAME_ORIGIN, texts: look.texts, look: look.current })
    const got: { message: { type: string; view?: unknown; look?: unknown } }[] = []
    const win = { closed: false, postMessage: (message: never) => void got.push({ message }) }
    void c.confirm({ kind: 'email', email: 'new@example.com' })
    c.receive({ origin: FRAME_ORIGIN, source: win, data: { channel: CONFIRM_CHANNEL, type: 'CONFIRM_READY' } })
    expect(got[0]?.message).toEqual({
      channel: CONFIRM_CHANNEL,
      type: 'REQUEST',
      id: 1,
      view: { title: 'E-Mail-Adresse ändern', rows: [{ label: 'Neue E-Mail-Adresse', value: 'new@example.com' }], warnings: [] },
      look: { themeMode: 'dark', themeVariables: { '--portico-accent': '#ff5500' }, locale: 'de' },
    })
    c.rejectAll()
  })

  it('an unlimited approval described in Arabic: title, labels and the warning', async () => {
    const SPENDER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
    const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
    const data = `0x095ea7b3${SPENDER.slice(2).toLowerCase().padStart(64, '0')}${'f'.repeat(64)}`
    const view = describeRequest(
      { kind: 'rpc', method: 'eth_sendTransaction', params: [{ to: TOKEN, data }], namespace: 'eip155', chainId: 31337 },
      undefined,
      await loadTexts('ar'),
    )
    expect(view.title).toBe('السماح بالإنفاق')
    expect(view.rows.map((r) => r.label)).toEqual(['الرمز', 'الجهة المسموح لها بالإنفاق', 'المبلغ (بالوحدات الأساسية)', 'الشبكة'])
    expect(view.rows[2]?.value).toBe(`غير محدود (${2n ** 256n - 1n})`)
    expect(view.warnings).toEqual(['تحذير: هذا يسمح بمبلغ غير محدود.'])
  })

  it("the window applies the frame's look: Arabic, right to left, its own buttons in Arabic, a hostile variable dropped", async () => {
    const opener = { closed: false, frames: { length: 0 } } as unknown as Window
    const ui = runConfirmWindow(document, { origin: FRAME_ORIGIN, opener, close: () => {}, announceMs: 5, languages: ['en-US'] })
    expect(document.querySelector('h1')?.textContent).toBe('Waiting for the request…')
    const frame = { postMessage: () => {} }
    window.dispatchEvent(
      new MessageEvent('message', {
        origin: FRAME_ORIGIN,
        source: frame as unknown as Window,
        data: {
          channel: CONFIRM_CHANNEL,
          type: 'REQUEST',
          id: 1,
          view: {
            title: 'توقيع رسالة',
            rows: [{ label: 'الرسالة', value: 'Hello Portico' }],
            warnings: [],
            origin: 'http://127.0.0.1:5173',
          },
          look: {
            themeMode: 'dark',
            themeVariables: { '--portico-accent': 'red;background:url(//x)', '--portico-radius-md': '6px' },
            locale: 'ar',
          },
        },
      }),
    )
    // The request shows at once; the window's own texts follow once the Arabic chunk is in.
    expect(document.querySelector('h1')?.textContent).toBe('توقيع رسالة')
    await ui.ready()
    expect(root.dir).toBe('rtl')
    expect(root.lang).toBe('ar')
    expect(root.getAttribute('data-portico-theme')).toBe('dark')
    expect(byTestId('portico-confirm-reject')?.textContent).toBe('رفض')
    expect(byTestId('portico-confirm-confirm')?.textContent).toBe('تأكيد')
    expect(document.body.textContent).toContain('بطلب من http://127.0.0.1:5173')
    expect(variable('--portico-radius-md')).toBe('6px')
    expect(variable('--portico-accent')).toBe('')
    expect(root.getAttribute('style')).not.toContain('url')
    ui.stop()
  })

  it("a look from the frame with an unknown locale leaves the window's texts English", async () => {
    const opener = { closed: false, frames: { length: 0 } } as unknown as Window
    const ui = runConfirmWindow(document, { origin: FRAME_ORIGIN, opener, close: () => {}, announceMs: 5, languages: ['en'] })
    window.dispatchEvent(
      new MessageEvent('message', {
        origin: FRAME_ORIGIN,
        source: { postMessage: () => {} } as unknown as Window,
        data: {
          channel: CONFIRM_CHANNEL,
          type: 'REQUEST',
          id: 1,
          view: { title: 'Send', rows: [], warnings: [] },
          look: { locale: '<b>' },
        },
      }),
    )
    await ui.ready()
    expect(byTestId('portico-confirm-reject')?.textContent).toBe('Reject')
    expect(root.dir).toBe('ltr')
    ui.stop()
  })
})
