import '../../testing'
import { fireEvent, render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { TokenIcon } from './TokenIcon'

const API = 'http://127.0.0.1:1/portico-test'

describe('TokenIcon', () => {
  it("uses the token's icon URL (USDC's logo from the API's /token-images), decoratively, at its size", () => {
    const { container } = render(<TokenIcon iconUrl={`${API}/token-images/USDC`} symbol="USDC" size={36} />)
    const img = container.querySelector('img')
    expect([img?.getAttribute('src'), img?.getAttribute('alt'), img?.getAttribute('width')]).toEqual([`${API}/token-images/USDC`, '', '36'])
    expect(container.textContent).toBe('')
  })

  it("shows the symbol's first letter without an icon (PTK → P)", () => {
    const { container } = render(<TokenIcon symbol="ptk" />)
    expect(container.querySelector('img')).toBeNull()
    expect(container.querySelector('[aria-hidden="true"]')?.textContent).toBe('P')
  })

  it('shows the letter when the icon fails to load', () => {
    const { container } = render(<TokenIcon iconUrl={`${API}/token-images/NOPE`} symbol="NOPE" />)
    fireEvent.error(container.querySelector('img') as HTMLImageElement)
    expect(container.querySelector('img')).toBeNull()
    expect(container.textContent).toBe('N')
  })
})
