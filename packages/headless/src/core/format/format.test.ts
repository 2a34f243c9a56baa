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
    [
      'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96',
      'solana',
      '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96',
    ],
    [
      'bip122:000000000019d6689c085ae165831e93:bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
      'bip122',
      '000000000019d6689c085ae165831e93',
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    ],
    [
      'polkadot:91b171bb158e2d3848fa23a9f1c25182:15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5',
      'polkadot',
      '91b171bb158e2d3848fa23a9f1c25182',
      '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5',
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

  // Only the seven namespaces of CHAIN_NAMESPACES are CAIP ids Portico accepts; namespaces are lower case.
  it.each([
    ['eip155:1:0xabc', true],
    ['stacks:1:SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7', true],
    ['dogecoin:1:abc', false],
    ['hedera:mainnet:0.0.1', false],
    ['EIP155:1:0xabc', false],
    ['eip155x:1:0xabc', false],
    [' eip155:1:0xabc', false],
  ])('address %j with a namespace check -> %s', (value, ok) => expect(isCaipAddress(value)).toBe(ok))

  it.each([
    ['cosmos:cosmoshub-4', true],
    ['sui:mainnet', true],
    ['dogecoin:1', false],
    ['Solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', false],
    ['eip:1', false],
  ])('network id %j with a namespace check -> %s', (value, ok) => expect(isCaipNetworkId(value)).toBe(ok))

  it.each([
    ['dogecoin:1:abc', 'Invalid CAIP address'],
    ['hedera:mainnet:0.0.1', 'Invalid CAIP address'],
    ['EIP155:1:0xabc', 'Invalid CAIP address'],
  ])('parseCaipAddress(%j) throws %j', (value, text) => expect(() => parseCaipAddress(value)).toThrow(text))

  it.each([
    ['dogecoin:1', 'Invalid CAIP network id'],
    ['hedera:mainnet', 'Invalid CAIP network id'],
    ['EIP155:1', 'Invalid CAIP network id'],
  ])('parseCaipNetworkId(%j) throws %j', (value, text) => expect(() => parseCaipNetworkId(value)).toThrow(text))
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
    // Leading zeros: an integer part starts with 0 only when it is 0; a digit typed over a lone 0 replaces it.
    ['05', '0', '5'],
    ['0', '', '0'],
    ['00', '0', '0'],
    ['007', '', '7'],
    ['00.5', '', '0.5'],
    ['00,5', '', '0.5'],
    ['0.05', '0.0', '0.05'],
    ['100', '10', '100'],
    ['0.', '0', '0.'],
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
    // Leading zeros: the integer part never starts with 0 unless it is 0.
    ['007', {}, '7'],
    ['00.5', {}, '0.5'],
    ['0', {}, '0'],
    ['05', {}, '5'],
    ['000', {}, '0'],
    ['00.', {}, '0.'],
    ['0,50', {}, '0.50'],
    ['1005', {}, '1005'],
    ['0a0b7', {}, '7'],
    ['00123', { integers: 3 }, '123'],
    ['00.5', { decimals: 0 }, '0'],
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
    [1e21, '1,000,000,000,000,000,000,000.000'],
    ['2.5e21', '2,500,000,000,000,000,000,000.000'],
    ['123456789012345678901234.5678', '123,456,789,012,345,678,901,234.567'],
    [1.9999999999999, '1.999'],
    [Number.NaN, '0.000'],
    [Number.POSITIVE_INFINITY, '0.000'],
  ])('%j -> %s', (value, out) => expect(formatBalance(value)).toBe(out))

  // Negative amounts keep their sign and are floored toward −∞ like every shown amount; no '-0.000'.
  it.each<[string | number, string]>([
    ['-1', '-1.000'],
    ['-1.2341', '-1.235'],
    ['-1.23456', '-1.235'],
    ['-1.234', '-1.234'],
    ['-1.2340000', '-1.234'],
    [-2.9999, '-3.000'],
    ['-0.0001', '-0.001'],
    ['-1e-7', '-0.001'],
    [-1e-7, '-0.001'],
    ['-0', '0.000'],
    ['-0.000', '0.000'],
    [-0, '0.000'],
    ['-007.5', '-7.500'],
    ['-2.5e21', '-2,500,000,000,000,000,000,000.000'],
    ['-0.9999', '-1.000'],
    ['+1.5', '1.500'],
    ['0e99999999', '0.000'],
    ['-0e99999999', '0.000'],
    ['1e-99999999', '0.000'],
    ['-1e-99999999', '-0.001'],
    ['-5e-324', '-0.001'],
  ])('%j -> %s', (value, out) => expect(formatBalance(value)).toBe(out))

  it.each<[string | number, number, string]>([
    ['-1.5', 0, '-2'],
    ['-1', 0, '-1'],
    ['1.9', 0, '1'],
    ['-0.0', 0, '0'],
    ['-1.2341', 2, '-1.24'],
    ['1.2341', 2, '1.23'],
    ['-0.001', 2, '-0.01'],
  ])('%j at %i decimals -> %s', (value, decimals, out) => expect(formatBalance(value, decimals)).toBe(out))

  // Intl grouping (issue 9 §3.8): thousands grouped, the 3-decimal floor kept, nothing rounded up.
  it.each<[string | number, string]>([
    ['10000', '10,000.000'],
    ['999.9999', '999.999'],
    ['1000', '1,000.000'],
    ['1234567.8919', '1,234,567.891'],
    ['-1234.0001', '-1,234.001'],
    ['-999.9999', '-1,000.000'],
    [10000.5, '10,000.500'],
    ['99999999999999999999.9999', '99,999,999,999,999,999,999.999'],
  ])('%j -> %s', (value, out) => expect(formatBalance(value)).toBe(out))

  it.each<[string, number, string, string]>([
    ['10000.5678', 3, 'de-DE', '10.000,567'],
    ['1234.5', 2, 'fr-FR', '1\u202f234,50'],
    ['1234.5678', 0, 'en-US', '1,234'],
    ['-1234.5678', 0, 'en-US', '-1,235'],
    ['1234.5', 3, 'en-IN', '1,234.500'],
    ['12345678', 0, 'en-IN', '1,23,45,678'],
  ])('%j at %i decimals in %s -> %j', (value, decimals, locale, out) => expect(formatBalance(value, decimals, locale)).toBe(out))

  it('more than 100 places are written with 100 (the most Intl allows)', () => {
    expect(formatBalance('1', 500)).toBe(`1.${'0'.repeat(100)}`)
  })
})

