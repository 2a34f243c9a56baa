// The convert API (/v1/convert/*) against the devnet's constant-product AMM on a real anvil chain:
// quotes are the router's getAmountsOut, built transactions are sent from dev accounts and swap.
import { devnetViemChain, PorticoRouter, startDevnet, Token, type Devnet, type DevnetChain } from '@portico/devnet'
import { priceResponseSchema } from '@portico/protocol/account'
import {
  convertAllowanceResponseSchema,
  convertBuildApproveResponseSchema,
  convertBuildTransactionResponseSchema,
  convertGasPriceResponseSchema,
  convertQuotesResponseSchema,
  convertTokensResponseSchema,
} from '@portico/protocol/convert'
import {
  createPublicClient,
  createWalletClient,
  decodeFunctionData,
  erc20Abi,
  getContractAddress,
  http,
  maxUint256,
  parseEther,
  parseUnits,
  type Abi,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ChainConfigInput } from '../config.ts'
import { ROUTER_ABI } from '../providers/convert-math.ts'
import { openTestApp, postJson, requestError, requestJson, type TestApp } from '../test-support.ts'

const NATIVE = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

let devnet: Devnet
let chain: DevnetChain
let client: PublicClient
let app: TestApp
let close: () => Promise<void>
let usdc: Address
let ptk: Address
/** A token with a pool against WETH only (quotes to USDC go through WETH). */
let tst: Address
/** A configured token with no pool at all. */
let nop: Address
const id = (address: string) => `eip155:${chain.chainId}:${address}`

const walletOf = (account: Address) =>
  createWalletClient({ account, chain: devnetViemChain(chain), transport: http(chain.rpcUrl, { retryCount: 0 }) })
const tokenBalance = (token: Address, owner: Address) =>
  client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
const routerAmounts = (amountIn: bigint, path: Address[]) =>
  client.readContract({ address: chain.amm.router, abi: ROUTER_ABI, functionName: 'getAmountsOut', args: [amountIn, path] })
async function mined(hash: Hex) {
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 20 })
  expect(receipt.status).toBe('success')
  return receipt.gasUsed * receipt.effectiveGasPrice
}

/** Deploys a Token from the deployer (it may mint), minted to `holder`. */
async function deployToken(symbol: string, holder: Address): Promise<Address> {
  const wallet = walletOf(devnet.deployer)
  const nonce = await client.getTransactionCount({ address: devnet.deployer, blockTag: 'pending' })
  const hash = await wallet.deployContract({
    abi: Token.abi as Abi,
    bytecode: Token.bytecode,
    args: [`${symbol} Token`, symbol, 18, [holder], parseEther('1000000')],
  })
  await mined(hash)
  return getContractAddress({ from: devnet.deployer, nonce: BigInt(nonce) })
}

beforeAll(async () => {
  devnet = await startDevnet({ chains: [{ chainId: 31337 }] })
  chain = devnet.chains[0]!
  client = createPublicClient({ chain: devnetViemChain(chain), transport: http(chain.rpcUrl, { retryCount: 0 }) }) as PublicClient
  usdc = chain.tokens.find((t) => t.symbol === 'USDC')!.address
  ptk = chain.tokens.find((t) => t.symbol === 'PTK')!.address
  tst = await deployToken('TST', devnet.deployer)
  nop = await deployToken('NOP', devnet.deployer)
  // TST/WETH at 1 TST = 0.001 ETH: 100 000 TST against 100 ETH.
  const deployer = walletOf(devnet.deployer)
  await mined(await deployer.writeContract({ address: tst, abi: erc20Abi, functionName: 'approve', args: [chain.amm.router, maxUint256] }))
  await mined(
    await deployer.writeContract({
      address: chain.amm.router,
      abi: PorticoRouter.abi as Abi,
      functionName: 'addLiquidityETH',
      args: [tst, parseEther('100000'), devnet.deployer],
      value: parseEther('100'),
    }),
  )
  const config: ChainConfigInput = {
    chainId: chain.chainId,
    name: chain.name,
    rpcUrl: chain.rpcUrl,
    nativeCurrency: chain.nativeCurrency,
    tokens: [
      ...chain.tokens,
      { address: tst, symbol: 'TST', name: 'TST Token', decimals: 18 },
      { address: nop, symbol: 'NOP', name: 'NOP Token', decimals: 18 },
    ],
    swap: chain.amm,
  }
  ;({ app, close } = await openTestApp({ chains: [config] }))
}, 90_000)
afterAll(async () => {
  await close?.()
  await devnet?.stop()
})

