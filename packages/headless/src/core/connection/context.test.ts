import { describe, expect, it, vi } from 'vitest'
import type { AdapterTheme } from '../../adapters'
import { localeOf } from '../locale/locale'
import { createPortico } from '../portico'
import { fakeAdapter, mainnet, mapStorage } from '../test-utils'

// What an auth connector syncs to its frame (SPEC §3): the app's metadata and the theme payload.
describe('the adapter context: metadata and theme', () => {
  const metadata = { name: 'My app', description: 'An app', url: 'https://my.app', icons: ['https://my.app/icon.png'] }

  it("hands adapters the app's metadata, the theme ('system' resolved) and the modal's locale, then every change once", async () => {
    const adapter = fakeAdapter()
    const portico = createPortico({
      projectId: 'p',
      networks: [mainnet],
      adapters: [adapter],
      storage: mapStorage(),
      metadata,
      themeMode: 'system',
      themeVariables: { '--portico-accent': '#ff0000' },
      locale: 'de-AT',
    })
    await portico.ready
    expect(adapter.ctx?.metadata).toEqual(metadata)
    const seen: AdapterTheme[] = []
    const stop = adapter.ctx!.watchTheme!((theme) => seen.push(theme))
    // No matchMedia here: 'system' resolves to light. (The watching loads with the embedded account flow, a lazy chunk.)
    await vi.waitFor(() => expect(seen).toEqual([{ themeMode: 'light', themeVariables: { '--portico-accent': '#ff0000' }, locale: 'de' }]))
    portico.theme.setThemeMode('dark')
    expect(seen.at(-1)).toEqual({ themeMode: 'dark', themeVariables: { '--portico-accent': '#ff0000' }, locale: 'de' })
    expect(seen).toHaveLength(2)
    // The same theme again is not reported again.
    portico.theme.setThemeMode('dark')
    expect(seen).toHaveLength(2)
    // The modal's locale (useLocale's flow) changes: reported, as the frame shows its own views in it.
    localeOf(portico).setLocale('ar-EG')
    expect(seen.at(-1)).toEqual({ themeMode: 'dark', themeVariables: { '--portico-accent': '#ff0000' }, locale: 'ar' })
    expect(seen).toHaveLength(3)
    stop()
    portico.theme.setThemeMode('light')
    expect(seen).toHaveLength(3)
  })

  it('a watch stopped before the embedded account flow loaded reports nothing', async () => {
    const adapter = fakeAdapter()
    const portico = createPortico({ projectId: 'p', networks: [mainnet], adapters: [adapter], storage: mapStorage(), themeMode: 'dark' })
    await portico.ready
    const seen: AdapterTheme[] = []
    adapter.ctx!.watchTheme!((theme) => seen.push(theme))()
    await portico.load('embeddedAccount')
    portico.theme.setThemeMode('light')
    expect(seen).toEqual([])
  })

  it('without metadata the context has none', async () => {
    const adapter = fakeAdapter()
    const portico = createPortico({ projectId: 'p', networks: [mainnet], adapters: [adapter], storage: mapStorage() })
    await portico.ready
    expect(adapter.ctx?.metadata).toBeUndefined()
  })
})
