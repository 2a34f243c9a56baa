import '../../testing'
import { render, screen } from '@testing-library/react'
import jsQR from 'jsqr'
import { describe, expect, it } from 'vitest'
import { QR_QUIET_ZONE, QrCode, qrMatrix, qrRuns } from './QrCode'

const URI =
  'wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303&expiryTimestamp=1700000240'

/** Rasterises the rendered SVG (rects in module units) to RGBA pixels, `scale` px per module. */
function rasterise(svg: SVGSVGElement, scale = 4) {
  const n = Number(svg.getAttribute('viewBox')!.split(' ')[2])
  const size = n * scale
  const pixels = new Uint8ClampedArray(size * size * 4)
  for (const rect of svg.querySelectorAll('rect')) {
    const [x, y, w, h] = ['x', 'y', 'width', 'height'].map((a) => Number(rect.getAttribute(a)))
    const v = rect.getAttribute('fill') === '#000000' ? 0 : 255
    for (let py = y! * scale; py < (y! + h!) * scale; py++)
      for (let px = x! * scale; px < (x! + w!) * scale; px++) {
        const i = (py * size + px) * 4
        pixels.set([v, v, v, 255], i)
      }
  }
  return { pixels, size }
}

describe('QrCode', () => {
  it('renders an SVG whose rects decode (jsQR) to the exact URI', () => {
    render(<QrCode value={URI} label="WalletConnect QR code" />)
    const svg = screen.getByRole('img', { name: 'WalletConnect QR code' }) as unknown as SVGSVGElement
    const { pixels, size } = rasterise(svg)
    expect(jsQR(pixels, size, size)?.data).toBe(URI)
  })

  it('keeps a 4-module quiet zone on every side', () => {
    const m = qrMatrix(URI)
    const n = m.length
    for (let i = 0; i < n; i++)
      for (let q = 0; q < QR_QUIET_ZONE; q++) {
        expect([m[q]![i], m[n - 1 - q]![i], m[i]![q], m[i]![n - 1 - q]]).toEqual([false, false, false, false])
      }
    // Finder pattern starts right after the quiet zone.
    expect(m[QR_QUIET_ZONE]![QR_QUIET_ZONE]).toBe(true)
  })

  it('merges dark modules into horizontal runs', () => {
    expect(
      qrRuns([
        [false, true, true, false, true],
        [true, true, true, true, true],
        [false, false, false, false, false],
      ]),
    ).toEqual([
      { x: 1, y: 0, w: 2 },
      { x: 4, y: 0, w: 1 },
      { x: 0, y: 1, w: 5 },
    ])
  })

  it('a different value gives a different code', () => {
    const { rerender } = render(<QrCode value={URI} label="qr" />)
    const first = screen.getByRole('img').innerHTML
    rerender(<QrCode value={URI.replace('7f6e', '0000')} label="qr" />)
    expect(screen.getByRole('img').innerHTML).not.toBe(first)
  })
})
