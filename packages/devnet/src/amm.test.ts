import {
  type Abi,
  type Address,
  createPublicClient,
  createWalletClient,
  erc20Abi,
  type Hex,
  http,
  maxUint256,
  parseEther,
  parseEventLogs,
  parseUnits,
  type PublicClient,
  toFunctionSignature,
  zeroAddress,
} from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEVNET_AMM_ADDRESSES, DEVNET_AMM_RESERVES } from './amm.ts'
import { type Devnet, type DevnetChain, startDevnet } from './devnet.ts'
import { devnetViemChain } from './ens.ts'
import { PorticoFactory, PorticoPair, PorticoRouter, Token, WETH9 } from './fixtures/index.ts'

// The router's errors plus the tokens' (a transferFrom without allowance re-throws Token's error).
const routerAbi = [...PorticoRouter.abi, ...Token.abi.filter((x) => x.type === 'error')] as Abi

let devnet: Devnet
let chain: DevnetChain
let client: PublicClient
let usdc: Address
let ptk: Address
let weth: Address
let router: Address
let feeRecipient: Address
const far = () => BigInt(Math.floor(Date.now() / 1000) + 3600)

beforeAll(async () => {
  devnet = await startDevnet({ chains: [{ chainId: 31337 }] })
  chain = devnet.chains[0]!
  client = createPublicClient({ chain: devnetViemChain(chain), transport: http(chain.rpcUrl, { retryCount: 0 }) }) as PublicClient
  usdc = chain.tokens.find((t) => t.symbol === 'USDC')!.address
  ptk = chain.tokens.find((t) => t.symbol === 'PTK')!.address
  ;({ weth, router, feeRecipient } = chain.amm)
}, 30_000)
afterAll(async () => {
  await devnet?.stop()
})

// Dev accounts are unlocked on anvil: the node signs.
const walletOf = (account: Address) =>
  createWalletClient({ account, chain: devnetViemChain(chain), transport: http(chain.rpcUrl, { retryCount: 0 }) })
const tokenBalance = (token: Address, owner: Address) =>
  client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
const quote = (amountIn: bigint, path: Address[]) =>
  client.readContract({ address: router, abi: PorticoRouter.abi, functionName: 'getAmountsOut', args: [amountIn, path] }) as Promise<
    readonly bigint[]
  >
/** [reserveIn, reserveOut] of the tokenIn/tokenOut pool. */
async function reserves(tokenIn: Address, tokenOut: Address): Promise<[bigint, bigint]> {
  const pair = (await client.readContract({
    address: chain.amm.factory,
    abi: PorticoFactory.abi,
    functionName: 'getPair',
    args: [tokenIn, tokenOut],
  })) as Address
  const [r0, r1] = (await client.readContract({ address: pair, abi: PorticoPair.abi, functionName: 'getReserves' })) as [
    bigint,
    bigint,
    number,
  ]
  const token0 = await client.readContract({ address: pair, abi: PorticoPair.abi, functionName: 'token0' })
  return token0 === tokenIn ? [r0, r1] : [r1, r0]
}
/** The constant-product output with the 0.3% LP fee. */
const hop = (amountIn: bigint, [reserveIn, reserveOut]: [bigint, bigint]) =>
  (amountIn * 997n * reserveOut) / (reserveIn * 1000n + amountIn * 997n)
const fee = (amountIn: bigint) => (amountIn * 85n) / 10_000n
async function mined(hash: Hex) {
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 20 })
  expect(receipt.status).toBe('success')
  return { receipt, gas: receipt.gasUsed * receipt.effectiveGasPrice }
}

