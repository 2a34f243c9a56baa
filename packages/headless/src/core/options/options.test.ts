import { describe, expect, it } from 'vitest'
import type { ChainAdapter } from '../../adapters'
import { base, fakeAdapter, mainnet } from '../test-utils'
import * as presets from '../../networks'
import type { CaipNetwork } from '../types'
import { connectMethodsOrder, DEFAULT_FEATURES, NO_API_FEATURES, resolveOptions, type PorticoOptions } from './options'

const valid: PorticoOptions = { projectId: 'p1', networks: [mainnet, base], apiUrl: 'http://127.0.0.1:8787' }

describe("RPC URLs: presets read through the Portico RPC proxy, an app's own URLs win (SPEC §7)", () => {
  const local: CaipNetwork = {
    ...presets.base,
    id: 31337,
    caipNetworkId: 'eip155:31337',
    name: 'Local',
    rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
  }
  const PROXY = 'https://api.portico.dev/v1/?chainId='
  it.each<[string, CaipNetwork, string]>([
    ['mainnet preset, as is', presets.mainnet, `${PROXY}eip155:1&projectId=p%201`],
    ['base preset, as is', presets.base, `${PROXY}eip155:8453&projectId=p%201`],
    ['solana preset, as is', presets.solana, `${PROXY}solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp&projectId=p%201`],
    [
      'a preset spread with another field (its rpcUrls untouched)',
      { ...presets.optimism, name: 'OP' },
      `${PROXY}eip155:10&projectId=p%201`,
    ],
    [
      "a preset with the app's own rpcUrls",
      { ...presets.mainnet, rpcUrls: { default: { http: ['https://eth.app.example/key'] } } },
      'https://eth.app.example/key',
    ],
    [
      'a preset whose default the app replaced, public kept',
      { ...presets.base, rpcUrls: { ...presets.base.rpcUrls, default: { http: ['https://base.app.example'] } } },
      'https://base.app.example',
    ],
    ["the app's own network (the local demo's kind)", local, 'http://127.0.0.1:8545'],
    ['a preset of a namespace the proxy does not serve (public URL kept)', presets.polkadot, presets.polkadot.rpcUrls.default.http[0]!],
    ['bitcoin: no URL, nothing to proxy', presets.bitcoin, ''],
  ])('%s → %s', (_label, network, url) => {
    const o = resolveOptions({ projectId: 'p 1', apiUrl: 'https://api.portico.dev', networks: [network] })
    // What the adapters read (rpcUrls.default.http[0]) and what the embedded wallet's frame is given.
    expect(o.networks[0]!.rpcUrls.default.http[0] ?? '').toBe(url)
    expect(o.defaultNetwork).toBe(o.networks[0])
  })

  it("the proxy is on the app's apiUrl; public stays for wallets adding the chain", () => {
    const [m] = resolveOptions({ projectId: 'p1', apiUrl: 'http://127.0.0.1:8787/', networks: [presets.mainnet] }).networks
    expect(m!.rpcUrls).toEqual({
      default: { http: ['http://127.0.0.1:8787/v1/?chainId=eip155:1&projectId=p1'] },
      public: presets.mainnet.rpcUrls.public,
    })
    expect(presets.mainnet.rpcUrls.default.http[0]).toBe('https://eth.merkle.io')
  })

  it('every eip155 and solana preset goes through the proxy; no other namespace does', () => {
    for (const preset of Object.values(presets) as CaipNetwork[]) {
      const [resolved] = resolveOptions({ projectId: 'p', apiUrl: 'https://api.portico.dev', networks: [preset] }).networks
      const proxied = resolved!.rpcUrls.default.http[0]?.startsWith('https://api.portico.dev/v1/?chainId=') ?? false
      expect([preset.caipNetworkId, proxied]).toEqual([
        preset.caipNetworkId,
        preset.chainNamespace === 'eip155' || preset.chainNamespace === 'solana',
      ])
    }
  })
})

