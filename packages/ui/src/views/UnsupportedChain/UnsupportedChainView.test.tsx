import '../../testing'
import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { UnsupportedChainView } from './UnsupportedChainView'

describe('UnsupportedChainView', () => {
  it('prompts to switch to a supported network or disconnect', () => {
    const onSelect = vi.fn()
    const onDisconnect = vi.fn()
    render(
      <UnsupportedChainView networks={[{ caipNetworkId: 'eip155:1', name: 'Ethereum' }]} onSelect={onSelect} onDisconnect={onDisconnect} />,
    )
    expect(screen.getByTestId('portico-unsupported-chain').textContent).toContain('doesn’t support your current network')
    fireEvent.click(screen.getByRole('button', { name: /Ethereum/ }))
    expect(onSelect).toHaveBeenCalledWith('eip155:1')
    fireEvent.click(screen.getByRole('button', { name: 'Disconnect' }))
    expect(onDisconnect).toHaveBeenCalledTimes(1)
  })
})
