/**
 * What a dapp asks a WalletConnect wallet for: one optional namespace per chain family the app
 * configured, with that family's methods and events (CAIP-25 proposal).
 */
import type { CaipNetwork, ChainNamespace } from '@portico/headless'
import { CHAIN_NAMESPACES, isCaipAddress } from '@portico/headless'

/** The chain families a session may hold, in request order: headless's seven (CHAIN_NAMESPACES), one list. */
export const WC_NAMESPACES = CHAIN_NAMESPACES

/** Methods requested per namespace. */
export const WC_METHODS: Record<(typeof WC_NAMESPACES)[number], readonly string[]> = {
  eip155: [
    'personal_sign',
    'eth_sendTransaction',
    'eth_signTypedData_v4',
    'eth_signTypedData',
    'eth_accounts',
    'eth_requestAccounts',
    'eth_chainId',
    'wallet_switchEthereumChain',
    'wallet_addEthereumChain',
    'wallet_sendCalls',
    'wallet_getCallsStatus',
    'wallet_getCapabilities',
    'wallet_grantPermissions',
    'wallet_revokePermissions',
    'wallet_getAssets',
  ],
  solana: [
    'solana_signMessage',
    'solana_signTransaction',
    'solana_signAllTransactions',
    'solana_signAndSendTransaction',
    'solana_getAccounts',
    'solana_requestAccounts',
  ],
  polkadot: ['polkadot_signMessage', 'polkadot_signTransaction'],
  bip122: ['getAccountAddresses', 'signMessage', 'signPsbt', 'sendTransfer'],
  cosmos: ['cosmos_getAccounts', 'cosmos_signDirect', 'cosmos_signAmino'],
  sui: ['sui_signPersonalMessage', 'sui_signTransaction', 'sui_signAndExecuteTransaction'],
  stacks: ['stx_getAddresses', 'stx_signMessage', 'stx_transferStx', 'stx_signTransaction'],
}

/** Events requested per namespace. */
export const WC_EVENTS: Record<(typeof WC_NAMESPACES)[number], readonly string[]> = {
  eip155: ['accountsChanged', 'chainChanged'],
  solana: ['accountsChanged', 'chainChanged'],
  polkadot: ['accountsChanged', 'chainChanged'],
  bip122: ['bip122_addressesChanged'],
  cosmos: ['accountsChanged', 'chainChanged'],
  sui: ['accountsChanged', 'chainChanged'],
  stacks: ['accountsChanged', 'chainChanged'],
}

export interface ProposalNamespace {
  chains: string[]
  methods: string[]
  events: string[]
}

/**
 * optionalNamespaces for the app's networks: every configured family gets its CAIP-2 chain ids
 * (the active network first) and its methods/events. Families without networks are left out.
 */
export function optionalNamespaces(networks: readonly CaipNetwork[], active?: CaipNetwork): Record<string, ProposalNamespace> {
  const out: Record<string, ProposalNamespace> = {}
  for (const ns of WC_NAMESPACES) {
    const ids = networks.filter((n) => n.chainNamespace === ns).map((n) => n.caipNetworkId as string)
    if (!ids.length) continue
    if (active?.chainNamespace === ns && ids.includes(active.caipNetworkId))
      ids.sort((a, b) => Number(b === active.caipNetworkId) - Number(a === active.caipNetworkId))
    out[ns] = { chains: [...new Set(ids)], methods: [...WC_METHODS[ns]], events: [...WC_EVENTS[ns]] }
  }
  return out
}

/** One CAIP-10 account `namespace:reference:address` of one of the seven namespaces. */
export interface CaipAccount {
  namespace: ChainNamespace
  chainId: string
  reference: string
  address: string
}

/**
 * A CAIP-10 account as headless reads one (SPEC §5): exactly 3 colon-separated, non-empty parts, the
 * namespace one of CHAIN_NAMESPACES; anything else is undefined ('hedera:mainnet:0.0.1' and
 * 'eip155:1:0xabc:extra' too).
 */
export function parseCaipAccount(value: string): CaipAccount | undefined {
  if (!isCaipAddress(value)) return undefined
  const [namespace, reference, address] = value.split(':') as [ChainNamespace, string, string]
  return { namespace, reference, address, chainId: `${namespace}:${reference}` }
}
