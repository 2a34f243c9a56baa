import { type Address, createPublicClient, createWalletClient, getContractAddress, type Hex, http, parseUnits } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { ammFeeRecipient, type DevnetAmm, deployAmm } from './amm.ts'
import { type AnvilInstance, DEVNET_MNEMONIC, startAnvil } from './anvil.ts'
import { type DevnetEns, deployEns, devnetViemChain } from './ens.ts'
import { BatchExecutor, Token } from './fixtures/index.ts'

export interface DevnetChainOptions {
  chainId: number
  /** 0 or undefined picks a free port on 127.0.0.1. */
  port?: number
  /** @default 'Portico Local A' for 31337, 'Portico Local B' for 31338, else `Portico Local <chainId>` */
  name?: string
}

export interface StartDevnetOptions {
  /** @default DEFAULT_DEVNET_CHAINS (31337 and 31338, free ports) */
  chains?: readonly DevnetChainOptions[]
  /** @default DEVNET_MNEMONIC */
  mnemonic?: string
}

export interface NativeCurrency {
  name: string
  symbol: string
  decimals: number
}

export interface DevnetToken {
  address: Address
  name: string
  symbol: string
  decimals: number
}

export interface DevnetChain {
  chainId: number
  name: string
  rpcUrl: string
  /** anvil serves JSON-RPC over websocket on the same port. */
  wsUrl: string
  port: number
  caipNetworkId: `eip155:${number}`
  nativeCurrency: NativeCurrency
  tokens: DevnetToken[]
  /**
   * The EIP-7702 batch executor (contracts/BatchExecutor.sol), deployed at startup by the deployer
   * (nonce 2, after the tokens): DEVNET_BATCH_EXECUTOR_ADDRESS with the default mnemonic.
   */
  batchExecutor: Address
  /**
   * The ENS contracts (contracts/ENS*.sol), deployed at startup after the batch executor (deployer
   * nonces 3…6: DEVNET_ENS_ADDRESSES with the default mnemonic), with `eth` and `addr.reverse`
   * created. Register names with registerEnsName; point viem at them with devnetViemChain.
   */
  ens: DevnetEns
  /**
   * The constant-product AMM (contracts/WETH9.sol, Portico{Pair,Factory,Router}.sol), deployed at
   * startup after ENS (deployer nonces 11…13: DEVNET_AMM_ADDRESSES with the default mnemonic), with
   * WETH/USDC, WETH/PTK and USDC/PTK seeded at the API's USD prices (DEVNET_AMM_RESERVES). The router
   * sends the 0.85% provider fee of every swap to `amm.feeRecipient`.
   */
  amm: DevnetAmm
}

/** Everything an app, a test or the dev wallet needs to use the devnet. JSON-serialisable except stop. */
export interface Devnet {
  chains: DevnetChain[]
  /** The funded dev accounts (DEVNET_FUNDED_ACCOUNTS first addresses of the mnemonic). */
  accounts: Address[]
  mnemonic: string
  /** The account that deployed the tokens (index DEVNET_DEPLOYER_INDEX); it owns them and may mint. */
  deployer: Address
  /** Stops every chain and waits for the processes to exit. */
  stop(): Promise<void>
}

/** A CAIP network in the shape @portico/headless expects (its `CaipNetwork`). */
export interface DevnetCaipNetwork {
  id: number
  caipNetworkId: `eip155:${number}`
  chainNamespace: 'eip155'
  name: string
  nativeCurrency: NativeCurrency
  rpcUrls: { default: { http: string[]; webSocket?: string[] } }
  testnet: true
}

export const DEFAULT_DEVNET_CHAINS: readonly (DevnetChainOptions & { name: string })[] = [
  { chainId: 31337, name: 'Portico Local A' },
  { chainId: 31338, name: 'Portico Local B' },
]

export const DEVNET_NATIVE_CURRENCY: NativeCurrency = { name: 'Ether', symbol: 'ETH', decimals: 18 }

/** How many dev accounts (address indexes 0…3) receive tokens. */
export const DEVNET_FUNDED_ACCOUNTS = 4
/** The tokens are deployed by this address index of the mnemonic, so accounts 0…3 keep nonce 0. */
export const DEVNET_DEPLOYER_INDEX = 9

