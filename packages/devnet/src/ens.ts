// ENS on the devnet: the minimal registry, public resolver, reverse registrar and universal resolver
// of contracts/ENS*.sol, deployed on every anvil chain by startDevnet, and a helper that registers
// `<label>.eth` names for tests (forward address, avatar and the reverse record).
import {
  type Address,
  type Chain,
  createPublicClient,
  createWalletClient,
  defineChain,
  getContractAddress,
  type Hex,
  http,
  labelhash,
  namehash,
  type PublicClient,
  toHex,
  type WalletClient,
  zeroHash,
} from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { normalize } from 'viem/ens'
import { ENSPublicResolver, ENSRegistry, ENSReverseRegistrar, ENSUniversalResolver } from './fixtures/index.ts'

/** The ENS contracts of one devnet chain. */
export interface DevnetEns {
  /** The ENS registry (EIP-137). */
  registry: Address
  /** The public resolver every devnet name uses (addr, multicoin addr, name, text). */
  publicResolver: Address
  /** The registrar of `addr.reverse` (primary names). */
  reverseRegistrar: Address
  /** The universal resolver viem's getEnsAddress / getEnsName / getEnsText / getEnsAvatar call. */
  universalResolver: Address
  /**
   * The account that deployed them (the devnet deployer, unlocked on anvil): it owns the root, `eth`
   * and `reverse`, and is a controller of the reverse registrar. registerEnsName sends as it.
   */
  manager: Address
}

/** The ENS contracts' deployer nonces, after the tokens (0, 1) and the batch executor (2). */
export const DEVNET_ENS_NONCES = { registry: 3, publicResolver: 4, reverseRegistrar: 5, universalResolver: 6 } as const

/** The ENS addresses with the default mnemonic (deployer index 9, nonces 3…6), the same on every chain. */
export const DEVNET_ENS_ADDRESSES = {
  registry: '0x8ce361602B935680E8DeC218b820ff5056BeB7af',
  publicResolver: '0xe1Aa25618fA0c7A1CFDab5d6B456af611873b629',
  reverseRegistrar: '0xe1DA8919f262Ee86f9BE05059C9280142CF23f48',
  universalResolver: '0x0C8E79F3534B00D9a3D4a856B665Bf4eBC22f2ba',
} as const satisfies Record<keyof typeof DEVNET_ENS_NONCES, Address>

/** The top-level domain registerEnsName registers under. */
export const DEVNET_ENS_TLD = 'eth'

/** A viem chain for a devnet chain, with `contracts.ensRegistry` / `ensUniversalResolver` when it has ENS. */
export function devnetViemChain(chain: {
  chainId: number
  name: string
  rpcUrl: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  ens?: Pick<DevnetEns, 'registry' | 'universalResolver'>
}): Chain {
  return defineChain({
    id: chain.chainId,
    name: chain.name,
    nativeCurrency: { ...chain.nativeCurrency },
    rpcUrls: { default: { http: [chain.rpcUrl] } },
    ...(chain.ens ? { contracts: ensChainContracts(chain.ens) } : {}),
    testnet: true,
  })
}

/** The `contracts` entries viem's ENS actions read from a chain definition. */
export function ensChainContracts(ens: Pick<DevnetEns, 'registry' | 'universalResolver'>) {
  return {
    ensRegistry: { address: ens.registry },
    ensUniversalResolver: { address: ens.universalResolver },
  }
}

async function confirm(publicClient: PublicClient, hash: Hex, what: string): Promise<void> {
  const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 })
  if (receipt.status !== 'success') throw new Error(`${what} failed (tx ${hash})`)
}

/**
 * Deploys the ENS contracts with `deployer` (an unlocked anvil account) at nonces `startNonce`…+3,
 * then creates `reverse`, `addr.reverse` (owned by the reverse registrar) and `eth` (owned by the
 * deployer) and makes the deployer a controller of the reverse registrar.
 */
