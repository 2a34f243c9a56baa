/**
 * `porticoConnector({ portico })`: a wagmi connector whose wallet is whatever Portico connected
 * (injected, WalletConnect, the embedded wallet …), through `portico.getProvider('eip155')`.
 *
 * Portico holds the one connection; wagmi mirrors it:
 * - Portico → wagmi: the provider's events become the connector's `connect`, `change` and
 *   `disconnect` events, so a connect, account change, chain switch or disconnect made in Portico's
 *   modal (or in the wallet) reaches wagmi's state at once;
 * - wagmi → Portico: `connect` opens Portico's modal, `switchChain` is `portico.network.switchNetwork`,
 *   `disconnect` is `portico.connection.disconnect({ namespace: 'eip155' })`; the state then changes
 *   in Portico and comes back to wagmi as above.
 *
 * The same code runs on @wagmi/core 2 and 3 (the package peers on both; tests on both).
 */
import type { Eip1193Provider, Portico } from '@portico/headless'
import { ChainNotConfiguredError, ConnectorNotConnectedError, createConnector } from '@wagmi/core'
import { type Address, getAddress, numberToHex, SwitchChainError, UserRejectedRequestError } from 'viem'

/** `type` of the connector (wagmi's `connector.type`). */
export const PORTICO_CONNECTOR_TYPE = 'portico'

export interface PorticoConnectorOptions {
  /** The Portico instance whose modal connects and whose connection wagmi uses. */
  portico: Portico
  /** wagmi's connector id. @default 'portico' */
  id?: string
  /** wagmi's connector name. @default 'Portico' */
  name?: string
  /** Icon URL (or data: URL) apps may show for the connector. @default undefined */
  icon?: string
  /**
   * Before wagmi's transactions, batches (`sendCalls`), typed-data and message signatures reach a wallet the
   * user brought (injected, WalletConnect), Portico's modal shows what they do (decoded, flagged,
   * simulated) and forwards them only when the user continues; Cancel is a UserRejectedRequestError. The
   * embedded wallet confirms in its own frame. `getProvider('eip155', { preview: true })`. @default false
   */
  preview?: boolean
}

/** What the connector adds to wagmi's Connector: the Portico instance it mirrors. */
export type PorticoConnectorProperties = {
  readonly portico: Portico
}

/** EIP-1193 code of a user rejection. */
const USER_REJECTED = 4001
const codeOf = (error: unknown): number | undefined => {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'number' ? code : undefined
}
const addresses = (value: unknown): Address[] => (Array.isArray(value) ? value.map((a) => getAddress(String(a))) : [])

/** Does Portico remember an eip155 connection that its reconnect would restore? */
const remembersEip155 = (portico: Portico) => portico.storage.getConnections().some((c) => c.namespace === 'eip155')

