import { type CaipNetwork, type ChainNamespace, isCaipAddress } from '@portico/headless'
import { describe, expect, it } from 'vitest'
import { formatUnits, parseEvmChainId, utf8ToHex } from './hex'
import { optionalNamespaces, parseCaipAccount, WC_EVENTS, WC_METHODS, WC_NAMESPACES } from './namespaces'

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
  it("requests headless's seven namespaces (CHAIN_NAMESPACES), in its order", () => {
    expect(WC_NAMESPACES).toEqual(['eip155', 'solana', 'polkadot', 'bip122', 'cosmos', 'sui', 'stacks'])
    expect(Object.keys(WC_METHODS)).toEqual([...WC_NAMESPACES])
  })

  it('one entry per configured family with its chains, methods and events', () => {
    const out = optionalNamespaces(ALL)
    expect(Object.keys(out)).toEqual(['eip155', 'solana', 'polkadot', 'bip122', 'cosmos', 'sui', 'stacks'])
    expect(out.eip155).toEqual({
      chains: ['eip155:1', 'eip155:8453'],
      methods: [...WC_METHODS.eip155],
      events: ['accountsChanged', 'chainChanged'],
    })
    expect(out.bip122).toEqual({
      chains: ['bip122:000000000019d6689c085ae165831e93'],
      methods: [...WC_METHODS.bip122],
      events: ['bip122_addressesChanged'],
    })
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
    ['eip155:1:0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B', 'eip155', '1', '0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B'],
    [
      'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96',
      'solana',
      '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96',
    ],
    [
      'bip122:000000000019d6689c085ae165831e93:bc1q4qw42stdzjqs59xvlrlxr8526e3nunw7mp73te',
      'bip122',
      '000000000019d6689c085ae165831e93',
      'bc1q4qw42stdzjqs59xvlrlxr8526e3nunw7mp73te',
    ],
    [
      'polkadot:91b171bb158e2d3848fa23a9f1c25182:13AYmj8xmDGKixenStJSz6j5B9HeRR7Kx4yRLpSR6C5UDLvf',
      'polkadot',
      '91b171bb158e2d3848fa23a9f1c25182',
      '13AYmj8xmDGKixenStJSz6j5B9HeRR7Kx4yRLpSR6C5UDLvf',
    ],
    [
      'cosmos:cosmoshub-4:cosmos19rl4cm2hmr8afy4kldpxz3fka4jguq0auqdal4',
      'cosmos',
      'cosmoshub-4',
      'cosmos19rl4cm2hmr8afy4kldpxz3fka4jguq0auqdal4',
    ],
    [
      'sui:mainnet:0xa2d14fad60c56049ecf75246a481934691214ce413e6a8ae2fe6834c173a6133',
      'sui',
      'mainnet',
      '0xa2d14fad60c56049ecf75246a481934691214ce413e6a8ae2fe6834c173a6133',
    ],
    ['stacks:1:SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7', 'stacks', '1', 'SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7'],
  ])('%s → %s / %s / %s', (raw, namespace, reference, address) => {
    expect(parseCaipAccount(raw)).toEqual({ namespace, reference, chainId: `${namespace}:${reference}`, address })
  })

  it.each([['eip155:1'], ['eip155::0x1'], [':1:0x1'], ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:'], ['']])(
    '%j is not an account',
    (raw) => {
      expect(parseCaipAccount(raw)).toBeUndefined()
    },
  )

  // As headless reads CAIP-10 (SPEC §5): exactly 3 parts, the namespace one of the seven.
  it.each([
    ['hedera:mainnet:0.0.1', 'a namespace outside the seven'],
    ['hedera:mainnet:0.0.1:extra', 'another namespace and a 4th part'],
    ['eip155:1:0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B:extra', 'a 4th part'],
    ['EIP155:1:0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B', 'an upper-case namespace'],
  ])('%j is not an account (%s)', (raw) => {
    expect(parseCaipAccount(raw)).toBeUndefined()
  })

  it('agrees with headless on every account above', () => {
    for (const raw of ['eip155:1:0xAb58', 'solana:5eyk:oeYf', 'hedera:mainnet:0.0.1', 'eip155:1:0xAb58:extra', 'eip155:1', '']) {
      expect(parseCaipAccount(raw) !== undefined).toBe(isCaipAddress(raw))
    }
  })
})

describe('optionalNamespaces for a config with all seven families', () => {
  it('asks for each family on its own chains with exactly its methods and events', () => {
    expect(optionalNamespaces(ALL, ALL[2])).toEqual({
      eip155: { chains: ['eip155:1', 'eip155:8453'], methods: [...WC_METHODS.eip155], events: ['accountsChanged', 'chainChanged'] },
      solana: {
        chains: ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'],
        methods: [
          'solana_signMessage',
          'solana_signTransaction',
          'solana_signAllTransactions',
          'solana_signAndSendTransaction',
          'solana_getAccounts',
          'solana_requestAccounts',
        ],
        events: ['accountsChanged', 'chainChanged'],
      },
      polkadot: {
        chains: ['polkadot:91b171bb158e2d3848fa23a9f1c25182'],
        methods: ['polkadot_signMessage', 'polkadot_signTransaction'],
        events: ['accountsChanged', 'chainChanged'],
      },
      bip122: {
        chains: ['bip122:000000000019d6689c085ae165831e93'],
        methods: ['getAccountAddresses', 'signMessage', 'signPsbt', 'sendTransfer'],
        events: ['bip122_addressesChanged'],
      },
      cosmos: {
        chains: ['cosmos:cosmoshub-4'],
        methods: ['cosmos_getAccounts', 'cosmos_signDirect', 'cosmos_signAmino'],
        events: ['accountsChanged', 'chainChanged'],
      },
      sui: {
        chains: ['sui:mainnet'],
        methods: ['sui_signPersonalMessage', 'sui_signTransaction', 'sui_signAndExecuteTransaction'],
        events: ['accountsChanged', 'chainChanged'],
      },
      stacks: {
        chains: ['stacks:1'],
        methods: ['stx_getAddresses', 'stx_signMessage', 'stx_transferStx', 'stx_signTransaction'],
        events: ['accountsChanged', 'chainChanged'],
      },
    })
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
