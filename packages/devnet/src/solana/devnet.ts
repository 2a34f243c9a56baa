// The default local Solana cluster: the litesvm RPC plus funded dev accounts and a "USD Coin" SPL mint.
import type { Address } from '@solana/kit'
import { DEVNET_MNEMONIC } from '../constants.ts'
import { solanaDevSigner } from './keys.ts'
import { LAMPORTS_PER_SOL, type SolanaRpcServer, startSolanaRpc } from './rpc.ts'

/** Index (m/44'/501'/<index>'/0' of the devnet mnemonic) of the USDC mint's keypair: a stable mint address. */
export const SOLANA_USDC_MINT_INDEX = 100
export const SOLANA_USDC = { name: 'USD Coin', symbol: 'USDC', decimals: 6 } as const

export interface StartSolanaDevnetOptions {
  /** 0 or undefined picks a free port on 127.0.0.1. */
  port?: number
  /** @default DEVNET_MNEMONIC */
  mnemonic?: string
  /** Dev accounts 0…accounts-1 that get SOL and USDC. @default 4 */
  accounts?: number
  /** SOL per dev account. @default 100 */
  solPerAccount?: number
  /** USDC (whole tokens) per dev account. @default 1000 */
  usdcPerAccount?: number
  genesisHash?: string
}

export interface SolanaDevnet {
  rpcUrl: string
  wsUrl: string
  genesisHash: string
  /** `solana:<first 32 characters of genesisHash>` */
  caipNetworkId: string
  /** Base58 addresses of the funded dev accounts (m/44'/501'/i'/0' of the mnemonic). */
  accounts: Address[]
  usdcMint: Address
  /** The RPC server, with airdrop/createMint/mintTo helpers. */
  server: SolanaRpcServer
  stop(): Promise<void>
}

/**
 * Starts the litesvm RPC and funds dev accounts 0…3 of the devnet mnemonic with 100 SOL and
 * 1000 USDC each. The USDC mint ("USD Coin", 6 decimals) has a fixed address (keypair at
 * m/44'/501'/100'/0'); its mint authority is the server's authority (dev account 9).
 */
export async function startSolanaDevnet(options: StartSolanaDevnetOptions = {}): Promise<SolanaDevnet> {
  const mnemonic = options.mnemonic ?? DEVNET_MNEMONIC
  const authority = await solanaDevSigner(9, mnemonic)
  const server = await startSolanaRpc({ port: options.port, genesisHash: options.genesisHash, authority })
  try {
    const count = options.accounts ?? 4
    const accounts: Address[] = []
    for (let i = 0; i < count; i++) accounts.push((await solanaDevSigner(i, mnemonic)).address)
    const usdcMint = await server.createMint({
      decimals: SOLANA_USDC.decimals,
      mint: await solanaDevSigner(SOLANA_USDC_MINT_INDEX, mnemonic),
    })
    const sol = BigInt(Math.round((options.solPerAccount ?? 100) * 1e9)) * (LAMPORTS_PER_SOL / 1_000_000_000n)
    const usdc = BigInt(options.usdcPerAccount ?? 1000) * 10n ** BigInt(SOLANA_USDC.decimals)
    for (const account of accounts) {
      await server.airdrop(account, sol)
      if (usdc > 0n) await server.mintTo({ mint: usdcMint, owner: account, amount: usdc })
    }
    return {
      rpcUrl: server.rpcUrl,
      wsUrl: server.wsUrl,
      genesisHash: server.genesisHash,
      caipNetworkId: server.caipNetworkId,
      accounts,
      usdcMint,
      server,
      stop: () => server.stop(),
    }
  } catch (e) {
    await server.stop()
    throw e
  }
}
