// Deploys the devnet IdRegistry (contracts/IdRegistry.sol) on an anvil chain and registers the dev
// users' custody addresses, so Sign In With Farcaster verification reads the chain.
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  getContractAddress,
  http,
  parseEther,
  type Abi,
  type Address,
  type Hex,
} from 'viem'
import idRegistryJson from '../fixtures/IdRegistry.json' with { type: 'json' }
import { DEVNET_MNEMONIC } from '../anvil.ts'
import { FARCASTER_DEV_USERS, farcasterCustodyAccount, farcasterRegistryOwner, type FarcasterDevUser } from './users.ts'

/** `contracts/IdRegistry.sol`: `custodyOf(uint256 fid) returns (address)`, `register(fid, custody)` by the owner. */
export const IdRegistry = idRegistryJson as { abi: Abi; bytecode: Hex }

export interface DeployIdRegistryOptions {
  /** The anvil chain's JSON-RPC URL. */
  rpcUrl: string
  chainId: number
  /** @default DEVNET_MNEMONIC */
  mnemonic?: string
  /** @default FARCASTER_DEV_USERS */
  users?: readonly FarcasterDevUser[]
}

export interface DeployedIdRegistry {
  chainId: number
  address: Address
  /** fid → custody address, as registered. */
  custody: Record<number, Address>
}

/**
 * Deploy the registry from its own owner account (funded with anvil_setBalance, so the devnet's
 * deployer nonces are untouched) and register every user. The address is the owner's nonce-0
 * contract address on a fresh chain.
 */
export async function deployIdRegistry(options: DeployIdRegistryOptions): Promise<DeployedIdRegistry> {
  const mnemonic = options.mnemonic ?? DEVNET_MNEMONIC
  const chain = defineChain({
    id: options.chainId,
    name: `devnet ${options.chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [options.rpcUrl] } },
  })
  const transport = http(options.rpcUrl)
  const publicClient = createPublicClient({ chain, transport })
  const owner = farcasterRegistryOwner(mnemonic)
  await publicClient.request({
    method: 'anvil_setBalance' as never,
    params: [owner.address, `0x${parseEther('10').toString(16)}`] as never,
  })
  const wallet = createWalletClient({ account: owner, chain, transport })
  const nonce = await publicClient.getTransactionCount({ address: owner.address })
  const deployHash = await wallet.deployContract({ abi: IdRegistry.abi, bytecode: IdRegistry.bytecode, nonce })
  const receipt = await publicClient.waitForTransactionReceipt({ hash: deployHash })
  const address = receipt.contractAddress ?? getContractAddress({ from: owner.address, nonce: BigInt(nonce) })
  const custody: Record<number, Address> = {}
  for (const user of options.users ?? FARCASTER_DEV_USERS) {
    const to = farcasterCustodyAccount(user.fid, mnemonic).address
    const hash = await wallet.writeContract({ address, abi: IdRegistry.abi, functionName: 'register', args: [BigInt(user.fid), to] })
    const r = await publicClient.waitForTransactionReceipt({ hash })
    if (r.status !== 'success') throw new Error(`deployIdRegistry: registering fid ${user.fid} failed`)
    custody[user.fid] = to
  }
  return { chainId: options.chainId, address, custody }
}
