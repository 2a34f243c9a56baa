import { describe, expect, it } from 'vitest'
import { WALLETCONNECT_ICON } from './icon'
import { PEER_NAME_MAX, peerWallet } from './schemas'

const PNG = 'data:image/png;base64,iVBORw0KGgo='

describe('peerWallet: the wallet’s name and icon from untrusted session metadata', () => {
  it.each<[string, unknown, ReturnType<typeof peerWallet>]>([
    [
      'name and https icon',
      { name: 'Rainbow', icons: ['https://rainbow.me/icon.png'] },
      { name: 'Rainbow', icon: 'https://rainbow.me/icon.png' },
    ],
    [
      'the first usable icon wins',
      { name: 'W', icons: ['javascript:alert(1)', 'ftp://x/y.png', 7, '', 'https://w.example/a.svg', 'https://w.example/b.svg'] },
      { name: 'W', icon: 'https://w.example/a.svg' },
    ],
    [
      'http icons count (local wallets)',
      { name: 'Local', icons: ['http://127.0.0.1:3000/icon.png'] },
      { name: 'Local', icon: 'http://127.0.0.1:3000/icon.png' },
    ],
    ['data: images count', { name: 'D', icons: [PNG] }, { name: 'D', icon: PNG }],
    ['an SVG data URI counts', { name: 'S', icons: [WALLETCONNECT_ICON] }, { name: 'S', icon: WALLETCONNECT_ICON }],
    ['data: that is not an image does not', { name: 'T', icons: ['data:text/html,<script>alert(1)</script>'] }, { name: 'T' }],
    ['no icons', { name: 'Bare' }, { name: 'Bare' }],
    ['icons not a list: not metadata', { name: 'Odd', icons: 'https://x.example/i.png' }, undefined],
    ['spaces and control characters go', { name: '  My\u0000 \n Wallet\u202e  ' }, { name: 'My Wallet' }],
    ['an empty name: no wallet (the connector stays)', { name: ' \u200b ', icons: ['https://x.example/i.png'] }, undefined],
    ['no name: no wallet', { icons: ['https://x.example/i.png'] }, undefined],
    ['not an object', 'Rainbow', undefined],
    ['nothing', undefined, undefined],
  ])('%s', (_what, metadata, expected) => {
    expect(peerWallet(metadata)).toEqual(expected)
  })

  it(`cuts a long name to ${PEER_NAME_MAX} characters with an ellipsis, never inside a character`, () => {
    const long = `${'😀'.repeat(30)}${'a'.repeat(40)}`
    const { name } = peerWallet({ name: long })!
    expect([...name]).toHaveLength(PEER_NAME_MAX)
    expect(name.endsWith('…')).toBe(true)
    expect(name.startsWith('😀'.repeat(30))).toBe(true)
    expect(peerWallet({ name: 'x'.repeat(PEER_NAME_MAX) })?.name).toBe('x'.repeat(PEER_NAME_MAX))
  })

  it('drops icon URLs too long to be sane', () => {
    expect(peerWallet({ name: 'L', icons: [`https://x.example/${'a'.repeat(3000)}.png`] })).toEqual({ name: 'L' })
    expect(peerWallet({ name: 'L', icons: [`data:image/png;base64,${'A'.repeat(100_001)}`] })).toEqual({ name: 'L' })
  })
})

describe('WALLETCONNECT_ICON (the connector’s mark)', () => {
  it('is an SVG data URI with no script, link or text', () => {
    expect(WALLETCONNECT_ICON.startsWith('data:image/svg+xml,')).toBe(true)
    const svg = decodeURIComponent(WALLETCONNECT_ICON.slice('data:image/svg+xml,'.length))
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/)
    expect(svg).not.toMatch(/<script|<text|<image|href=/)
    expect(svg.length).toBeLessThan(600)
  })
})