describe('devnet AMM deployment', () => {
  it('deploys WETH, the factory and the router at the documented addresses, with the 0.85% fee to a fresh recipient', async () => {
    expect(chain.amm).toEqual({ ...DEVNET_AMM_ADDRESSES, feeBps: 85 })
    const read = (functionName: string) => client.readContract({ address: router, abi: PorticoRouter.abi, functionName })
    expect(await read('WETH')).toBe(weth)
    expect(await read('factory')).toBe(chain.amm.factory)
    expect(await read('feeRecipient')).toBe(feeRecipient)
    expect(await read('feeBps')).toBe(85n)
    expect(await client.readContract({ address: chain.amm.factory, abi: PorticoFactory.abi, functionName: 'allPairsLength' })).toBe(3n)
    for (const [name, pair] of Object.entries(chain.amm.pairs)) {
      const [a, b] = name.split('/').map((s) => (s === 'WETH' ? weth : s === 'USDC' ? usdc : ptk)) as [Address, Address]
      for (const [x, y] of [
        [a, b],
        [b, a],
      ]) {
        expect(
          await client.readContract({ address: chain.amm.factory, abi: PorticoFactory.abi, functionName: 'getPair', args: [x, y] }),
        ).toBe(pair)
      }
    }
    // The fee recipient has no other use: nothing of anything before the first swap (this test runs first).
    expect(await client.getBalance({ address: feeRecipient })).toBe(0n)
    expect(await client.getTransactionCount({ address: feeRecipient })).toBe(0)
    for (const token of [usdc, ptk, weth]) expect(await tokenBalance(token, feeRecipient)).toBe(0n)
  })

  it('seeds WETH/USDC 1000:3,000,000, WETH/PTK 1000:6,000,000 and USDC/PTK 3,000,000:6,000,000 (ETH 3000, PTK 0.5 USD)', async () => {
    expect(await reserves(weth, usdc)).toEqual([parseEther('1000'), parseUnits('3000000', 6)])
    expect(await reserves(weth, ptk)).toEqual([parseEther('1000'), parseEther('6000000')])
    expect(await reserves(usdc, ptk)).toEqual([parseUnits('3000000', 6), parseEther('6000000')])
    expect(DEVNET_AMM_RESERVES['WETH/USDC']).toEqual(['1000', '3000000'])
    // WETH is fully backed by the ether it holds; the deployer holds the LP tokens.
    expect(await client.readContract({ address: weth, abi: WETH9.abi, functionName: 'totalSupply' })).toBe(parseEther('2000'))
    expect(await client.getBalance({ address: weth })).toBe(parseEther('2000'))
    expect(await tokenBalance(chain.amm.pairs['WETH/USDC'], devnet.deployer)).toBeGreaterThan(0n)
    expect(await tokenBalance(chain.amm.pairs['WETH/USDC'], zeroAddress)).toBe(1000n)
  })
})

