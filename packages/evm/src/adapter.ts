import type { AdapterCapability, AdapterContext, CaipNetwork, ChainAdapter, ConnectResult, Timers } from '@portico/headless'
import { defaultTimers, ERRORS, PorticoError, RECEIPT_TIMEOUT_MS } from '@portico/headless'
import { formatUnits, getAddress, hexToBigInt, isHex, numberToHex, stringToHex } from 'viem'
import { ProviderRegistry } from './discovery'
import { errorCode, UNRECOGNIZED_CHAIN_CODE, type Eip1193Provider } from './eip1193'

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
] as const satisfies readonly AdapterCapability[]

/** Error codes of wallets that do not know a method: EIP-1193 4200, JSON-RPC -32601. */
const UNSUPPORTED_METHOD_CODES = new Set([4200, -32601])

/** ABI encoding, EIP-712, EIP-5792 and receipts (./calls), loaded on first use. */
const calls = () => import('./calls')

function parseChainId(value: unknown): number {
  if (typeof value === 'number') return value
  if (typeof value === 'string') return isHex(value) ? Number(hexToBigInt(value)) : Number(value)
  throw new PorticoError(ERRORS.failedToConnect)
}

function parseAccounts(value: unknown): string[] {
  if (!Array.isArray(value)) return []
  return value.filter((a): a is string => typeof a === 'string').map((a) => getAddress(a))
}

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

  const listen = (connectorId: string, provider: Eip1193Provider) => {
    active?.off()
    const onAccounts = (accounts: unknown) => ctx?.onAccountsChanged(parseAccounts(accounts))
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
    const accounts = parseAccounts(await provider.request({ method }))
    const [address] = accounts
    if (!address) return null
    const chainId = parseChainId(await provider.request({ method: 'eth_chainId' }))
    listen(connectorId, provider)
    return { address, chainId, accounts } satisfies ConnectResult
  }

  const networkOf = (network?: CaipNetwork) => network ?? ctx?.getActiveNetwork() ?? ctx?.networks[0]

  /** eth_sendTransaction from `from`; resolves with the hash. */
  const send = async (provider: Eip1193Provider, tx: { from: string; to: string; value?: bigint; data?: `0x${string}`; gas?: bigint; gasPrice?: bigint }) => {
    const request: Record<string, string> = { from: tx.from, to: tx.to }
    if (tx.value !== undefined) request.value = numberToHex(tx.value)
    if (tx.data) request.data = tx.data
    if (tx.gas !== undefined) request.gas = numberToHex(tx.gas)
    if (tx.gasPrice !== undefined) request.gasPrice = numberToHex(tx.gasPrice)
    const hash = await provider.request({ method: 'eth_sendTransaction', params: [request] })
    if (typeof hash !== 'string') throw new PorticoError(ERRORS.transactionError, { cause: hash })
    return hash
  }

  /** An EIP-5792 request; a wallet without the method refuses it as 'Requested RPC call is not allowed'. */
  const walletCall = async (provider: Eip1193Provider, method: string, params: unknown[]) => {
    try {
      return await provider.request({ method, params })
    } catch (error) {
      const code = errorCode(error)
      if (code !== undefined && UNSUPPORTED_METHOD_CODES.has(code)) throw new PorticoError(ERRORS.rpcNotAllowed, { cause: error })
      throw error
    }
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
              rpcUrls: [...network.rpcUrls.default.http],
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

    async sendTransaction({ address, to, value, data, gas, gasPrice, connectorId }) {
      return send(need(connectorId), { from: address, to, value, data, gas, gasPrice })
    },

    async transfer({ address, to, amount, token, connectorId }) {
      const provider = need(connectorId)
      if (!token) return send(provider, { from: address, to, value: amount })
      const { erc20TransferData } = await calls()
      return send(provider, { from: address, to: token.address, data: erc20TransferData(to, amount) })
    },

    async writeContract({ address, connectorId, contract, abi, functionName, args, value }) {
      const provider = need(connectorId)
      const { contractCallData } = await calls()
      return send(provider, { from: address, to: contract, data: contractCallData({ abi, functionName, args }), value })
    },

    async signTypedData({ address, connectorId, domain, types, primaryType, message }) {
      const provider = need(connectorId)
      const { typedDataJson } = await calls()
      const json = typedDataJson({ domain, types, primaryType, message })
      const signature = await provider.request({ method: 'eth_signTypedData_v4', params: [address, json] })
      if (typeof signature !== 'string' || !isHex(signature)) throw new PorticoError(ERRORS.frameGeneric, { cause: signature })
      return signature
    },

    async sendCalls({ address, connectorId, calls: list, capabilities, network }) {
      const provider = need(connectorId)
      const { parseWalletCalls, parseSendCallsResult } = await calls()
      const valid = parseWalletCalls(list)
      const chainId = network ? numberToHex(Number(network.id)) : numberToHex(parseChainId(await provider.request({ method: 'eth_chainId' })))
      const raw = await walletCall(provider, 'wallet_sendCalls', [
        { version: '2.0.0', from: address, chainId, atomicRequired: false, calls: valid, capabilities: capabilities ?? {} },
      ])
      return parseSendCallsResult(raw)
    },

    async getCallsStatus({ id, connectorId }) {
      const provider = need(connectorId)
      const { parseCallsStatus } = await calls()
      return parseCallsStatus(id, await walletCall(provider, 'wallet_getCallsStatus', [id]))
    },

    async getCapabilities({ address, connectorId }) {
      try {
        const provider = need(connectorId)
        const raw = await provider.request({ method: 'wallet_getCapabilities', params: [address] })
        return (await calls()).parseCapabilities(raw)
      } catch {
        return {}
      }
    },

    async waitForReceipt({ hash, network, timeoutMs }) {
      const url = networkOf(network)?.rpcUrls.default.http[0]
      if (!url) throw new PorticoError(ERRORS.networkNotFound)
      const { pollReceipt } = await calls()
      return pollReceipt({
        fetch: options.fetch ?? globalThis.fetch,
        url,
        hash,
        timeoutMs: timeoutMs ?? RECEIPT_TIMEOUT_MS,
        pollMs: options.receiptPollMs ?? 1000,
        timers: options.timers ?? defaultTimers,
      })
    },
  }
}
