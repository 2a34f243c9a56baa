/** Pay with exchange's rules (SPEC §5, §7, §9): table tests with concrete inputs and outputs. */
import { describe, expect, it } from 'vitest'
import {
  assetsForNetwork,
  assetsFromBalances,
  caip19Asset,
  isPaymentAsset,
  isPositiveAmount,
  numberToDecimal,
  PAY_WITH_EXCHANGE_ASSETS,
  paymentExplorerUrl,
  pollOutcome,
  POPUP_FEATURES,
  priceAddress,
  recipientOf,
  sameAsset,
  STATUS_MAX_POLLS,
  STATUS_POLL_MS,
  tokenAmount,
} from './rules'

const SOLANA = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'

describe('token amount = fiat amount / asset price, 8 decimals (SPEC §5)', () => {
  it.each([
    ['100', 3000, '0.03333333'],
    ['10', 150, '0.06666667'],
    ['25', 1, '25'],
    ['1', 3, '0.33333333'],
    ['2', 3, '0.66666667'],
    ['10', 3, '3.33333333'],
    ['100', 2000, '0.05'],
    ['0.01', 3000, '0.00000333'],
    ['7500', 0.999, '7507.50750751'],
    ['1', 0.000012, '83333.33333333'],
    ['10', 1e-7, '100000000'],
    ['123456789', 1, '123456789'],
    // Half up at the 8th decimal, exactly (floating point makes 0.000000015 × 1e8 = 1.4999… and rounds down).
    ['0.000000015', 1, '0.00000002'],
    ['0.000000005', 1, '0.00000001'],
    ['0.000000004', 1, '0'],
    ['0', 3000, '0'],
    ['0.', 3000, '0'],
    ['.5', 1, '0.5'],
  ])('%s / %s → %s', (fiat, price, out) => expect(tokenAmount(fiat, price)).toBe(out))

  it.each([
    ['', 3000],
    ['abc', 3000],
    ['1e3', 3000],
    ['-1', 3000],
    ['10', 0],
    ['10', -5],
    ['10', Number.NaN],
    ['10', Number.POSITIVE_INFINITY],
    ['10', undefined],
  ])('%j / %j → "" (no amount or no price above 0)', (fiat, price) => expect(tokenAmount(fiat, price)).toBe(''))
})

describe('numberToDecimal (a price as exact decimal text)', () => {
  it.each([
    [3000, '3000'],
    [0.5, '0.5'],
    [1e-7, '0.0000001'],
    [1.5e-9, '0.0000000015'],
    [1e21, '1000000000000000000000'],
    [0, '0'],
    [-1, undefined],
    [Number.NaN, undefined],
  ])('%s → %s', (n, out) => expect(numberToDecimal(n)).toBe(out))
})

describe('isPositiveAmount', () => {
  it.each([
    ['0.01', true],
    ['10', true],
    ['', false],
    ['0', false],
    ['0.', false],
    ['0.00', false],
    ['x', false],
  ])('%j → %s', (text, out) => expect(isPositiveAmount(text)).toBe(out))
})

