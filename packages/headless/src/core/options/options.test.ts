import { describe, expect, it } from 'vitest'
import type { ChainAdapter } from '../../adapters'
import { base, fakeAdapter, mainnet } from '../test-utils'
import { connectMethodsOrder, DEFAULT_FEATURES, resolveOptions, type PorticoOptions } from './options'

const valid: PorticoOptions = { projectId: 'p1', networks: [mainnet, base] }

describe('createPortico options', () => {
  it('fills defaults', () => {
    const o = resolveOptions(valid)
    expect(o).toMatchObject({
      projectId: 'p1',
      defaultNetwork: mainnet,
      adapters: [],
      features: DEFAULT_FEATURES,
      themeMode: 'system',
      themeVariables: {},
      apiUrl: 'https://api.portico.dev',
      explorerUrl: 'https://api.portico.dev',
      debug: false,
      manualControl: false,
      embedded: false,
      featuredWalletIds: [],
    })
  })

  it('keeps given values, merges features, trims URL slashes', () => {
    const o = resolveOptions({ ...valid, defaultNetwork: base, apiUrl: 'http://127.0.0.1:8787/', features: { swaps: false }, themeMode: 'dark' })
    expect(o.defaultNetwork).toBe(base)
    expect(o.apiUrl).toBe('http://127.0.0.1:8787')
    expect(o.features).toEqual({ ...DEFAULT_FEATURES, swaps: false })
    expect(o.themeMode).toBe('dark')
  })

  it('keeps the legal links, and refuses one that is not a URL', () => {
    const o = resolveOptions({ ...valid, termsConditionsUrl: 'https://my.app/terms', privacyPolicyUrl: 'https://my.app/privacy' })
    expect([o.termsConditionsUrl, o.privacyPolicyUrl]).toEqual(['https://my.app/terms', 'https://my.app/privacy'])
    expect(resolveOptions(valid).termsConditionsUrl).toBeUndefined()
    expect(() => resolveOptions({ ...valid, privacyPolicyUrl: 'privacy' })).toThrow(/privacyPolicyUrl/)
  })

  it('legal checkbox: off by default, on when the app asks, refused when not a boolean', () => {
    expect(resolveOptions(valid).features.legalCheckbox).toBe(false)
    expect(DEFAULT_FEATURES.legalCheckbox).toBe(false)
    const on = resolveOptions({ ...valid, features: { legalCheckbox: true } })
    expect(on.features).toEqual({ ...DEFAULT_FEATURES, legalCheckbox: true })
    expect(() => resolveOptions({ ...valid, features: { legalCheckbox: 'yes' } } as unknown as PorticoOptions)).toThrow(/features\.legalCheckbox/)
  })

  it("pay (pay with exchange, the app's own flag): absent by default, kept when set, refused when not a boolean", () => {
    expect(resolveOptions(valid).features.pay).toBeUndefined()
    expect(resolveOptions({ ...valid, features: { pay: true } }).features).toEqual({ ...DEFAULT_FEATURES, pay: true })
    expect(() => resolveOptions({ ...valid, features: { pay: 1 } } as unknown as PorticoOptions)).toThrow(/features\.pay/)
  })

  it('refuses an adapter without namespace', () => {
    const bad = { ...fakeAdapter(), namespace: undefined } as unknown as ChainAdapter
    expect(() => resolveOptions({ ...valid, adapters: [bad] })).toThrow('Adapters must have a namespace')
  })

  it.each<[string, Record<string, unknown>, string]>([
    ['an unknown namespace', { namespace: 'dogecoin' }, 'Invalid Portico options: adapters.0.namespace: "dogecoin" is not one of eip155, solana, polkadot, bip122, cosmos, sui, stacks'],
    ['an unknown extra namespace', { namespaces: ['eip155', 'tron'] }, 'Invalid Portico options: adapters.0.namespace: "tron" is not one of eip155, solana, polkadot, bip122, cosmos, sui, stacks'],
  ])('refuses an adapter with %s', (_label, patch, message) => {
    const bad = { ...fakeAdapter(), ...patch } as unknown as ChainAdapter
    expect(() => resolveOptions({ ...valid, adapters: [bad] })).toThrow(message)
  })

  it('accepts a multi-namespace adapter of known namespaces', () => {
    const wc = { ...fakeAdapter(), namespaces: ['eip155', 'solana', 'bip122'] } as unknown as ChainAdapter
    expect(resolveOptions({ ...valid, adapters: [wc] }).adapters).toEqual([wc])
  })

  it.each<[string, Record<string, unknown>, RegExp]>([
    ['no projectId', { projectId: '' }, /^Invalid Portico options: projectId: is required$/],
    ['no networks', { networks: [] }, /networks: needs at least one network/],
    ['bad CAIP id', { networks: [{ ...mainnet, caipNetworkId: 'eip155' }] }, /networks\.0\.caipNetworkId: must be a CAIP-2 id/],
    ['unknown namespace', { networks: [{ ...mainnet, chainNamespace: 'dogecoin' }] }, /networks\.0\.chainNamespace/],
    ['bad theme mode', { themeMode: 'blue' }, /themeMode/],
    ['bad api url', { apiUrl: 'not a url' }, /apiUrl/],
    ['bad method', { connectMethodsOrder: ['email', 'fax'] }, /connectMethodsOrder\.1/],
    ['default network not listed', { defaultNetwork: { ...base, caipNetworkId: 'eip155:10', id: 10 } }, /defaultNetwork: must be one of networks/],
  ])('%s -> clear error', (_name, patch, message) => {
    expect(() => resolveOptions({ ...valid, ...patch } as PorticoOptions)).toThrow(message)
  })
})

describe('connect-method order (SPEC §2)', () => {
  const features = { email: true, socials: ['google' as const] }
  it.each<[string, Parameters<typeof connectMethodsOrder>[0], string[]]>([
    ['default', { connectors: [], features }, ['email', 'social', 'wallet']],
    ['walletConnect only', { connectors: [{ type: 'walletConnect' }], features }, ['email', 'social', 'wallet']],
    ['injected visible', { connectors: [{ type: 'injected' }], features }, ['wallet', 'email', 'social']],
    ['announced visible', { connectors: [{ type: 'announced' }], features }, ['wallet', 'email', 'social']],
    ['configured overrides', { configured: ['social', 'wallet', 'email'], connectors: [{ type: 'injected' }], features }, ['social', 'wallet', 'email']],
    ['email off', { connectors: [], features: { email: false, socials: ['google'] } }, ['social', 'wallet']],
    ['socials off', { connectors: [], features: { email: true, socials: false } }, ['email', 'wallet']],
  ])('%s', (_name, params, expected) => expect(connectMethodsOrder(params)).toEqual(expected))
})
