import '../../testing'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Banner, type BannerVariant, Snackbar } from './Banner'

describe('Banner and Snackbar roles', () => {
  it.each<[BannerVariant, 'alert' | 'status']>([
    ['error', 'alert'],
    ['warning', 'alert'],
    ['info', 'status'],
    ['success', 'status'],
    ['loading', 'status'],
  ])('%s → role %s', (variant, role) => {
    const { unmount } = render(<Banner variant={variant}>Connection rejected</Banner>)
    expect(screen.getByRole(role).textContent).toBe('Connection rejected')
    unmount()
    render(<Snackbar variant={variant} message="Swapping ..." />)
    expect(screen.getByRole(role).textContent).toBe('Swapping ...')
  })
  it('renders an action', () => {
    render(
      <Banner variant="error" action={<button type="button">Try again</button>}>
        Connection rejected
      </Banner>,
    )
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy()
  })
})