/**
 * The tokens deployed on every devnet chain, in deployment order (deployer nonce 0, 1).
 * `amountPerAccount` is in whole tokens and minted to each funded account.
 */
export const DEVNET_TOKENS = [
  { name: 'USD Coin', symbol: 'USDC', decimals: 6, amountPerAccount: '1000' },
  { name: 'Portico Token', symbol: 'PTK', decimals: 18, amountPerAccount: '50' },
] as const

/**
 * Token addresses with the default mnemonic. They are the same on every chain and every start:
 * deployer 0xa0Ee7A142d267C1f36714E4a8F75612F20a79720 (index 9), USDC = nonce 0, PTK = nonce 1.
 */
export const DEVNET_TOKEN_ADDRESSES = {
  USDC: '0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35',
  PTK: '0xA15BB66138824a1c7167f5E85b957d04Dd34E468',
} as const satisfies Record<(typeof DEVNET_TOKENS)[number]['symbol'], Address>

/** The batch executor's address with the default mnemonic (deployer nonce 2), on every chain. */
export const DEVNET_BATCH_EXECUTOR_ADDRESS: Address = '0xb19b36b1456E65E3A6D514D3F715f204BD59f431'

function defaultName(chainId: number): string {
  return DEFAULT_DEVNET_CHAINS.find((c) => c.chainId === chainId)?.name ?? `Portico Local ${chainId}`
}

async function deployTokens(
  rpcUrl: string,
  chainId: number,
  name: string,
  deployer: Address,
  holders: Address[],
  feeRecipient: Address,
): Promise<{ tokens: DevnetToken[]; batchExecutor: Address; ens: DevnetEns; amm: DevnetAmm }> {
  const chain = devnetViemChain({ chainId, name, rpcUrl, nativeCurrency: DEVNET_NATIVE_CURRENCY })
  const transport = http(rpcUrl, { retryCount: 0 })
  const publicClient = createPublicClient({ chain, transport })
  // anvil's dev accounts are unlocked: the node signs (eth_sendTransaction).
  const wallet = createWalletClient({ account: deployer, chain, transport })
  const startNonce = await publicClient.getTransactionCount({ address: deployer })
  const hashes: Hex[] = []
  for (const [i, t] of DEVNET_TOKENS.entries()) {
    hashes.push(
      await wallet.deployContract({
        abi: Token.abi,
        bytecode: Token.bytecode,
        args: [t.name, t.symbol, t.decimals, holders, parseUnits(t.amountPerAccount, t.decimals)],
        nonce: startNonce + i,
      }),
    )
  }
  const executorNonce = startNonce + DEVNET_TOKENS.length
  const executorHash = await wallet.deployContract({ abi: BatchExecutor.abi, bytecode: BatchExecutor.bytecode, nonce: executorNonce })
  const tokens: DevnetToken[] = []
  for (const [i, hash] of hashes.entries()) {
    const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 })
    const t = DEVNET_TOKENS[i]
    if (!t) throw new Error('token list changed during deployment')
    if (receipt.status !== 'success' || !receipt.contractAddress) {
      throw new Error(`Deploying ${t.symbol} on chain ${chainId} failed (tx ${hash})`)
    }
    const expected = getContractAddress({ from: deployer, nonce: BigInt(startNonce + i) })
    if (receipt.contractAddress.toLowerCase() !== expected.toLowerCase()) {
      throw new Error(`${t.symbol} landed at ${receipt.contractAddress}, expected ${expected}`)
    }
    tokens.push({ address: expected, name: t.name, symbol: t.symbol, decimals: t.decimals })
  }
  const executorReceipt = await publicClient.waitForTransactionReceipt({ hash: executorHash, pollingInterval: 20 })
  const batchExecutor = getContractAddress({ from: deployer, nonce: BigInt(executorNonce) })
  if (executorReceipt.status !== 'success' || executorReceipt.contractAddress?.toLowerCase() !== batchExecutor.toLowerCase()) {
    throw new Error(`Deploying the batch executor on chain ${chainId} failed (tx ${executorHash})`)
  }
  const ens = await deployEns({ publicClient, wallet, chain, deployer, startNonce: executorNonce + 1 })
  const bySymbol = (symbol: string) => {
    const t = tokens.find((x) => x.symbol === symbol)
    if (!t) throw new Error(`${symbol} is missing from DEVNET_TOKENS`)
    return t
  }
  const amm = await deployAmm({
    publicClient,
    wallet,
    chain,
    deployer,
    feeRecipient,
    tokens: { USDC: bySymbol('USDC'), PTK: bySymbol('PTK') },
  })
  return { tokens, batchExecutor, ens, amm }
}

