import '../../testing'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Avatar } from './Avatar'
import { gradientFor, hashString } from './gradient'

const A = '0x1111111111111111111111111111111111111111'
const B = '0x2222222222222222222222222222222222222222'

describe('Avatar gradient', () => {
  it('is deterministic and case-insensitive', () => {
    expect(gradientFor(A)).toBe(gradientFor(A.toUpperCase().replace('0X', '0x')))
    expect(hashString('abc')).toBe(hashString('ABC'))
  })
  it('differs between addresses', () => {
    expect(gradientFor(A)).not.toBe(gradientFor(B))
  })
  it('is a linear gradient of two hsl colours', () => {
    expect(gradientFor(A)).toMatch(/^linear-gradient\(\d+deg, hsl\(\d+ 78% 58%\), hsl\(\d+ 72% 46%\)\)$/)
  })
})

describe('Avatar', () => {
  it('uses the gradient without an image', () => {
    render(<Avatar address={A} label="Account avatar" />)
    const el = screen.getByRole('img', { name: 'Account avatar' })
    expect(el.querySelector('img')).toBeNull()
    expect(el.getAttribute('style')).toContain('linear-gradient')
  })
  it('shows the image when given', () => {
    render(<Avatar address={A} imageUrl="data:image/png;base64,AA==" />)
    const el = screen.getByTestId('portico-avatar')
    expect(el.querySelector('img')?.getAttribute('src')).toBe('data:image/png;base64,AA==')
  })
})
