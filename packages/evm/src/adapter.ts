import type { AdapterCapability, AdapterContext, CaipNetwork, ChainAdapter, ConnectResult, Timers } from '@portico/headless'
import { ERRORS, PorticoError } from '@portico/headless'
import { formatUnits, hexToBigInt, isHex, numberToHex, stringToHex } from 'viem'
import { ProviderRegistry } from './discovery'
import { errorCode, parseChainId, sendEvmTransaction, UNRECOGNIZED_CHAIN_CODE, type Eip1193Provider } from './eip1193'

type Calls = typeof import('./calls')
type EvmWallet = import('./calls').EvmWallet

export interface EvmAdapterOptions {
  /**
   * Where wallets are discovered: EIP-6963 events and the `ethereum` fallback.
   * @default globalThis.window (nothing in SSR)
   */
  target?: ConstructorParameters<typeof ProviderRegistry>[0]
  /**
   * How long `reconnect` waits for a wallet that announces itself late after a reload.
   * @default 1500
   */
  reconnectWaitMs?: number
  /**
   * JSON-RPC transport for reads that go to the chain, not the wallet (balance, receipts).
   * @default globalThis.fetch
   */
  fetch?: typeof fetch
  /** Clock and timers of `waitForReceipt`. @default the globals, looked up at call time */
  timers?: Timers
  /** How often `waitForReceipt` asks the chain for the receipt (ms). @default 1000 */
  receiptPollMs?: number
  /** How often `watchBlocks` asks the chain for its block number (ms). @default 2000 */
  blockPollMs?: number
}

/** What the EVM adapter implements beyond connect / sign / send (ChainAdapter.capabilities). */
export const EVM_CAPABILITIES = [
  'nativeTransfer',
  'tokenTransfer',
  'contractWrite',
  'typedData',
  'sendCalls',
  'callsStatus',
  'walletCapabilities',
  'waitForReceipt',
  'walletRequest',
] as const satisfies readonly AdapterCapability[]

/** The capabilities' code (./calls: requests, ABI encoding, EIP-712, EIP-5792, receipts), loaded on first use. */
const calls = () => import('./calls')

/** EIP-55 checksums of the wallet's accounts (viem's getAddress and keccak), loaded by the first session. */
const accounts = () => import('./accounts')
type ParseAccounts = Awaited<ReturnType<typeof accounts>>['parseAccounts']

