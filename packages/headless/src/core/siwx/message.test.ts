import { describe, expect, it } from 'vitest'
import { formatSiwxMessage } from './message'

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
    const text = formatSiwxMessage({ ...base, accountAddress: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV', chainId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', statement: 'Sign in with your wallet.' })
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
    const fields = { ...base, accountAddress: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', chainId: 'eip155:1', statement: 'Hello.', resources: ['https://a.example/x'] }
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
    expect(() => formatSiwxMessage({ ...base, accountAddress: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', chainId: 'eip155:1', statement: 'ok\nURI: https://evil.example' })).toThrow('The statement must be one non-empty line')
  })
})
