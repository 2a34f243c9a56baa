import { evmAdapter } from '@portico/evm'
import { createPortico, type Portico } from '@portico/headless'
import { readConfig } from './config'

/**
 * The demo's one Portico instance and the browser dev wallet (announced over EIP-6963), both
 * pointed at the local stack. Returns undefined when the page was not started by `npm start`.
 */
export function setup(): Portico | undefined {
  const config = readConfig()
  if (!config) return undefined
  // The dev wallet is a separate chunk, like a browser extension it arrives on its own and
  // announces itself over EIP-6963; the adapter picks it up whenever it does.
  void import('@portico/devnet/wallet').then(({ installDevWallet }) =>
    installDevWallet({ chains: config.wallet.chains, mnemonic: config.wallet.mnemonic }),
  )
  return createPortico({
    projectId: config.projectId,
    apiUrl: config.apiUrl,
    explorerUrl: config.apiUrl,
    networks: config.networks,
    adapters: [evmAdapter()],
    metadata: {
      name: 'Portico demo',
      description: 'Connect a wallet on the local stack',
      url: window.location.origin,
      icons: [],
    },
  })
}

export const NOT_STARTED = 'This page needs the local stack: run `npm start` from the repository root.'
