import { describe, expect, it } from 'vitest'
import { parseSiwxMessage } from '@portico/protocol/siwx'
import { CHAIN_NAMESPACES } from '../types'
import { formatSiwxMessage, splitChainId } from './message'

const base = {
  domain: 'app.example.com',
  uri: 'https://app.example.com',
  version: '1',
  nonce: 'a1B2c3D4e5',
  issuedAt: '2026-11-23T22:00:00.000Z',
}

describe('formatSiwxMessage', () => {
  it('writes EIP-4361 on eip155 (chain id as the reference, every optional field in order)', () => {
    const text = formatSiwxMessage({
      ...base,
      accountAddress: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      chainId: 'eip155:31337',
      statement: 'Sign in with your wallet.',
      expirationTime: '2026-11-24T22:00:00.000Z',
      notBefore: '2026-11-23T21:59:00.000Z',
      requestId: 'req-7',
      resources: ['https://app.example.com/terms', 'ipfs://bafy'],
    })
    expect(text).toBe(
      [
        'app.example.com wants you to sign in with your Ethereum account:',
        '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
        '',
        'Sign in with your wallet.',
        '',
        'URI: https://app.example.com',
        'Version: 1',
        'Chain ID: 31337',
        'Nonce: a1B2c3D4e5',
        'Issued At: 2026-11-23T22:00:00.000Z',
        'Expiration Time: 2026-11-24T22:00:00.000Z',
        'Not Before: 2026-11-23T21:59:00.000Z',
        'Request ID: req-7',
        'Resources:',
        '- https://app.example.com/terms',
        '- ipfs://bafy',
      ].join('\n'),
    )
  })

  it('writes CAIP-122 on solana ("…with your Solana account:", the cluster reference as chain id)', () => {
    const text = formatSiwxMessage({
      ...base,
      accountAddress: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV',
      chainId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
      statement: 'Sign in with your wallet.',
    })
    expect(text).toBe(
      [
        'app.example.com wants you to sign in with your Solana account:',
        '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV',
        '',
        'Sign in with your wallet.',
        '',
        'URI: https://app.example.com',
        'Version: 1',
        'Chain ID: EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
        'Nonce: a1B2c3D4e5',
        'Issued At: 2026-11-23T22:00:00.000Z',
      ].join('\n'),
    )
  })

  it('matches viem/siwe for the same EIP-4361 fields (what a verifier parses)', async () => {
    const { createSiweMessage, parseSiweMessage } = await import('viem/siwe')
    const fields = {
      ...base,
      accountAddress: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      chainId: 'eip155:1',
      statement: 'Hello.',
      resources: ['https://a.example/x'],
    }
    const ours = formatSiwxMessage(fields)
    const theirs = createSiweMessage({
      address: fields.accountAddress as `0x${string}`,
      chainId: 1,
      domain: fields.domain,
      uri: fields.uri,
      version: '1',
      nonce: fields.nonce,
      statement: fields.statement,
      issuedAt: new Date(fields.issuedAt),
      resources: fields.resources,
    })
    expect(ours).toBe(theirs)
    expect(parseSiweMessage(ours)).toMatchObject({ address: fields.accountAddress, chainId: 1, nonce: fields.nonce, statement: 'Hello.' })
  })

  it('refuses a field with a line break (it would forge lines of the message)', () => {
    expect(() =>
      formatSiwxMessage({
        ...base,
        accountAddress: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
        chainId: 'eip155:1',
        statement: 'ok\nURI: https://evil.example',
      }),
    ).toThrow('The statement must be one non-empty line')
  })

  // One row per namespace Portico connects in: the account as the WalletConnect dev wallet reports it
  // (account 0 of the devnet mnemonic) on that namespace's usual network.
  const namespaces = [
    { ns: 'eip155', name: 'Ethereum', chainId: 'eip155:1', reference: '1', address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' },
    {
      ns: 'solana',
      name: 'Solana',
      chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      reference: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      address: 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96',
    },
    {
      ns: 'polkadot',
      name: 'Polkadot',
      chainId: 'polkadot:91b171bb158e2d3848fa23a9f1c25182',
      reference: '91b171bb158e2d3848fa23a9f1c25182',
      address: '13AYmj8xmDGKixenStJSz6j5B9HeRR7Kx4yRLpSR6C5UDLvf',
    },
    {
      ns: 'bip122',
      name: 'Bitcoin',
      chainId: 'bip122:000000000019d6689c085ae165831e93',
      reference: '000000000019d6689c085ae165831e93',
      address: 'bc1q4qw42stdzjqs59xvlrlxr8526e3nunw7mp73te',
    },
    {
      ns: 'cosmos',
      name: 'Cosmos',
      chainId: 'cosmos:cosmoshub-4',
      reference: 'cosmoshub-4',
      address: 'cosmos15yk64u7zc9g9k2yr2wmzeva5qgwxps6yxj00e7',
    },
    {
      ns: 'sui',
      name: 'Sui',
      chainId: 'sui:mainnet',
      reference: 'mainnet',
      address: '0xc88ef07b9b8b2fc3b7daad9478f4e1337f01792e2eab9c3794494e610636026e',
    },
    { ns: 'stacks', name: 'Stacks', chainId: 'stacks:1', reference: '1', address: 'SP3N7D4F8TDBNPAN7W6CJ5RGF5DAW5MGHNCM7KHP3' },
  ] as const

  it('the table covers every namespace Portico connects in', () => {
    expect(namespaces.map((r) => r.ns).sort()).toEqual([...CHAIN_NAMESPACES].sort())
  })

  for (const row of namespaces) {
    it(`${row.ns}: header "…with your ${row.name} account:", the address as given, Chain ID ${row.reference}; the API's parser reads the same fields back`, () => {
      const data = {
        ...base,
        accountAddress: row.address,
        chainId: row.chainId,
        statement: 'Sign in to the Portico demo.',
        expirationTime: '2026-11-24T22:00:00.000Z',
      }
      const text = formatSiwxMessage(data)
      expect(text).toBe(
        [
          `app.example.com wants you to sign in with your ${row.name} account:`,
          row.address,
          '',
          'Sign in to the Portico demo.',
          '',
          'URI: https://app.example.com',
          'Version: 1',
          `Chain ID: ${row.reference}`,
          'Nonce: a1B2c3D4e5',
          'Issued At: 2026-11-23T22:00:00.000Z',
          'Expiration Time: 2026-11-24T22:00:00.000Z',
        ].join('\n'),
      )
      expect(splitChainId(row.chainId)).toEqual([row.ns, row.reference])
      // What the server does with the text it is sent: the namespace, network and account come back unchanged.
      expect(parseSiwxMessage(text)).toEqual({
        domain: base.domain,
        address: row.address,
        statement: 'Sign in to the Portico demo.',
        uri: base.uri,
        version: '1',
        chainId: row.chainId,
        nonce: base.nonce,
        issuedAt: base.issuedAt,
        expirationTime: '2026-11-24T22:00:00.000Z',
      })
    })
  }

  it('refuses a namespace the format has no account name for, and an address with a separator', () => {
    expect(() => formatSiwxMessage({ ...base, accountAddress: 'abc', chainId: 'tron:0x2b6653dc' })).toThrow('Unsupported namespace: tron')
    expect(() => formatSiwxMessage({ ...base, accountAddress: 'cosmos1abc\nURI: x', chainId: 'cosmos:cosmoshub-4' })).toThrow(
      'Invalid address',
    )
  })
})
