// Messages' table: sign-in messages (EIP-4361, CAIP-122) against the host page, and plain text.
import { formatSiwxMessage } from '@portico/protocol/siwx'
import { stringToHex } from 'viem'
import { describe, expect, it } from 'vitest'
import { decodeMessage, messageText } from './message'

const ALICE = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const SOL = '7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv'
const siwe = (domain: string) =>
  formatSiwxMessage({
    domain,
    address: ALICE,
    statement: 'Sign in to App',
    uri: `https://${domain}/login`,
    version: '1',
    chainId: 'eip155:1',
    nonce: 'k2f9Xv0aQ1',
    issuedAt: '2026-11-23T22:00:00.000Z',
    expirationTime: '2026-11-30T22:00:00.000Z',
  })
const caip122 = formatSiwxMessage({
  domain: 'app.example',
  address: SOL,
  uri: 'https://app.example/login',
  version: '1',
  chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  nonce: 'k2f9Xv0aQ1',
  issuedAt: '2026-11-23T22:00:00.000Z',
  resources: ['https://app.example/terms'],
})
const signIn = (domain: string, flags: string[]) => ({
  kind: 'signIn',
  domain,
  uri: `https://${domain}/login`,
  address: ALICE,
  chainId: 'eip155:1',
  statement: 'Sign in to App',
  issuedAt: '2026-11-23T22:00:00.000Z',
  expirationTime: '2026-11-30T22:00:00.000Z',
  flags,
})

describe('decodeMessage', () => {
  it.each([
    ['SIWE for the host page', siwe('app.example'), 'app.example', signIn('app.example', [])],
    ['SIWE for another domain: foreignDomain', siwe('evil.example'), 'app.example', signIn('evil.example', ['foreignDomain'])],
    ['SIWE for a subdomain of the host: foreign', siwe('login.app.example'), 'app.example', signIn('login.app.example', ['foreignDomain'])],
    ['SIWE with a port, same host and port', siwe('localhost:5173'), 'localhost:5173', signIn('localhost:5173', [])],
    ['SIWE with another port: foreign', siwe('localhost:5174'), 'localhost:5173', signIn('localhost:5174', ['foreignDomain'])],
    ['letter case does not matter', siwe('App.Example'), 'app.example', signIn('App.Example', [])],
    ['SIWE as personal_sign hex', stringToHex(siwe('evil.example')), 'app.example', signIn('evil.example', ['foreignDomain'])],
    ['no host given: no flag', siwe('evil.example'), undefined, signIn('evil.example', [])],
    [
      'CAIP-122 (Solana) for another domain',
      caip122,
      'portico.example',
      {
        kind: 'signIn',
        domain: 'app.example',
        uri: 'https://app.example/login',
        address: SOL,
        chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
        issuedAt: '2026-11-23T22:00:00.000Z',
        resources: ['https://app.example/terms'],
        flags: ['foreignDomain'],
      },
    ],
    ['plain text', 'Hello from the app', 'app.example', { kind: 'message', text: 'Hello from the app', flags: [] }],
    ['plain text as hex', stringToHex('Hello'), 'app.example', { kind: 'message', text: 'Hello', flags: [] }],
    [
      'a sign-in message with a line added: plain text, its first line for another domain: foreignDomain',
      `${siwe('evil.example')}\nextra`,
      'app.example',
      { kind: 'message', text: `${siwe('evil.example')}\nextra`, flags: ['foreignDomain'] },
    ],
    [
      'a loose sign-in (one blank line, no statement) for the host page: plain text, no flag',
      'app.example wants you to sign in with your Ethereum account:\n0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266\n\nURI: https://app.example',
      'app.example',
      {
        kind: 'message',
        text: 'app.example wants you to sign in with your Ethereum account:\n0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266\n\nURI: https://app.example',
        flags: [],
      },
    ],
    [
      'a loose sign-in for another domain, after blanks and with a scheme: foreignDomain',
      '  https://bank.example wants you to sign in with your Ethereum account:\n0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266\n\nURI: https://bank.example',
      'app.example',
      {
        kind: 'message',
        text: '  https://bank.example wants you to sign in with your Ethereum account:\n0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266\n\nURI: https://bank.example',
        flags: ['foreignDomain'],
      },
    ],
    [
      'a text that mentions signing in later: no flag',
      'Hi!\nbank.example wants you to sign in with your Ethereum account:',
      'app.example',
      { kind: 'message', text: 'Hi!\nbank.example wants you to sign in with your Ethereum account:', flags: [] },
    ],
  ])('%s', (_, message, host, expected) => {
    expect(decodeMessage(message, host === undefined ? {} : { host })).toEqual(expected)
  })
})

describe('messageText', () => {
  it.each([
    ['0x48656c6c6f', 'Hello'],
    ['0xff00', '0xff00'],
    ['0x123', '0x123'],
    ['hello', 'hello'],
    ['0x', ''],
  ])('%s → %s', (input, text) => {
    expect(messageText(input)).toBe(text)
  })
})
