import type { CaipNetwork } from '@portico/headless'

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
}

declare global {
  interface Window {
    __PORTICO_DEMO__?: DemoConfig
  }
}

export function readConfig(): DemoConfig | undefined {
  return typeof window === 'undefined' ? undefined : window.__PORTICO_DEMO__
}
