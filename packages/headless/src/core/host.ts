/**
 * The flow host: how createPortico registers its flows, one uniform way.
 *
 * Every flow is a module under `core/<flow>/` whose factory takes narrow, typed dependencies and
 * returns read-only atoms plus named actions. `core/flows.ts` is the one table that wires each
 * factory to the others through the host:
 * - `host.get(name)` gives another flow, creating it on first use (so flows may refer to each other
 *   in any order: a closure such as `() => host.get('modal').close()` replaces late-bound `let`s);
 * - `host.load(name)` gives a lazy flow, whose module is fetched with `import()` the first time a
 *   hook or an action needs it (send, swap, on-ramp, exchange, names, activity, embedded auth), so
 *   an app pays only for the flows it uses.
 * Flow modules never import this file or each other's stores; only `flows.ts` and `portico.ts` do,
 * and a lazy flow's `wire.ts` (explorer, wallet, names, send), which holds that flow's wiring in its
 * own chunk so that every app's first load carries only the `import()`.
 */
import type { NamesFlow } from './names/names'
import type { ReadableAtom, WritableAtom } from 'nanostores'
import type { ApiClient } from '../api/client'
import type { IdentityFlow } from './account/identity'
import type { ActivityFlow } from './activity/activity'
import type { BalanceFlow } from './balance/balance'
import type { Banner } from './banner/banner'
import type { Chain } from './chain/chain'
import type { ConnectionFlow } from './connection/connection'
import type { EmbeddedAccountFlow } from './embedded/account'
import type { Explorer } from './explorer/explorer'
import type { AnalyticsSession } from './analytics/types'
import type { Legal } from './legal/legal'
import type { Modal } from './modal/modal'
import type { NetworkFlow } from './network/network'
import type { OnRampFlow } from './onramp/onramp'
import type { FeaturesFlow } from './options/features'
import type { ResolvedOptions } from './options/options'
import type { Router } from './router/router'
import type { SendFlow } from './send/send'
import type { SwapFlow } from './swap/swap'
import type { ExchangeFlow } from './exchange/exchange'
import type { SwitchingFlow } from './switching/switching'
import type { PorticoStorage } from './storage/storage'
import type { ProviderFlow } from './provider/provider'
import type { Theme } from './theme/theme'
import type { Timers } from './timers'
import type { Tooltip } from './tooltip/tooltip'
import type { WalletFlow } from './wallet/wallet'
import type { ProjectFlow } from './project/project'
import type { EmailCaptureFlow } from './capture/capture'
import type { SiwxFlow } from './siwx/siwx'
import type { PreviewFlow } from './preview/preview'
import type { RequestPreviewFlow } from './preview/requests'

/** Flows every instance has; each is created the first time it is asked for. */
export interface Flows {
  chain: Chain
  router: Router
  modal: Modal
  banner: Banner
  tooltip: Tooltip
  legal: Legal
  theme: Theme
  features: FeaturesFlow
  connection: ConnectionFlow
  network: NetworkFlow
  wallet: WalletFlow
  balance: BalanceFlow
  identity: IdentityFlow
}
export type FlowName = keyof Flows

