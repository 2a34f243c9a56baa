// The local AMM: a constant-product exchange (contracts/WETH9.sol, PorticoPair.sol,
// PorticoFactory.sol, PorticoRouter.sol, written for the devnet) deployed on every anvil chain by
// startDevnet, with WETH/USDC, WETH/PTK and USDC/PTK seeded by the deployer at the API's fixed USD
// prices (ETH 3000, USDC 1, PTK 0.5: packages/server/src/providers/prices.ts).
import {
  type Address,
  type Chain,
  encodePacked,
  getContractAddress,
  type Hex,
  keccak256,
  maxUint256,
  parseEther,
  parseUnits,
  type PublicClient,
  type WalletClient,
} from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { PorticoFactory, PorticoPair, PorticoRouter, Token, WETH9 } from './fixtures/index.ts'

/** The pools startDevnet seeds, by 'A/B' symbol pair. */
export type DevnetAmmPairName = 'WETH/USDC' | 'WETH/PTK' | 'USDC/PTK'

/** The AMM of one devnet chain. */
export interface DevnetAmm {
  /** Wrapped ether (WETH9: deposit / withdraw / ERC-20, 18 decimals). */
  weth: Address
  /** PorticoFactory: createPair, getPair(a, b), allPairs(i), allPairsLength. */
  factory: Address
  /** PorticoRouter: getAmountsOut, swapExact{Tokens,ETH}For{Tokens,ETH}, addLiquidity(ETH). */
  router: Address
  /** Where the router sends the provider fee of every swap (DEVNET_AMM_FEE_RECIPIENT). */
  feeRecipient: Address
  /** The provider fee in basis points of the source amount: 85 = 0.85% (SPEC §9). */
  feeBps: number
  /** The seeded PorticoPair pools (their LP tokens belong to the deployer). */
  pairs: Record<DevnetAmmPairName, Address>
}

/** The provider fee of SPEC §9 (0.85% of the source amount), in basis points. */
export const DEVNET_AMM_FEE_BPS = 85

/**
 * The fee recipient is this address index of the devnet mnemonic: an account with no other use
 * (anvil funds indexes 0…9 only, so it starts with 0 ETH and no tokens on every chain).
 */
export const DEVNET_AMM_FEE_RECIPIENT_INDEX = 19

/**
 * The deployer's nonces of the AMM contracts: after the tokens (0, 1), the batch executor (2), the
 * ENS contracts (3…6) and ENS's four setup transactions (7…10). Nonces 14…20 then mint, approve and seed the pools.
 */
export const DEVNET_AMM_NONCES = { weth: 11, factory: 12, router: 13 } as const

/**
 * The seeded reserves, in whole tokens (the deployer mints the USDC and PTK and wraps 2000 ETH).
 * Spot prices: 1 ETH = 3000 USDC = 6000 PTK, 1 USDC = 2 PTK (USD_PRICES: ETH 3000, USDC 1, PTK 0.5).
 */
export const DEVNET_AMM_RESERVES = {
  'WETH/USDC': ['1000', '3000000'],
  'WETH/PTK': ['1000', '6000000'],
  'USDC/PTK': ['3000000', '6000000'],
} as const satisfies Record<DevnetAmmPairName, readonly [string, string]>

/** The AMM addresses with the default mnemonic (deployer index 9), the same on every chain and start. */
export const DEVNET_AMM_ADDRESSES = {
  weth: '0x196dBCBb54b8ec4958c959D8949EBFE87aC2Aaaf',
  factory: '0x82C6D3ed4cD33d8EC1E51d0B5Cc1d822Eaa0c3dC',
  router: '0x05B4CB126885fb10464fdD12666FEb25E2563B76',
  feeRecipient: '0x8626f6940E2eb28930eFb4CeF49B2d1F2C9C1199',
  pairs: {
    'WETH/USDC': '0x66454C2a5ee175Eac76C99e35eBd0c5066071fD6',
    'WETH/PTK': '0x46Fb6CaBb9D410Faf91ce23158BddfB2bDA4c7fE',
    'USDC/PTK': '0x358E44090e978eBa6b8Ab08A2EC0DADB58150593',
  },
} as const satisfies Omit<DevnetAmm, 'feeBps'>

/** The fee recipient of a mnemonic (address index DEVNET_AMM_FEE_RECIPIENT_INDEX). */
export function ammFeeRecipient(mnemonic: string): Address {
  return mnemonicToAccount(mnemonic, { addressIndex: DEVNET_AMM_FEE_RECIPIENT_INDEX }).address
}

/** The address the factory creates the tokenA/tokenB pair at (CREATE2, salt keccak256(token0 ‖ token1)). */
export function ammPairAddress(factory: Address, tokenA: Address, tokenB: Address): Address {
  const [token0, token1] = BigInt(tokenA) < BigInt(tokenB) ? [tokenA, tokenB] : [tokenB, tokenA]
  return getContractAddress({
    opcode: 'CREATE2',
    from: factory,
    salt: keccak256(encodePacked(['address', 'address'], [token0, token1])),
    bytecodeHash: keccak256(PorticoPair.bytecode),
  })
}

/**
 * Deploys WETH, the factory and the router with `deployer` (an unlocked anvil account whose next
 * nonce must be DEVNET_AMM_NONCES.weth), then mints USDC and PTK to the deployer and seeds the three
 * pools through the router (DEVNET_AMM_RESERVES). Every transaction is sent at once (automine mines
 * each on arrival), with a fixed gas limit, and checked afterwards.
 */