const quotes = (params: Record<string, string>) =>
  requestJson(app, `/v1/convert/quotes?${new URLSearchParams(params)}`, convertQuotesResponseSchema)
const build = (body: Record<string, unknown>) => postJson(app, '/v1/convert/build-transaction', body)
async function built(body: Record<string, unknown>) {
  const res = await build(body)
  const text = await res.text()
  expect(res.status, text).toBe(200)
  return convertBuildTransactionResponseSchema.parse(JSON.parse(text)).tx
}

describe('GET /v1/convert/tokens', () => {
  it('lists native ETH, then the configured tokens that have a pool, with popular and suggested lists', async () => {
    const { status, body } = await requestJson(app, `/v1/convert/tokens?chainId=eip155:${chain.chainId}`, convertTokensResponseSchema)
    expect(status).toBe(200)
    expect(body.tokens.map((t) => [t.symbol, t.address, t.decimals])).toEqual([
      ['ETH', id(NATIVE), 18],
      ['USDC', id(usdc), 6],
      ['PTK', id(ptk), 18],
      ['TST', id(tst), 18],
    ])
    expect(body.tokens[0]).toMatchObject({ name: 'Ether', logoUri: '/token-images/ETH' })
    expect(body.popular?.map((t) => t.symbol)).toEqual(['ETH', 'USDC'])
    expect(body.suggested?.map((t) => t.symbol)).toEqual(['PTK', 'TST'])
    // A bare chain id works too.
    expect((await requestJson(app, `/v1/convert/tokens?chainId=${chain.chainId}`, convertTokensResponseSchema)).body.tokens).toHaveLength(4)
  })

  it("refuses a chain without swaps: 'Network not supported for Swaps', SPEC's swap chains need an RPC", async () => {
    expect(await requestError(app, '/v1/convert/tokens?chainId=eip155:999')).toMatchObject({
      status: 400,
      body: { error: 'Network not supported for Swaps' },
    })
    const { status, body } = await requestError(app, '/v1/convert/tokens?chainId=eip155:8453')
    expect(status).toBe(400)
    expect(body.error).toBe('Network not supported for Swaps: eip155:8453 needs an RPC (configure the chain with swap { router, weth })')
    expect(await requestError(app, '/v1/convert/tokens?chainId=solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toMatchObject({
      status: 400,
      body: { error: 'Network not supported for Swaps' },
    })
    expect(await requestError(app, '/v1/convert/tokens')).toMatchObject({
      status: 400,
      body: { error: 'chainId is required: a CAIP-2 chain id (eip155:<id>)' },
    })
  })
})

