// The sandbox's treasury: one devnet mnemonic account (DEVNET_ONRAMP_TREASURY_INDEX) on every local
// EVM chain and on the local Solana chain. It is funded at start (anvil cheat codes; the Solana
// devnet's faucet and USDC mint authority) and pays out what the buyers purchase.
import {
  type Address as SolanaAddress,
  address as solanaAddress,
  appendTransactionMessageInstructions,
  createSolanaRpc,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  type Instruction,
  type KeyPairSigner,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstructionAsync,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { type Address, createPublicClient, createWalletClient, defineChain, erc20Abi, type Hex, http, numberToHex } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { solanaDevSigner } from '../solana/keys.ts'

/** A local EVM chain the sandbox delivers on (a @portico/devnet DevnetChain fits). */
export interface SandboxEvmChain {
  chainId: number
  name: string
  rpcUrl: string
  nativeCurrency?: { name: string; symbol: string; decimals: number }
  /** Its ERC-20s; the one with symbol USDC is sold. */
  tokens: readonly { address: Address; symbol: string; name: string; decimals: number }[]
}

/** The local Solana chain (a @portico/devnet SolanaDevnet fits). */
export interface SandboxSolanaChain {
  caipNetworkId: string
  rpcUrl: string
  usdcMint: SolanaAddress
  /** @default 'Portico Local Solana' */
  name?: string
  /** The devnet's faucet and USDC mint authority, used to fund the treasury at start. */
  server?: {
    airdrop(to: SolanaAddress, lamports: bigint): Promise<string>
    mintTo(options: { mint: SolanaAddress; owner: SolanaAddress; amount: bigint }): Promise<SolanaAddress>
  }
}

/** One asset on one network, as sold. */
export interface SandboxAsset {
  symbol: string
  name: string
  decimals: number
  /** The provider-style network id: a slug of the chain's name ('portico-local-a'). */
  network: string
  networkName: string
  /** CAIP-2 ('eip155:31337', 'solana:<ref>'). */
  caipNetworkId: string
  /** The ERC-20 address or SPL mint; '' for the native currency. */
  contractAddress: string
  kind: 'evm-native' | 'evm-erc20' | 'solana-native' | 'solana-spl'
}

/** What the treasury holds after funding. */
export const TREASURY_FUNDING = {
  ethWei: 1_000_000n * 10n ** 18n,
  usdcUnits: 100_000_000n * 10n ** 6n,
  solLamports: 100_000n * 10n ** 9n,
} as const

/** 'Portico Local A' → 'portico-local-a'. */
export function networkSlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

export function sandboxAssets(evm: readonly SandboxEvmChain[], solana: SandboxSolanaChain | undefined): SandboxAsset[] {
  const assets: SandboxAsset[] = []
  for (const chain of evm) {
    const network = networkSlug(chain.name)
    const base = { network, networkName: chain.name, caipNetworkId: `eip155:${chain.chainId}` }
    const native = chain.nativeCurrency ?? { name: 'Ether', symbol: 'ETH', decimals: 18 }
    assets.push({ ...base, symbol: native.symbol, name: native.name, decimals: native.decimals, contractAddress: '', kind: 'evm-native' })
    const usdc = chain.tokens.find((t) => t.symbol === 'USDC')
    if (usdc)
      assets.push({ ...base, symbol: 'USDC', name: usdc.name, decimals: usdc.decimals, contractAddress: usdc.address, kind: 'evm-erc20' })
  }
  if (solana) {
    const name = solana.name ?? 'Portico Local Solana'
    const base = { network: networkSlug(name), networkName: name, caipNetworkId: solana.caipNetworkId }
    assets.push({ ...base, symbol: 'SOL', name: 'Solana', decimals: 9, contractAddress: '', kind: 'solana-native' })
    assets.push({ ...base, symbol: 'USDC', name: 'USD Coin', decimals: 6, contractAddress: solana.usdcMint, kind: 'solana-spl' })
  }
  return assets
}

export interface Treasury {
  evmAddress: Address
  solanaAddress: SolanaAddress | undefined
  /** Tops the treasury up on every chain (idempotent: EVM balances are set, Solana gets what it lacks). */
  fund(): Promise<void>
  /** Sends `units` of `asset` to `to` and waits until it is mined; resolves with the tx hash / signature. */
  send(asset: SandboxAsset, to: string, units: bigint): Promise<string>
}

async function rpcCall(rpcUrl: string, method: string, params: unknown[]): Promise<unknown> {
  const res = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    signal: AbortSignal.timeout(10_000),
  })
  const body = (await res.json()) as { result?: unknown; error?: { message?: string } }
  if (body.error) throw new Error(`${method}: ${body.error.message ?? 'failed'}`)
  return body.result
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

