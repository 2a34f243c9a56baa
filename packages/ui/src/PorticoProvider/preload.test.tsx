import '../testing'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AccountButton } from '../components/AccountButton/AccountButton'
import { ConnectButton } from '../components/ConnectButton/ConnectButton'
import { NetworkButton } from '../components/NetworkButton/NetworkButton'
import { testPortico } from '../testing'
import { PorticoProvider } from './PorticoProvider'
import { afterLoadIdle, usePreloadModal } from './preload'

/** An instance whose fetch records every URL (and answers nothing): preloading must never call it. */
function instance() {
  const requests: string[] = []
  const { portico, adapter } = testPortico({
    fetch: async (input) => {
      requests.push(String(input instanceof Request ? input.url : input))
      throw new Error('no API in this test')
    },
  })
  const loaded = () => ({ explorer: portico.peek('explorer') !== undefined, switching: portico.peek('switching') !== undefined })
  return { portico, adapter, requests, loaded }
}

const LOADED = { explorer: true, switching: true }
const NOT_LOADED = { explorer: false, switching: false }

function AppOpenButton() {
  const { onPointerEnter, onFocus } = usePreloadModal()
  return (
    <button type="button" data-testid="app-open" onPointerEnter={onPointerEnter} onFocus={onFocus}>
      Open
    </button>
  )
}

