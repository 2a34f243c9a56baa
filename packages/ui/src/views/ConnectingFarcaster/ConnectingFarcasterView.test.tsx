import '../../testing'
import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { ConnectingFarcasterView } from './ConnectingFarcasterView'

const URL_F = 'https://warpcast.com/~/siwf?channelToken=chan-0123456789abcdef'

describe('ConnectingFarcasterView', () => {
  it('loading until the channel URL exists: status text, Copy link disabled, no QR', () => {
    render(<ConnectingFarcasterView />)
    expect(screen.getByTestId('portico-farcaster-loading').textContent).toBe('Preparing sign-in link')
    expect((screen.getByRole('button', { name: 'Copy link' }) as HTMLButtonElement).disabled).toBe(true)
    expect(screen.queryByRole('img')).toBeNull()
    expect(screen.getByTestId('portico-connecting-farcaster').dataset.state).toBe('loading')
  })

  it('desktop: the URL as a QR code, "Waiting for approval", Copy link copies the URL', async () => {
    const onCopy = vi.fn()
    render(<ConnectingFarcasterView url={URL_F} onCopy={onCopy} />)
    expect(screen.getByRole('img', { name: 'QR code to sign in with Farcaster' })).toBeTruthy()
    expect(screen.getByTestId('portico-farcaster-waiting').textContent).toBe('Waiting for approval')
    expect(screen.getByTestId('portico-connecting-farcaster').dataset.url).toBe(URL_F)
    expect(screen.queryByTestId('portico-farcaster-open')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }))
    expect(onCopy).toHaveBeenCalledWith(URL_F)
    expect(await screen.findByRole('button', { name: 'Link copied' })).toBeTruthy()
  })

  it('mobile: a deep link "Open Farcaster" to the URL, no QR code', () => {
    render(<ConnectingFarcasterView url={URL_F} isMobile />)
    const open = screen.getByRole('link', { name: 'Open Farcaster' }) as HTMLAnchorElement
    expect(open.href).toBe(URL_F)
    expect(screen.queryByRole('img', { name: 'QR code to sign in with Farcaster' })).toBeNull()
  })

  it('error: "Failed to connect to farcaster" with Try again', () => {
    const onRetry = vi.fn()
    render(<ConnectingFarcasterView url={URL_F} error="Failed to connect to farcaster" onRetry={onRetry} />)
    expect(screen.getByRole('alert').textContent).toContain('Failed to connect to farcaster')
    expect(screen.queryByRole('img')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(onRetry).toHaveBeenCalled()
  })
})
