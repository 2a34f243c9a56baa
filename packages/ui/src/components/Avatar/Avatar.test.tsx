import '../../testing'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Avatar } from './Avatar'
import { AvatarDot } from './AvatarDot'
import { blockieFor } from './blockie'
import { gradientFor, hashString } from './gradient'

const A = '0x1111111111111111111111111111111111111111'
const B = '0x2222222222222222222222222222222222222222'
const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

/** The cells (x, y) of one path. */
const cells = (path: string) => [...path.matchAll(/M(\d) (\d)h1v1h-1z/g)].map((m) => [Number(m[1]), Number(m[2])] as const)
/** The 8×8 grid as 0 background, 1 main, 2 spot. */
function grid(input: string): number[][] {
  const g = Array.from({ length: 8 }, () => Array<number>(8).fill(0))
  for (const [i, path] of blockieFor(input).paths.entries()) {
    for (const [x, y] of cells(path)) g[y]![x] = i + 1
  }
  return g
}

describe('blockieFor (the generated avatar)', () => {
  it('gives the same picture for the same address, whatever its case', () => {
    expect(blockieFor(ACCOUNT_0)).toEqual(blockieFor(ACCOUNT_0.toLowerCase()))
    expect(blockieFor(A)).toEqual(blockieFor(A.toUpperCase().replace('0X', '0x')))
  })

  it('is a fixed picture for a given address (account 0 of the devnet mnemonic)', () => {
    const b = blockieFor(ACCOUNT_0)
    expect(b.colors).toEqual(['hsl(232 40% 91%)', 'hsl(39 56% 50%)', 'hsl(98 88% 28%)'])
    expect(grid(ACCOUNT_0)).toEqual([
      [1, 0, 1, 0, 0, 1, 0, 1],
      [1, 0, 0, 1, 1, 0, 0, 1],
      [1, 0, 1, 1, 1, 1, 0, 1],
      [0, 0, 1, 2, 2, 1, 0, 0],
      [2, 0, 0, 1, 1, 0, 0, 2],
      [1, 0, 0, 1, 1, 0, 0, 1],
      [0, 0, 0, 1, 1, 0, 0, 0],
      [1, 0, 1, 0, 0, 1, 0, 1],
    ])
  })

  it('is mirrored left to right, every cell drawn once', () => {
    for (const input of [A, B, ACCOUNT_0, '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM', '']) {
      for (const row of grid(input)) expect(row).toEqual([...row].reverse())
      const all = blockieFor(input).paths.flatMap((p) => cells(p).map(([x, y]) => `${x},${y}`))
      expect(new Set(all).size).toBe(all.length)
    }
  })

  it('tells neighbouring addresses apart (pattern and colours)', () => {
    const next = '0x1111111111111111111111111111111111111112'
    expect(grid(A)).not.toEqual(grid(next))
    expect(blockieFor(A).colors).not.toEqual(blockieFor(next).colors)
    // 32 addresses that differ in one character: 32 different pictures.
    const inputs = Array.from({ length: 32 }, (_, i) => `0x${i.toString(16).padStart(2, '0')}${'a'.repeat(38)}`)
    expect(new Set(inputs.map((i) => JSON.stringify(grid(i)))).size).toBe(32)
  })
})

describe('gradientFor (monogram tiles of wallets and networks)', () => {
  it('is deterministic and case-insensitive', () => {
    expect(gradientFor(A)).toBe(gradientFor(A.toUpperCase().replace('0X', '0x')))
    expect(hashString('abc')).toBe(hashString('ABC'))
  })
  it('differs between inputs', () => {
    expect(gradientFor(A)).not.toBe(gradientFor(B))
  })
  it('is a linear gradient of two hsl colours', () => {
    expect(gradientFor(A)).toMatch(/^linear-gradient\(\d+deg, hsl\(\d+ 78% 58%\), hsl\(\d+ 72% 46%\)\)$/)
  })
})

describe('Avatar', () => {
  it('draws the generated picture of the address without an image', () => {
    render(<Avatar address={ACCOUNT_0} label="Account avatar" />)
    const el = screen.getByRole('img', { name: 'Account avatar' })
    expect(el.querySelector('img')).toBeNull()
    const svg = screen.getByTestId('portico-avatar-blockie')
    expect(svg.getAttribute('viewBox')).toBe('0 0 8 8')
    expect([...svg.children].map((c) => c.getAttribute('fill'))).toEqual(blockieFor(ACCOUNT_0).colors)
    expect(svg.querySelectorAll('path')[0]?.getAttribute('d')).toBe(blockieFor(ACCOUNT_0).paths[0])
  })
  it('shows the image when given, and no generated picture', () => {
    render(<Avatar address={A} imageUrl="data:image/png;base64,AA==" />)
    const el = screen.getByTestId('portico-avatar')
    expect(el.querySelector('img')?.getAttribute('src')).toBe('data:image/png;base64,AA==')
    expect(screen.queryByTestId('portico-avatar-blockie')).toBeNull()
  })
})

describe('AvatarDot (the ConnectButton / AccountButton pill)', () => {
  it('draws the same picture as the Avatar once the generator is in, nothing else before', async () => {
    render(<AvatarDot address={ACCOUNT_0} className="dot" imageClassName="img" />)
    const dot = screen.getByTestId('portico-avatar-dot')
    // The generator is its own chunk: the dot stays empty until it is in.
    expect(dot.children).toHaveLength(0)
    const svg = await screen.findByTestId('portico-avatar-blockie')
    expect(dot.contains(svg)).toBe(true)
    expect([...svg.children].map((c) => c.getAttribute('fill'))).toEqual(blockieFor(ACCOUNT_0).colors)
    expect(svg.querySelectorAll('path')[1]?.getAttribute('d')).toBe(blockieFor(ACCOUNT_0).paths[1])
  })
  it('shows the profile image when there is one', () => {
    render(<AvatarDot address={ACCOUNT_0} image="https://example.com/me.png" className="dot" imageClassName="img" />)
    expect(screen.getByTestId('portico-avatar-dot').querySelector('img')?.getAttribute('src')).toBe('https://example.com/me.png')
    expect(screen.queryByTestId('portico-avatar-blockie')).toBeNull()
  })
})
