import '../../testing'
import { fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { Tabs } from './Tabs'

function Harness() {
  const [i, setI] = useState(0)
  return (
    <Tabs
      label="Account"
      selected={i}
      onSelect={setI}
      tabs={[
        { id: 'tokens', label: 'Tokens', content: 'token list' },
        { id: 'activity', label: 'Activity', content: 'activity list' },
      ]}
    />
  )
}

describe('Tabs', () => {
  it('selects on click and shows the matching panel', () => {
    render(<Harness />)
    fireEvent.click(screen.getByRole('tab', { name: 'Activity' }))
    expect(screen.getByRole('tab', { name: 'Activity' }).getAttribute('aria-selected')).toBe('true')
    expect(screen.getByRole('tabpanel', { name: 'Activity' }).textContent).toBe('activity list')
  })
  it.each([
    ['ArrowRight', 'Activity'],
    ['ArrowLeft', 'Activity'],
    ['End', 'Activity'],
    ['Home', 'Tokens'],
  ])('%s moves selection and focus to %s', (key, expected) => {
    render(<Harness />)
    const first = screen.getByRole('tab', { name: 'Tokens' })
    first.focus()
    fireEvent.keyDown(first, { key })
    const tab = screen.getByRole('tab', { name: expected })
    expect(tab.getAttribute('aria-selected')).toBe('true')
    expect(document.activeElement).toBe(tab)
    expect(tab.tabIndex).toBe(0)
  })
})
