import { describe, expect, it } from 'vitest'
import type { TokenBalance } from '../chain/chain'
import { ADDRESS, SOL_ADDRESS } from '../test-utils'
import type { ChainNamespace } from '../types'
import {
  amountUsd,
  base58ByteLength,
  erc20TransferData,
  evmCoinTypeKey,
  formatUnits,
  isReceiverAddress,
  maskSendAmount,
  maxAmount,
  parseUnits,
  searchTokens,
  SEND_BUTTON_LABELS,
  sendButtonState,
  sendExplorerUrl,
  tokenContract,
  type SendButtonInput,
  type SendButtonLabel,
} from './rules'

const ETH: TokenBalance = {
  name: 'Ether',
  symbol: 'ETH',
  chainId: 'eip155:1',
  value: 3000,
  price: 3000,
  iconUrl: '',
  quantity: { decimals: '18', numeric: '1' },
}
const USDC: TokenBalance = {
  name: 'USD Coin',
  symbol: 'USDC',
  chainId: 'eip155:1',
  address: 'eip155:1:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
  value: 5,
  price: 1,
  iconUrl: '',
  quantity: { decimals: '6', numeric: '5.5' },
}

describe('amount mask (SPEC §5): digits and one decimal separator, at most the token decimals', () => {
  it.each<[string, number | undefined, string]>([
    ['1.5', 18, '1.5'],
    ['1,5', 6, '1.5'],
    ['.', 6, '0.'],
    ['.5', 6, '0.5'],
    ['1.2.3', 6, '1.2'],
    ['abc1x2', 6, '12'],
    ['007', 6, '7'],
    ['0.1234567', 6, '0.123456'],
    ['12.99', 0, '12'],
    ['', 18, ''],
    ['1.123456789', undefined, '1.123456789'],
  ])('%j with %s decimals → %j', (text, decimals, out) => {
    expect(maskSendAmount(text, decimals)).toBe(out)
  })
})

describe('units', () => {
  it.each<[string, number, bigint]>([
    ['1.5', 18, 1_500_000_000_000_000_000n],
    ['0.000001', 6, 1n],
    ['0.0000019', 6, 1n],
    ['5', 0, 5n],
    ['', 6, 0n],
    ['0.', 6, 0n],
    ['x', 6, 0n],
  ])('parseUnits(%j, %d) = %s', (text, decimals, out) => expect(parseUnits(text, decimals)).toBe(out))

  it.each<[bigint, number, string]>([
    [1_500_000_000_000_000_000n, 18, '1.5'],
    [21_000n * 1_000_000_000n, 18, '0.000021'],
    [0n, 9, '0'],
    [5000n, 9, '0.000005'],
    [-5n, 1, '-0.5'],
  ])('formatUnits(%s, %d) = %j', (value, decimals, out) => expect(formatUnits(value, decimals)).toBe(out))
})

describe('Max', () => {
  it.each<[string, TokenBalance, bigint | undefined, string]>([
    ['native: balance minus the gas cost', ETH, 21_000n * 2_000_000_000n, '0.999958'],
    ['native without an estimate: the whole balance', ETH, undefined, '1'],
    [
      'native whose gas exceeds the balance: 0',
      { ...ETH, quantity: { decimals: '18', numeric: '0.00001' } },
      21_000n * 2_000_000_000n,
      '0',
    ],
    ['a token: the whole balance (gas is paid in the native currency)', USDC, 10n ** 18n, '5.5'],
  ])('%s', (_n, token, gas, out) => expect(maxAmount(token, gas)).toBe(out))
})

