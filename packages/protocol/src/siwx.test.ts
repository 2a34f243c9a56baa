/** The sign-in message format shared by client and server (EIP-4361 / CAIP-122). */
import { createSiweMessage, parseSiweMessage } from 'viem/siwe'
import { describe, expect, it } from 'vitest'
import { formatSiwxMessage, parseSiwxMessage, SiwxMessageError, type SiwxMessageFields } from './siwx.ts'

const evm: SiwxMessageFields = {
  domain: 'localhost:5173',
  address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  statement: 'Sign in to the Portico demo',
  uri: 'http://localhost:5173/',
  version: '1',
  chainId: 'eip155:31337',
  nonce: 'abcDEF12345',
  issuedAt: '2026-11-23T22:00:00.000Z',
  expirationTime: '2026-11-30T22:00:00.000Z',
  requestId: 'r-1',
  resources: ['https://a.example/1', 'ipfs://bafy'],
}

const solana: SiwxMessageFields = {
  domain: 'app.example',
  address: '7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv',
  uri: 'https://app.example/login',
  version: '1',
  chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  nonce: 'k2f9Xv0aQ1zz',
  issuedAt: '2026-11-23T22:00:00Z',
}

describe('formatSiwxMessage / parseSiwxMessage', () => {
  it('an eip155 message is the EIP-4361 text viem makes, and viem reads it back', () => {
    const text = formatSiwxMessage(evm)
    const viemText = createSiweMessage({
      domain: evm.domain,
      address: evm.address as `0x${string}`,
      statement: evm.statement,
      uri: evm.uri,
      version: '1',
      chainId: 31337,
      nonce: evm.nonce,
      issuedAt: new Date(evm.issuedAt),
      expirationTime: new Date(evm.expirationTime!),
      requestId: evm.requestId,
      resources: evm.resources,
    })
    expect(text).toBe(viemText)
    expect(parseSiweMessage(text)).toMatchObject({ domain: evm.domain, address: evm.address, chainId: 31337, nonce: evm.nonce })
    expect(parseSiwxMessage(text)).toEqual(evm)
  })

  it('without a statement, its line stays empty (two blank lines before URI), as EIP-4361 and viem write it', () => {
    const { statement: _none, ...fields } = evm
    void _none
    const text = formatSiwxMessage(fields)
    const viemText = createSiweMessage({
      domain: evm.domain,
      address: evm.address as `0x${string}`,
      uri: evm.uri,
      version: '1',
      chainId: 31337,
      nonce: evm.nonce,
      issuedAt: new Date(evm.issuedAt),
      expirationTime: new Date(evm.expirationTime!),
      requestId: evm.requestId,
      resources: evm.resources,
    })
    expect(text.split('\n').slice(1, 5)).toEqual([evm.address, '', '', `URI: ${evm.uri}`])
    expect(text).toBe(viemText)
    expect(parseSiwxMessage(text)).toEqual(fields)
  })

  it('a Solana message is CAIP-122 with the namespace named, and parses back to its fields', () => {
    const text = formatSiwxMessage(solana)
    expect(text).toBe(
      [
        'app.example wants you to sign in with your Solana account:',
        '7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv',
        '',
        '',
        'URI: https://app.example/login',
        'Version: 1',
        'Chain ID: 5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
        'Nonce: k2f9Xv0aQ1zz',
        'Issued At: 2026-11-23T22:00:00Z',
      ].join('\n'),
    )
    expect(parseSiwxMessage(text)).toEqual(solana)
  })

  it.each([
    ['a trailing newline', (t: string) => `${t}\n`],
    ['an extra line', (t: string) => t.replace('Version: 1', 'Version: 1\nFoo: bar')],
    ['fields out of order', (t: string) => t.replace('Version: 1\nChain ID: 31337', 'Chain ID: 31337\nVersion: 1')],
    ['an unknown account kind', (t: string) => t.replace('Ethereum account', 'Dogecoin account')],
    ['a short nonce', (t: string) => t.replace('Nonce: abcDEF12345', 'Nonce: abc')],
    ['a bad date', (t: string) => t.replace('2026-11-23T22:00:00.000Z', '2026-13-45T22:00:00Z')],
    ['a non-numeric EVM chain id', (t: string) => t.replace('Chain ID: 31337', 'Chain ID: 0x7a69')],
    ['CRLF line ends', (t: string) => t.replaceAll('\n', '\r\n')],
    ['an empty text', () => ''],
  ])('refuses %s', (_name, tamper) => {
    expect(() => parseSiwxMessage(tamper(formatSiwxMessage(evm)))).toThrow(SiwxMessageError)
  })

  it('refuses to format a statement with a line break or an unknown namespace', () => {
    expect(() => formatSiwxMessage({ ...evm, statement: 'a\nb' })).toThrow('The statement must be one non-empty line')
    expect(() => formatSiwxMessage({ ...evm, chainId: 'tron:1' })).toThrow('Unsupported namespace: tron')
  })
})
