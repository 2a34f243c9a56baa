import { describe, expect, it } from 'vitest'
import {
  acceptNumericInput,
  exchangeTokenAmount,
  validateSend,
  coinTypeFromChainId,
  formatAuthName,
  formatBalance,
  formatUsd,
  isAddressFor,
  isCaipAddress,
  isCaipNetworkId,
  isEvmAddress,
  isSolanaAddress,
  isValidAccountName,
  maskAmount,
  parseCaipAddress,
  parseCaipNetworkId,
  shortenAddress,
  toCaipAddress,
} from './index'

const HEX40 = 'ab5801a7d398351b8be11c439e05c5b3259aec9b'

describe('EVM address (SPEC §5)', () => {
  it.each([
    [`0x${HEX40}`, true],
    [HEX40, true],
    [`0x${HEX40.toUpperCase()}`, true],
    [`0x${HEX40.slice(1)}`, false],
    [`0x${HEX40}0`, false],
    [`0x${HEX40.slice(1)}g`, false],
    ['', false],
  ])('%s -> %s', (value, ok) => expect(isEvmAddress(value)).toBe(ok))
})

describe('Solana address (SPEC §5)', () => {
  it.each([
    ['11111111111111111111111111111111', true], // 32
    ['So11111111111111111111111111111111111111112', true], // 43
    ['1'.repeat(44), true],
    ['1'.repeat(31), false],
    ['1'.repeat(45), false],
    ['0'.repeat(32), false], // 0 is not base58
    ['O'.repeat(32), false],
    ['l'.repeat(32), false],
  ])('%s -> %s', (value, ok) => expect(isSolanaAddress(value)).toBe(ok))

  it('picks the rule by namespace', () => {
    expect(isAddressFor('eip155', `0x${HEX40}`)).toBe(true)
    expect(isAddressFor('solana', `0x${HEX40}`)).toBe(false)
    expect(isAddressFor('bip122', ' ')).toBe(false)
  })

  // Real addresses (BIP-173, Substrate's Alice, the 'abandon … about' cosmos key, a Sui and a Stacks
  // address) and near misses, one row per namespace rule.
  it.each([
    ['bip122', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', true],
    ['bip122', 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', true],
    ['bip122', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', true],
    ['bip122', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', true],
    ['bip122', 'bc1qb', false], // too short
    ['bip122', 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4', false], // upper case bech32
    ['bip122', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3tb', false], // 'b' is not bech32
    ['polkadot', '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5', true],
    ['polkadot', '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY', true],
    ['polkadot', '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKut0Y', false], // 0 is not base58
    ['polkadot', '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHp', false],
    ['cosmos', 'cosmos19rl4cm2hmr8afy4kldpxz3fka4jguq0auqdal4', true],
    ['cosmos', 'osmo19rl4cm2hmr8afy4kldpxz3fka4jguq0auqdal4', true],
    ['cosmos', 'cosmos19rl4cm2hmr8afy4kldpxz3fka4jguq0auqda', false],
    ['cosmos', 'Cosmos19rl4cm2hmr8afy4kldpxz3fka4jguq0auqdal4', false],
    ['sui', '0xa2d14fad60c56049ecf75246a481934691214ce413e6a8ae2fe6834c173a6133', true],
    ['sui', '0xa2d14fad60c56049ecf75246a481934691214ce4', false], // an EVM-length address
    ['sui', 'a2d14fad60c56049ecf75246a481934691214ce413e6a8ae2fe6834c173a6133', false],
    ['stacks', 'SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7', true],
    ['stacks', 'ST2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7', true],
    ['stacks', 'SX2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7', false], // no such version
    ['stacks', 'SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJI', false], // I is not c32
  ] as const)('%s address %s -> %s', (namespace, value, ok) => expect(isAddressFor(namespace, value)).toBe(ok))
})

describe('CAIP ids (SPEC §5)', () => {
  it.each([
    ['eip155:1:0xabc', true],
    ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:abc', true],
    ['eip155:1', false],
    ['eip155:1:0xabc:extra', false],
    ['eip155::0xabc', false],
    ['', false],
  ])('address %s -> %s', (value, ok) => expect(isCaipAddress(value)).toBe(ok))

  it.each([
    ['eip155:1', true],
    ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', true],
    ['eip155', false],
    ['eip155:1:0xabc', false],
    [':1', false],
  ])('network id %s -> %s', (value, ok) => expect(isCaipNetworkId(value)).toBe(ok))

  // One CAIP-10 account and its CAIP-2 network per namespace Portico connects (SPEC §1).
  it.each([
    ['eip155:8453:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', 'eip155', '8453', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'],
    ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96', 'solana', '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96'],
    ['bip122:000000000019d6689c085ae165831e93:bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', 'bip122', '000000000019d6689c085ae165831e93', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'],
    ['polkadot:91b171bb158e2d3848fa23a9f1c25182:15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5', 'polkadot', '91b171bb158e2d3848fa23a9f1c25182', '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5'],
    ['cosmos:cosmoshub-4:cosmos19rl4cm2hmr8afy4kldpxz3fka4jguq0auqdal4', 'cosmos', 'cosmoshub-4', 'cosmos19rl4cm2hmr8afy4kldpxz3fka4jguq0auqdal4'],
    ['sui:mainnet:0xa2d14fad60c56049ecf75246a481934691214ce413e6a8ae2fe6834c173a6133', 'sui', 'mainnet', '0xa2d14fad60c56049ecf75246a481934691214ce413e6a8ae2fe6834c173a6133'],
    ['stacks:1:SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7', 'stacks', '1', 'SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7'],
  ] as const)('parses %s', (value, namespace, chainId, address) => {
    expect(parseCaipAddress(value)).toEqual({ namespace, chainId, address, caipNetworkId: `${namespace}:${chainId}` })
    expect(parseCaipNetworkId(`${namespace}:${chainId}`)).toEqual({ namespace, reference: chainId })
    expect(toCaipAddress(`${namespace}:${chainId}`, address)).toBe(value)
    expect(isAddressFor(namespace, address)).toBe(true)
  })

  it('parses and builds', () => {
    expect(parseCaipAddress('eip155:8453:0xabc')).toEqual({
      namespace: 'eip155',
      chainId: '8453',
      address: '0xabc',
      caipNetworkId: 'eip155:8453',
    })
    expect(parseCaipNetworkId('eip155:1')).toEqual({ namespace: 'eip155', reference: '1' })
    expect(toCaipAddress('eip155:1', '0xabc')).toBe('eip155:1:0xabc')
  })

  it('throws the catalogue texts on bad input', () => {
    expect(() => parseCaipAddress('eip155:1')).toThrow('Invalid CAIP address')
    expect(() => parseCaipNetworkId('eip155:1:0x')).toThrow('Invalid CAIP network id')
  })
})

describe('numeric input (SPEC §5)', () => {
  it.each([
    ['12', '', '12'],
    ['12.5', '12', '12.5'],
    ['12,5', '12', '12.5'],
    ['.', '', '0.'],
    [',5', '', '0.5'],
    ['1.2.', '1.2', '1.2'],
    ['1a', '1', '1'],
    ['', '1', ''],
  ])('next %j (previous %j) -> %j', (next, previous, out) => expect(acceptNumericInput(next, previous)).toBe(out))
})

describe('amount mask (SPEC §5)', () => {
  it.each([
    ['.', {}, '0.'],
    ['1,5', {}, '1.5'],
    ['1.2.3', {}, '1.2'],
    ['abc', {}, ''],
    ['1a2b.3c', {}, '12.3'],
    ['.25', {}, '0.25'],
    ['123456.789', { integers: 3 }, '123.789'],
    ['1.23456', { decimals: 2 }, '1.23'],
    ['1.5', { decimals: 0 }, '1'],
    ['12345.6789', { integers: 2, decimals: 1 }, '12.6'],
  ])('%j with %j -> %j', (input, opts, out) => expect(maskAmount(input, opts)).toBe(out))
})

describe('balance display floored to 3 decimals (SPEC §5, §9)', () => {
  it.each<[string | number | undefined, string]>([
    ['1.23456', '1.234'],
    ['1.2349', '1.234'],
    ['1', '1.000'],
    ['0', '0.000'],
    ['0.0009', '0.000'],
    ['007.5', '7.500'],
    [2.9999, '2.999'],
    ['abc', '0.000'],
    ['', '0.000'],
    [undefined, '0.000'],
    ['1e-7', '0.000'],
    ['-1', '0.000'],
    [1e21, '1000000000000000000000.000'],
    ['2.5e21', '2500000000000000000000.000'],
    ['123456789012345678901234.5678', '123456789012345678901234.567'],
    [1.9999999999999, '1.999'],
    [Number.NaN, '0.000'],
    [Number.POSITIVE_INFINITY, '0.000'],
  ])('%j -> %s', (value, out) => expect(formatBalance(value)).toBe(out))
})

describe('USD with 2 decimals (SPEC §9)', () => {
  it.each<[string | number | undefined, string]>([
    [1234.5, '$1,234.50'],
    ['0.126', '$0.13'],
    [0, '$0.00'],
    ['abc', '$0.00'],
    [undefined, '$0.00'],
  ])('%j -> %s', (value, out) => expect(formatUsd(value)).toBe(out))
})

describe('account name (SPEC §5)', () => {
  it.each([
    ['abcd', true],
    ['my-name-1', true],
    ['abc', false],
    ['ab_cd', false],
    ['ab cd', false],
    ['naïve', false],
  ])('%s -> %s', (name, ok) => expect(isValidAccountName(name)).toBe(ok))
})

describe('address shortening (SPEC §5: 4 leading, 6 trailing)', () => {
  it.each([
    [`0x${HEX40}`, '0xab…9aec9b'],
    ['So11111111111111111111111111111111111111112', 'So11…111112'],
    ['0x123456789', '0x123456789'],
    ['0x1234567890', '0x12…567890'],
  ])('%s -> %s', (address, out) => expect(shortenAddress(address)).toBe(out))
})

describe('auth name display (SPEC §3)', () => {
  it.each<[string, string | undefined, string]>([
    ['short@mail.com', undefined, 'short@mail.com'],
    ['thirty-characters@example.comm', undefined, 'thirty-characters@example.comm'],
    ['a.very.long.email.address@example-domain.com', undefined, 'a.very.long.e…ample-domain.com'],
    ['gamer0', 'discord', 'gamer'],
    ['gamer1', 'discord', 'gamer1'],
    ['gamer0', 'github', 'gamer0'],
  ])('%s (%s) -> %s', (name, provider, out) => expect(formatAuthName(name, provider)).toBe(out))

  it('shortened emails are 30 characters long', () => {
    expect(formatAuthName('a.very.long.email.address@example-domain.com')).toHaveLength(30)
  })
})

describe('coin type (SPEC §9)', () => {
  it.each([
    [1, 2147483649],
    [8453, 2147492101],
    [0, 2147483648],
    [2147483647, 4294967295],
  ])('chainId %i -> %i', (chainId, out) => expect(coinTypeFromChainId(chainId)).toBe(out))

  it.each([2147483648, 4294967296, -1, 1.5])('chainId %d -> Invalid chainId', (chainId) =>
    expect(() => coinTypeFromChainId(chainId)).toThrow('Invalid chainId'))
})

describe('send form (SPEC §5)', () => {
  it.each<[Parameters<typeof validateSend>[0], string | null]>([
    [{}, 'An amount and receiver address are required'],
    [{ amount: '1' }, 'An amount and receiver address are required'],
    [{ receiverAddress: '0xabc', token: {} }, 'An amount and receiver address are required'],
    [{ amount: '0', receiverAddress: '0xabc', token: {} }, 'An amount and receiver address are required'],
    [{ amount: '1', receiverAddress: '0xabc' }, 'A token is required'],
    [{ amount: '1.5', receiverAddress: '0xabc', token: { symbol: 'ETH' } }, null],
  ])('%j -> %s', (form, out) => expect(validateSend(form)).toBe(out))
})

describe('exchange token amount (SPEC §5)', () => {
  it.each([
    [100, 2000, 0.05],
    [10, 3, 3.33333333],
    [1, 3, 0.33333333],
    [5, 0, 0],
  ])('%d / %d -> %d', (fiat, price, out) => expect(exchangeTokenAmount(fiat, price)).toBe(out))
})
