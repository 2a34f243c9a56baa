import { describe, expect, it } from 'vitest'
import { createLegal } from '../legal/legal'
import { createTheme } from '../theme/theme'
import { createTooltip } from './tooltip'

describe('tooltip, legal checkbox, theme (SPEC §3)', () => {
  it('tooltip opens with message, rect and variant, then hides keeping its message', () => {
    const t = createTooltip()
    const triggerRect = { x: 10, y: 20, width: 30, height: 40 }
    t.show({ message: 'Copy address', triggerRect })
    expect(t.$tooltip.get()).toEqual({ message: 'Copy address', open: true, triggerRect, variant: 'shade' })
    t.show({ message: 'Copied', triggerRect, variant: 'fill' })
    expect(t.$tooltip.get().variant).toBe('fill')
    t.hide()
    expect(t.$tooltip.get()).toEqual({ message: 'Copied', open: false, triggerRect, variant: 'fill' })
  })

  it('legal checkbox toggles', () => {
    const l = createLegal()
    expect(l.$legal.get()).toEqual({ isLegalCheckboxChecked: false })
    l.setLegalChecked(true)
    expect(l.$legal.get()).toEqual({ isLegalCheckboxChecked: true })
  })

  it('theme mode switches and variables merge', () => {
    const th = createTheme({ themeMode: 'light', themeVariables: { '--portico-color-accent': '#000' } })
    th.setThemeMode('dark')
    th.setThemeVariables({ '--portico-radius': 8 })
    expect(th.$theme.get()).toEqual({ themeMode: 'dark', themeVariables: { '--portico-color-accent': '#000', '--portico-radius': 8 } })
  })
})