describe('PorticoRouter', () => {
  it('has the ABI the API codes against', () => {
    const fns = PorticoRouter.abi.flatMap((x) =>
      x.type === 'function' ? [`${toFunctionSignature(x)} ${x.stateMutability} returns (${x.outputs.map((o) => o.type).join(',')})`] : [],
    )
    expect(fns.sort()).toEqual(
      [
        'WETH() view returns (address)',
        'factory() view returns (address)',
        'feeRecipient() view returns (address)',
        'feeBps() view returns (uint256)',
        'MAX_OUTPUT_BPS() view returns (uint256)',
        'getAmountsOut(uint256,address[]) view returns (uint256[])',
        'swapExactTokensForTokens(uint256,uint256,address[],address,uint256) nonpayable returns (uint256[])',
        'swapExactETHForTokens(uint256,address[],address,uint256) payable returns (uint256[])',
        'swapExactTokensForETH(uint256,uint256,address[],address,uint256) nonpayable returns (uint256[])',
        'addLiquidity(address,address,uint256,uint256,address) nonpayable returns (uint256)',
        'addLiquidityETH(address,uint256,address) payable returns (uint256)',
      ].sort(),
    )
    const errors = PorticoRouter.abi.flatMap((x) => (x.type === 'error' ? [x.name] : []))
    expect(errors).toEqual(expect.arrayContaining(['Expired', 'InsufficientOutputAmount', 'InsufficientLiquidity', 'InvalidPath']))
  })

  it('getAmountsOut: the 0.85% provider fee first, then x·y=k with the 0.3% LP fee (1 ETH → 2962.647847 USDC)', async () => {
    const amounts = await quote(parseEther('1'), [weth, usdc])
    // By hand: net = 1e18 − 1e18·85/10000 = 991500000000000000;
    // out = net·997·3e12 / (1000e18·1000 + net·997) = 2962647847.79… → 2962647847 (USDC units).
    expect(amounts).toEqual([10n ** 18n, 2_962_647_847n])
    expect(hop(991_500_000_000_000_000n, [parseEther('1000'), parseUnits('3000000', 6)])).toBe(2_962_647_847n)
    // 1 000 USDC → PTK: the same maths on the other pools.
    const [, ptkOut] = await quote(parseUnits('1000', 6), [usdc, ptk])
    expect(ptkOut).toBe(hop(parseUnits('1000', 6) - fee(parseUnits('1000', 6)), [parseUnits('3000000', 6), parseEther('6000000')]))
  })

  it('getAmountsOut refuses bad paths (InvalidPath) and amounts that would drain a pool (InsufficientLiquidity)', async () => {
    await expect(quote(1n, [weth])).rejects.toThrow(/InvalidPath/)
    await expect(quote(1n, [weth, devnet.accounts[3]!])).rejects.toThrow(/InvalidPath/)
    await expect(quote(1n, [weth, weth])).rejects.toThrow(/InvalidPath/)
    // 2000 ETH into a 1000 ETH pool would take ~2/3 of its USDC: more than MAX_OUTPUT_BPS (half).
    expect(await client.readContract({ address: router, abi: PorticoRouter.abi, functionName: 'MAX_OUTPUT_BPS' })).toBe(5000n)
    await expect(quote(parseEther('2000'), [weth, usdc])).rejects.toThrow(/InsufficientLiquidity/)
    await expect(quote(parseEther('10'), [weth, usdc])).resolves.toHaveLength(2)
  })

  it('swapExactETHForTokens: the user pays exactly amountIn (+ gas) and gets exactly amounts[last]; the fee recipient gets exactly 0.85% in ETH', async () => {
    const user = devnet.accounts[1]!
    const amountIn = parseEther('1.5')
    const path = [weth, usdc]
    const quoted = await quote(amountIn, path)
    const [ethBefore, usdcBefore, feeBefore, poolBefore] = await Promise.all([
      client.getBalance({ address: user }),
      tokenBalance(usdc, user),
      client.getBalance({ address: feeRecipient }),
      reserves(weth, usdc),
    ])
    const { result } = await client.simulateContract({
      account: user,
      address: router,
      abi: PorticoRouter.abi,
      functionName: 'swapExactETHForTokens',
      args: [quoted[1]!, path, user, far()],
      value: amountIn,
    })
    expect(result).toEqual(quoted)
    const { receipt, gas } = await mined(
      await walletOf(user).writeContract({
        address: router,
        abi: PorticoRouter.abi,
        functionName: 'swapExactETHForTokens',
        args: [quoted[1]!, path, user, far()],
        value: amountIn,
      }),
    )
    expect(await client.getBalance({ address: user })).toBe(ethBefore - amountIn - gas)
    expect(await tokenBalance(usdc, user)).toBe(usdcBefore + quoted[1]!)
    expect(await client.getBalance({ address: feeRecipient })).toBe(feeBefore + (amountIn * 85n) / 10_000n)
    expect((amountIn * 85n) / 10_000n).toBe(parseEther('0.01275'))
    expect(await reserves(weth, usdc)).toEqual([poolBefore[0] + amountIn - fee(amountIn), poolBefore[1] - quoted[1]!])
    // The pair emits Sync then Swap (WETH in, USDC out, to the user).
    const pairLogs = receipt.logs.filter((l) => l.address.toLowerCase() === chain.amm.pairs['WETH/USDC'].toLowerCase())
    const logs = parseEventLogs({ abi: PorticoPair.abi, logs: pairLogs })
    expect(logs.map((l) => l.eventName)).toEqual(['Sync', 'Swap'])
    const swap = logs[1] as unknown as { args: Record<string, unknown> }
    expect(swap.args.to).toBe(user)
  })

  it('swapExactTokensForETH (USDC → ETH) needs an approval first; then it pays the fee in USDC and sends ETH', async () => {
    const user = devnet.accounts[2]!
    const amountIn = parseUnits('100', 6)
    const path = [usdc, weth]
    const args = [amountIn, 0n, path, user, far()] as const
    await expect(
      client.simulateContract({ account: user, address: router, abi: routerAbi, functionName: 'swapExactTokensForETH', args }),
    ).rejects.toThrow(/InsufficientAllowance/)
    await mined(await walletOf(user).writeContract({ address: usdc, abi: erc20Abi, functionName: 'approve', args: [router, amountIn] }))
    const quoted = await quote(amountIn, path)
    const [ethBefore, usdcBefore, feeBefore] = await Promise.all([
      client.getBalance({ address: user }),
      tokenBalance(usdc, user),
      tokenBalance(usdc, feeRecipient),
    ])
    const { gas } = await mined(
      await walletOf(user).writeContract({
        address: router,
        abi: PorticoRouter.abi,
        functionName: 'swapExactTokensForETH',
        args: [amountIn, quoted[1]!, path, user, far()],
      }),
    )
    expect(await tokenBalance(usdc, user)).toBe(usdcBefore - amountIn)
    expect(await client.getBalance({ address: user })).toBe(ethBefore + quoted[1]! - gas)
    expect(await tokenBalance(usdc, feeRecipient)).toBe(feeBefore + 850_000n) // 0.85 USDC
    expect(await tokenBalance(usdc, router)).toBe(0n)
    expect(await tokenBalance(weth, router)).toBe(0n)
    expect(await client.getBalance({ address: router })).toBe(0n)
    // The allowance was exactly used up: a second swap needs a new approval.
    await expect(
      client.simulateContract({ account: user, address: router, abi: routerAbi, functionName: 'swapExactTokensForETH', args }),
    ).rejects.toThrow(/InsufficientAllowance/)
  })

  it('an amountOutMin above the output reverts InsufficientOutputAmount; a past deadline reverts Expired', async () => {
    const user = devnet.accounts[1]!
    const amountIn = parseEther('1')
    const path = [weth, usdc]
    const [, out] = await quote(amountIn, path)
    const swap = (amountOutMin: bigint, deadline: bigint) =>
      client.simulateContract({
        account: user,
        address: router,
        abi: PorticoRouter.abi,
        functionName: 'swapExactETHForTokens',
        args: [amountOutMin, path, user, deadline],
        value: amountIn,
      })
    await expect(swap(out! + 1n, far())).rejects.toThrow(/InsufficientOutputAmount/)
    await expect(swap(out!, far())).resolves.toBeDefined()
    await expect(swap(0n, 1n)).rejects.toThrow(/Expired/)
  })

  it('an amount that would drain the pool reverts InsufficientLiquidity (quote and swap)', async () => {
    const user = devnet.accounts[3]!
    const path = [weth, usdc]
    await expect(
      client.simulateContract({
        account: user,
        address: router,
        abi: PorticoRouter.abi,
        functionName: 'swapExactETHForTokens',
        args: [0n, path, user, far()],
        value: parseEther('5000'),
      }),
    ).rejects.toThrow(/InsufficientLiquidity/)
    await expect(
      walletOf(user)
        .writeContract({
          address: router,
          abi: PorticoRouter.abi,
          functionName: 'swapExactETHForTokens',
          args: [0n, path, user, far()],
          value: parseEther('5000'),
          gas: 500_000n,
        })
        .then((hash) => client.waitForTransactionReceipt({ hash, pollingInterval: 20 })),
    ).resolves.toMatchObject({ status: 'reverted' })
  })

  it('swapExactETHForTokens refuses a path that does not start with WETH (InvalidPath)', async () => {
    const user = devnet.accounts[1]!
    await expect(
      client.simulateContract({
        account: user,
        address: router,
        abi: PorticoRouter.abi,
        functionName: 'swapExactETHForTokens',
        args: [0n, [usdc, weth], user, far()],
        value: 1n,
      }),
    ).rejects.toThrow(/InvalidPath/)
  })

  it('a multi-hop path USDC → WETH → PTK: fee in USDC, then two constant-product hops', async () => {
    const user = devnet.accounts[0]!
    const amountIn = parseUnits('250', 6)
    const path = [usdc, weth, ptk]
    const [r1, r2] = [await reserves(usdc, weth), await reserves(weth, ptk)]
    const mid = hop(amountIn - fee(amountIn), r1)
    const expected = [amountIn, mid, hop(mid, r2)]
    expect(await quote(amountIn, path)).toEqual(expected)
    await mined(await walletOf(user).writeContract({ address: usdc, abi: erc20Abi, functionName: 'approve', args: [router, maxUint256] }))
    const [usdcBefore, ptkBefore, feeBefore] = await Promise.all([
      tokenBalance(usdc, user),
      tokenBalance(ptk, user),
      tokenBalance(usdc, feeRecipient),
    ])
    const { receipt } = await mined(
      await walletOf(user).writeContract({
        address: router,
        abi: PorticoRouter.abi,
        functionName: 'swapExactTokensForTokens',
        args: [amountIn, expected[2]!, path, user, far()],
      }),
    )
    expect(await tokenBalance(usdc, user)).toBe(usdcBefore - amountIn)
    expect(await tokenBalance(ptk, user)).toBe(ptkBefore + expected[2]!)
    expect(await tokenBalance(usdc, feeRecipient)).toBe(feeBefore + fee(amountIn))
    expect(await reserves(usdc, weth)).toEqual([r1[0] + amountIn - fee(amountIn), r1[1] - mid])
    expect(await reserves(weth, ptk)).toEqual([r2[0] + mid, r2[1] - expected[2]!])
    expect(parseEventLogs({ abi: PorticoPair.abi, logs: receipt.logs, eventName: 'Swap' })).toHaveLength(2)
    // ~250 USDC of PTK at 0.5 USD, less 0.85% and 2 × 0.3% (the earlier swaps moved the prices a little).
    expect(Number(expected[2]! / 10n ** 15n) / 1000).toBeCloseTo(500 * 0.9915 * 0.997 * 0.997, -1)
  })

  it('addLiquidity into an existing pool takes the pool ratio and mints LP tokens', async () => {
    const user = devnet.accounts[0]!
    await mined(await walletOf(user).writeContract({ address: ptk, abi: erc20Abi, functionName: 'approve', args: [router, maxUint256] }))
    const [rU, rP] = await reserves(usdc, ptk)
    const pair = chain.amm.pairs['USDC/PTK']
    const lpBefore = await tokenBalance(pair, user)
    // Offer 10 USDC and far too much PTK: only the PTK matching 10 USDC at the pool's ratio is taken.
    await mined(
      await walletOf(user).writeContract({
        address: router,
        abi: PorticoRouter.abi,
        functionName: 'addLiquidity',
        args: [usdc, ptk, parseUnits('10', 6), parseEther('40'), user],
      }),
    )
    const ptkTaken = (parseUnits('10', 6) * rP) / rU
    expect(await reserves(usdc, ptk)).toEqual([rU + parseUnits('10', 6), rP + ptkTaken])
    expect(await tokenBalance(pair, user)).toBeGreaterThan(lpBefore)
  })
})

