import '../../testing'
import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { SwitchNetworkView } from './SwitchNetworkView'

const network = { name: 'Base', caipNetworkId: 'eip155:8453' }

describe('SwitchNetworkView', () => {
  it('waits for the wallet without a retry', () => {
    render(<SwitchNetworkView network={network} state="waiting" onRetry={() => {}} />)
    expect(screen.getByRole('status', { name: '' }).textContent ?? '').toBeDefined()
    expect(screen.getByText('Approve in wallet')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull()
  })
  it('shows the error and retries', () => {
    const onRetry = vi.fn()
    render(<SwitchNetworkView network={network} state="error" error="User rejected the request" onRetry={onRetry} />)
    expect(screen.getByRole('alert').textContent).toBe('Switch declined')
    expect(screen.getByText('User rejected the request')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(onRetry).toHaveBeenCalledTimes(1)
  })
})