describe('GET /v1/convert/quotes', () => {
  const user = () => devnet.accounts[0]!

  it("ETH → USDC: toAmount is the router's getAmountsOut through the WETH/USDC pool, with the 0.85% fee and the price impact", async () => {
    const amount = parseEther('1')
    const { status, body } = await quotes({
      amount: String(amount),
      userAddress: user(),
      from: id(NATIVE),
      to: id(usdc),
      gasPrice: '1000000000',
    })
    expect(status).toBe(200)
    const expected = await routerAmounts(amount, [chain.amm.weth, usdc])
    const quote = body.quotes[0]!
    expect(quote.toAmount).toBe(String(expected[1]))
    expect(quote.fromAmount).toBe(String(amount))
    expect(quote.fee).toEqual({
      amount: String((amount * 85n) / 10_000n),
      percentage: '0.85',
      token: id(NATIVE),
      recipient: chain.amm.feeRecipient,
    })
    expect(quote.path).toEqual([id(chain.amm.weth), id(usdc)])
    // 1000 ETH : 3 000 000 USDC; a = 0.9915 × 0.997 ETH in → impact a / (1000 + a) ≈ 0.0988%.
    const a = 0.9915 * 0.997
    expect(Number(quote.priceImpact)).toBeCloseTo((a / (1000 + a)) * 100, 3)
    // 3000 × a × (1 − impact) ≈ 2962.65 USDC: 3000 less the fees and the impact.
    expect(Number(quote.toAmount) / 1e6).toBeCloseTo(3000 * a * (1 - a / (1000 + a)), 1)
  })

  it('USDC → ETH and USDC → PTK through the direct pools; TST → USDC through WETH', async () => {
    const amount = parseUnits('100', 6)
    const toEth = (await quotes({ amount: String(amount), userAddress: user(), from: id(usdc), to: id(NATIVE), gasPrice: '1' })).body
      .quotes[0]!
    expect(toEth.toAmount).toBe(String((await routerAmounts(amount, [usdc, chain.amm.weth]))[1]))
    const toPtk = (await quotes({ amount: String(amount), userAddress: user(), from: id(usdc), to: id(ptk), gasPrice: '1' })).body
      .quotes[0]!
    expect(toPtk.path).toEqual([id(usdc), id(ptk)])
    expect(toPtk.toAmount).toBe(String((await routerAmounts(amount, [usdc, ptk]))[1]))
    const tstAmount = parseEther('1000')
    const viaWeth = (
      await quotes({
        amount: String(tstAmount),
        userAddress: `eip155:${chain.chainId}:${user()}`,
        from: id(tst),
        to: id(usdc),
        gasPrice: '1',
      })
    ).body.quotes[0]!
    expect(viaWeth.path).toEqual([id(tst), id(chain.amm.weth), id(usdc)])
    expect(viaWeth.toAmount).toBe(String((await routerAmounts(tstAmount, [tst, chain.amm.weth, usdc]))[2]))
  })

  it("'Insufficient liquidity' when the pool can not serve the amount, or there is no pool", async () => {
    const drain = await requestError(
      app,
      `/v1/convert/quotes?${new URLSearchParams({ amount: String(parseEther('5000')), userAddress: user(), from: id(NATIVE), to: id(usdc), gasPrice: '1' })}`,
    )
    expect(drain.status).toBe(400)
    expect(drain.body.error).toContain('Insufficient liquidity')
    const noPool = await requestError(
      app,
      `/v1/convert/quotes?${new URLSearchParams({ amount: '1000', userAddress: user(), from: id(nop), to: id(usdc), gasPrice: '1' })}`,
    )
    expect(noPool.status).toBe(400)
    expect(noPool.body.error).toContain('Insufficient liquidity')
  })

  it('refuses amounts that are zero, negative, not numbers or have decimals, with a clear 400', async () => {
    const ask = (amount: string) =>
      requestError(
        app,
        `/v1/convert/quotes?${new URLSearchParams({ amount, userAddress: user(), from: id(NATIVE), to: id(usdc), gasPrice: '1' })}`,
      )
    expect(await ask('0')).toMatchObject({ status: 400, body: { error: 'amount must be greater than 0' } })
    expect(await ask('-5')).toMatchObject({ status: 400, body: { error: 'amount must be positive, got -5' } })
    expect(await ask('abc')).toMatchObject({
      status: 400,
      body: { error: "amount must be a number: an integer in the token's smallest unit, got abc" },
    })
    expect(await ask('1.5')).toMatchObject({
      status: 400,
      body: { error: "amount must be a whole number of the token's smallest unit (no decimals), got 1.5" },
    })
    expect(await ask(String(2n ** 256n))).toMatchObject({ status: 400, body: { error: 'amount is too large' } })
  })

  it('refuses other chains, mixed chains, the same token twice and bad addresses', async () => {
    const ask = (params: Record<string, string>) =>
      requestError(
        app,
        `/v1/convert/quotes?${new URLSearchParams({ amount: '1000', userAddress: user(), from: id(NATIVE), to: id(usdc), gasPrice: '1', ...params })}`,
      )
    expect(await ask({ from: `eip155:999:${NATIVE}`, to: `eip155:999:${usdc}` })).toMatchObject({
      status: 400,
      body: { error: 'Network not supported for Swaps' },
    })
    expect((await ask({ from: `eip155:1:${NATIVE}`, to: `eip155:1:${usdc}` })).body.error).toMatch(
      /^Network not supported for Swaps: eip155:1 needs an RPC/,
    )
    expect(await ask({ to: `eip155:31338:${usdc}` })).toMatchObject({
      status: 400,
      body: { error: 'from and to must be on one chain, got eip155:31337 and eip155:31338' },
    })
    expect(await ask({ to: id(NATIVE) })).toMatchObject({ status: 400, body: { error: 'from and to must be different tokens' } })
    expect(await ask({ to: id(chain.amm.weth) })).toMatchObject({
      status: 400,
      body: { error: 'from and to must be different tokens (native ETH swaps as WETH)' },
    })
    expect(await ask({ from: 'ETH' })).toMatchObject({
      status: 400,
      body: { error: 'from must be a CAIP-10 token id (eip155:<chainId>:0x…), got ETH' },
    })
    expect(await ask({ userAddress: 'nobody' })).toMatchObject({ status: 400 })
    expect(await ask({ userAddress: `eip155:1:${user()}` })).toMatchObject({
      status: 400,
      body: { error: 'userAddress is on eip155:1, the tokens on eip155:31337' },
    })
    expect(await ask({ gasPrice: 'fast' })).toMatchObject({ status: 400, body: { error: 'gasPrice must be an integer in wei, got fast' } })
  })
})