describe('supported assets and decimals (SPEC §9)', () => {
  const rows = PAY_WITH_EXCHANGE_ASSETS.map((a) => `${a.metadata.symbol} ${a.network} ${a.metadata.decimals}`)
  it('ETH on Ethereum, Base, Base Sepolia; USDC on Base, Ethereum, Arbitrum, Polygon, Solana; USDT on Ethereum, Optimism, Arbitrum, Polygon, Solana; SOL on Solana', () => {
    expect(rows.sort()).toEqual(
      [
        'ETH eip155:1 18',
        'ETH eip155:8453 18',
        'ETH eip155:84532 18',
        'USDC eip155:8453 6',
        'USDC eip155:1 6',
        'USDC eip155:42161 6',
        'USDC eip155:137 6',
        `USDC ${SOLANA} 6`,
        'USDT eip155:1 6',
        'USDT eip155:10 6',
        'USDT eip155:42161 6',
        'USDT eip155:137 6',
        `USDT ${SOLANA} 6`,
        `SOL ${SOLANA} 9`,
      ].sort(),
    )
  })

  it.each([
    ['eip155:1', ['ETH', 'USDC', 'USDT']],
    ['eip155:8453', ['ETH', 'USDC']],
    ['eip155:84532', ['ETH']],
    ['eip155:10', ['USDT']],
    ['eip155:42161', ['USDC', 'USDT']],
    ['eip155:137', ['USDC', 'USDT']],
    [SOLANA, ['USDC', 'USDT', 'SOL']],
    ['eip155:31337', []],
    [undefined, []],
  ])('on %s: %j', (network, symbols) => expect(assetsForNetwork(network).map((a) => a.metadata.symbol)).toEqual(symbols))

  it('every listed asset passes the asset check', () => {
    expect(PAY_WITH_EXCHANGE_ASSETS.every(isPaymentAsset)).toBe(true)
  })
})

