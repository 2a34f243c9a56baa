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
