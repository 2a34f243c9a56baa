import { describe, expect, it } from 'vitest'
import { createPortico } from '../portico'
import { jsonFetch, mainnet, mapStorage, testPortico } from '../test-utils'
import { DEFAULT_FEATURES } from './options'

describe('feature flags (SPEC §1)', () => {
  it('remote flags fill in; flags the app set itself win; method order follows', async () => {
    const f = jsonFetch(() => ({ body: { features: { swaps: false, email: false, socials: false, onramp: false } } }))
    const portico = testPortico({
      fetch: f.fetch,
      features: { onramp: true },
    })
    expect(portico.features.$features.get()).toEqual({ ...DEFAULT_FEATURES, onramp: true })
    expect(portico.connection.$methodsOrder.get()).toEqual(['email', 'social', 'wallet'])
    await portico.features.loadRemote()
    expect(f.calls[0]!.pathname).toBe('/appkit/v1/config')
    expect(portico.features.$features.get()).toEqual({ ...DEFAULT_FEATURES, swaps: false, email: false, socials: false, onramp: true })
    expect(portico.connection.$methodsOrder.get()).toEqual(['wallet'])
  })

  it('the legal checkbox stays as the app set it (default off) whatever the remote flags say', () => {
    const off = createPortico({ projectId: 'p', networks: [mainnet], apiUrl: 'http://127.0.0.1:9', storage: mapStorage() })
    expect(off.features.$features.get().legalCheckbox).toBe(false)
    off.features.applyRemote({ legalCheckbox: true, swaps: false })
    expect(off.features.$features.get()).toEqual({ ...DEFAULT_FEATURES, swaps: false, legalCheckbox: false })
    const on = createPortico({
      projectId: 'p',
      networks: [mainnet],
      apiUrl: 'http://127.0.0.1:9',
      storage: mapStorage(),
      features: { legalCheckbox: true },
    })
    on.features.applyRemote({ legalCheckbox: false })
    expect(on.features.$features.get().legalCheckbox).toBe(true)
  })
})
