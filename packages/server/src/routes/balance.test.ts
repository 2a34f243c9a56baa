import { createPublicClient, createTestClient, createWalletClient, http, parseEther, parseUnits, type Address, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app.ts'
import type { ChainConfigInput } from '../config.ts'
import type { Database } from '../db/index.ts'
import { errorBodySchema, openTestDatabase } from '../test-support.ts'
import { type AnvilInstance, getFreePort, startAnvil, Token } from '@portico/devnet'
import { balanceResponseSchema } from '@portico/protocol/account'

// anvil's first dev account (mnemonic "test test … junk").
const deployer = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
const devnet = {
  id: 31337,
  name: 'Anvil',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [] as string[] } },
} as const

let anvil: AnvilInstance
let db: Database
let app: ReturnType<typeof createApp>
let chain: ChainConfigInput
const tokens: Record<'PTK' | 'USDC' | 'PTS', Address> = { PTK: '0x', USDC: '0x', PTS: '0x' }

function clients() {
  const transport = http(anvil.rpcUrl)
  return {
    publicClient: createPublicClient({ chain: devnet, transport }),
    wallet: createWalletClient({ chain: devnet, transport, account: deployer }),
    test: createTestClient({ chain: devnet, transport, mode: 'anvil' }),
  }
}

async function transferToken(token: Address, to: Address, amount: bigint) {
  const { wallet, publicClient } = clients()
  const hash = await wallet.writeContract({ address: token, abi: Token.abi, functionName: 'transfer', args: [to, amount] })
  await publicClient.waitForTransactionReceipt({ hash })
}

beforeAll(async () => {
  ;[anvil, db] = await Promise.all([startAnvil({ chainId: 31337 }), openTestDatabase()])
  const { wallet, publicClient } = clients()
  const { abi, bytecode } = Token
  const deploy = async (name: string, symbol: string, decimals: number) => {
    const hash = await wallet.deployContract({
      abi,
      bytecode,
      args: [name, symbol, decimals, [deployer.address], parseUnits('1000000', decimals)],
    })
    const receipt = await publicClient.waitForTransactionReceipt({ hash })
    return receipt.contractAddress as Address
  }
  tokens.PTK = await deploy('Portico Token', 'PTK', 18)
  tokens.USDC = await deploy('USD Coin', 'USDC', 6)
  tokens.PTS = await deploy('Portico Points', 'PTS', 0)
  chain = {
    chainId: 31337,
    name: 'Portico Devnet',
    rpcUrl: anvil.rpcUrl,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    tokens: [
      { address: tokens.PTK, symbol: 'PTK', name: 'Portico Token', decimals: 18 },
      { address: tokens.USDC, symbol: 'USDC', name: 'USD Coin', decimals: 6 },
      { address: tokens.PTS, symbol: 'PTS', name: 'Portico Points', decimals: 0 },
    ],
  }
  app = createApp({ chains: [chain], db, onError: () => undefined })
})

afterAll(async () => {
  await Promise.all([anvil?.stop(), db?.close()])
})

async function balances(a: ReturnType<typeof createApp>, address: string, query = '?currency=usd&chainId=eip155:31337&forceUpdate=') {
  const res = await a.request(`/v1/account/${address}/balance${query}`)
  return { status: res.status, body: balanceResponseSchema.parse(await res.json()) }
}

async function failure(a: ReturnType<typeof createApp>, path: string) {
  const res = await a.request(path)
  return { status: res.status, body: errorBodySchema.parse(await res.json()) }
}