/** The EVM (eip155) chain adapter: EIP-6963 / injected wallets over EIP-1193, viem for encoding. */
export function evmAdapter(options: EvmAdapterOptions = {}): ChainAdapter {
  let ctx: AdapterContext | undefined
  let registry: ProviderRegistry | undefined
  let active: { connectorId: string; provider: Eip1193Provider; off: () => void } | undefined
  const reconnectWaitMs = options.reconnectWaitMs ?? 1500

  const need = (connectorId: string | undefined): Eip1193Provider => {
    const id = connectorId ?? active?.connectorId
    const provider = (id && registry?.provider(id)) || active?.provider
    if (!provider) throw new PorticoError(ERRORS.failedToConnect)
    return provider
  }

  const listen = (connectorId: string, provider: Eip1193Provider, parseAccounts: ParseAccounts) => {
    active?.off()
    const onAccounts = (list: unknown) => ctx?.onAccountsChanged(parseAccounts(list))
    const onChain = (chainId: unknown) => ctx?.onChainChanged(parseChainId(chainId))
    const onDisconnect = () => ctx?.onDisconnect()
    provider.on?.('accountsChanged', onAccounts)
    provider.on?.('chainChanged', onChain)
    provider.on?.('disconnect', onDisconnect)
    active = {
      connectorId,
      provider,
      off: () => {
        provider.removeListener?.('accountsChanged', onAccounts)
        provider.removeListener?.('chainChanged', onChain)
        provider.removeListener?.('disconnect', onDisconnect)
      },
    }
  }

  const session = async (connectorId: string, provider: Eip1193Provider, method: 'eth_requestAccounts' | 'eth_accounts') => {
    // The checksum code loads while the wallet answers (a prompt for eth_requestAccounts).
    const loading = accounts()
    loading.catch(() => undefined)
    const answer = await provider.request({ method })
    const { parseAccounts } = await loading
    const list = parseAccounts(answer)
    const [address] = list
    if (!address) return null
    const chainId = parseChainId(await provider.request({ method: 'eth_chainId' }))
    listen(connectorId, provider, parseAccounts)
    return { address, chainId, accounts: list } satisfies ConnectResult
  }

  const networkOf = (network?: CaipNetwork) => network ?? ctx?.getActiveNetwork() ?? ctx?.networks[0]

  /** A capability's request: the wallet of the call's connector (checked first), then its code from ./calls. */
  const lazy =
    <P extends { connectorId?: string }, R>(run: (m: Calls, wallet: EvmWallet, p: P) => Promise<R>) =>
    async (p: P): Promise<R> => {
      const wallet: EvmWallet = { provider: need(p.connectorId), errorCode, parseChainId, send: sendEvmTransaction }
      return run(await calls(), wallet, p)
    }

  const switchChain = (provider: Eip1193Provider, network: CaipNetwork) =>
    provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: numberToHex(Number(network.id)) }] })

  return {
    namespace: 'eip155',
    capabilities: EVM_CAPABILITIES,

    setup(context) {
      ctx = context
      const target = options.target ?? (typeof window === 'undefined' ? undefined : (window as never))
      registry = new ProviderRegistry(target, (list) => context.setConnectors(list))
      const stop = registry.start()
      return () => {
        stop()
        active?.off()
        active = undefined
      }
    },

    async connect({ connectorId }) {
      const provider = registry?.provider(connectorId)
      if (!provider) throw new PorticoError(ERRORS.failedToConnect)
      const result = await session(connectorId, provider, 'eth_requestAccounts')
      if (!result) throw new PorticoError(ERRORS.failedToConnect)
      return result
    },

    async reconnect({ connectorId }) {
      const provider = await registry?.waitForProvider(connectorId, reconnectWaitMs)
      if (!provider) return null
      return session(connectorId, provider, 'eth_accounts')
    },

    async disconnect({ connectorId }) {
      const provider = registry?.provider(connectorId) ?? active?.provider
      if (active?.connectorId === connectorId) {
        active.off()
        active = undefined
      }
      // Best effort: wallets that support it forget the site's permission (EIP-2255).
      await provider?.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] }).catch(() => undefined)
    },

    async switchNetwork({ network, connectorId }) {
      const provider = need(connectorId)
      try {
        await switchChain(provider, network)
      } catch (error) {
        if (errorCode(error) !== UNRECOGNIZED_CHAIN_CODE) throw error
        await provider.request({
          method: 'wallet_addEthereumChain',
          params: [
            {
              chainId: numberToHex(Number(network.id)),
              chainName: network.name,
              nativeCurrency: network.nativeCurrency,
              // The chain's public endpoints for a preset read through the Portico RPC proxy (the wallet keeps them).
              rpcUrls: [...(network.rpcUrls.public ?? network.rpcUrls.default).http],
              blockExplorerUrls: network.blockExplorers ? [network.blockExplorers.default.url] : undefined,
              iconUrls: network.assets?.imageUrl ? [network.assets.imageUrl] : undefined,
            },
          ],
        })
        await switchChain(provider, network)
      }
    },

    async getBalance({ address, network }) {
      const url = network.rpcUrls.default.http[0]
      if (!url) throw new PorticoError(ERRORS.networkNotFound)
      const doFetch = options.fetch ?? globalThis.fetch
      const res = await doFetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getBalance', params: [address, 'latest'] }),
      })
      const body = (await res.json()) as { result?: unknown; error?: { message?: string } }
      if (typeof body.result !== 'string' || !isHex(body.result)) throw new PorticoError(ERRORS.tokenBalanceUnavailable)
      return { balance: formatUnits(hexToBigInt(body.result), network.nativeCurrency.decimals), symbol: network.nativeCurrency.symbol }
    },

    async signMessage({ message, address, connectorId }) {
      const provider = need(connectorId)
      const signature = await provider.request({ method: 'personal_sign', params: [stringToHex(message), address] })
      if (typeof signature !== 'string') throw new PorticoError(ERRORS.frameGeneric)
      return signature
    },

    sendTransaction: async ({ address, to, value, data, gas, gasPrice, connectorId }) =>
      sendEvmTransaction(need(connectorId), { from: address, to, value, data, gas, gasPrice }),

    async transfer(p) {
      const { token } = p
      if (token) return lazy((m, wallet, q: typeof p) => m.transferToken(wallet, { ...q, token }))(p)
      return sendEvmTransaction(need(p.connectorId), { from: p.address, to: p.to, value: p.amount })
    },
    writeContract: lazy((m, wallet, p) => m.writeContract(wallet, p)),
    signTypedData: lazy((m, wallet, p) => m.signTypedData(wallet, p)),
    sendCalls: lazy((m, wallet, p) => m.sendCalls(wallet, p)),
    getCallsStatus: lazy((m, wallet, p) => m.getCallsStatus(wallet, p)),
    // SPEC §8: {} when the wallet cannot tell or fails.
    getCapabilities: (p) => lazy((m, wallet, q: typeof p) => m.getCapabilities(wallet, q))(p).catch(() => ({})),
    request: lazy((m, wallet, p) => m.request(wallet, p)),
    waitForReceipt: async (p) => (await calls()).waitForReceipt(networkOf(p.network), p, options),

    // New blocks from the chain's RPC (./blocks loads on the first watch); headless refreshes balances with them.
    watchBlocks({ network, onBlock }) {
      let stop: (() => void) | undefined
      let stopped = false
      const url = network.rpcUrls.default.http[0]
      if (url)
        void import('./blocks').then((m) => {
          if (!stopped) stop = m.pollBlocks({ url, onBlock, fetch: options.fetch, timers: options.timers, intervalMs: options.blockPollMs })
        })
      return () => {
        stopped = true
        stop?.()
      }
    },
  }
}