describe('asset ids', () => {
  const usdcBase = { network: 'eip155:8453', asset: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913' }
  it.each([
    [{ network: 'eip155:1', asset: 'native' }, 'eip155:1/slip44:60', 'eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'],
    [usdcBase, 'eip155:8453/erc20:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', 'eip155:8453:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'],
    [{ network: SOLANA, asset: 'native' }, `${SOLANA}/slip44:501`, `${SOLANA}:So11111111111111111111111111111111111111112`],
    [
      { network: SOLANA, asset: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v' },
      `${SOLANA}/token:EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v`,
      `${SOLANA}:EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v`,
    ],
  ])('%j: CAIP-19 %s, price id %s', (asset, caip19, price) => {
    expect(caip19Asset(asset)).toBe(caip19)
    expect(priceAddress(asset)).toBe(price)
  })

  it("another namespace: 'Unsupported namespace for asset formatting'", () => {
    expect(() => caip19Asset({ network: 'bip122:000000000019d6689c085ae165831e93', asset: 'native' })).toThrow(
      'Unsupported namespace for asset formatting',
    )
    expect(() => priceAddress({ network: 'polkadot:91b171bb158e2d3848fa23a9f1c25182', asset: 'native' })).toThrow(
      'Unsupported namespace for asset formatting',
    )
  })

  it('the recipient is network:address (SPEC §7)', () => {
    expect(recipientOf('eip155:8453', '0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B')).toBe(
      'eip155:8453:0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B',
    )
  })

  it.each([
    [usdcBase, { network: 'eip155:8453', asset: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913' }, true],
    [usdcBase, { network: 'eip155:1', asset: usdcBase.asset }, false],
    [{ network: SOLANA, asset: 'EPjF' }, { network: SOLANA, asset: 'epjf' }, false],
  ])('sameAsset(%j, %j) → %s', (a, b, out) => expect(sameAsset(a, b)).toBe(out))

  it.each([
    [
      {
        network: 'eip155:31337',
        asset: '0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35',
        metadata: { name: 'USD Coin', symbol: 'USDC', decimals: 6 },
      },
      true,
    ],
    [{ network: 'eip155:31337', asset: 'native', metadata: { name: 'Ether', symbol: 'ETH', decimals: 18 } }, true],
    [
      { network: 'bip122:000000000019d6689c085ae165831e93', asset: 'native', metadata: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 } },
      false,
    ],
    [{ network: 'eip155', asset: 'native', metadata: { name: 'Ether', symbol: 'ETH', decimals: 18 } }, false],
    [{ network: 'eip155:1', asset: '', metadata: { name: 'Ether', symbol: 'ETH', decimals: 18 } }, false],
    [{ network: 'eip155:1', asset: 'native', metadata: { name: 'Ether', symbol: 'ETH', decimals: 1.5 } }, false],
    [{ network: 'eip155:1', asset: 'native' }, false],
    [undefined, false],
  ])('isPaymentAsset(%j) → %s', (asset, out) => expect(isPaymentAsset(asset)).toBe(out))
})

describe('status (SPEC §4, §9)', () => {
  it('polls every 5 s, 20 times at most; the popup is 480×720', () => {
    expect([STATUS_POLL_MS, STATUS_MAX_POLLS]).toEqual([5000, 20])
    expect(POPUP_FEATURES).toBe('scrollbars=yes,width=480,height=720')
  })

  it.each([
    [
      { status: 'SUCCESS', txHash: '0xabc' },
      { status: 'SUCCESS', hash: '0xabc', done: true },
    ],
    [
      { status: 'FAILED', txHash: null },
      { status: 'FAILED', done: true },
    ],
    [
      { status: 'FAILED', txHash: '0xdef' },
      { status: 'FAILED', hash: '0xdef', done: true },
    ],
    [{ status: 'IN_PROGRESS' }, { status: 'IN_PROGRESS', done: false }],
    [{ status: 'UNKNOWN' }, { status: 'UNKNOWN', done: false }],
    [undefined, { status: 'UNKNOWN', done: false }],
  ] as const)('%j → %j', (answer, out) => expect(pollOutcome(answer)).toEqual(out))
})

describe("the deposit's explorer page", () => {
  it.each([
    ['https://etherscan.io', '0xabc', 'https://etherscan.io/tx/0xabc'],
    ['https://basescan.org/', '0xabc', 'https://basescan.org/tx/0xabc'],
    [undefined, '0xabc', undefined],
    ['https://etherscan.io', undefined, undefined],
    ['', '0xabc', undefined],
  ] as const)('%s + %s → %s', (explorer, hash, out) => expect(paymentExplorerUrl(explorer, hash)).toBe(out))
})

describe("assetsFromBalances: where SPEC §9 lists nothing, the account's own tokens", () => {
  const balance = (chainId: string, symbol: string, decimals: string, address?: string) => ({
    name: symbol,
    symbol,
    chainId,
    ...(address ? { address } : {}),
    value: 1,
    price: 1,
    iconUrl: '',
    quantity: { decimals, numeric: '1' },
  })
  it.each([
    [
      'a local EVM chain: the native currency and a token, other chains left out',
      [
        balance('eip155:31337', 'ETH', '18'),
        balance('eip155:31337', 'USDC', '6', 'eip155:31337:0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35'),
        balance('eip155:1', 'DAI', '18', 'eip155:1:0x6b17'),
      ],
      'eip155:31337',
      [
        ['native', 'ETH', 18],
        ['0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35', 'USDC', 6],
      ],
    ],
    [
      'Solana: SOL as native, a mint by its address',
      [balance('solana:CdTV', 'SOL', '9'), balance('solana:CdTV', 'USDC', '6', 'solana:CdTV:GYUbjc8XZSbz8K21zBasax5SFH2bsy1Z1eBJeSE8Zhce')],
      'solana:CdTV',
      [
        ['native', 'SOL', 9],
        ['GYUbjc8XZSbz8K21zBasax5SFH2bsy1Z1eBJeSE8Zhce', 'USDC', 6],
      ],
    ],
    [
      'decimals 0 or not a number are left out',
      [balance('eip155:5', 'NFT', '0', 'eip155:5:0x01'), balance('eip155:5', 'BAD', 'x', 'eip155:5:0x02')],
      'eip155:5',
      [],
    ],
    [
      'a namespace exchanges do not pay on',
      [balance('bip122:000000000019d6689c085ae165831e93', 'BTC', '8')],
      'bip122:000000000019d6689c085ae165831e93',
      [],
    ],
    ['no network', [balance('eip155:1', 'ETH', '18')], undefined, []],
  ])('%s', (_name, balances, network, expected) => {
    expect(assetsFromBalances(balances, network).map((a) => [a.asset, a.metadata.symbol, a.metadata.decimals])).toEqual(expected)
    for (const a of assetsFromBalances(balances, network)) expect(a.network).toBe(network)
  })
})