export async function deployEns(options: {
  publicClient: PublicClient
  wallet: WalletClient
  chain: Chain
  deployer: Address
  startNonce: number
}): Promise<DevnetEns> {
  const { publicClient, wallet, chain, deployer, startNonce } = options
  const at = (offset: number) => getContractAddress({ from: deployer, nonce: BigInt(startNonce + offset) })
  const registry = at(0)
  const publicResolver = at(1)
  const reverseRegistrar = at(2)
  const universalResolver = at(3)
  const base = { account: deployer, chain } as const
  const deployments: [string, Hex][] = [
    ['ENSRegistry', await wallet.deployContract({ ...base, abi: ENSRegistry.abi, bytecode: ENSRegistry.bytecode, nonce: startNonce })],
    [
      'ENSPublicResolver',
      await wallet.deployContract({
        ...base,
        abi: ENSPublicResolver.abi,
        bytecode: ENSPublicResolver.bytecode,
        args: [registry],
        nonce: startNonce + 1,
      }),
    ],
    [
      'ENSReverseRegistrar',
      await wallet.deployContract({
        ...base,
        abi: ENSReverseRegistrar.abi,
        bytecode: ENSReverseRegistrar.bytecode,
        args: [registry, publicResolver],
        nonce: startNonce + 2,
      }),
    ],
    [
      'ENSUniversalResolver',
      await wallet.deployContract({
        ...base,
        abi: ENSUniversalResolver.abi,
        bytecode: ENSUniversalResolver.bytecode,
        args: [registry],
        nonce: startNonce + 3,
      }),
    ],
  ]
  for (const [i, [name, hash]] of deployments.entries()) {
    const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 })
    const expected = at(i)
    if (receipt.status !== 'success' || receipt.contractAddress?.toLowerCase() !== expected.toLowerCase()) {
      throw new Error(`Deploying ${name} on chain ${chain.id} failed (tx ${hash})`)
    }
  }
  const setup: [string, () => Promise<Hex>][] = [
    [
      'reverse',
      () =>
        wallet.writeContract({
          ...base,
          address: registry,
          abi: ENSRegistry.abi,
          functionName: 'setSubnodeOwner',
          args: [zeroHash, labelhash('reverse'), deployer],
        }),
    ],
    [
      'addr.reverse',
      () =>
        wallet.writeContract({
          ...base,
          address: registry,
          abi: ENSRegistry.abi,
          functionName: 'setSubnodeOwner',
          args: [namehash('reverse'), labelhash('addr'), reverseRegistrar],
        }),
    ],
    [
      DEVNET_ENS_TLD,
      () =>
        wallet.writeContract({
          ...base,
          address: registry,
          abi: ENSRegistry.abi,
          functionName: 'setSubnodeOwner',
          args: [zeroHash, labelhash(DEVNET_ENS_TLD), deployer],
        }),
    ],
    [
      'controller',
      () =>
        wallet.writeContract({
          ...base,
          address: reverseRegistrar,
          abi: ENSReverseRegistrar.abi,
          functionName: 'setController',
          args: [deployer, true],
        }),
    ],
  ]
  for (const [what, send] of setup) await confirm(publicClient, await send(), `ENS setup (${what}) on chain ${chain.id}`)
  return { registry, publicResolver, reverseRegistrar, universalResolver, manager: deployer }
}

export interface RegisterEnsNameOptions {
  /** The label under `eth`: 'alice' registers `alice.eth` (ENS-normalised). */
  label: string
  /** The address `<label>.eth` resolves to (coin type 60 and the default EVM coin type 0x80000000). */
  address: Address
  /** Who owns the name in the registry at the end. @default address */
  owner?: Address
  /** The `avatar` text record (an https/http/data URL). */
  avatar?: string
  /** Other text records. */
  texts?: Record<string, string>
  /** Also set `address`'s primary name (the `addr.reverse` record) to `<label>.eth`. @default true */
  reverse?: boolean
}

/**
 * Registers `<label>.eth` on a devnet chain: the name points at `address` (and has the `avatar` and
 * other text records), `address`'s primary name becomes the name (unless `reverse: false`), then
 * the name is given to `owner`. Sent by `chain.ens.manager` (unlocked on anvil): no key of
 * `address` or `owner` is needed. Registering a label again overwrites its records.
 * Returns the name and its namehash.
 */
