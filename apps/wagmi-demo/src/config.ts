import type { DevWalletController } from '@portico/devnet/wallet'
import type { CaipNetwork } from '@portico/headless'

/** The local stack's addresses, put into the page before it loads (the e2e journey, or a snippet in the console + reload). */
export interface WagmiDemoConfig {
  projectId: string
  apiUrl: string
  networks: CaipNetwork[]
  wallet: { mnemonic: string; chains: { chainId: number; name: string; rpcUrl: string }[] }
}

declare global {
  interface Window {
    __PORTICO_WAGMI_DEMO__?: WagmiDemoConfig
    /** The browser dev wallet once its chunk has loaded (its request log, for the e2e journey). */
    __porticoDevWallet?: DevWalletController
  }
}

export const readConfig = (): WagmiDemoConfig | undefined => (typeof window === 'undefined' ? undefined : window.__PORTICO_WAGMI_DEMO__)
