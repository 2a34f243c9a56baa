import { describe, expect, it } from 'vitest'
import { amountFontSize } from './amountFit'

describe('amountFontSize', () => {
  it.each<[string, number]>([
    ['', 32],
    ['0.5', 32],
    ['1234567890', 32],
    ['12345678901', 29],
    ['1234567890.12345', 20],
    ['123456789012345678901234.5', 14],
    ['1'.repeat(200), 14],
  ])('%j at 32 px fitting 10 characters → %d px', (text, size) => {
    expect(amountFontSize(text, 32, 10)).toBe(size)
  })

  it('a smaller floor is kept', () => {
    expect(amountFontSize('1'.repeat(100), 24, 12, 12)).toBe(12)
  })
})