describe('without apiUrl (issue 25 §3): no API, no proxy, the features that need the API off', () => {
  it('apiUrl and explorerUrl are empty; presets keep their public RPC; an own URL stays', () => {
    const own: CaipNetwork = { ...presets.base, rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } } }
    const o = resolveOptions({ projectId: 'p1', networks: [presets.mainnet, presets.solana, own] })
    expect([o.apiUrl, o.explorerUrl]).toEqual(['', ''])
    expect(o.networks.map((n) => n.rpcUrls.default.http[0])).toEqual([
      'https://eth.merkle.io',
      presets.solana.rpcUrls.default.http[0],
      'http://127.0.0.1:8545',
    ])
  })

  it('turns off every flag that needs the API, even one the app turned on; the others keep the defaults', () => {
    const o = resolveOptions({ projectId: 'p1', networks: [mainnet], features: { email: true, swaps: true, legalCheckbox: true } })
    expect(o.features).toEqual({
      ...DEFAULT_FEATURES,
      legalCheckbox: true,
      swaps: false,
      onramp: false,
      email: false,
      socials: [],
      activity: false,
      emailCapture: false,
      payWithExchange: false,
      payments: false,
      pay: false,
      passkeys: false,
    })
    // The app's own flags, which a remote config never overrides, carry the same.
    expect(o.appFeatures).toMatchObject({ email: false, swaps: false, socials: [], legalCheckbox: true })
  })

  it('an explorerUrl alone gives the explorer list; the rest stays off', () => {
    const o = resolveOptions({ projectId: 'p1', networks: [mainnet], explorerUrl: 'http://127.0.0.1:8787/' })
    expect([o.apiUrl, o.explorerUrl, o.features.email]).toEqual(['', 'http://127.0.0.1:8787', false])
  })

  it('with apiUrl the defaults are the full set', () => {
    expect(resolveOptions({ projectId: 'p1', networks: [mainnet], apiUrl: 'http://127.0.0.1:8787' }).features).toEqual(DEFAULT_FEATURES)
  })
})

describe('createPortico options', () => {
  it('fills defaults (no apiUrl: no API)', () => {
    const o = resolveOptions({ projectId: 'p1', networks: [mainnet, base] })
    expect(o).toMatchObject({
      projectId: 'p1',
      defaultNetwork: mainnet,
      adapters: [],
      features: { ...DEFAULT_FEATURES, ...NO_API_FEATURES },
      themeMode: 'system',
      themeVariables: {},
      apiUrl: '',
      explorerUrl: '',
      debug: false,
      manualControl: false,
      embedded: false,
      featuredWalletIds: [],
    })
  })

  it('keeps given values, merges features, trims URL slashes', () => {
    const o = resolveOptions({
      ...valid,
      defaultNetwork: base,
      apiUrl: 'http://127.0.0.1:8787/',
      features: { swaps: false },
      themeMode: 'dark',
    })
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
    expect(() => resolveOptions({ ...valid, features: { legalCheckbox: 'yes' } } as unknown as PorticoOptions)).toThrow(
      /features\.legalCheckbox/,
    )
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
    [
      'an unknown namespace',
      { namespace: 'dogecoin' },
      'Invalid Portico options: adapters.0.namespace: "dogecoin" is not one of eip155, solana, polkadot, bip122, cosmos, sui, stacks',
    ],
    [
      'an unknown extra namespace',
      { namespaces: ['eip155', 'tron'] },
      'Invalid Portico options: adapters.0.namespace: "tron" is not one of eip155, solana, polkadot, bip122, cosmos, sui, stacks',
    ],
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
    [
      'default network not listed',
      { defaultNetwork: { ...base, caipNetworkId: 'eip155:10', id: 10 } },
      /defaultNetwork: must be one of networks/,
    ],
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
    [
      'configured overrides',
      { configured: ['social', 'wallet', 'email'], connectors: [{ type: 'injected' }], features },
      ['social', 'wallet', 'email'],
    ],
    ['email off', { connectors: [], features: { email: false, socials: ['google'] } }, ['social', 'wallet']],
    ['socials off', { connectors: [], features: { email: true, socials: false } }, ['email', 'wallet']],
  ])('%s', (_name, params, expected) => expect(connectMethodsOrder(params)).toEqual(expected))
})