const captured: { current?: ReturnType<typeof usePreloadModal> } = {}
function Probe() {
  captured.current = usePreloadModal()
  return null
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('preloading the modal', () => {
  it('nothing loads without a trigger when idle preloading is off', async () => {
    const { portico, requests, loaded } = instance()
    render(
      <PorticoProvider portico={portico} autoReconnect={false} preloadOnIdle={false}>
        <ConnectButton />
      </PorticoProvider>,
    )
    await act(() => new Promise((r) => setTimeout(r, 400))) // longer than the idle fallback
    expect(loaded()).toEqual(NOT_LOADED)
    expect(requests).toEqual([])
  })

  it.each([
    ['pointer-enter', 'portico-connect-button', fireEvent.pointerEnter],
    ['focus', 'portico-connect-button', fireEvent.focus],
    ['pointer-enter', 'portico-network-button', fireEvent.pointerEnter],
    ['focus', 'portico-network-button', fireEvent.focus],
  ])('%s on %s loads the view flows and contacts no API', async (_, testId, fire) => {
    const { portico, requests, loaded } = instance()
    render(
      <PorticoProvider portico={portico} autoReconnect={false} preloadOnIdle={false}>
        <ConnectButton />
        <NetworkButton />
      </PorticoProvider>,
    )
    expect(loaded()).toEqual(NOT_LOADED)
    fire(screen.getByTestId(testId))
    await waitFor(() => expect(loaded()).toEqual(LOADED))
    expect(requests).toEqual([])
  })

  it('pointer-enter on the AccountButton (connected) loads the view flows', async () => {
    const { portico, loaded } = instance()
    await portico.ready
    render(
      <PorticoProvider portico={portico} autoReconnect={false} preloadOnIdle={false}>
        <AccountButton />
      </PorticoProvider>,
    )
    await act(() => portico.connection.connect('io.test.wallet'))
    fireEvent.pointerEnter(screen.getByTestId('portico-account-button'))
    await waitFor(() => expect(loaded()).toEqual(LOADED))
  })

  it("the button still calls the app's own onPointerEnter and onFocus", async () => {
    const { portico } = instance()
    const onPointerEnter = vi.fn()
    const onFocus = vi.fn()
    render(
      <PorticoProvider portico={portico} autoReconnect={false} preloadOnIdle={false}>
        <ConnectButton onPointerEnter={onPointerEnter} onFocus={onFocus} />
      </PorticoProvider>,
    )
    fireEvent.pointerEnter(screen.getByTestId('portico-connect-button'))
    fireEvent.focus(screen.getByTestId('portico-connect-button'))
    expect(onPointerEnter).toHaveBeenCalledTimes(1)
    expect(onFocus).toHaveBeenCalledTimes(1)
  })

  it.each([
    ['pointer-enter', fireEvent.pointerEnter],
    ['focus', fireEvent.focus],
  ])("%s on the app's own element with usePreloadModal's handlers loads the view flows", async (_, fire) => {
    const { portico, requests, loaded } = instance()
    render(
      <PorticoProvider portico={portico} autoReconnect={false} preloadOnIdle={false}>
        <AppOpenButton />
      </PorticoProvider>,
    )
    fire(screen.getByTestId('app-open'))
    await waitFor(() => expect(loaded()).toEqual(LOADED))
    expect(requests).toEqual([])
  })

  it("the app's preload() resolves once the flows are in; the first open then shows the dialog in the same commit", async () => {
    const { portico, loaded } = instance()
    render(
      <PorticoProvider portico={portico} autoReconnect={false} preloadOnIdle={false}>
        <Probe />
      </PorticoProvider>,
    )
    let done = false
    await act(async () => {
      await captured.current?.preload().then(() => (done = true))
    })
    expect(done).toBe(true)
    expect(loaded()).toEqual(LOADED)
    act(() => void portico.modal.open())
    // No await: the chunk is in, so the open renders the dialog synchronously.
    expect(screen.getByRole('dialog')).toBeTruthy()
  })

  it('outside a PorticoProvider, preload() resolves and loads nothing', async () => {
    delete captured.current
    render(<Probe />)
    const hook = captured.current as ReturnType<typeof usePreloadModal> | undefined
    expect(hook).toBeDefined()
    await expect(hook?.preload()).resolves.toBeUndefined()
  })

  it('idle after load: one idle callback per provider, and running it loads the view flows without an API request', async () => {
    const callbacks: IdleRequestCallback[] = []
    vi.stubGlobal('requestIdleCallback', (cb: IdleRequestCallback) => callbacks.push(cb))
    vi.stubGlobal('cancelIdleCallback', () => undefined)
    const { portico, requests, loaded } = instance()
    const { unmount } = render(
      <PorticoProvider portico={portico} autoReconnect={false}>
        <ConnectButton />
      </PorticoProvider>,
    )
    expect(document.readyState).toBe('complete')
    expect(callbacks).toHaveLength(1)
    expect(loaded()).toEqual(NOT_LOADED)
    act(() => callbacks[0]?.({ didTimeout: false, timeRemaining: () => 50 }))
    await waitFor(() => expect(loaded()).toEqual(LOADED))
    expect(requests).toEqual([])
    unmount()
  })
})

describe('afterLoadIdle', () => {
  it('waits for the load event when the page is still loading, then asks for an idle period', () => {
    const callbacks: IdleRequestCallback[] = []
    vi.stubGlobal('requestIdleCallback', (cb: IdleRequestCallback) => callbacks.push(cb))
    const state = vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive')
    const run = vi.fn()
    afterLoadIdle(run)
    expect(callbacks).toHaveLength(0)
    window.dispatchEvent(new Event('load'))
    expect(callbacks).toHaveLength(1)
    callbacks[0]?.({ didTimeout: false, timeRemaining: () => 50 })
    expect(run).toHaveBeenCalledTimes(1)
    state.mockRestore()
  })

  it('cancelled before the load event: nothing is scheduled', () => {
    const callbacks: IdleRequestCallback[] = []
    vi.stubGlobal('requestIdleCallback', (cb: IdleRequestCallback) => callbacks.push(cb))
    const state = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading')
    afterLoadIdle(() => undefined)()
    window.dispatchEvent(new Event('load'))
    expect(callbacks).toHaveLength(0)
    state.mockRestore()
  })

  it('without requestIdleCallback it falls back to a 300 ms timer, which cancel clears', () => {
    vi.useFakeTimers()
    try {
      vi.stubGlobal('requestIdleCallback', undefined)
      const run = vi.fn()
      afterLoadIdle(run)
      vi.advanceTimersByTime(299)
      expect(run).not.toHaveBeenCalled()
      vi.advanceTimersByTime(1)
      expect(run).toHaveBeenCalledTimes(1)
      const other = vi.fn()
      afterLoadIdle(other)()
      vi.advanceTimersByTime(1000)
      expect(other).not.toHaveBeenCalled()
    } finally {
      vi.useRealTimers()
    }
  })
})
