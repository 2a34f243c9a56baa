import type { CaipNetwork, ChainNamespace } from '@portico/headless'
import { describe, expect, it } from 'vitest'
import { formatUnits, parseEvmChainId, utf8ToHex } from './hex'
import { optionalNamespaces, parseCaipAccount, WC_EVENTS, WC_METHODS } from './namespaces'

const net = (ns: ChainNamespace, ref: string): CaipNetwork =>
  ({
    id: ns === 'eip155' ? Number(ref) : ref,
    caipNetworkId: `${ns}:${ref}`,
    chainNamespace: ns,
    name: `${ns} ${ref}`,
    nativeCurrency: { name: 'X', symbol: 'X', decimals: 18 },
    rpcUrls: { default: { http: ['http://127.0.0.1:1'] } },
  }) as CaipNetwork

const ALL = [
  net('eip155', '1'),
  net('eip155', '8453'),
  net('solana', '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'),
  net('polkadot', '91b171bb158e2d3848fa23a9f1c25182'),
  net('bip122', '000000000019d6689c085ae165831e93'),
  net('cosmos', 'cosmoshub-4'),
  net('sui', 'mainnet'),
  net('stacks', '1'),
]

describe('optionalNamespaces', () => {
  it('one entry per configured family with its chains, methods and events', () => {
    const out = optionalNamespaces(ALL)
    expect(Object.keys(out)).toEqual(['eip155', 'solana', 'polkadot', 'bip122', 'cosmos', 'sui', 'stacks'])
    expect(out.eip155).toEqual({ chains: ['eip155:1', 'eip155:8453'], methods: [...WC_METHODS.eip155], events: ['accountsChanged', 'chainChanged'] })
    expect(out.bip122).toEqual({ chains: ['bip122:000000000019d6689c085ae165831e93'], methods: [...WC_METHODS.bip122], events: ['bip122_addressesChanged'] })
  })

  it.each([
    ['eip155', ['personal_sign', 'eth_sendTransaction', 'wallet_switchEthereumChain']],
    ['solana', ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction']],
    ['polkadot', ['polkadot_signMessage', 'polkadot_signTransaction']],
    ['bip122', ['signMessage', 'signPsbt', 'sendTransfer', 'getAccountAddresses']],
    ['cosmos', ['cosmos_signDirect', 'cosmos_signAmino', 'cosmos_getAccounts']],
    ['sui', ['sui_signPersonalMessage', 'sui_signTransaction', 'sui_signAndExecuteTransaction']],
    ['stacks', ['stx_signMessage', 'stx_transferStx', 'stx_signTransaction', 'stx_getAddresses']],
  ] as const)('%s asks for %j', (ns, methods) => {
    expect(optionalNamespaces(ALL)[ns]!.methods).toEqual(expect.arrayContaining([...methods]))
    expect(optionalNamespaces(ALL)[ns]!.events).toEqual([...WC_EVENTS[ns]])
  })

  it('families without networks are left out; the active network comes first', () => {
    expect(optionalNamespaces(ALL.slice(0, 2), ALL[1])).toEqual({
      eip155: { chains: ['eip155:8453', 'eip155:1'], methods: [...WC_METHODS.eip155], events: [...WC_EVENTS.eip155] },
    })
    expect(optionalNamespaces([])).toEqual({})
  })
})

describe('parseCaipAccount', () => {
  it.each([
    ['eip155:1:0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B', { namespace: 'eip155', reference: '1', chainId: 'eip155:1', address: '0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B' }],
    ['cosmos:cosmoshub-4:cosmos1abc', { namespace: 'cosmos', reference: 'cosmoshub-4', chainId: 'cosmos:cosmoshub-4', address: 'cosmos1abc' }],
    ['eip155:1', undefined],
    ['eip155::0x1', undefined],
  ])('%s', (raw, expected) => {
    expect(parseCaipAccount(raw)).toEqual(expected)
  })
})

describe('hex helpers', () => {
  it.each([
    ['', '0x'],
    ['hi', '0x6869'],
    ['é', '0xc3a9'],
  ])('utf8ToHex(%j) = %s', (text, hex) => expect(utf8ToHex(text)).toBe(hex))
  it.each([
    [31337, 31337],
    ['0x7a69', 31337],
    ['31337', 31337],
    ['eip155:8453', 8453],
    ['nope', undefined],
    [null, undefined],
  ])('parseEvmChainId(%j) = %j', (v, n) => expect(parseEvmChainId(v)).toBe(n))
  it.each([
    [1_500_000_000_000_000_000n, 18, '1.5'],
    [0n, 18, '0'],
    [1n, 9, '0.000000001'],
    [2_000_000_000n, 9, '2'],
  ])('formatUnits(%s, %d) = %s', (v, d, out) => expect(formatUnits(v, d)).toBe(out))
})
