// An exchange's hot wallet: one devnet-mnemonic index, an EVM account (m/44'/60'/0'/0/<index>) and
// a Solana account (m/44'/501'/<index>'/0'), funded at startup and sending the assets on-chain.
import { getTransferSolInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getMintToInstruction,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import {
  address as solanaAddress,
  appendTransactionMessageInstructions,
  createSolanaRpc,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  type Instruction,
  type KeyPairSigner,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import {
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  erc20Abi,
  type Hex,
  http,
  parseAbi,
  type PublicClient,
} from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { solanaDevSigner } from '../solana/keys.ts'
import type { SandboxAsset, SandboxEvmChain, SandboxSolanaChain } from './assets.ts'

/** The hot wallet holds less than the payment (and, for a native payment, its fee). */
export class InsufficientBalanceError extends Error {
  override readonly name = 'InsufficientBalanceError'
}

/** Whole units a hot wallet is topped up to at startup (on every chain it is given). */
export interface HotWalletFunding {
  /** ETH on every EVM chain (set with anvil_setBalance). */
  eth: string
  /** USDC on every EVM chain (minted by the token's owner). */
  usdc: string
  /** SOL on the Solana chain (airdropped). */
  sol: string
  /** USDC on the Solana chain (minted by the mint authority). */
  solanaUsdc: string
}

/** Lamports a plain (data-less) system account must keep, or go to zero. */
const RENT_EXEMPT_MINIMUM = 890_880n
/** A signature's fee on the local chain. */
const SIGNATURE_FEE = 5_000n
/** Rent of a new token account, paid by the hot wallet when the recipient has none. */
const TOKEN_ACCOUNT_RENT = 2_039_280n

export interface HotWalletOptions {
  index: number
  mnemonic: string
  evm: readonly SandboxEvmChain[]
  solana: SandboxSolanaChain | undefined
  /** The owner of the EVM USDC contracts (unlocked on anvil): it mints the hot wallet's USDC. */
  evmMinter: Address
  /** The Solana USDC mint authority's dev-account index. */
  solanaMintAuthorityIndex: number
}

export interface HotWallet {
  index: number
  evmAddress: Address
  solanaAddress: string
  /** Tops the balances up to `funding` (never takes anything away, except ETH, which is set). */
  fund(funding: HotWalletFunding): Promise<void>
  balance(asset: SandboxAsset): Promise<bigint>
  /** Sends `units` of `asset` to `to` and waits until it is in a block. Resolves with the transaction hash (EVM) or signature (Solana). */
  send(asset: SandboxAsset, to: string, units: bigint): Promise<string>
}

const decimalUnits = (value: string, decimals: number): bigint => {
  const [whole = '0', fraction = ''] = value.split('.')
  return BigInt(whole + fraction.slice(0, decimals).padEnd(decimals, '0'))
}

const usdcMintAbi = parseAbi(['function mint(address to, uint256 value)'])

export async function createHotWallet(options: HotWalletOptions): Promise<HotWallet> {
  const account = mnemonicToAccount(options.mnemonic, { addressIndex: options.index })
  const signer: KeyPairSigner = await solanaDevSigner(options.index, options.mnemonic)
  const chains = new Map(
    options.evm.map((chain) => {
      const viemChain = defineChain({
        id: chain.chainId,
        name: chain.name ?? `Chain ${chain.chainId}`,
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [chain.rpcUrl] } },
      })
      const transport = http(chain.rpcUrl, { retryCount: 0 })
      return [
        chain.chainId,
        {
          config: chain,
          client: createPublicClient({ chain: viemChain, transport }) as PublicClient,
          wallet: createWalletClient({ account, chain: viemChain, transport }),
          minter: createWalletClient({ account: options.evmMinter, chain: viemChain, transport }),
          test: createTestClient({ mode: 'anvil', chain: viemChain, transport }),
        },
      ] as const
    }),
  )
  const rpc = options.solana ? createSolanaRpc(options.solana.rpcUrl) : undefined
  // One payment at a time per hot wallet: nonces (EVM) and balance checks stay consistent.
  let queue: Promise<unknown> = Promise.resolve()
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task, task)
    queue = run.catch(() => undefined)
    return run
  }

  const evmChain = (chainId: number) => {
    const chain = chains.get(chainId)
    if (!chain) throw new Error(`No EVM chain ${chainId}`)
    return chain
  }
  const solanaRpc = () => {
    if (!rpc) throw new Error('No Solana chain')
    return rpc
  }

  async function confirmSolana(signature: string): Promise<void> {
    const client = solanaRpc()
    // The local chain processes a transaction when it is sent; a real one takes a few polls.
    for (let attempt = 0; attempt < 200; attempt++) {
      const { value } = await client.getSignatureStatuses([signature as never]).send()
      const status = value[0]
      if (status) {
        if (status.err)
          throw new Error(
            `Transaction ${signature} failed: ${JSON.stringify(status.err, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))}`,
          )
        if (status.confirmationStatus !== 'processed') return
      }
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
    throw new Error(`Transaction ${signature} was not confirmed`)
  }

  async function sendSolana(payer: KeyPairSigner, instructions: Instruction[]): Promise<string> {
    const client = solanaRpc()
    const { value: blockhash } = await client.getLatestBlockhash().send()
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(payer, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
      (m) => appendTransactionMessageInstructions(instructions, m),
    )
    const signed = await signTransactionMessageWithSigners(message)
    const signature = await client.sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64' }).send()
    await confirmSolana(signature)
    return signature
  }

  const tokenAccount = async (owner: string, mint: string) =>
    (await findAssociatedTokenPda({ owner: solanaAddress(owner), mint: solanaAddress(mint), tokenProgram: TOKEN_PROGRAM_ADDRESS }))[0]

  async function splBalance(owner: string, mint: string): Promise<bigint> {
    const ata = await tokenAccount(owner, mint)
    const info = await solanaRpc().getAccountInfo(ata, { encoding: 'base64' }).send()
    if (!info.value) return 0n
    const data = Buffer.from(info.value.data[0], 'base64')
    // SPL token account layout: mint (32), owner (32), amount (u64 LE).
    return data.length >= 72 ? data.readBigUInt64LE(64) : 0n
  }

  async function balance(asset: SandboxAsset): Promise<bigint> {
    switch (asset.kind) {
      case 'evm-native':
        return evmChain(asset.chainId).client.getBalance({ address: account.address })
      case 'erc20':
        return evmChain(asset.chainId).client.readContract({
          address: asset.token,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [account.address],
        })
      case 'sol':
        return (await solanaRpc().getBalance(signer.address).send()).value
      case 'spl':
        return splBalance(signer.address, asset.mint)
    }
  }

  async function sendEvm(asset: Extract<SandboxAsset, { kind: 'evm-native' | 'erc20' }>, to: Address, units: bigint): Promise<Hex> {
    const { client, wallet } = evmChain(asset.chainId)
    const held = await balance(asset)
    let hash: Hex
    if (asset.kind === 'evm-native') {
      const fees = await client.estimateFeesPerGas()
      const gas = await client.estimateGas({ account: account.address, to, value: 0n })
      if (held < units + gas * fees.maxFeePerGas)
        throw new InsufficientBalanceError(`The exchange holds ${held} wei, less than ${units} wei and the fee`)
      hash = await wallet.sendTransaction({
        to,
        value: units,
        gas,
        maxFeePerGas: fees.maxFeePerGas,
        maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
      })
    } else {
      if (held < units) throw new InsufficientBalanceError(`The exchange holds ${held} USDC units, less than ${units}`)
      hash = await wallet.writeContract({ address: asset.token, abi: erc20Abi, functionName: 'transfer', args: [to, units] })
    }
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 25 })
    if (receipt.status !== 'success') throw new Error(`Transaction ${hash} reverted`)
    return hash
  }

  async function sendSolanaAsset(asset: Extract<SandboxAsset, { kind: 'sol' | 'spl' }>, to: string, units: bigint): Promise<string> {
    const lamportsHeld = (await solanaRpc().getBalance(signer.address).send()).value
    if (asset.kind === 'sol') {
      if (lamportsHeld < units + SIGNATURE_FEE + RENT_EXEMPT_MINIMUM)
        throw new InsufficientBalanceError(`The exchange holds ${lamportsHeld} lamports, less than ${units} and the fee`)
      return sendSolana(signer, [getTransferSolInstruction({ source: signer, destination: solanaAddress(to), amount: lamports(units) })])
    }
    const held = await splBalance(signer.address, asset.mint)
    if (held < units) throw new InsufficientBalanceError(`The exchange holds ${held} USDC units, less than ${units}`)
    if (lamportsHeld < SIGNATURE_FEE + TOKEN_ACCOUNT_RENT + RENT_EXEMPT_MINIMUM)
      throw new InsufficientBalanceError('The exchange cannot pay the fee')
    const mint = solanaAddress(asset.mint)
    const destination = await tokenAccount(to, asset.mint)
    return sendSolana(signer, [
      getCreateAssociatedTokenIdempotentInstruction({ payer: signer, ata: destination, owner: solanaAddress(to), mint }),
      getTransferCheckedInstruction({
        source: await tokenAccount(signer.address, asset.mint),
        mint,
        destination,
        authority: signer,
        amount: units,
        decimals: asset.decimals,
      }),
    ])
  }

  async function fund(funding: HotWalletFunding): Promise<void> {
    for (const { config, client, minter, test } of chains.values()) {
      await test.setBalance({ address: account.address, value: decimalUnits(funding.eth, 18) })
      if (config.usdc) {
        const target = decimalUnits(funding.usdc, 6)
        const held = await client.readContract({ address: config.usdc, abi: erc20Abi, functionName: 'balanceOf', args: [account.address] })
        if (held < target) {
          const hash = await minter.writeContract({
            address: config.usdc,
            abi: usdcMintAbi,
            functionName: 'mint',
            args: [account.address, target - held],
          })
          const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 25 })
          if (receipt.status !== 'success') throw new Error(`Minting USDC for the exchange's hot wallet on ${config.chainId} failed`)
        }
      }
    }
    if (options.solana && rpc) {
      const sol = decimalUnits(funding.sol, 9)
      const held = (await rpc.getBalance(signer.address).send()).value
      if (held < sol) await confirmSolana(await rpc.requestAirdrop(signer.address, lamports(sol - held)).send())
      if (options.solana.usdcMint) {
        const target = decimalUnits(funding.solanaUsdc, 6)
        const usdc = await splBalance(signer.address, options.solana.usdcMint)
        if (usdc < target) {
          const authority = await solanaDevSigner(options.solanaMintAuthorityIndex, options.mnemonic)
          const mint = solanaAddress(options.solana.usdcMint)
          const ata = await tokenAccount(signer.address, options.solana.usdcMint)
          await sendSolana(authority, [
            getCreateAssociatedTokenIdempotentInstruction({ payer: authority, ata, owner: signer.address, mint }),
            getMintToInstruction({ mint, token: ata, mintAuthority: authority, amount: target - usdc }),
          ])
        }
      }
    }
  }

  return {
    index: options.index,
    evmAddress: account.address,
    solanaAddress: signer.address,
    fund,
    balance,
    send: (asset, to, units) =>
      serial(() =>
        asset.kind === 'evm-native' || asset.kind === 'erc20' ? sendEvm(asset, to as Address, units) : sendSolanaAsset(asset, to, units),
      ),
  }
}