describe('PorticoPair', () => {
  it('swap enforces x·y ≥ k with the 0.3% LP fee: the exact output passes, one unit more reverts K', async () => {
    const user = devnet.accounts[3]!
    const pair = chain.amm.pairs['WETH/PTK']
    const wallet = walletOf(user)
    const amountIn = parseEther('2')
    await mined(await wallet.writeContract({ address: weth, abi: WETH9.abi, functionName: 'deposit', value: amountIn }))
    const [rIn, rOut] = await reserves(weth, ptk)
    const out = hop(amountIn, [rIn, rOut])
    await mined(await wallet.writeContract({ address: weth, abi: erc20Abi, functionName: 'transfer', args: [pair, amountIn] }))
    const token0 = await client.readContract({ address: pair, abi: PorticoPair.abi, functionName: 'token0' })
    const args = (n: bigint) => (token0 === weth ? [0n, n, user] : [n, 0n, user]) as [bigint, bigint, Address]
    await expect(
      client.simulateContract({ account: user, address: pair, abi: PorticoPair.abi, functionName: 'swap', args: args(out + 1n) }),
    ).rejects.toThrow(/Error: K\(\)/)
    await expect(
      client.simulateContract({ account: user, address: pair, abi: PorticoPair.abi, functionName: 'swap', args: args(rOut) }),
    ).rejects.toThrow(/InsufficientLiquidity/)
    const ptkBefore = await tokenBalance(ptk, user)
    await mined(await wallet.writeContract({ address: pair, abi: PorticoPair.abi, functionName: 'swap', args: args(out) }))
    expect(await tokenBalance(ptk, user)).toBe(ptkBefore + out)
    // Without input nothing comes out.
    await expect(
      client.simulateContract({ account: user, address: pair, abi: PorticoPair.abi, functionName: 'swap', args: args(1n) }),
    ).rejects.toThrow(/InsufficientInputAmount/)
  })

  it('only the factory initialises a pair; the factory refuses a pair twice', async () => {
    const pair = chain.amm.pairs['WETH/USDC']
    await expect(
      client.simulateContract({
        account: devnet.accounts[0]!,
        address: pair,
        abi: PorticoPair.abi,
        functionName: 'initialize',
        args: [usdc, ptk],
      }),
    ).rejects.toThrow(/Forbidden/)
    await expect(
      client.simulateContract({
        account: devnet.accounts[0]!,
        address: chain.amm.factory,
        abi: PorticoFactory.abi,
        functionName: 'createPair',
        args: [usdc, weth],
      }),
    ).rejects.toThrow(/PairExists/)
  })
})
