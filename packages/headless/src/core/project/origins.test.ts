import { describe, expect, it } from 'vitest'
import { isOriginAllowed, originMatches } from './origins'

describe('allowed-origin patterns (SPEC §7 /projects/v1/origins)', () => {
  it.each([
    ['https://app.example.com', 'https://app.example.com', true],
    ['https://app.example.com', 'https://app.example.com/', true],
    ['https://APP.example.com', 'https://app.example.com', true],
    ['https://app.example.com', 'http://app.example.com', false],
    ['https://app.example.com:8443', 'https://app.example.com', false],
    ['https://evil.com', 'https://app.example.com', false],
    ['https://app.example.com.evil.com', 'https://app.example.com', false],
    ['https://shop.example.com', 'https://*.example.com', true],
    ['https://my-shop.example.com', 'https://*.example.com', true],
    ['https://example.com', 'https://*.example.com', false],
    ['https://a.b.example.com', 'https://*.example.com', false],
    ['https://shopexample.com', 'https://*.example.com', false],
    ['https://evil.com/.example.com', 'https://*.example.com', false],
    ['http://localhost:5173', 'http://localhost:*', true],
    ['http://localhost:3000', 'http://localhost:*', true],
    ['http://localhost', 'http://localhost:*', false],
    ['http://127.0.0.1:5173', 'http://localhost:*', false],
    ['http://127.0.0.1:5173', 'http://127.0.0.1:*', true],
    ['https://anything.test', '*', true],
    ['https://anything.test', '', false],
    ['https://x1y2.example.com', 'https://x?y.example.com', false],
  ])('%s against %s → %s', (origin, pattern, expected) => {
    expect(originMatches(origin, pattern)).toBe(expected)
  })

  it.each([
    ['no patterns: no restriction', 'https://any.site', [], true],
    ['one of several matches', 'http://localhost:5173', ['https://app.example.com', 'http://localhost:*'], true],
    ['none matches', 'http://127.0.0.1:5173', ['https://app.example.com', 'https://*.example.com'], false],
  ])('%s', (_name, origin, patterns, expected) => {
    expect(isOriginAllowed(origin, patterns)).toBe(expected)
  })
})
