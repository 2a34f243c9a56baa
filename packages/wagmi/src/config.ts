/**
 * `createPorticoWagmiConfig({ portico })`: a wagmi config whose one connector is Portico's, whose
 * chains are Portico's eip155 networks (or a subset the app names), and which keeps wagmi's state
 * equal to Portico's at every step (see `syncWagmiWithPortico`).
 */
import type { CaipNetwork, Portico } from '@portico/headless'
import {
  type Config,
  type CreateConfigParameters,
  createConfig,
  createStorage,
  noopStorage,
  type Storage,
  type Transport,
} from '@wagmi/core'
import { type Chain, defineChain, getAddress, http, isAddressEqual } from 'viem'
import { PORTICO_CONNECTOR_TYPE, type PorticoConnectorOptions, porticoConnector } from './connector'

/** A Portico eip155 network as a viem / wagmi chain (id, name, currency, RPC URL, explorer). */
export function toWagmiChain(network: CaipNetwork): Chain {
  if (network.chainNamespace !== 'eip155') throw new Error(`${network.caipNetworkId} is not an eip155 network`)
  return defineChain({
    id: Number(network.id),
    name: network.name,
    nativeCurrency: network.nativeCurrency,
    rpcUrls: { default: { http: [...network.rpcUrls.default.http] } },
    ...(network.blockExplorers ? { blockExplorers: { default: network.blockExplorers.default } } : {}),
    ...(network.testnet === undefined ? {} : { testnet: network.testnet }),
  })
}

/** The eip155 networks of a Portico instance as wagmi chains, in Portico's order. */
export function porticoChains(portico: Portico): Chain[] {
  return portico.options.networks.filter((n) => n.chainNamespace === 'eip155').map(toWagmiChain)
}

export type PorticoWagmiConfigParameters<
  chains extends readonly [Chain, ...Chain[]] = readonly [Chain, ...Chain[]],
  transports extends Record<chains[number]['id'], Transport> = Record<chains[number]['id'], Transport>,
> = Omit<CreateConfigParameters<chains, transports>, 'chains' | 'transports' | 'connectors' | 'client'> & {
  portico: Portico
  /**
   * wagmi's chains. Each must be one of Portico's eip155 networks (same id), else wagmi could switch
   * to a chain Portico refuses: createPorticoWagmiConfig throws then.
   * @default Portico's eip155 networks (`porticoChains(portico)`)
   */
  chains?: chains
  /** @default http(<the network's first RPC URL>) for each chain */
  transports?: transports
  /** id, name, icon and preview of the connector. @default { id: 'portico', name: 'Portico' } */
  connector?: Omit<PorticoConnectorOptions, 'portico'>
}

/**
 * A wagmi config on Portico: connect with Portico's modal, keep wagmi's hooks. EIP-6963 discovery of
 * wagmi is off by default (`multiInjectedProviderDiscovery: false`): wallets connect through Portico,
 * which discovers them itself, so there is one connection and one truth.
 */
export function createPorticoWagmiConfig<
  const chains extends readonly [Chain, ...Chain[]] = readonly [Chain, ...Chain[]],
  transports extends Record<chains[number]['id'], Transport> = Record<chains[number]['id'], Transport>,
>(parameters: PorticoWagmiConfigParameters<chains, transports>): Config<chains, transports> {
  const {
    portico,
    chains: given,
    transports: givenTransports,
    connector,
    multiInjectedProviderDiscovery = false,
    storage,
    ...rest
  } = parameters
  const chains = (given ?? porticoChains(portico)) as unknown as chains
  if (chains.length === 0) throw new Error('createPorticoWagmiConfig: Portico has no eip155 network (add one to createPortico)')
  const missing = chains.filter((c) => !portico.chain.findNetwork('eip155', c.id))
  if (missing.length)
    throw new Error(
      `createPorticoWagmiConfig: ${missing.map((c) => `${c.name} (${c.id})`).join(', ')} not among createPortico's networks; wagmi and Portico must know the same chains`,
    )
  const transports =
    givenTransports ?? (Object.fromEntries(chains.map((c) => [c.id, http(c.rpcUrls.default.http[0])])) as unknown as transports)
  const config = createConfig({
    ...(rest as object),
    chains,
    transports,
    multiInjectedProviderDiscovery,
    storage: storage === null ? null : withoutRememberedConnections(storage ?? defaultStorage()),
    connectors: [porticoConnector({ ...connector, portico })],
  } as unknown as CreateConfigParameters<chains, transports>) as unknown as Config<chains, transports>
  syncWagmiWithPortico(config as unknown as Config, portico)
  return config
}

