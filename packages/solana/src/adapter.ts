import type { AdapterCapability, AdapterContext, CaipNetwork, ChainAdapter, ConnectResult, Connector, Timers } from '@portico/headless'
import { ERRORS, PorticoError } from '@portico/headless'
import type { SolanaSignMessageFeature } from '@solana/wallet-standard-features'
import { getWallets, type Wallets } from '@wallet-standard/app'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import type {
  StandardConnectFeature,
  StandardDisconnectFeature,
  StandardEventsChangeProperties,
  StandardEventsFeature,
} from '@wallet-standard/features'
import { chainReference, walletChainFor } from './chains'
import type { SolanaRoute, SolanaRpc } from './kit'
import { formatLamports, rpcCall, rpcUrlOf } from './rpc'

export interface SolanaAdapterOptions {
  /**
   * The Wallet Standard registry wallets register with.
   * @default getWallets() from @wallet-standard/app, looked up in `setup`
   */
  wallets?: Wallets
  /**
   * How long `reconnect` waits for a wallet that registers itself late after a reload.
   * @default 1500
   */
  reconnectWaitMs?: number
  /**
   * JSON-RPC transport for reads that go to the chain (balance, latest blockhash, token accounts,
   * signature statuses).
   * @default globalThis.fetch
   */
  fetch?: typeof fetch
  /** Clock and timers of `waitForReceipt`. @default the globals, looked up at call time */
  timers?: Timers
  /** How often `waitForReceipt` asks for the signature's status (ms). @default 500 */
  receiptPollMs?: number
}

/** What the Solana adapter implements beyond connect / sign / send (ChainAdapter.capabilities). */
export const SOLANA_CAPABILITIES = ['nativeTransfer', 'tokenTransfer', 'waitForReceipt'] as const satisfies readonly AdapterCapability[]

const CONNECT = 'standard:connect'
const DISCONNECT = 'standard:disconnect'
const EVENTS = 'standard:events'
const SIGN_MESSAGE = 'solana:signMessage'
const SIGN_AND_SEND = 'solana:signAndSendTransaction'
const SIGN_TRANSACTION = 'solana:signTransaction'

/** The connector id of a Wallet Standard wallet. */
export const solanaConnectorId = (walletName: string): string => `wallet-standard:${walletName}`

const isSolanaChain = (chain: string) => chain.startsWith('solana:')

/** Wallets Portico can use: a `solana:` chain, standard:connect and a way to sign. */
export function isSolanaWallet(wallet: Wallet): boolean {
  const f = wallet.features
  return wallet.chains.some(isSolanaChain) && CONNECT in f && (SIGN_MESSAGE in f || SIGN_AND_SEND in f || SIGN_TRANSACTION in f)
}

type Features = Partial<StandardConnectFeature & StandardDisconnectFeature & StandardEventsFeature & SolanaSignMessageFeature>
const features = (wallet: Wallet) => wallet.features as Features

const solanaAccounts = (accounts: readonly WalletAccount[]) => accounts.filter((a) => a.chains.length === 0 || a.chains.some(isSolanaChain))

const utf8 = (text: string) => new TextEncoder().encode(text)
/** @solana/kit and the send path (SOL and SPL transfers), loaded on first use (see kit.ts). */
const kit = () => import('./kit')
/** zod-parsed chain reads (signature statuses), loaded on first use. */
const reads = () => import('./reads')