describe('building and sending swaps', () => {
  it('ETH → USDC: the built transaction swaps; USDC rises by the quote (within the slippage) and the fee recipient gets 0.85%', async () => {
    const account = devnet.accounts[1]!
    const amount = parseEther('2')
    const quoted = BigInt(
      (await quotes({ amount: String(amount), userAddress: account, from: id(NATIVE), to: id(usdc), gasPrice: '1' })).body.quotes[0]!
        .toAmount,
    )
    const tx = await built({ amount: String(amount), eip155: { slippage: '1' }, from: id(NATIVE), to: id(usdc), userAddress: account })
    expect(tx.to).toBe(chain.amm.router)
    expect(tx.value).toBe(String(amount))
    const call = decodeFunctionData({ abi: ROUTER_ABI, data: tx.data as Hex })
    expect(call.functionName).toBe('swapExactETHForTokens')
    const [amountOutMin, path, to, deadline] = call.args as [bigint, Address[], Address, bigint]
    expect(amountOutMin).toBe((quoted * 99n) / 100n)
    expect(path).toEqual([chain.amm.weth, usdc])
    expect(to).toBe(account)
    expect(Number(deadline) - Date.now() / 1000).toBeGreaterThan(19 * 60)
    expect(Number(deadline) - Date.now() / 1000).toBeLessThanOrEqual(20 * 60 + 1)
    expect(BigInt(tx.eip155.gas)).toBeGreaterThan(50_000n)
    expect(BigInt(tx.eip155.gasPrice)).toBe(await client.getGasPrice())

    const usdcBefore = await tokenBalance(usdc, account)
    const feeBefore = await client.getBalance({ address: chain.amm.feeRecipient })
    await mined(
      await walletOf(account).sendTransaction({
        to: tx.to as Address,
        data: tx.data as Hex,
        value: BigInt(tx.value),
        gas: BigInt(tx.eip155.gas),
      }),
    )
    const received = (await tokenBalance(usdc, account)) - usdcBefore
    expect(received).toBe(quoted)
    expect(received).toBeGreaterThanOrEqual(amountOutMin)
    expect((await client.getBalance({ address: chain.amm.feeRecipient })) - feeBefore).toBe((amount * 85n) / 10_000n)
  })

  it('USDC → ETH: allowance 0, build-approve, approve, allowance max, then the swap pays ETH and the fee recipient gets 0.85% in USDC', async () => {
    const account = devnet.accounts[2]!
    const amount = parseUnits('500', 6)
    const allowance = () =>
      requestJson(app, `/v1/convert/allowance?tokenAddress=${id(usdc)}&userAddress=${account}`, convertAllowanceResponseSchema)
    expect((await allowance()).body).toEqual({ allowance: '0' })

    // Without the approval the estimate reverts: the reason, not a 500.
    const refused = await build({ amount: String(amount), eip155: { slippage: '1' }, from: id(usdc), to: id(NATIVE), userAddress: account })
    expect(refused.status).toBe(400)
    expect((await refused.json()).error).toBe('The swap would fail: Insufficient allowance: approve the router first')
    // Skipping the estimate gives SPEC's default gas.
    const unestimated = await built({
      amount: String(amount),
      eip155: { slippage: '1' },
      from: id(usdc),
      to: id(NATIVE),
      userAddress: account,
      disableEstimate: true,
    })
    expect(unestimated.eip155.gas).toBe('150000')

    const { body: approve } = await requestJson(
      app,
      `/v1/convert/build-approve?from=${id(usdc)}&to=${id(NATIVE)}&userAddress=${account}`,
      convertBuildApproveResponseSchema,
    )
    expect(approve.tx).toMatchObject({ from: account, to: usdc, value: '0' })
    expect(approve.tx.eip155.gasPrice).toBe(String(await client.getGasPrice()))
    expect(decodeFunctionData({ abi: erc20Abi, data: approve.tx.data as Hex })).toEqual({
      functionName: 'approve',
      args: [chain.amm.router, maxUint256],
    })
    await mined(await walletOf(account).sendTransaction({ to: approve.tx.to as Address, data: approve.tx.data as Hex, value: 0n }))
    expect((await allowance()).body).toEqual({ allowance: String(maxUint256) })

    const quoted = BigInt(
      (await quotes({ amount: String(amount), userAddress: account, from: id(usdc), to: id(NATIVE), gasPrice: '1' })).body.quotes[0]!
        .toAmount,
    )
    const tx = await built({ amount: String(amount), eip155: { slippage: '0.5' }, from: id(usdc), to: id(NATIVE), userAddress: account })
    const call = decodeFunctionData({ abi: ROUTER_ABI, data: tx.data as Hex })
    expect(call.functionName).toBe('swapExactTokensForETH')
    expect(call.args?.slice(0, 3)).toEqual([amount, (quoted * 995n) / 1000n, [usdc, chain.amm.weth]])
    expect(tx.value).toBe('0')

    const ethBefore = await client.getBalance({ address: account })
    const usdcBefore = await tokenBalance(usdc, account)
    const feeBefore = await tokenBalance(usdc, chain.amm.feeRecipient)
    const gasCost = await mined(
      await walletOf(account).sendTransaction({ to: tx.to as Address, data: tx.data as Hex, value: 0n, gas: BigInt(tx.eip155.gas) }),
    )
    expect((await client.getBalance({ address: account })) - ethBefore + gasCost).toBe(quoted)
    expect(usdcBefore - (await tokenBalance(usdc, account))).toBe(amount)
    expect((await tokenBalance(usdc, chain.amm.feeRecipient)) - feeBefore).toBe((amount * 85n) / 10_000n)
  })

  it('build-approve takes an amount; native needs no approval and its allowance is the maximum', async () => {
    const account = devnet.accounts[3]!
    const { body } = await requestJson(
      app,
      `/v1/convert/build-approve?from=${id(ptk)}&to=${id(usdc)}&userAddress=${account}&amount=1234`,
      convertBuildApproveResponseSchema,
    )
    expect(decodeFunctionData({ abi: erc20Abi, data: body.tx.data as Hex }).args).toEqual([chain.amm.router, 1234n])
    expect(await requestError(app, `/v1/convert/build-approve?from=${id(NATIVE)}&to=${id(usdc)}&userAddress=${account}`)).toMatchObject({
      status: 400,
      body: { error: 'The native currency needs no approval: from must be an ERC-20 token' },
    })
    expect(
      (await requestJson(app, `/v1/convert/allowance?tokenAddress=${id(NATIVE)}&userAddress=${account}`, convertAllowanceResponseSchema))
        .body,
    ).toEqual({
      allowance: String(maxUint256),
    })
  })

  it('refuses a bad body with a 400 naming the field', async () => {
    const good = {
      amount: '1000',
      eip155: { slippage: '1' },
      from: id(NATIVE),
      to: id(usdc),
      userAddress: devnet.accounts[0]!,
      disableEstimate: true,
    }
    const error = async (body: unknown) => {
      const res = await build(body as Record<string, unknown>)
      return { status: res.status, error: ((await res.json()) as { error: string }).error }
    }
    expect(await error({ ...good, amount: '0' })).toEqual({ status: 400, error: 'amount must be greater than 0' })
    expect(await error({ ...good, amount: '-1' })).toEqual({ status: 400, error: 'amount must be positive, got -1' })
    expect(await error({ ...good, amount: '0.1' })).toEqual({
      status: 400,
      error: "amount must be a whole number of the token's smallest unit (no decimals), got 0.1",
    })
    expect(await error({ ...good, amount: 1000 })).toEqual({
      status: 400,
      error: "amount must be a string: an integer in the token's smallest unit",
    })
    expect(await error({ ...good, eip155: { slippage: '150' } })).toEqual({
      status: 400,
      error: 'eip155.slippage must be a percentage from 0 to less than 100, e.g. "1" or "0.5"',
    })
    expect(await error({ ...good, eip155: undefined })).toMatchObject({ status: 400 })
    expect(await error({ ...good, from: `eip155:10:${NATIVE}`, to: `eip155:10:${usdc}` })).toMatchObject({ status: 400 })
    expect((await error({ ...good, from: `eip155:77:${NATIVE}`, to: `eip155:77:${usdc}` })).error).toBe('Network not supported for Swaps')
    const wrongType = await postJson(app, '/v1/convert/build-transaction', good, { 'content-type': 'text/plain' })
    expect(wrongType.status).toBe(415)
    expect((await postJson(app, '/v1/convert/build-transaction', '{')).status).toBe(400)
  })
})

