import { describe, expect, it } from 'vitest'
import { createPortico } from '../portico'
import { mainnet, mapStorage } from '../test-utils'
import { createLegal } from './legal'

describe('legal checkbox store (SPEC §3 isLegalCheckboxChecked)', () => {
  it('starts unchecked, follows setLegalChecked and tells its listeners', () => {
    const legal = createLegal()
    const seen: boolean[] = []
    legal.$legal.listen((s) => seen.push(s.isLegalCheckboxChecked))
    expect(legal.$legal.get()).toEqual({ isLegalCheckboxChecked: false })
    legal.setLegalChecked(true)
    legal.setLegalChecked(false)
    legal.setLegalChecked(true)
    expect(seen).toEqual([true, false, true])
    expect(legal.$legal.get()).toEqual({ isLegalCheckboxChecked: true })
  })

  it('each Portico instance has its own checkbox state, kept across view changes', () => {
    const a = createPortico({ projectId: 'p', networks: [mainnet], storage: mapStorage(), features: { legalCheckbox: true } })
    const b = createPortico({ projectId: 'p', networks: [mainnet], storage: mapStorage(), features: { legalCheckbox: true } })
    a.legal.setLegalChecked(true)
    a.router.push('AllWallets')
    a.router.goBack()
    expect(a.legal.$legal.get().isLegalCheckboxChecked).toBe(true)
    expect(b.legal.$legal.get().isLegalCheckboxChecked).toBe(false)
  })
})

describe('legal gate: shown and locked decided in headless (issue 8 §4)', () => {
  const terms = 'https://my.app/terms'
  it.each([
    [false, {}, false, false, false],
    [false, { termsConditionsUrl: terms }, false, false, false],
    [true, {}, false, false, false],
    [true, { termsConditionsUrl: terms }, false, true, true],
    [true, { privacyPolicyUrl: terms }, false, true, true],
    [true, { termsConditionsUrl: terms }, true, true, false],
  ])('enabled %s, links %j, checked %s -> shown %s, locked %s', (enabled, links, checked, shown, locked) => {
    const legal = createLegal({ enabled: () => enabled, links })
    legal.setLegalChecked(checked)
    expect(legal.$gate.get()).toMatchObject({ shown, locked, checked })
    expect(legal.isLocked()).toBe(locked)
  })

  it('links passed later (the provider props) win, an undefined one keeps the option', () => {
    const portico = createPortico({
      projectId: 'p',
      networks: [mainnet],
      storage: mapStorage(),
      features: { legalCheckbox: true },
      privacyPolicyUrl: 'https://opt/privacy',
    })
    expect(portico.legal.$gate.get()).toMatchObject({ shown: true, locked: true, privacyPolicyUrl: 'https://opt/privacy' })
    portico.legal.setLinks({ termsConditionsUrl: 'https://prop/terms' })
    expect(portico.legal.$links.get()).toEqual({ termsConditionsUrl: 'https://prop/terms', privacyPolicyUrl: 'https://opt/privacy' })
  })

  it('while locked, choosing a wallet from a list does nothing', async () => {
    const portico = createPortico({
      projectId: 'p',
      networks: [mainnet],
      storage: mapStorage(),
      features: { legalCheckbox: true },
      termsConditionsUrl: 'https://t',
    })
    portico.router.reset('AllWallets')
    expect(portico.legal.isLocked()).toBe(true)
    portico.legal.setLegalChecked(true)
    expect(portico.legal.isLocked()).toBe(false)
  })
})