/** The Solana chain adapter: Wallet Standard wallets, @solana/kit for the transfer message. */
export function solanaAdapter(options: SolanaAdapterOptions = {}): ChainAdapter {
  let ctx: AdapterContext | undefined
  let registry: Wallets | undefined
  const byId = new Map<string, Wallet>()
  const waiters = new Set<() => void>()
  let active: { connectorId: string; wallet: Wallet; account: WalletAccount; off: () => void } | undefined
  /** The network chosen with switchNetwork, used for transactions when none is given. */
  let selected: CaipNetwork | undefined
  const reconnectWaitMs = options.reconnectWaitMs ?? 1500
  const doFetch: typeof fetch = (...args) => (options.fetch ?? globalThis.fetch)(...args)
  const rpc: SolanaRpc = { fetch: doFetch, call: rpcCall }

  const refresh = () => {
    byId.clear()
    for (const wallet of registry?.get() ?? []) if (isSolanaWallet(wallet)) byId.set(solanaConnectorId(wallet.name), wallet)
    const list: Connector[] = [...byId].map(([id, wallet]) => ({
      id,
      name: wallet.name,
      type: 'announced',
      namespace: 'solana',
      imageUrl: wallet.icon,
    }))
    ctx?.setConnectors(list)
    for (const w of [...waiters]) w()
  }

  const waitForWallet = (connectorId: string, timeoutMs: number): Promise<Wallet | undefined> => {
    const now = byId.get(connectorId)
    if (now || timeoutMs <= 0) return Promise.resolve(now)
    return new Promise((resolve) => {
      const check = () => {
        const w = byId.get(connectorId)
        if (w) finish(w)
      }
      const finish = (w: Wallet | undefined) => {
        clearTimeout(timer)
        waiters.delete(check)
        resolve(w)
      }
      const timer = setTimeout(() => finish(byId.get(connectorId)), timeoutMs)
      waiters.add(check)
    })
  }

  const networkOf = (network?: CaipNetwork) => network ?? selected ?? ctx?.getActiveNetwork() ?? ctx?.networks[0]

  /** The wallet's chain for the session: the wanted network when the wallet has it, else its first Solana chain. */
  const chainIdFor = (wallet: Wallet, account: WalletAccount, network?: CaipNetwork): string => {
    const chains = [...account.chains, ...wallet.chains].filter(isSolanaChain)
    const wanted = networkOf(network)
    if (wanted && walletChainFor(chains, wanted)) return String(wanted.caipNetworkId.split(':')[1] ?? wanted.id)
    const first = chains[0]
    const ref = first ? chainReference(first) : undefined
    if (!ref) throw new PorticoError(ERRORS.failedToConnect)
    return ref
  }

  const listen = (connectorId: string, wallet: Wallet, account: WalletAccount) => {
    active?.off()
    const on = features(wallet)[EVENTS]?.on
    const off = on?.('change', (properties: StandardEventsChangeProperties) => {
      if (!active || active.wallet !== wallet) return
      if (properties.accounts) {
        const accounts = solanaAccounts(properties.accounts)
        const [first] = accounts
        if (first) active.account = first
        ctx?.onAccountsChanged(accounts.map((a) => a.address))
      }
      // The wallet dropped the chain in use: report the chain it is on now.
      const current = networkOf()
      if (properties.chains && current && !walletChainFor(properties.chains, current)) {
        const ref = properties.chains.filter(isSolanaChain).map(chainReference).find(Boolean)
        if (ref) ctx?.onChainChanged(ref)
      }
    })
    active = { connectorId, wallet, account, off: off ?? (() => {}) }
  }

  const session = async (connectorId: string, wallet: Wallet, silent: boolean, network?: CaipNetwork) => {
    const connect = features(wallet)[CONNECT]
    if (!connect) throw new PorticoError(ERRORS.failedToConnect)
    const { accounts } = await connect.connect(silent ? { silent: true } : undefined)
    const list = solanaAccounts(accounts)
    const [account] = list
    if (!account) return null
    const chainId = chainIdFor(wallet, account, network)
    listen(connectorId, wallet, account)
    return { address: account.address, chainId, accounts: list.map((a) => a.address) } satisfies ConnectResult
  }

  /** The connected wallet and the account named `address` (the selected one when absent). */
  const need = (connectorId: string | undefined, address?: string) => {
    if (!active || (connectorId && connectorId !== active.connectorId)) throw new PorticoError(ERRORS.noAccount)
    const account =
      address && address !== active.account.address ? active.wallet.accounts.find((a) => a.address === address) : active.account
    if (!account) throw new PorticoError(ERRORS.noAccount)
    return { wallet: active.wallet, account }
  }

  /** The connected wallet and account, the network to use and the wallet's name for its chain. */
  const route = (connectorId: string | undefined, address: string, network?: CaipNetwork): SolanaRoute => {
    const { wallet, account } = need(connectorId, address)
    const net = networkOf(network)
    if (!net) throw new PorticoError(ERRORS.networkNotFound)
    const chain = walletChainFor([...account.chains, ...wallet.chains], net) as `${string}:${string}` | undefined
    if (!chain) throw new PorticoError(ERRORS.unsupportedChain)
    return { wallet, account, chain, url: rpcUrlOf(net) }
  }

  return {
    namespace: 'solana',
    capabilities: SOLANA_CAPABILITIES,

    setup(context) {
      ctx = context
      if (!options.wallets && typeof window === 'undefined') return () => {}
      registry = options.wallets ?? getWallets()
      const offRegister = registry.on('register', refresh)
      const offUnregister = registry.on('unregister', refresh)
      refresh()
      return () => {
        offRegister()
        offUnregister()
        active?.off()
        active = undefined
      }
    },

    async connect({ connectorId, network }) {
      const wallet = byId.get(connectorId)
      if (!wallet) throw new PorticoError(ERRORS.failedToConnect)
      const result = await session(connectorId, wallet, false, network)
      if (!result) throw new PorticoError(ERRORS.failedToConnect)
      return result
    },

    async reconnect({ connectorId, network }) {
      const wallet = await waitForWallet(connectorId, reconnectWaitMs)
      if (!wallet) return null
      return session(connectorId, wallet, true, network)
    },

    async disconnect({ connectorId }) {
      const wallet = byId.get(connectorId) ?? (active?.connectorId === connectorId ? active.wallet : undefined)
      if (active?.connectorId === connectorId) {
        active.off()
        active = undefined
      }
      await features(wallet ?? ({ features: {} } as Wallet))[DISCONNECT]?.disconnect()
    },

    async switchNetwork({ network }) {
      if (!ctx?.networks.some((n) => n.caipNetworkId === network.caipNetworkId)) throw new PorticoError(ERRORS.networkNotFound)
      if (active) {
        const chains = [...active.account.chains, ...active.wallet.chains]
        if (!walletChainFor(chains, network)) throw new PorticoError(ERRORS.unsupportedChain)
      }
      selected = network
    },

    async getBalance({ address, network }) {
      const { value } = await rpcCall<{ value: number }>(doFetch, rpcUrlOf(network), 'getBalance', [address, { commitment: 'confirmed' }])
      if (typeof value !== 'number') throw new PorticoError(ERRORS.tokenBalanceUnavailable)
      return { balance: formatLamports(BigInt(value), network.nativeCurrency.decimals), symbol: network.nativeCurrency.symbol }
    },

    async signMessage({ message, address, connectorId }) {
      const { wallet, account } = need(connectorId, address)
      const feature = features(wallet)[SIGN_MESSAGE]
      if (!feature) throw new PorticoError(ERRORS.actionNotAllowed)
      const [output] = await feature.signMessage({ account, message: utf8(message) })
      if (!output) throw new PorticoError(ERRORS.frameGeneric)
      return (await kit()).base58(output.signature)
    },

    async sendTransaction({ address, to, value, network, connectorId }) {
      const r = route(connectorId, address, network)
      return (await kit()).sendLamports(rpc, r, to, value ?? 0n)
    },

    async transfer({ address, to, amount, token, network, connectorId }) {
      const r = route(connectorId, address, network)
      const m = await kit()
      return token ? m.sendToken(rpc, r, { to, amount, token }) : m.sendLamports(rpc, r, to, amount)
    },

    async waitForReceipt(p) {
      const net = networkOf(p.network)
      if (!net) throw new PorticoError(ERRORS.networkNotFound)
      return (await reads()).waitForSignature(doFetch, rpcUrlOf(net), p, options)
    },
  }
}