/** Flows that only some apps use: their code is a separate chunk, imported on first use. */
export interface LazyFlows {
  /**
   * The wallet lists: loaded with the default modal (its views need it) or by the first wallet-list
   * hook; with the instance's analytics (started at the first modal open, core/analytics).
   */
  explorer: Explorer & { readonly analytics: AnalyticsSession }
  /** The switching the modal's views drive (SwitchNetwork, SwitchActiveChain, ProfileWallets): loaded with the modal. */
  switching: SwitchingFlow
  /** The wallet operations' code (portico.wallet loads it on the first call). */
  walletOperations: WalletFlow
  activity: ActivityFlow
  /** Registering a name for the connected EVM account (useNames, the RegisterAccountName views). */
  names: NamesFlow
  /** The send form (SPEC §3 "Send state"): token, amount, receiver (address or name), fee, send (useSend). */
  send: SendFlow
  /** The swap (SPEC §3 "Swap state", §4 "Swap"): tokens, quote, approval and swap transactions (useSwap). */
  swap: SwapFlow
  /** Pay with exchange (SPEC §3 "Pay-with-exchange state", §4): asset, amounts, exchanges, the popup's payment and its status (usePayWithExchange). */
  exchange: ExchangeFlow
  /** The on-ramp (SPEC §3 "On-ramp state"): options, currencies, amount and quotes, the provider's window (useOnRamp). */
  onramp: OnRampFlow
  /** The EIP-1193 providers of `portico.getProvider(namespace)` (loaded by the first provider). */
  provider: ProviderFlow
  /** The embedded account's actions: email update, preferred account type, second factor and key export (useEmbeddedAccount, useUpdateEmail, useTwoFactor, useExportKey, portico.embedded). */
  embeddedAccount: EmbeddedAccountFlow
  /** The project's remote config on the modal's first open: allowed origins (OriginNotAllowed) and the feature flags with the region's restrictions (useOriginCheck). */
  project: ProjectFlow
  /** The email prompt after a wallet connects, when the emailCapture flag is on (useEmailCapture, the EmailCapture view). */
  capture: EmailCaptureFlow
  /** Sign in with the wallet (the `siwx` option): loaded at start when the app passes it (useSiwx). */
  siwx: SiwxFlow
  /** What a wallet request does before it is signed (issue 23 §2): decoded, checked and simulated (usePreview). */
  preview: PreviewFlow
  /** The app's own requests held by a previewing provider for the user's review (useRequestPreview, the RequestPreview view). */
  requestPreview: RequestPreviewFlow
}
export type LazyFlowName = keyof LazyFlows

/** What a flow's wiring sees: the instance's services and the other flows. */
export interface FlowHost {
  readonly options: ResolvedOptions
  readonly timers: Timers
  readonly storage: PorticoStorage
  readonly api: ApiClient
  /** Another flow of this instance, created on first use. */
  get<K extends FlowName>(name: K): Flows[K]
  /** A lazy flow: its module is imported once, on the first call; later calls share it. */
  load<K extends LazyFlowName>(name: K): Promise<LazyFlows[K]>
  /** The lazy flow if it is loaded already, else undefined (never triggers a load). */
  peek<K extends LazyFlowName>(name: K): LazyFlows[K] | undefined
}

export type FlowTable = { [K in FlowName]: (host: FlowHost) => Flows[K] }
export type LazyFlowTable = { [K in LazyFlowName]: (host: FlowHost) => Promise<LazyFlows[K]> }

/** Thrown when two flows need each other while being created (wire one of them through a closure). */
export const flowCycleError = (chain: readonly string[]): string => `Flow cycle: ${chain.join(' → ')}`

export function createHost(
  services: Pick<FlowHost, 'options' | 'timers' | 'storage' | 'api'>,
  table: FlowTable,
  lazyTable: LazyFlowTable,
): FlowHost {
  const made = new Map<FlowName, unknown>()
  const creating: FlowName[] = []
  const loading = new Map<LazyFlowName, Promise<unknown>>()
  const loaded = new Map<LazyFlowName, unknown>()

  const host: FlowHost = {
    ...services,
    get<K extends FlowName>(name: K): Flows[K] {
      if (made.has(name)) return made.get(name) as Flows[K]
      if (creating.includes(name)) throw new Error(flowCycleError([...creating, name]))
      creating.push(name)
      try {
        const flow = table[name](host)
        made.set(name, flow)
        return flow
      } finally {
        creating.pop()
      }
    },
    load<K extends LazyFlowName>(name: K): Promise<LazyFlows[K]> {
      let pending = loading.get(name) as Promise<LazyFlows[K]> | undefined
      if (!pending) {
        pending = lazyTable[name](host).then((flow) => {
          loaded.set(name, flow)
          return flow
        })
        // A failed import (offline, a deploy replaced the chunk) may be tried again later.
        pending.catch(() => loading.delete(name))
        loading.set(name, pending)
      }
      return pending
    },
    peek<K extends LazyFlowName>(name: K): LazyFlows[K] | undefined {
      return loaded.get(name) as LazyFlows[K] | undefined
    },
  }
  return host
}

/**
 * A flow as the public `Portico` type shows it: its stores are read-only (`ReadableAtom`), and the
 * members named in `Internal` (what only other flows may call, e.g. chain.setAccount) are left out.
 */
export type PublicFlow<T, Internal extends keyof T = never> = {
  readonly [K in Exclude<keyof T, Internal>]: T[K] extends WritableAtom<infer V> ? ReadableAtom<V> : T[K]
}