describe('GET /v1/convert/gas-price', () => {
  it('answers standard, fast (+25%) and instant (+50%) from eth_gasPrice', async () => {
    const { status, body } = await requestJson(app, `/v1/convert/gas-price?chainId=eip155:${chain.chainId}`, convertGasPriceResponseSchema)
    expect(status).toBe(200)
    const gasPrice = await client.getGasPrice()
    expect(BigInt(body.standard)).toBe(gasPrice)
    expect(BigInt(body.fast)).toBe((gasPrice * 125n + 99n) / 100n)
    expect(BigInt(body.instant)).toBe((gasPrice * 150n + 99n) / 100n)
  })

  it("'Network not supported for Gas Price' elsewhere", async () => {
    expect(await requestError(app, '/v1/convert/gas-price?chainId=eip155:999')).toMatchObject({
      status: 400,
      body: { error: 'Network not supported for Gas Price' },
    })
    expect(await requestError(app, '/v1/convert/gas-price?chainId=solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toMatchObject({
      status: 400,
      body: { error: 'Network not supported for Gas Price' },
    })
    expect(await requestError(app, '/v1/convert/gas-price?chainId=eip155:1')).toMatchObject({
      status: 400,
      body: { error: 'Network not supported for Gas Price: eip155:1 needs an RPC' },
    })
  })
})