export async function registerEnsName(
  chain: {
    chainId: number
    name: string
    rpcUrl: string
    nativeCurrency: { name: string; symbol: string; decimals: number }
    ens: DevnetEns
  },
  options: RegisterEnsNameOptions,
): Promise<{ name: string; node: Hex }> {
  const name = normalize(`${options.label}.${DEVNET_ENS_TLD}`)
  const label = name.slice(0, -(DEVNET_ENS_TLD.length + 1))
  if (label.length === 0 || label.includes('.')) throw new Error(`registerEnsName takes one label, got ${JSON.stringify(options.label)}`)
  const node = namehash(name)
  const { ens } = chain
  const viemChain = devnetViemChain(chain)
  const transport = http(chain.rpcUrl, { retryCount: 0 })
  const publicClient = createPublicClient({ chain: viemChain, transport }) as PublicClient
  const wallet = createWalletClient({ account: ens.manager, chain: viemChain, transport })
  const base = { account: ens.manager, chain: viemChain } as const
  const steps: [string, () => Promise<Hex>][] = [
    [
      'setSubnodeRecord',
      () =>
        wallet.writeContract({
          ...base,
          address: ens.registry,
          abi: ENSRegistry.abi,
          functionName: 'setSubnodeRecord',
          args: [namehash(DEVNET_ENS_TLD), labelhash(label), ens.manager, ens.publicResolver, 0n],
        }),
    ],
    [
      'setAddr',
      () =>
        wallet.writeContract({
          ...base,
          address: ens.publicResolver,
          abi: ENSPublicResolver.abi,
          functionName: 'setAddr',
          args: [node, options.address],
        }),
    ],
    [
      'setAddr(default EVM)',
      () =>
        wallet.writeContract({
          ...base,
          address: ens.publicResolver,
          abi: ENSPublicResolver.abi,
          functionName: 'setAddr',
          args: [node, 0x80000000n, options.address.toLowerCase() as Hex],
        }),
    ],
  ]
  const texts = { ...options.texts, ...(options.avatar === undefined ? {} : { avatar: options.avatar }) }
  for (const [key, value] of Object.entries(texts)) {
    steps.push([
      `setText(${key})`,
      () =>
        wallet.writeContract({
          ...base,
          address: ens.publicResolver,
          abi: ENSPublicResolver.abi,
          functionName: 'setText',
          args: [node, key, value],
        }),
    ])
  }
  if (options.reverse ?? true) {
    steps.push([
      'setNameForAddr',
      () =>
        wallet.writeContract({
          ...base,
          address: ens.reverseRegistrar,
          abi: ENSReverseRegistrar.abi,
          functionName: 'setNameForAddr',
          args: [options.address, options.address, ens.publicResolver, name],
        }),
    ])
  }
  const owner = options.owner ?? options.address
  if (owner.toLowerCase() !== ens.manager.toLowerCase()) {
    steps.push([
      'setOwner',
      () => wallet.writeContract({ ...base, address: ens.registry, abi: ENSRegistry.abi, functionName: 'setOwner', args: [node, owner] }),
    ])
  }
  for (const [what, send] of steps) await confirm(publicClient, await send(), `registerEnsName(${name}): ${what} on chain ${chain.chainId}`)
  return { name, node }
}

/**
 * The name the local stack (scripts/stack.ts, `npm start`) registers on every chain:
 * `portico-dev.eth` → dev account index 4 of the mnemonic (0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65
 * with the default one), with its reverse record and an avatar. Not account 0: the journeys expect
 * account 0 to show its address, not a name.
 */
export const DEVNET_ENS_DEMO_NAME = { label: 'portico-dev', addressIndex: 4 } as const

/**
 * A small SVG avatar (a data URL) for the demo name: a picture (sky, sun, hills), not letters, so that
 * it can not be taken for an initials fallback.
 */
export const DEVNET_ENS_DEMO_AVATAR = `data:image/svg+xml;base64,${btoa(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#4dabf7"/><stop offset="1" stop-color="#d0ebff"/></linearGradient></defs><rect width="64" height="64" fill="url(#s)"/><circle cx="44" cy="20" r="9" fill="#fcc419"/><path d="M0 50 L18 30 L32 44 L44 34 L64 52 V64 H0 Z" fill="#2f9e44"/><path d="M0 58 Q20 48 40 56 T64 56 V64 H0 Z" fill="#2b8a3e"/></svg>',
)}`

/** Registers DEVNET_ENS_DEMO_NAME on every chain of a started devnet; returns its name and address. */
export async function seedDevnetEnsNames(devnet: {
  mnemonic: string
  chains: Parameters<typeof registerEnsName>[0][]
}): Promise<{ name: string; address: Address }> {
  const address = mnemonicToAccount(devnet.mnemonic, { addressIndex: DEVNET_ENS_DEMO_NAME.addressIndex }).address
  let name = ''
  for (const chain of devnet.chains) {
    ;({ name } = await registerEnsName(chain, { label: DEVNET_ENS_DEMO_NAME.label, address, avatar: DEVNET_ENS_DEMO_AVATAR }))
  }
  return { name, address }
}

/** The DNS encoding of a dotted name (what the universal resolver takes), e.g. for direct contract calls. */
export function dnsEncodeName(name: string): Hex {
  const labels = name
    .replace(/^\.|\.$/g, '')
    .split('.')
    .filter((l) => l.length > 0)
  const parts: number[] = []
  for (const label of labels) {
    const bytes = new TextEncoder().encode(label)
    if (bytes.length > 255) throw new Error(`Label too long: ${label}`)
    parts.push(bytes.length, ...bytes)
  }
  parts.push(0)
  return toHex(new Uint8Array(parts))
}
