import type { DevWalletController } from '@portico/devnet/wallet'
import type { CaipNetwork, Portico } from '@portico/headless'

/** Injected into the page by apps/demo/vite.config.ts from the running local stack. */
export interface DemoConfig {
  projectId: string
  apiUrl: string
  networks: CaipNetwork[]
  wallet: { mnemonic: string; chains: { chainId: number; name: string; rpcUrl: string }[] }
  /** The local WalletConnect relay (ws://127.0.0.1:PORT). */
  relayUrl: string
  /** The local Solana chain. */
  solana: { rpcUrl: string; wsUrl: string; caipNetworkId: string; genesisHash: string; usdcMint: string }
  /** The embedded wallet's secure frame, on its own origin. */
  frameUrl: string
}

declare global {
  interface Window {
    __PORTICO_DEMO__?: DemoConfig
    /** The demo's Portico instance (set by setup()). */
    __portico?: Portico
    /** The browser dev wallet once its chunk has loaded (set by setup()). */
    __porticoDevWallet?: DevWalletController
  }
}

export function readConfig(): DemoConfig | undefined {
  return typeof window === 'undefined' ? undefined : window.__PORTICO_DEMO__
}
