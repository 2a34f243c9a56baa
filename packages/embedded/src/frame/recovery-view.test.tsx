// jsdom: the recovery views are DOM in the frame's own document (recovery-view.ts).
import { afterEach, describe, expect, it } from 'vitest'
import { createRecoveryView, RECOVERY_VIEW_TEXTS } from './recovery-view'

const byTestId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`)
const settled = () => new Promise((resolve) => setTimeout(resolve, 0))

afterEach(() => {
  document.body.innerHTML = ''
})

function type(secret: string) {
  const input = byTestId('portico-recovery-secret') as HTMLInputElement
  input.value = secret
  ;(byTestId('portico-recovery-submit') as HTMLButtonElement).click()
}

describe('asking for the recovery secret', () => {
  it('a labelled field, focused; a refused secret shows its error and the view stays; the right one ends it with true', async () => {
    const view = createRecoveryView(document)
    const tried: string[] = []
    const asked = view.ask(async (secret) => {
      tried.push(secret)
      if (secret !== 'ABCD-EFGH') throw new Error('This recovery secret does not open this wallet')
    })
    const section = byTestId('portico-recovery')!
    expect(section.getAttribute('aria-labelledby')).toBe('portico-recovery-title')
    expect(document.getElementById('portico-recovery-title')?.textContent).toBe(RECOVERY_VIEW_TEXTS.title)
    const input = byTestId('portico-recovery-secret') as HTMLInputElement
    expect(document.activeElement).toBe(input)
    expect(document.querySelector(`label[for="${input.id}"]`)?.textContent).toBe('Recovery secret')
    expect(input.autocomplete).toBe('off')

    type('WRONG')
    expect((byTestId('portico-recovery-submit') as HTMLButtonElement).textContent).toBe('Recovering…')
    await settled()
    expect(byTestId('portico-recovery-error')?.textContent).toBe('This recovery secret does not open this wallet')
    expect(byTestId('portico-recovery-error')?.getAttribute('role')).toBe('alert')
    expect((byTestId('portico-recovery-submit') as HTMLButtonElement).disabled).toBe(false)
    expect(view.shown()).toBe(true)

    type('ABCD-EFGH')
    expect(await asked).toBe(true)
    expect(tried).toEqual(['WRONG', 'ABCD-EFGH'])
    expect(byTestId('portico-recovery')).toBeNull()
    expect(view.shown()).toBe(false)
  })

  it('a new split that needs the step-up: "Use a passkey" (given a passkey) steps up in the click, then recovers with the secret typed', async () => {
    const view = createRecoveryView(document)
    const events: string[] = []
    let steppedUp = false
    const asked = view.ask(
      async (secret) => {
        events.push(`recover ${secret}`)
        if (!steppedUp) throw new Error('Confirm with your second factor first')
      },
      async () => {
        events.push('step up')
        steppedUp = true
      },
    )
    expect(byTestId('portico-recovery-passkey')).toBeNull()
    type('ABCD-EFGH')
    await settled()
    expect(byTestId('portico-recovery-error')?.textContent).toBe('Confirm with your second factor first')
    const passkey = byTestId('portico-recovery-passkey') as HTMLButtonElement
    expect(passkey.textContent).toBe('Use a passkey')
    passkey.click()
    // Called in the click itself (its window opens there), before any await.
    expect(events).toEqual(['recover ABCD-EFGH', 'step up'])
    await expect(asked).resolves.toBe(true)
    expect(events).toEqual(['recover ABCD-EFGH', 'step up', 'recover ABCD-EFGH'])
    expect(byTestId('portico-recovery')).toBeNull()
  })

  it('without a passkey (no step-up given) the refusal shows and no passkey is offered', async () => {
    const view = createRecoveryView(document)
    void view.ask(async () => {
      throw new Error('Confirm with your second factor first')
    })
    type('ABCD-EFGH')
    await settled()
    expect(byTestId('portico-recovery-error')?.textContent).toBe('Confirm with your second factor first')
    expect(byTestId('portico-recovery-passkey')).toBeNull()
  })

  it('Cancel, or the view hidden by the host: false, and nothing is tried', async () => {
    const view = createRecoveryView(document)
    let tries = 0
    const cancelled = view.ask(async () => {
      tries++
    })
    byTestId('portico-recovery-cancel')!.click()
    expect(await cancelled).toBe(false)
    const hidden = view.ask(async () => {
      tries++
    })
    view.hide()
    expect(await hidden).toBe(false)
    expect(tries).toBe(0)
    expect(document.body.children).toHaveLength(0)
  })
})

describe('showing the recovery secret', () => {
  it('the secret, Copy, and "I have saved it", which ends the view', async () => {
    const copied: string[] = []
    const view = createRecoveryView(document, {
      copy: async (text) => {
        copied.push(text)
      },
    })
    const done = view.showSecret('ABCD-EFGH-IJKL-MNOP-QRST-UVWX')
    expect(byTestId('portico-recovery-secret-value')?.textContent).toBe('ABCD-EFGH-IJKL-MNOP-QRST-UVWX')
    expect(document.activeElement).toBe(byTestId('portico-recovery-secret-saved'))
    byTestId('portico-recovery-secret-copy')!.click()
    await settled()
    expect(copied).toEqual(['ABCD-EFGH-IJKL-MNOP-QRST-UVWX'])
    expect(byTestId('portico-recovery-secret-copy')?.textContent).toBe('Copied')
    byTestId('portico-recovery-secret-saved')!.click()
    expect(await done).toBe(true)
    expect(byTestId('portico-recovery-secret-view')).toBeNull()
  })

  it('hidden before "I have saved it" (the modal closed): resolves false, and the secret leaves the document', async () => {
    const view = createRecoveryView(document, { copy: async () => {} })
    const done = view.showSecret('ABCD-EFGH-IJKL-MNOP-QRST-UVWX')
    view.hide()
    expect(await done).toBe(false)
    expect(document.body.textContent).not.toContain('ABCD')
  })
})