describe('POST /v1/fungible/price for the swap tokens', () => {
  it('prices native ETH and WETH at the ETH price, PTK and USDC from the table', async () => {
    const res = await postJson(app, '/v1/fungible/price', {
      currency: 'usd',
      projectId: 'p',
      addresses: [id(NATIVE), id(chain.amm.weth), id(ptk), id(usdc)],
    })
    const body = priceResponseSchema.parse(await res.json())
    expect(body.fungibles.map((f) => [f.symbol, f.price])).toEqual([
      ['ETH', 3000],
      ['WETH', 3000],
      ['PTK', 0.5],
      ['USDC', 1],
    ])
  })
})

describe('an unreachable chain', () => {
  it('is a 502 on every route that reads it, never a 500', async () => {
    const dead: ChainConfigInput = {
      chainId: chain.chainId,
      name: 'dead',
      rpcUrl: 'http://127.0.0.1:1',
      nativeCurrency: chain.nativeCurrency,
      tokens: chain.tokens,
      swap: chain.amm,
    }
    const { app: broken, close: closeBroken, reported } = await openTestApp({ chains: [dead] })
    try {
      const user = devnet.accounts[0]!
      const expect502 = async (res: Response) => {
        expect(res.status).toBe(502)
        expect(await res.json()).toEqual({ error: `RPC request to eip155:${chain.chainId} failed` })
      }
      const started = Date.now()
      await expect502(await broken.request(`/v1/convert/tokens?chainId=eip155:${chain.chainId}`))
      await expect502(
        await broken.request(`/v1/convert/quotes?amount=1000&userAddress=${user}&from=${id(NATIVE)}&to=${id(usdc)}&gasPrice=1`),
      )
      await expect502(await broken.request(`/v1/convert/allowance?tokenAddress=${id(usdc)}&userAddress=${user}`))
      await expect502(await broken.request(`/v1/convert/gas-price?chainId=eip155:${chain.chainId}`))
      await expect502(await broken.request(`/v1/convert/build-approve?from=${id(usdc)}&to=${id(NATIVE)}&userAddress=${user}`))
      await expect502(
        await postJson(broken, '/v1/convert/build-transaction', {
          amount: '1000',
          eip155: { slippage: '1' },
          from: id(NATIVE),
          to: id(usdc),
          userAddress: user,
        }),
      )
      expect(Date.now() - started).toBeLessThan(5_000)
      expect(reported.length).toBeGreaterThan(0)
    } finally {
      await closeBroken()
    }
  })
})