export function porticoConnector(options: PorticoConnectorOptions) {
  const { portico } = options
  return createConnector<Eip1193Provider, PorticoConnectorProperties>((config) => {
    const provider = options.preview ? portico.getProvider('eip155', { preview: true }) : portico.getProvider('eip155')
    /** Set by the provider's `connect`, completed by the `accountsChanged` that follows it. */
    let connectingChainId: number | undefined

    async function read(): Promise<{ accounts: Address[]; chainId: number }> {
      const [accounts, chainId] = await Promise.all([
        provider.request({ method: 'eth_accounts' }),
        provider.request({ method: 'eth_chainId' }),
      ])
      return { accounts: addresses(accounts), chainId: Number(chainId) }
    }

    const onConnect = (info: { chainId: string }) => {
      connectingChainId = Number(info.chainId)
    }
    const onAccountsChanged = (accounts: string[]) => {
      if (accounts.length === 0) return // `disconnect` follows
      const list = addresses(accounts)
      if (connectingChainId !== undefined) {
        const chainId = connectingChainId
        connectingChainId = undefined
        // Portico connected (its modal, a reconnect, the wallet): wagmi becomes connected too. While a
        // wagmi connect() is pending, wagmi ignores this and takes the result of connect() instead.
        config.emitter.emit('connect', { accounts: list, chainId })
      } else config.emitter.emit('change', { accounts: list })
    }
    const onChainChanged = (chainId: string) => config.emitter.emit('change', { chainId: Number(chainId) })
    // Also during wagmi's own disconnect: wagmi's state then changes in the same moment as Portico's,
    // never a render later.
    const onDisconnect = () => {
      connectingChainId = undefined
      config.emitter.emit('disconnect')
    }

    async function switchChain({ chainId }: { chainId: number }) {
      const chain = config.chains.find((c) => c.id === chainId)
      if (!chain) throw new SwitchChainError(new ChainNotConfiguredError())
      try {
        // Portico switches (the wallet is asked when connected); its state change comes back as chainChanged.
        await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: numberToHex(chainId) }] })
      } catch (error) {
        if (codeOf(error) === USER_REJECTED) throw new UserRejectedRequestError(error as Error)
        throw new SwitchChainError(error as Error)
      }
      config.emitter.emit('change', { chainId })
      return chain
    }

    return {
      id: options.id ?? 'portico',
      name: options.name ?? 'Portico',
      type: PORTICO_CONNECTOR_TYPE,
      icon: options.icon,
      portico,

      async setup() {
        provider.on('connect', onConnect)
        provider.on('accountsChanged', onAccountsChanged)
        provider.on('chainChanged', onChainChanged)
        provider.on('disconnect', onDisconnect)
      },

      /**
       * Opens Portico's modal when Portico is not connected (eth_requestAccounts) and resolves once the
       * user connected there; rejects with UserRejectedRequestError when the modal closes first. A
       * reconnect (`isReconnecting`) never prompts: it takes Portico's connection or fails.
       * `withCapabilities` is wagmi 3's (accounts as `{ address, capabilities }`); wagmi 2 never passes it.
       */
      async connect({ chainId, isReconnecting, withCapabilities } = {}) {
        let accounts: Address[]
        if (isReconnecting) {
          accounts = (await read()).accounts
          if (accounts.length === 0) throw new ConnectorNotConnectedError()
        } else {
          try {
            accounts = addresses(await provider.request({ method: 'eth_requestAccounts' }))
          } catch (error) {
            if (codeOf(error) === USER_REJECTED) throw new UserRejectedRequestError(error as Error)
            throw error
          }
        }
        let current = Number(await provider.request({ method: 'eth_chainId' }))
        if (chainId !== undefined && chainId !== current) {
          const chain = await switchChain({ chainId }).catch((error: unknown) => {
            if (error instanceof UserRejectedRequestError) throw error
            return { id: current }
          })
          current = chain.id
        }
        return {
          accounts: (withCapabilities ? accounts.map((address) => ({ address, capabilities: {} })) : accounts) as never,
          chainId: current,
        }
      },

      async disconnect() {
        await portico.connection.disconnect({ namespace: 'eip155' })
      },

      async getAccounts() {
        const { accounts } = await read()
        if (accounts.length === 0) throw new ConnectorNotConnectedError()
        return accounts
      },

      async getChainId() {
        return Number(await provider.request({ method: 'eth_chainId' }))
      },

      async getProvider() {
        return provider
      },

      /**
       * Whether Portico holds an eip155 connection. When Portico remembers one that is not restored
       * yet (wagmi reconnects before the app's first effects run), Portico's reconnect runs first, so
       * wagmi's answer is Portico's.
       */
      async isAuthorized() {
        await portico.ready
        if ((await read()).accounts.length > 0) return true
        if (remembersEip155(portico)) await portico.reconnect().catch(() => undefined)
        return (await read()).accounts.length > 0
      },

      switchChain,

      onAccountsChanged,
      onChainChanged: (chainId: string) => onChainChanged(chainId),
      onConnect: (info: { chainId: string }) => onConnect(info),
      onDisconnect: () => onDisconnect(),
    }
  })
}
