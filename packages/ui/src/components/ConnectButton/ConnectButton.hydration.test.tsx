import '../../testing'
import { act } from '@testing-library/react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it } from 'vitest'
import { PorticoProvider } from '../../PorticoProvider/PorticoProvider'
import { testPortico } from '../../testing'
import { ConnectButton } from './ConnectButton'

// useTheme's hydration rule (headless), seen through the default UI: a server-rendered page whose
// visitor prefers dark hydrates without a mismatch, then the button turns dark.
const app = () => {
  const { portico } = testPortico({ themeMode: 'system' })
  return (
    <PorticoProvider portico={portico} autoReconnect={false}>
      <ConnectButton />
    </PorticoProvider>
  )
}
const original = globalThis.matchMedia

afterEach(() => {
  globalThis.matchMedia = original
})

describe("ConnectButton: themeMode 'system' and server rendering", () => {
  it('a dark-mode visitor hydrates the light server HTML without a mismatch, then sees dark', async () => {
    // The server: no matchMedia, so 'system' renders light.
    globalThis.matchMedia = undefined as never
    const html = renderToString(app())
    expect(html).toContain('data-portico-theme="light"')
    // The visitor's browser prefers dark.
    globalThis.matchMedia = ((query: string) => ({
      matches: query.includes('dark'),
      addEventListener() {},
      removeEventListener() {},
    })) as never
    const container = document.createElement('div')
    container.innerHTML = html
    document.body.append(container)
    const recoverable: unknown[] = []
    await act(async () => {
      hydrateRoot(container, app(), { onRecoverableError: (error) => recoverable.push(error) })
    })
    expect(recoverable).toEqual([])
    expect(container.querySelector('[data-testid="portico-connect-button"]')?.getAttribute('data-portico-theme')).toBe('dark')
    container.remove()
  })
})