export async function createTreasury(options: {
  mnemonic: string
  index: number
  evm: readonly SandboxEvmChain[]
  solana: SandboxSolanaChain | undefined
}): Promise<Treasury> {
  const account = mnemonicToAccount(options.mnemonic, { addressIndex: options.index })
  const solanaSigner: KeyPairSigner | undefined = options.solana ? await solanaDevSigner(options.index, options.mnemonic) : undefined
  // One payment at a time per chain: the treasury's nonce (EVM) and balance stay in order.
  const queues = new Map<string, Promise<unknown>>()
  const serial = <T>(key: string, job: () => Promise<T>): Promise<T> => {
    const run = (queues.get(key) ?? Promise.resolve()).then(job, job)
    queues.set(
      key,
      run.catch(() => undefined),
    )
    return run
  }

  const evmClients = new Map(
    options.evm.map((chain) => {
      const viemChain = defineChain({
        id: chain.chainId,
        name: chain.name,
        nativeCurrency: chain.nativeCurrency ?? { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [chain.rpcUrl] } },
      })
      const transport = http(chain.rpcUrl, { retryCount: 0 })
      return [
        `eip155:${chain.chainId}` as string,
        {
          chain,
          public: createPublicClient({ chain: viemChain, transport }),
          wallet: createWalletClient({ account, chain: viemChain, transport }),
        },
      ] as const
    }),
  )

  async function sendEvm(asset: SandboxAsset, to: Address, units: bigint): Promise<string> {
    const clients = evmClients.get(asset.caipNetworkId)
    if (!clients) throw new Error(`No chain ${asset.caipNetworkId}`)
    const hash: Hex =
      asset.kind === 'evm-native'
        ? await clients.wallet.sendTransaction({ to, value: units })
        : await clients.wallet.writeContract({
            address: asset.contractAddress as Address,
            abi: erc20Abi,
            functionName: 'transfer',
            args: [to, units],
          })
    const receipt = await clients.public.waitForTransactionReceipt({ hash, pollingInterval: 50, timeout: 30_000 })
    if (receipt.status !== 'success') throw new Error(`The transfer ${hash} reverted`)
    return hash
  }

  async function sendSolana(asset: SandboxAsset, to: SolanaAddress, units: bigint): Promise<string> {
    const solana = options.solana
    if (!solana || !solanaSigner) throw new Error('No Solana chain')
    const rpc = createSolanaRpc(solana.rpcUrl)
    const instructions: Instruction[] = []
    if (asset.kind === 'solana-native') {
      instructions.push(getTransferSolInstruction({ source: solanaSigner, destination: to, amount: units }))
    } else {
      const mint = solanaAddress(asset.contractAddress)
      const [source] = await findAssociatedTokenPda({ owner: solanaSigner.address, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS })
      const [destination] = await findAssociatedTokenPda({ owner: to, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS })
      instructions.push(await getCreateAssociatedTokenIdempotentInstructionAsync({ payer: solanaSigner, owner: to, mint }))
      instructions.push(
        getTransferCheckedInstruction({ source, mint, destination, authority: solanaSigner, amount: units, decimals: asset.decimals }),
      )
    }
    const { value: blockhash } = await rpc.getLatestBlockhash().send()
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(solanaSigner, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
      (m) => appendTransactionMessageInstructions(instructions, m),
    )
    const signed = await signTransactionMessageWithSigners(message)
    const signature = getSignatureFromTransaction(signed)
    await rpc.sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64', preflightCommitment: 'confirmed' }).send()
    for (let attempt = 0; attempt < 200; attempt++) {
      const { value } = await rpc.getSignatureStatuses([signature]).send()
      const status = value[0]
      if (status?.err) throw new Error(`The transfer ${signature} failed: ${JSON.stringify(status.err)}`)
      if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized') return signature
      await sleep(50)
    }
    throw new Error(`The transfer ${signature} was not confirmed`)
  }

  return {
    evmAddress: account.address,
    solanaAddress: solanaSigner?.address,
    async fund() {
      for (const { chain } of evmClients.values()) {
        await rpcCall(chain.rpcUrl, 'anvil_setBalance', [account.address, numberToHex(TREASURY_FUNDING.ethWei)])
        const usdc = chain.tokens.find((t) => t.symbol === 'USDC')
        if (usdc) await rpcCall(chain.rpcUrl, 'anvil_dealERC20', [account.address, usdc.address, numberToHex(TREASURY_FUNDING.usdcUnits)])
      }
      const solana = options.solana
      if (solana?.server && solanaSigner) {
        await solana.server.airdrop(solanaSigner.address, TREASURY_FUNDING.solLamports)
        await solana.server.mintTo({ mint: solana.usdcMint, owner: solanaSigner.address, amount: TREASURY_FUNDING.usdcUnits })
      }
    },
    send(asset, to, units) {
      return serial(asset.caipNetworkId, () =>
        asset.kind.startsWith('evm') ? sendEvm(asset, to as Address, units) : sendSolana(asset, solanaAddress(to), units),
      )
    },
  }
}