describe('USD with 2 decimals (SPEC §9)', () => {
  it.each<[string | number | undefined, string]>([
    [1234.5, '$1,234.50'],
    ['0.126', '$0.13'],
    [0, '$0.00'],
    ['abc', '$0.00'],
    [undefined, '$0.00'],
    // Negative values keep their sign; a value that shows as zero never shows a minus sign.
    [-1234.5, '-$1,234.50'],
    ['-0.126', '-$0.13'],
    [-0.005, '-$0.01'],
    [-0.004, '$0.00'],
    ['-0.004', '$0.00'],
    [-0, '$0.00'],
    ['-0', '$0.00'],
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

describe('address shortening (SPEC §5: 4 leading, 6 trailing; a 0x prefix does not count)', () => {
  it.each([
    ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', '0xf39F…b92266'],
    ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8', '0x7099…dc79C8'],
    [`0X${HEX40}`, '0Xab58…9aec9b'],
    ['So11111111111111111111111111111111111111112', 'So11…111112'],
    ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', 'bc1q…v8f3t4'],
    ['0x12345678901', '0x12345678901'],
    ['0x123456789012', '0x1234…789012'],
    ['1234567890a', '1234567890a'],
    ['1234567890ab', '1234…7890ab'],
    ['0x1234', '0x1234'],
    ['0x', '0x'],
    ['', ''],
  ])('%s -> %s', (address, out) => expect(shortenAddress(address)).toBe(out))

  // Ends of length zero, inputs no longer than both ends, and bad lengths never duplicate characters.
  it.each<[string, number, number, string]>([
    ['0x1234', 4, 6, '0x1234'],
    ['', 4, 6, ''],
    [`0x${HEX40}`, 0, 6, '0x…9aec9b'],
    [`0x${HEX40}`, 4, 0, '0xab58…'],
    [`0x${HEX40}`, 0, 0, '0x…'],
    [`0x${HEX40}`, 6, 4, '0xab5801…ec9b'],
    ['abcdefghijk', 4, 6, 'abcdefghijk'],
    ['abcdefghijkl', 4, 6, 'abcd…ghijkl'],
    ['abcdef', 4, 0, 'abcd…'],
    ['abcde', 4, 0, 'abcde'],
    ['abcdef', 0, 4, '…cdef'],
    ['abcde', 0, 4, 'abcde'],
    ['abcdefghijkl', -2, 6, '…ghijkl'],
    ['abcdefghijkl', 4, -6, 'abcd…'],
    ['abcdefghijkl', 4, Number.NaN, 'abcd…'],
    ['abcdefghijkl', 2.7, 3.2, 'ab…jkl'],
    ['abc', 40, 60, 'abc'],
  ])('(%j, %d, %d) -> %j', (address, leading, trailing, out) => expect(shortenAddress(address, leading, trailing)).toBe(out))
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
    expect(() => coinTypeFromChainId(chainId)).toThrow('Invalid chainId'),
  )
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
