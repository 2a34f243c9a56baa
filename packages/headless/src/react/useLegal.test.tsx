import { act, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import type { PorticoOptions } from '../core/options/options'
import { createPortico } from '../core/portico'
import { mainnet, mapStorage } from '../core/test-utils'
import { PorticoContextProvider } from './PorticoContext'
import { useLegal } from './useLegal'

function renderLegal(options: Partial<PorticoOptions> = {}) {
  const portico = createPortico({ projectId: 'p', networks: [mainnet], storage: mapStorage(), ...options })
  const wrapper = ({ children }: { children: ReactNode }) => <PorticoContextProvider portico={portico}>{children}</PorticoContextProvider>
  return { portico, ...renderHook(() => useLegal(), { wrapper }) }
}

describe('useLegal (SPEC §3 legal checkbox)', () => {
  it('off by default: not enabled, unchecked, no links', () => {
    const { result, unmount } = renderLegal()
    expect(result.current).toMatchObject({
      isLegalCheckboxEnabled: false,
      isLegalCheckboxChecked: false,
      termsConditionsUrl: undefined,
      privacyPolicyUrl: undefined,
    })
    unmount()
  })

  it('features.legalCheckbox enables it with the app links; checking goes through the store both ways', () => {
    const { portico, result, unmount } = renderLegal({
      features: { legalCheckbox: true },
      termsConditionsUrl: 'https://my.app/terms',
      privacyPolicyUrl: 'https://my.app/privacy',
    })
    expect(result.current).toMatchObject({
      isLegalCheckboxEnabled: true,
      isLegalCheckboxChecked: false,
      termsConditionsUrl: 'https://my.app/terms',
      privacyPolicyUrl: 'https://my.app/privacy',
    })
    act(() => result.current.setLegalChecked(true))
    expect(portico.legal.$legal.get()).toEqual({ isLegalCheckboxChecked: true })
    expect(result.current.isLegalCheckboxChecked).toBe(true)
    // A custom UI (or another component) unchecking it through the store is seen by the hook.
    act(() => portico.legal.setLegalChecked(false))
    expect(result.current.isLegalCheckboxChecked).toBe(false)
    unmount()
  })
})
