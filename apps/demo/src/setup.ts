import { embeddedAdapter } from '@portico/embedded'
import { evmAdapter } from '@portico/evm'
import { type CaipNetwork, createPortico, type Portico, porticoSiwx } from '@portico/headless'
import { solanaAdapter } from '@portico/solana'
import { walletConnectAdapter } from '@portico/walletconnect'
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
  // Its Solana side (Wallet Standard) has the same name: the Connect view lists the active namespace's wallets.
  void import('@portico/devnet/wallet').then(({ installDevWallet }) => {
    window.__porticoDevWallet = installDevWallet({
      chains: config.wallet.chains,
      mnemonic: config.wallet.mnemonic,
      solana: config.solana,
    })
  })
  // Page flags (the SIWX journeys open the demo with them; without them the demo is unchanged):
  // ?siwx=1 asks the visitor to sign in with the wallet after connecting (?siwx=required: must);
  // ?networks=31337 lists only these EVM chains (the wallet's others are then unsupported networks).
  const flags = new URLSearchParams(window.location.search)
  const siwx = flags.get('siwx')
  const only = flags.get('networks')?.split(',')
  const evmNetworks = config.networks.filter((n) => !only || only.includes(String(n.id)))
  const portico = createPortico({
    projectId: config.projectId,
    apiUrl: config.apiUrl,
    explorerUrl: config.apiUrl,
    // The local chains are an EVM chain and a Solana cluster: they show those families' logos,
    // served by the Portico API (GET /network-images/{imageId}) like the presets' logos.
    networks: [...evmNetworks.map((n): CaipNetwork => ({ ...n, assets: { imageId: 'ethereum' } })), solanaNetwork(config.solana)],
    // The embedded wallet (email, social and Farcaster login) runs in a frame on its own origin; its
    // code and the frame load only when a visitor picks one. On the local stack a dev OIDC provider
    // stands in for every social provider, and a dev relay with its approver page for Farcaster.
    adapters: [
      evmAdapter(),
      solanaAdapter(),
      walletConnectAdapter({ relayUrl: config.relayUrl }),
      embeddedAdapter({ frameUrl: config.frameUrl }),
    ],
    // The modal's language: ?locale=ar (any BCP 47 tag); without it, the browser's languages.
    locale: flags.get('locale') ?? undefined,
    metadata: {
      name: 'Portico demo',
      description: 'Connect a wallet on the local stack',
      url: window.location.origin,
      icons: [],
    },
    ...(siwx ? { siwx: porticoSiwx({ required: siwx === 'required', statement: 'Sign in to the Portico demo.' }) } : {}),
    // ?passkeys=1 offers passkey login (the frame must then be on a host name, not 127.0.0.1: a
    // passkey's relying party id is a domain).
    ...(flags.get('passkeys') === '1' ? { features: { passkeys: true } } : {}),
  })
  // Handles for the e2e journeys (and for poking at the demo from the console): the headless
  // instance the page runs on, and the dev wallet's controller (its request log, for one).
  window.__portico = portico
  return portico
}

/** The local Solana chain as a Portico network. */
function solanaNetwork(solana: { rpcUrl: string; wsUrl: string; caipNetworkId: string }): CaipNetwork {
  const ref = solana.caipNetworkId.slice('solana:'.length)
  return {
    id: ref,
    caipNetworkId: `solana:${ref}`,
    chainNamespace: 'solana',
    name: 'Portico Local Solana',
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
    rpcUrls: { default: { http: [solana.rpcUrl], webSocket: [solana.wsUrl] } },
    assets: { imageId: 'solana' },
    testnet: true,
  }
}

export const NOT_STARTED = 'This page needs the local stack: run `npm start` from the repository root.'