describe('GET /v1/account/{address}/balance', () => {
  it('answers the native balance read from the chain, even when zero', async () => {
    const empty = privateKeyToAccount(generatePrivateKey()).address
    const { status, body } = await balances(app, empty)
    expect(status).toBe(200)
    expect(body.balances).toEqual([
      {
        name: 'Ether',
        symbol: 'ETH',
        chainId: 'eip155:31337',
        value: 0,
        price: 3000,
        iconUrl: '/token-images/ETH',
        quantity: { decimals: '18', numeric: '0' },
      },
    ])
  })

  it('reads a funded address: native quantity from the chain, ERC-20s after a transfer, zero ERC-20s omitted', async () => {
    const holder = privateKeyToAccount(generatePrivateKey()).address
    await clients().test.setBalance({ address: holder, value: parseEther('1.5') })

    const before = await balances(app, holder)
    expect(before.body.balances.map((b) => [b.symbol, b.quantity.numeric, b.value])).toEqual([['ETH', '1.5', 4500]])

    await transferToken(tokens.PTK, holder, parseUnits('250.5', 18))
    await transferToken(tokens.USDC, holder, parseUnits('12.34', 6))
    await transferToken(tokens.PTS, holder, 7n)

    const after = await balances(app, holder.toLowerCase())
    expect(after.status).toBe(200)
    expect(after.body.balances).toEqual([
      {
        name: 'Ether',
        symbol: 'ETH',
        chainId: 'eip155:31337',
        value: 4500,
        price: 3000,
        iconUrl: '/token-images/ETH',
        quantity: { decimals: '18', numeric: '1.5' },
      },
      {
        name: 'Portico Token',
        symbol: 'PTK',
        chainId: 'eip155:31337',
        address: `eip155:31337:${tokens.PTK}`,
        value: 125.25,
        price: 0.5,
        iconUrl: '/token-images/PTK',
        quantity: { decimals: '18', numeric: '250.5' },
      },
      {
        name: 'USD Coin',
        symbol: 'USDC',
        chainId: 'eip155:31337',
        address: `eip155:31337:${tokens.USDC}`,
        value: 12.34,
        price: 1,
        iconUrl: '/token-images/USDC',
        quantity: { decimals: '6', numeric: '12.34' },
      },
    ])
  })

  it('reads every configured chain when no chainId is given', async () => {
    const { body } = await balances(app, deployer.address, '')
    expect(body.balances.map((b) => b.symbol)).toEqual(['ETH', 'PTK', 'USDC'])
    expect(body.balances[1]?.quantity.numeric).toBe(String(1_000_000 - 250.5))
  })

  it('uses publicUrl for icon URLs when configured', async () => {
    const custom = createApp({ chains: [chain], db, publicUrl: 'http://127.0.0.1:8787/' })
    const { body } = await balances(custom, deployer.address)
    expect(body.balances[0]?.iconUrl).toBe('http://127.0.0.1:8787/token-images/ETH')
  })

  it('answers 502 when the chain RPC is down', async () => {
    const closed = await getFreePort()
    const down = createApp({
      chains: [{ ...chain, rpcUrl: `http://127.0.0.1:${closed}` }],
      db,
      onError: () => undefined,
    })
    expect(await failure(down, `/v1/account/${deployer.address}/balance?chainId=eip155:31337`)).toEqual({
      status: 502,
      body: { error: 'RPC request to eip155:31337 failed' },
    })
  })

  it('answers 502 when a configured token is not a contract', async () => {
    const broken = createApp({
      chains: [{ ...chain, tokens: [{ address: `0x${'5'.repeat(40)}` as Hex, symbol: 'BAD', name: 'Bad', decimals: 18 }] }],
      db,
      onError: () => undefined,
    })
    expect(await failure(broken, `/v1/account/${deployer.address}/balance?chainId=eip155:31337`)).toEqual({
      status: 502,
      body: { error: 'RPC request to eip155:31337 failed' },
    })
  })

  it.each([
    ['/v1/account/not-an-address/balance?chainId=eip155:31337', 'Invalid EVM address'],
    [`/v1/account/0x${'1'.repeat(40)}/balance?chainId=eip155:1`, 'Unsupported chainId eip155:1'],
    [`/v1/account/0x${'1'.repeat(40)}/balance?chainId=foo`, 'Invalid CAIP-2 chain id foo'],
    [`/v1/account/0x${'1'.repeat(40)}/balance?currency=eur&chainId=eip155:31337`, 'Unsupported currency eur'],
    [`/v1/account/0x${'1'.repeat(40)}/balance?forceUpdate=maybe`, 'forceUpdate must be true or false'],
    // No Solana chain is configured: a base58 address is not an EVM one.
    ['/v1/account/oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96/balance', 'Invalid EVM address'],
  ])('GET %s → 400 %j', async (path, message) => {
    expect(await failure(app, path)).toEqual({ status: 400, body: { error: message } })
  })
})