/** wagmi's default storage: localStorage when there is one (quota errors ignored), else nothing. */
function defaultStorage(): Storage {
  const local = typeof window !== 'undefined' ? window.localStorage : undefined
  if (!local) return createStorage({ storage: noopStorage })
  return createStorage({
    storage: {
      getItem: (key) => local.getItem(key),
      setItem: (key, value) => {
        try {
          local.setItem(key, value)
        } catch {}
      },
      removeItem: (key) => local.removeItem(key),
    },
  })
}

/**
 * wagmi's storage without the connections it remembers: after a reload wagmi would otherwise show
 * the remembered account ('reconnecting', isConnected true) before Portico restored the session, or
 * when Portico no longer has it. The connection comes from Portico's reconnect instead; the chain
 * and the recent connector are kept.
 */
function withoutRememberedConnections(storage: Storage): Storage {
  return {
    ...storage,
    async getItem(key: string, defaultValue?: unknown) {
      const value = (await storage.getItem(key as never, defaultValue as never)) as unknown
      if (key !== 'store' || !value || typeof value !== 'object' || !('state' in value)) return value
      const persisted = value as { state: Record<string, unknown> }
      return { ...persisted, state: { ...persisted.state, connections: new Map(), current: null } }
    },
  } as Storage
}

/** Portico's eip155 account (when connected), its chain, and whether a connect or reconnect is in flight. */
function porticoState(portico: Portico): { address?: `0x${string}`; chainId?: number; busy: boolean } {
  const state = portico.chain.getChain('eip155')
  const busy = state?.accountState.status === 'connecting'
  const caip = state?.accountState.caipAddress
  if (caip) {
    const [, ref, address] = caip.split(':')
    return { address: getAddress(address as string), chainId: Number(ref), busy }
  }
  const id = state?.networkState.caipNetwork?.id
  return { chainId: id === undefined ? undefined : Number(id), busy }
}

/**
 * The safety net under the connector's events: whenever either side's state settles (no wagmi
 * connect / reconnect and no Portico connect in flight), wagmi is made to agree with Portico:
 * - Portico connected, wagmi not → wagmi connects (e.g. Portico restored the session while wagmi's
 *   own reconnect was still running and dropped the event);
 * - both connected, account or chain differ → wagmi takes Portico's;
 * - wagmi connected through Portico's connector, Portico not → wagmi disconnects;
 * - neither connected: the selected chain follows whichever side changed it last (wagmi's
 *   `switchChain` without a connection, or a network picked in Portico's modal).
 * Returns a function that stops it.
 */
export function syncWagmiWithPortico(config: Config, portico: Portico): () => void {
  const found = config.connectors.find((c) => c.type === PORTICO_CONNECTOR_TYPE && (c as { portico?: Portico }).portico === portico)
  if (!found) throw new Error('syncWagmiWithPortico: the config has no porticoConnector for this Portico instance')
  // Bound after the check: the functions below see it defined.
  const connector = found
  // Portico's selection wins at the start (wagmi may have hydrated another chain from its storage).
  let lastPortico: number | undefined
  let lastWagmi = config.state.chainId
  let queued = false

  function sync(): void {
    queued = false
    const { status, connections, chainId: wagmiChainId } = config.state
    const p = porticoState(portico)
    if (status === 'connecting' || status === 'reconnecting' || p.busy) return
    const mine = connections.get(connector.uid)
    if (p.address && p.chainId !== undefined) {
      if (!mine) connector.emitter.emit('connect', { accounts: [p.address], chainId: p.chainId })
      else if (mine.chainId !== p.chainId || !mine.accounts[0] || !isAddressEqual(mine.accounts[0], p.address))
        connector.emitter.emit('change', { accounts: [p.address], chainId: p.chainId })
    } else if (mine) {
      connector.emitter.emit('disconnect')
    } else if (status === 'disconnected') {
      if (
        p.chainId !== lastPortico &&
        p.chainId !== undefined &&
        p.chainId !== wagmiChainId &&
        config.chains.some((c) => c.id === p.chainId)
      ) {
        config.setState((x) => ({ ...x, chainId: p.chainId as number }))
      } else if (wagmiChainId !== lastWagmi && wagmiChainId !== p.chainId) {
        const network = portico.chain.findNetwork('eip155', wagmiChainId)
        if (network) void portico.network.switchNetwork(network).catch(() => undefined)
      }
    }
    lastPortico = porticoState(portico).chainId
    lastWagmi = config.state.chainId
  }
  const schedule = () => {
    if (queued) return
    queued = true
    queueMicrotask(sync)
  }
  const offPortico = portico.chain.$chains.listen(schedule)
  const offWagmi = config.subscribe((state) => state, schedule)
  schedule()
  return () => {
    offPortico()
    offWagmi()
  }
}