/**
 * Starts the local EVM chains (two anvil nodes by default: 31337 "Portico Local A" and 31338
 * "Portico Local B") and deploys on each USDC (6 decimals) and PTK (18 decimals) — then the
 * EIP-7702 batch executor (`chain.batchExecutor`), ENS (`chain.ens`) and the AMM (`chain.amm`, with
 * three seeded pools) — minting
 * 1000 USDC and 50 PTK to each of the first DEVNET_FUNDED_ACCOUNTS dev accounts.
 * The dev accounts also hold anvil's 10000 ETH each.
 */
export async function startDevnet(options: StartDevnetOptions = {}): Promise<Devnet> {
  const mnemonic = options.mnemonic ?? DEVNET_MNEMONIC
  const chainOptions = options.chains ?? DEFAULT_DEVNET_CHAINS
  const ids = chainOptions.map((c) => c.chainId)
  if (new Set(ids).size !== ids.length) throw new Error(`Duplicate devnet chain id in ${ids.join(', ')}`)

  const accounts = Array.from({ length: DEVNET_FUNDED_ACCOUNTS }, (_, i) => mnemonicToAccount(mnemonic, { addressIndex: i }).address)
  const deployer = mnemonicToAccount(mnemonic, { addressIndex: DEVNET_DEPLOYER_INDEX }).address
  const feeRecipient = ammFeeRecipient(mnemonic)

  const started = await Promise.allSettled(
    chainOptions.map((c) => startAnvil({ chainId: c.chainId, port: c.port, mnemonic, accounts: 10 })),
  )
  const nodes = started.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []))
  const stop = async () => {
    await Promise.all(nodes.map((n) => n.stop()))
  }
  const failed = started.find((r) => r.status === 'rejected')
  if (failed) {
    await stop()
    throw failed.reason
  }

  try {
    const chains = await Promise.all(
      chainOptions.map(async (c, i) => {
        const node = nodes[i] as AnvilInstance
        const name = c.name ?? defaultName(c.chainId)
        const { tokens, batchExecutor, ens, amm } = await deployTokens(node.rpcUrl, c.chainId, name, deployer, accounts, feeRecipient)
        const chain: DevnetChain = {
          chainId: c.chainId,
          name,
          rpcUrl: node.rpcUrl,
          wsUrl: node.rpcUrl.replace(/^http/, 'ws'),
          port: node.port,
          caipNetworkId: `eip155:${c.chainId}`,
          nativeCurrency: { ...DEVNET_NATIVE_CURRENCY },
          tokens,
          batchExecutor,
          ens,
          amm,
        }
        return chain
      }),
    )
    return { chains, accounts, mnemonic, deployer, stop }
  } catch (e) {
    await stop()
    throw e
  }
}

/** The CAIP network definition of one devnet chain, for `createPortico({ networks })`. */
export function toCaipNetwork(
  chain: Pick<DevnetChain, 'chainId' | 'name' | 'rpcUrl' | 'nativeCurrency'> & { wsUrl?: string },
): DevnetCaipNetwork {
  return {
    id: chain.chainId,
    caipNetworkId: `eip155:${chain.chainId}`,
    chainNamespace: 'eip155',
    name: chain.name,
    nativeCurrency: { ...chain.nativeCurrency },
    rpcUrls: { default: chain.wsUrl ? { http: [chain.rpcUrl], webSocket: [chain.wsUrl] } : { http: [chain.rpcUrl] } },
    testnet: true,
  }
}

/** The CAIP network definitions of every chain of a started devnet. */
export function devnetCaipNetworks(devnet: Pick<Devnet, 'chains'>): DevnetCaipNetwork[] {
  return devnet.chains.map(toCaipNetwork)
}
