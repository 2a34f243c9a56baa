// Test support (not part of the package's entry): a Portico instance on the real local chains of the
// devnet with the real dev wallet core (EIP-1193, approval queue) announced over EIP-6963 to the EVM
// adapter, the way a browser extension would be.
import { type Devnet, devnetCaipNetworks, startDevnet } from '@portico/devnet'
import { createDevWalletCore, type DevWalletCore, type PendingRequest } from '@portico/devnet/wallet'
import { evmAdapter } from '@portico/evm'
import { type CaipNetwork, createPortico, type Portico, type StorageLike } from '@portico/headless'

export const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
export const ACCOUNT_1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
export const ACCOUNT_3 = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'
export const RDNS = 'dev.portico.wallet'

export async function startChains(): Promise<{ devnet: Devnet; networks: CaipNetwork[] }> {
  const devnet = await startDevnet()
  return { devnet, networks: devnetCaipNetworks(devnet) as CaipNetwork[] }
}

export function memoryStorage(): StorageLike & { map: Map<string, string> } {
  const map = new Map<string, string>()
  return {
    map,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  }
}

export interface WalletOptions {
  /** Answer to each prompt (connect included); approve everything by default. */
  decide?: (p: PendingRequest) => boolean
}

/** The dev wallet core on the devnet's chains, answering its prompts with `decide` (approve by default). */
export function devWallet(devnet: Devnet, opts: WalletOptions = {}) {
  const core: DevWalletCore = createDevWalletCore({
    chains: devnet.chains.map((c) => ({ chainId: c.chainId, name: c.name, rpcUrl: c.rpcUrl })),
  })
  const prompts: PendingRequest[] = []
  let decide = opts.decide ?? (() => true)
  core.subscribe((s) => {
    for (const p of s.pending) {
      if (prompts.some((q) => q.id === p.id)) continue
      prompts.push(p)
      const approve = decide(p)
      queueMicrotask(() => (approve ? core.approvePending(p.id) : core.rejectPending(p.id)))
    }
  })
  return {
    core,
    prompts,
    setDecide(fn: (p: PendingRequest) => boolean) {
      decide = fn
    },
  }
}

/** A Portico instance with the EVM adapter; the wallet `core` is announced over EIP-6963 on its own target. */
export function porticoWith(networks: CaipNetwork[], core: DevWalletCore, storage: StorageLike = memoryStorage()): Portico {
  const target = new EventTarget()
  const rpcUrls = networks.flatMap((n) => n.rpcUrls.default.http)
  const portico = createPortico({
    projectId: 'wagmi-test',
    // No Portico API here: balances fail quietly (the provider never needs the API). The chains' RPC is
    // real: the preview engine (getProvider's `preview`) reads and simulates through this fetch.
    apiUrl: 'http://127.0.0.1:9',
    networks,
    adapters: [evmAdapter({ target, reconnectWaitMs: 200, receiptPollMs: 20, blockPollMs: 60_000 })],
    storage,
    isMobile: false,
    fetch: async (input, init) =>
      rpcUrls.some((url) => String(input).startsWith(url)) ? globalThis.fetch(input, init) : new Response('{}', { status: 500 }),
  })
  target.dispatchEvent(
    new CustomEvent('eip6963:announceProvider', {
      detail: { info: { uuid: 'dev', name: 'Portico Dev Wallet', icon: 'data:,', rdns: RDNS }, provider: core.provider },
    }),
  )
  return portico
}

/** Resolves when `fn` returns a defined, truthy value; rejects after `ms`. */
export async function until<T>(fn: () => T | undefined | null | false, what: string, ms = 5000): Promise<T> {
  const start = Date.now()
  for (;;) {
    const value = fn()
    if (value) return value
    if (Date.now() - start > ms) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 5))
  }
}

/** Lets queued microtasks and timers of 0 ms run. */
export const settle = () => new Promise((r) => setTimeout(r, 0))