describe('receiver address per namespace', () => {
  it.each<[ChainNamespace | undefined, string, boolean]>([
    ['eip155', ADDRESS, true],
    ['eip155', ADDRESS.toLowerCase(), true],
    ['eip155', ADDRESS.toUpperCase().replace('0X', '0x'), true],
    ['eip155', ADDRESS.slice(2), false],
    ['eip155', ADDRESS.slice(0, -1), false],
    ['eip155', `${ADDRESS}0`, false],
    ['eip155', 'vitalik.eth', false],
    ['solana', SOL_ADDRESS, true],
    ['solana', '11111111111111111111111111111111', true],
    ['solana', 'So1111111111111111111111111111111', false],
    ['solana', '0OIl1111111111111111111111111111', false],
    ['solana', ADDRESS, false],
    ['bip122', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', true],
    ['bip122', ADDRESS, false],
    [undefined, ADDRESS, false],
  ])('%s %j → %s', (ns, text, ok) => expect(isReceiverAddress(ns, text)).toBe(ok))

  it('base58 byte lengths: leading 1s are zero bytes', () => {
    expect(base58ByteLength('11111111111111111111111111111111')).toBe(32)
    expect(base58ByteLength(SOL_ADDRESS)).toBe(32)
    expect(base58ByteLength('0')).toBe(-1)
  })
})

describe('the send button: first failing check wins', () => {
  const ready: SendButtonInput = { token: ETH, amount: '0.5', receiverInput: ADDRESS, receiverAddress: ADDRESS, namespace: 'eip155' }
  it.each<[string, Partial<SendButtonInput>, SendButtonLabel, boolean?]>([
    ['no token (even with nothing else)', { token: undefined, amount: '', receiverInput: '' }, 'Select token'],
    ['no amount (and no address)', { amount: '', receiverInput: '', receiverAddress: undefined }, 'Add amount'],
    ['a blank amount', { amount: '  ' }, 'Add amount'],
    ['a zero amount', { amount: '0.000' }, 'Add amount'],
    ["a lone '0.'", { amount: '0.' }, 'Add amount'],
    ['more than the balance (before the address)', { amount: '1.5', receiverInput: '' }, 'Insufficient funds'],
    ['native: the amount and the gas exceed the balance', { amount: '1', gasCost: 1n }, 'Insufficient funds'],
    ['a token: gas is not counted against it', { token: USDC, amount: '5.5', gasCost: 10n ** 18n }, 'Preview send'],
    ['no address', { receiverInput: '', receiverAddress: undefined }, 'Add address'],
    ['an invalid address', { receiverInput: '0x123', receiverAddress: undefined }, 'Invalid address'],
    ['a name not yet looked up', { receiverInput: 'nobody.eth', receiverAddress: undefined }, 'Invalid address'],
    [
      'a name looked up with no address here (issue 25)',
      { receiverInput: 'nobody.eth', receiverAddress: undefined, nameNotFound: true },
      'Name not found',
    ],
    ['an address of another namespace', { namespace: 'solana' }, 'Invalid address'],
    ['a resolved name', { receiverInput: 'alice.portico.id', receiverAddress: ADDRESS }, 'Preview send'],
    ['the whole balance', { amount: '1' }, 'Preview send'],
    ['a token priced at 0 (issue 25 §4)', { token: { ...USDC, price: 0 }, amount: '1' }, 'Incorrect value'],
    ['a token priced at 0, before its balance', { token: { ...USDC, price: 0 }, amount: '50' }, 'Incorrect value'],
    ['the native currency priced at 0 (no price known) still sends', { token: { ...ETH, price: 0 } }, 'Preview send'],
    [
      'cleared after an invalid address (issue 25 §4)',
      { receiverInput: '', receiverAddress: undefined, receiverInvalid: true },
      'Invalid address',
    ],
  ])('%s → %s', (_n, change, label) => {
    const state = sendButtonState({ ...ready, ...change })
    expect(state.label).toBe(label)
    expect(SEND_BUTTON_LABELS[state.action]).toBe(label)
    expect(state.disabled).toBe(label !== 'Preview send')
    expect(state.fundWallet).toBe(false)
    expect(state.switchWallet).toBe(label === 'Insufficient funds')
  })

  it.each([
    ['selectToken', 'Select token'],
    ['addAmount', 'Add amount'],
    ['incorrectValue', 'Incorrect value'],
    ['insufficientFunds', 'Insufficient funds'],
    ['addAddress', 'Add address'],
    ['nameNotFound', 'Name not found'],
    ['invalidAddress', 'Invalid address'],
    ['preview', 'Preview send'],
  ] as const)('the action %s reads %j in English', (action, label) => {
    expect(SEND_BUTTON_LABELS[action]).toBe(label)
  })

  it("'Insufficient funds' offers 'Fund wallet' when the on-ramp feature is on, and another wallet always", () => {
    expect(sendButtonState({ ...ready, amount: '2', onramp: true })).toEqual({
      action: 'insufficientFunds',
      label: 'Insufficient funds',
      disabled: true,
      fundWallet: true,
      switchWallet: true,
    })
    expect(sendButtonState({ ...ready, amount: '0.1', onramp: true }).fundWallet).toBe(false)
  })

  it('while a name resolves the button waits', () => {
    expect(sendButtonState({ ...ready, receiverInput: 'alice.portico.id', receiverAddress: undefined, resolving: true })).toEqual({
      action: 'preview',
      label: 'Preview send',
      disabled: true,
      fundWallet: false,
      switchWallet: false,
    })
  })
})

describe('helpers', () => {
  it('the token contract is the last part of the CAIP-10 address; native has none', () => {
    expect(tokenContract(USDC)).toBe('0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48')
    expect(tokenContract(ETH)).toBeUndefined()
  })
  it('ERC-20 transfer call data', () => {
    expect(erc20TransferData(ADDRESS, 1n)).toBe(`0xa9059cbb${'0'.repeat(24)}${ADDRESS.slice(2).toLowerCase()}${'0'.repeat(63)}1`)
  })
  it.each<[number, string | undefined]>([
    [1, String(0x80000001)],
    [8453, String(0x80000000 + 8453)],
    [2147483648, undefined],
  ])('coin type of chain %d = %s', (id, key) => expect(evmCoinTypeKey(id)).toBe(key))
})

describe('the live USD value of the amount: price × amount', () => {
  it.each<[string, TokenBalance | undefined, string, number | undefined]>([
    ['ETH at 3000, 0.5', ETH, '0.5', 1500],
    ['USDC at 1, 12.25', USDC, '12.25', 12.25],
    ['a trailing dot', ETH, '2.', 6000],
    ['a lone dot is 0', ETH, '.', 0],
    ['no amount', ETH, '', undefined],
    ['no token', undefined, '1', undefined],
    ['unreadable text', ETH, '1e3', undefined],
    ['no price', { ...ETH, price: Number.NaN }, '1', undefined],
  ])('%s', (_, token, amount, usd) => {
    expect(amountUsd(token, amount)).toBe(usd)
  })
})

describe('token search: name or symbol, letter case ignored', () => {
  const DAI: TokenBalance = { ...USDC, name: 'Dai Stablecoin', symbol: 'DAI' }
  it.each<[string, string[]]>([
    ['', ['ETH', 'USDC', 'DAI']],
    ['  ', ['ETH', 'USDC', 'DAI']],
    ['usd', ['USDC']],
    ['ETHER', ['ETH']],
    ['coin', ['USDC', 'DAI']],
    [' dai ', ['DAI']],
    ['btc', []],
  ])('%j → %j', (query, symbols) => {
    expect(searchTokens([ETH, USDC, DAI], query).map((t) => t.symbol)).toEqual(symbols)
  })
})

describe("the sent transaction's explorer page", () => {
  const network = { blockExplorers: { default: { name: 'Etherscan', url: 'https://etherscan.io/' } } }
  it.each<[string, string | undefined, typeof network | undefined, string | undefined]>([
    ['explorer + /tx/ + hash (no double slash)', '0xabc', network, 'https://etherscan.io/tx/0xabc'],
    ['no explorer', '0xabc', undefined, undefined],
    ['no hash', undefined, network, undefined],
  ])('%s', (_, hash, net, url) => {
    expect(sendExplorerUrl(hash, net)).toBe(url)
  })
})
