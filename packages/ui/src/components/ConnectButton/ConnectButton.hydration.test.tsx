import { act } from '@testing-library/react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it } from 'vitest'
import { createPortico } from '../core/portico'
import { mainnet, mapStorage } from '../core/test-utils'
import { PorticoContextProvider, useTheme } from './index'

function Themed() {
  const { resolvedThemeMode } = useTheme()
  return <div data-testid="themed" data-mode={resolvedThemeMode} />
}

const make = () => createPortico({ projectId: 'p', networks: [mainnet], storage: mapStorage(), themeMode: 'system' })
const original = globalThis.matchMedia

afterEach(() => {
  globalThis.matchMedia = original
})

describe("useTheme: 'system' and server rendering", () => {
  it('a dark-mode visitor hydrates the light server HTML without a mismatch, then sees dark', async () => {
    // The server: no matchMedia, so 'system' renders light.
    globalThis.matchMedia = undefined as never
    const html = renderToString(
      <PorticoContextProvider portico={make()}>
        <Themed />
      </PorticoContextProvider>,
    )
    expect(html).toContain('data-mode="light"')
    // The visitor's browser prefers dark.
    globalThis.matchMedia = ((query: string) => ({ matches: query.includes('dark'), addEventListener() {}, removeEventListener() {} })) as never
    const container = document.createElement('div')
    container.innerHTML = html
    document.body.append(container)
    const recoverable: unknown[] = []
    await act(async () => {
      hydrateRoot(
        container,
        <PorticoContextProvider portico={make()}>
          <Themed />
        </PorticoContextProvider>,
        { onRecoverableError: (error) => recoverable.push(error) },
      )
    })
    expect(recoverable).toEqual([])
    expect(container.querySelector('[data-testid="themed"]')?.getAttribute('data-mode')).toBe('dark')
    container.remove()
  })
})