export async function deployAmm(options: {
  publicClient: PublicClient
  wallet: WalletClient
  chain: Chain
  deployer: Address
  feeRecipient: Address
  tokens: { USDC: { address: Address; decimals: number }; PTK: { address: Address; decimals: number } }
}): Promise<DevnetAmm> {
  const { publicClient, wallet, chain, deployer, feeRecipient, tokens } = options
  const startNonce = await publicClient.getTransactionCount({ address: deployer, blockTag: 'pending' })
  if (startNonce !== DEVNET_AMM_NONCES.weth) {
    throw new Error(
      `The AMM must be deployed at deployer nonce ${DEVNET_AMM_NONCES.weth}, the deployer is at ${startNonce} on chain ${chain.id}`,
    )
  }
  const at = (nonce: number) => getContractAddress({ from: deployer, nonce: BigInt(nonce) })
  const weth = at(DEVNET_AMM_NONCES.weth)
  const factory = at(DEVNET_AMM_NONCES.factory)
  const router = at(DEVNET_AMM_NONCES.router)
  const usdc = tokens.USDC.address
  const ptk = tokens.PTK.address
  const usdcUnits = (v: string) => parseUnits(v, tokens.USDC.decimals)
  const ptkUnits = (v: string) => parseUnits(v, tokens.PTK.decimals)
  const R = DEVNET_AMM_RESERVES
  const base = { account: deployer, chain } as const
  let nonce = startNonce
  const next = () => nonce++
  const sent: [string, Hex][] = []
  const send = async (what: string, tx: () => Promise<Hex>) => {
    sent.push([what, await tx()])
  }
  const deployGas = 3_000_000n
  await send('WETH9', () => wallet.deployContract({ ...base, abi: WETH9.abi, bytecode: WETH9.bytecode, nonce: next(), gas: deployGas }))
  await send('PorticoFactory', () =>
    wallet.deployContract({ ...base, abi: PorticoFactory.abi, bytecode: PorticoFactory.bytecode, nonce: next(), gas: deployGas }),
  )
  await send('PorticoRouter', () =>
    wallet.deployContract({
      ...base,
      abi: PorticoRouter.abi,
      bytecode: PorticoRouter.bytecode,
      args: [factory, weth, feeRecipient, BigInt(DEVNET_AMM_FEE_BPS)],
      nonce: next(),
      gas: deployGas,
    }),
  )
  const callGas = 200_000n
  const usdcNeeded = usdcUnits(R['WETH/USDC'][1]) + usdcUnits(R['USDC/PTK'][0])
  const ptkNeeded = ptkUnits(R['WETH/PTK'][1]) + ptkUnits(R['USDC/PTK'][1])
  await send('mint USDC', () =>
    wallet.writeContract({
      ...base,
      address: usdc,
      abi: Token.abi,
      functionName: 'mint',
      args: [deployer, usdcNeeded],
      nonce: next(),
      gas: callGas,
    }),
  )
  await send('mint PTK', () =>
    wallet.writeContract({
      ...base,
      address: ptk,
      abi: Token.abi,
      functionName: 'mint',
      args: [deployer, ptkNeeded],
      nonce: next(),
      gas: callGas,
    }),
  )
  await send('approve USDC', () =>
    wallet.writeContract({
      ...base,
      address: usdc,
      abi: Token.abi,
      functionName: 'approve',
      args: [router, maxUint256],
      nonce: next(),
      gas: callGas,
    }),
  )
  await send('approve PTK', () =>
    wallet.writeContract({
      ...base,
      address: ptk,
      abi: Token.abi,
      functionName: 'approve',
      args: [router, maxUint256],
      nonce: next(),
      gas: callGas,
    }),
  )
  const seedGas = 3_000_000n // creates the pair (CREATE2) and mints the first liquidity
  await send('seed WETH/USDC', () =>
    wallet.writeContract({
      ...base,
      address: router,
      abi: PorticoRouter.abi,
      functionName: 'addLiquidityETH',
      args: [usdc, usdcUnits(R['WETH/USDC'][1]), deployer],
      value: parseEther(R['WETH/USDC'][0]),
      nonce: next(),
      gas: seedGas,
    }),
  )
  await send('seed WETH/PTK', () =>
    wallet.writeContract({
      ...base,
      address: router,
      abi: PorticoRouter.abi,
      functionName: 'addLiquidityETH',
      args: [ptk, ptkUnits(R['WETH/PTK'][1]), deployer],
      value: parseEther(R['WETH/PTK'][0]),
      nonce: next(),
      gas: seedGas,
    }),
  )
  await send('seed USDC/PTK', () =>
    wallet.writeContract({
      ...base,
      address: router,
      abi: PorticoRouter.abi,
      functionName: 'addLiquidity',
      args: [usdc, ptk, usdcUnits(R['USDC/PTK'][0]), ptkUnits(R['USDC/PTK'][1]), deployer],
      nonce: next(),
      gas: seedGas,
    }),
  )
  const receipts = await Promise.all(sent.map(([, hash]) => publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 })))
  for (const [i, receipt] of receipts.entries()) {
    const [what, hash] = sent[i] as [string, Hex]
    if (receipt.status !== 'success') throw new Error(`AMM setup (${what}) on chain ${chain.id} failed (tx ${hash})`)
  }
  for (const [what, address] of [
    ['WETH9', weth],
    ['PorticoFactory', factory],
    ['PorticoRouter', router],
  ] as const) {
    const receipt = receipts.find((r) => r.contractAddress?.toLowerCase() === address.toLowerCase())
    if (!receipt) throw new Error(`${what} did not land at ${address} on chain ${chain.id}`)
  }
  return {
    weth,
    factory,
    router,
    feeRecipient,
    feeBps: DEVNET_AMM_FEE_BPS,
    pairs: {
      'WETH/USDC': ammPairAddress(factory, weth, usdc),
      'WETH/PTK': ammPairAddress(factory, weth, ptk),
      'USDC/PTK': ammPairAddress(factory, usdc, ptk),
    },
  }
}
