import { describe, expect, it } from 'vitest'
import { readPrimaryEmail, resolveSocialProviders, SOCIAL_PROVIDER_DEFAULTS } from './social-providers.ts'

describe("GitHub's emails list (GET /user/emails)", () => {
  it.each([
    [
      'the primary verified address, lowercased',
      [
        { email: 'a@b.example', primary: false, verified: true, visibility: null },
        { email: ' Ada@Example.COM ', primary: true, verified: true, visibility: 'private' },
      ],
      'ada@example.com',
    ],
    [
      'a primary address that is not verified: none (not another verified one)',
      [
        { email: 'new@example.com', primary: true, verified: false, visibility: 'private' },
        { email: 'old@example.com', primary: false, verified: true, visibility: null },
      ],
      null,
    ],
    ['no primary address', [{ email: 'old@example.com', primary: false, verified: true, visibility: null }], null],
    ['a primary "address" that is not one', [{ email: 'not an address', primary: true, verified: true }], null],
    [
      'entries of another shape are skipped',
      [null, 1, { email: 'x@y.example', primary: 'yes', verified: true }, { email: 'z@y.example', primary: true, verified: true }],
      'z@y.example',
    ],
    ['an empty list', [], null],
    ['an object, not a list', { email: 'a@b.example', primary: true, verified: true }, null],
    ['a string', 'a@b.example', null],
    ['null', null, null],
  ])('%s', (_, raw, email) => {
    expect(readPrimaryEmail(raw)).toBe(email)
  })

  it("is GitHub's only, by default; a stand-in that gives its own userinfo endpoint gets none unless it names one", () => {
    expect(
      Object.entries(SOCIAL_PROVIDER_DEFAULTS)
        .filter(([, d]) => d.emailsEndpoint !== null)
        .map(([p, d]) => [p, d.emailsEndpoint]),
    ).toEqual([['github', 'https://api.github.com/user/emails']])
    const resolved = (github: Record<string, string>) =>
      resolveSocialProviders({ providers: { github: { clientId: 'id', clientSecret: 's', ...github } } }).get('github')!.emailsEndpoint
    expect(resolved({})).toBe('https://api.github.com/user/emails')
    // The stand-in's access token never goes to the real GitHub.
    expect(resolved({ userinfoEndpoint: 'http://127.0.0.1:9000/me' })).toBeNull()
    expect(resolved({ userinfoEndpoint: 'http://127.0.0.1:9000/me', emailsEndpoint: 'http://127.0.0.1:9000/emails' })).toBe(
      'http://127.0.0.1:9000/emails',
    )
    expect(() => resolved({ emailsEndpoint: 'ftp://x' })).toThrow(/absolute http\(s\) URL/)
  })
})

describe('token endpoint auth method (tokenAuth)', () => {
  it("is 'post' (client_secret_post) for Apple and Facebook, 'basic' for the others, and overridable per provider", () => {
    expect(
      Object.entries(SOCIAL_PROVIDER_DEFAULTS)
        .filter(([, d]) => d.tokenAuth !== 'basic')
        .map(([p, d]) => [p, d.tokenAuth]),
    ).toEqual([
      ['apple', 'post'],
      ['facebook', 'post'],
    ])
    const resolved = (provider: 'apple' | 'google', over: Record<string, string> = {}) =>
      resolveSocialProviders({ providers: { [provider]: { clientId: 'id', clientSecret: 's', ...over } } }).get(provider)!.tokenAuth
    expect(resolved('apple')).toBe('post')
    expect(resolved('google')).toBe('basic')
    expect(resolved('apple', { tokenAuth: 'basic' })).toBe('basic')
    expect(resolved('google', { tokenAuth: 'post' })).toBe('post')
    expect(() => resolved('google', { tokenAuth: 'jwt' })).toThrow()
  })
})
