// Puts the dev wallet into a page: the core, the DOM UI, the EIP-6963 announcement and optionally
// window.ethereum. Nothing runs at import time (SSR-safe); call installDevWallet in the browser.
import { createDevWalletCore, type DevWalletCore, type DevWalletOptions, type DevWalletProvider, type DevWalletState } from './core.ts'
import { DEV_WALLET_ICON } from './icon.ts'
import { createSolanaDevWallet, type DevWalletSolanaOptions, type SolanaDevWallet } from './solana-wallet.ts'
import { createMemoryStorage, type KeyValueStorage } from './storage.ts'
import { type DevWalletUi, type DevWalletUiOptions, mountDevWalletUi } from './ui.ts'

/** EIP-6963 provider info. */
export interface Eip6963ProviderInfo {
  uuid: string
  name: string
  icon: string
  rdns: string
}

export const DEV_WALLET_RDNS = 'dev.portico.wallet'
export const DEV_WALLET_NAME = 'Portico Dev Wallet'

export interface InstallDevWalletOptions extends Omit<DevWalletOptions, 'storage'> {
  /** @default window.localStorage (in-memory when unavailable); null = in-memory */
  storage?: KeyValueStorage | null
  /** Also set window.ethereum to the provider (restored on uninstall). @default false */
  setWindowEthereum?: boolean
  /** Show the corner widget and the approve/reject prompt. @default true */
  ui?: boolean | DevWalletUiOptions
  /** Override parts of the EIP-6963 info (name, rdns, icon, uuid). */
  info?: Partial<Eip6963ProviderInfo>
  /** @default globalThis.window */
  window?: Window
  /**
   * Also register a Wallet Standard Solana wallet (same name and icon) on this local chain, with the
   * mnemonic's Solana accounts (m/44'/501'/<i>'/0'); it shares the prompt and the account select.
   */
  solana?: DevWalletSolanaOptions
}

export interface DevWalletController {
  provider: DevWalletProvider
  core: DevWalletCore
  info: Eip6963ProviderInfo
  getState(): DevWalletState
  setAutoApprove(on: boolean): void
  selectAccount(index: number): void
  switchChain(chainId: number): void
  approvePending(id?: number): boolean
  rejectPending(id?: number): boolean
  /** Forget this site's authorisation (accountsChanged []). */
  revoke(): void
  /** revoke() plus an EIP-1193 disconnect event (4900). */
  disconnect(): void
  /** The JSON-RPC methods the page asked, oldest first (see DevWalletCore.requestLog). */
  requestLog(): readonly string[]
  clearRequestLog(): void
  /** The Solana side, when installed with `solana`. */
  solana?: SolanaDevWallet
  /** Removes the UI, listeners and window.ethereum; pending requests fail with 4900. */
  uninstall(): void
}

/** The Wallet Standard 'wallet-standard:register-wallet' / 'app-ready' handshake, with unregistering. */
function registerStandardWallet(win: Window, wallet: SolanaDevWallet['wallet']): () => void {
  type Api = { register(...wallets: (typeof wallet)[]): () => void }
  const offs: (() => void)[] = []
  const callback = ({ register }: Api) => {
    offs.push(register(wallet))
  }
  const EventCtor = (win as Window & typeof globalThis).Event ?? globalThis.Event
  const event = new EventCtor('wallet-standard:register-wallet')
  Object.defineProperty(event, 'detail', { value: callback })
  win.dispatchEvent(event)
  const onAppReady = (e: Event) => {
    const api = (e as CustomEvent<Api>).detail
    if (api && typeof api.register === 'function') callback(api)
  }
  win.addEventListener('wallet-standard:app-ready', onAppReady)
  return () => {
    win.removeEventListener('wallet-standard:app-ready', onAppReady)
    for (const off of offs.splice(0)) off()
  }
}

function randomUuid(win: Window): string {
  const c = (win as Window & typeof globalThis).crypto ?? globalThis.crypto
  if (typeof c?.randomUUID === 'function') return c.randomUUID()
  const b = new Uint8Array(16)
  c.getRandomValues(b)
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

function defaultStorage(win: Window): KeyValueStorage {
  try {
    const ls = win.localStorage
    if (ls) return ls
  } catch {}
  return createMemoryStorage()
}

/**
 * Installs the Portico dev wallet in the page: an EIP-1193 provider over the devnet mnemonic,
 * announced over EIP-6963 (rdns 'dev.portico.wallet'), with a corner widget to change account and
 * network and a prompt to approve or reject requests.
 */
export function installDevWallet(options: InstallDevWalletOptions): DevWalletController {
  const win = options.window ?? (globalThis as { window?: Window }).window
  if (!win) throw new Error('installDevWallet runs in a browser (no window)')
  const { storage, setWindowEthereum, ui, info: infoOverride, window: _w, solana: solanaOptions, ...coreOptions } = options
  const store = storage === null ? createMemoryStorage() : (storage ?? defaultStorage(win))
  const core = createDevWalletCore({ ...coreOptions, storage: store })
  const { provider } = core
  const info: Eip6963ProviderInfo = Object.freeze({
    uuid: randomUuid(win),
    name: DEV_WALLET_NAME,
    icon: DEV_WALLET_ICON,
    rdns: DEV_WALLET_RDNS,
    ...infoOverride,
  })

  // The window's own constructors: a jsdom window only dispatches its own Event instances.
  const w = win as Window & typeof globalThis
  const CustomEventCtor = w.CustomEvent ?? globalThis.CustomEvent
  const EventCtor = w.Event ?? globalThis.Event
  const announce = () => {
    win.dispatchEvent(new CustomEventCtor('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }))
  }
  win.addEventListener('eip6963:requestProvider', announce)
  announce()

  const host = win as Window & { ethereum?: unknown }
  const previousEthereum = Object.getOwnPropertyDescriptor(host, 'ethereum')
  if (setWindowEthereum) {
    Object.defineProperty(host, 'ethereum', { value: provider, configurable: true, writable: true, enumerable: true })
    win.dispatchEvent(new EventCtor('ethereum#initialized'))
  }

  const solana = solanaOptions
    ? createSolanaDevWallet({
        core,
        solana: solanaOptions,
        name: info.name,
        mnemonic: options.mnemonic,
        accountCount: options.accountCount,
        storage: store,
        storageKey: `${options.storageKey ?? 'portico-devwallet'}-solana`,
        allowNonLoopbackRpc: options.allowNonLoopbackRpc,
      })
    : undefined
  const unregisterSolana = solana ? registerStandardWallet(win, solana.wallet) : undefined

  let mounted: DevWalletUi | undefined
  if (ui !== false) {
    mounted = mountDevWalletUi(core, { document: win.document, ...(typeof ui === 'object' ? ui : {}) })
  }

  let installed = true
  return {
    provider,
    core,
    info,
    getState: core.getState,
    setAutoApprove: core.setAutoApprove,
    selectAccount: core.selectAccount,
    switchChain: core.switchChain,
    approvePending: core.approvePending,
    rejectPending: core.rejectPending,
    revoke: core.revoke,
    disconnect: core.disconnect,
    requestLog: core.requestLog,
    clearRequestLog: core.clearRequestLog,
    solana,
    uninstall() {
      if (!installed) return
      installed = false
      win.removeEventListener('eip6963:requestProvider', announce)
      mounted?.unmount()
      unregisterSolana?.()
      solana?.destroy()
      if (setWindowEthereum && host.ethereum === provider) {
        if (previousEthereum) Object.defineProperty(host, 'ethereum', previousEthereum)
        else delete host.ethereum
      }
      core.destroy()
    },
  }
}
