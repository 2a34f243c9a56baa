import { describe, expect, it } from 'vitest'
import { PASSKEY_POPUP_CHANNEL, popupRegistrar } from './passkey-popup'

const ORIGIN = 'http://localhost:4200'
const options = { challenge: 'c2lnbi11cC1jaGFsbGVuZ2U', rp: { id: 'localhost', name: 'Portico wallet' } } as never
const response = { id: 'cred', rawId: 'cred', type: 'public-key', response: {}, clientExtensionResults: {} } as never

/** A window that records what is posted to it. */
const windowLike = () => {
  const posted: { message: unknown; targetOrigin: string }[] = []
  return { posted, postMessage: (message: unknown, targetOrigin: string) => void posted.push({ message, targetOrigin }) }
}

describe("the passkey popup's channel (frame side)", () => {
  it('gives the options to the popup that announces itself (to this origin only) and takes its answer', async () => {
    const registrar = popupRegistrar({ origin: ORIGIN })
    const created = registrar.startRegistration({ optionsJSON: options })
    const popup = windowLike()
    expect(registrar.receive({ origin: ORIGIN, source: popup, data: { channel: PASSKEY_POPUP_CHANNEL, type: 'POPUP_READY' } })).toBe(true)
    expect(popup.posted).toEqual([{ message: { channel: PASSKEY_POPUP_CHANNEL, type: 'CREATE', options }, targetOrigin: ORIGIN }])
    expect(registrar.receive({ origin: ORIGIN, source: popup, data: { channel: PASSKEY_POPUP_CHANNEL, type: 'CREATED', response } })).toBe(
      true,
    )
    await expect(created).resolves.toBe(response)
  })

  it("ignores another origin's messages, and an answer from another window than the announced popup", async () => {
    const registrar = popupRegistrar({ origin: ORIGIN })
    const created = registrar.startRegistration({ optionsJSON: options })
    const host = windowLike()
    const ready = { channel: PASSKEY_POPUP_CHANNEL, type: 'POPUP_READY' }
    expect(registrar.receive({ origin: 'http://127.0.0.1:5173', source: host, data: ready })).toBe(false)
    expect(host.posted).toEqual([])
    const popup = windowLike()
    registrar.receive({ origin: ORIGIN, source: popup, data: ready })
    const other = windowLike()
    const forged = { channel: PASSKEY_POPUP_CHANNEL, type: 'CREATED', response: { ...(response as object), id: 'forged' } }
    expect(registrar.receive({ origin: ORIGIN, source: other, data: forged })).toBe(false)
    expect(
      registrar.receive({
        origin: ORIGIN,
        source: popup,
        data: { channel: PASSKEY_POPUP_CHANNEL, type: 'FAILED', message: 'NotAllowedError' },
      }),
    ).toBe(true)
    await expect(created).rejects.toThrow('NotAllowedError')
  })

  it('without a creation under way nothing is taken; a creation not answered in time fails', async () => {
    const registrar = popupRegistrar({ origin: ORIGIN, timeoutMs: 20 })
    expect(registrar.receive({ origin: ORIGIN, source: windowLike(), data: { channel: PASSKEY_POPUP_CHANNEL, type: 'POPUP_READY' } })).toBe(
      false,
    )
    await expect(registrar.startRegistration({ optionsJSON: options })).rejects.toThrow('The passkey was not created in time')
  })

  it("a step-up: the popup gets the request options and the texts of the host's locale, and only its assertion is taken", async () => {
    const registrar = popupRegistrar({ origin: ORIGIN })
    const request = { challenge: 'c3RlcC11cC1jaGFsbGVuZ2U', rpId: 'localhost', userVerification: 'required' } as never
    const texts = { title: 'Bestätige, dass du es bist', text: '…', button: 'Passkey verwenden', working: '…', done: '…' }
    const asserted = registrar.startAuthentication({ optionsJSON: request, texts })
    const popup = windowLike()
    registrar.receive({ origin: ORIGIN, source: popup, data: { channel: PASSKEY_POPUP_CHANNEL, type: 'POPUP_READY' } })
    expect(popup.posted).toEqual([
      { message: { channel: PASSKEY_POPUP_CHANNEL, type: 'GET', options: request, texts }, targetOrigin: ORIGIN },
    ])
    // A registration's answer is not this ceremony's.
    expect(registrar.receive({ origin: ORIGIN, source: popup, data: { channel: PASSKEY_POPUP_CHANNEL, type: 'CREATED', response } })).toBe(
      false,
    )
    expect(registrar.receive({ origin: ORIGIN, source: popup, data: { channel: PASSKEY_POPUP_CHANNEL, type: 'ASSERTED', response } })).toBe(
      true,
    )
    await expect(asserted).resolves.toBe(response)
  })
})
