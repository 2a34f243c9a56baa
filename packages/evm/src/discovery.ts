import type { Connector } from '@portico/headless'
import type { Eip1193Provider, Eip6963ProviderDetail } from './eip1193'

/** The connector id of the `window.ethereum` fallback. */
export const INJECTED_ID = 'injected'

type Target = Pick<EventTarget, 'addEventListener' | 'removeEventListener' | 'dispatchEvent'> & {
  ethereum?: Eip1193Provider
}

function isDetail(value: unknown): value is Eip6963ProviderDetail {
  const d = value as Eip6963ProviderDetail | null
  return (
    !!d &&
    typeof d === 'object' &&
    !!d.info &&
    typeof d.info.rdns === 'string' &&
    typeof d.info.name === 'string' &&
    typeof d.info.uuid === 'string' &&
    !!d.provider &&
    typeof d.provider.request === 'function'
  )
}

/**
 * Wallets announced over EIP-6963, plus `window.ethereum` as one more connector when it is not one of
 * the announced providers. Announcements are deduplicated by rdns (a later one replaces an earlier one).
 */
export class ProviderRegistry {
  private readonly announced = new Map<string, Eip6963ProviderDetail>()
  private readonly waiters = new Set<() => void>()
  private stopListening: (() => void) | undefined

  constructor(
    private readonly target: Target | undefined,
    private readonly onChange: (connectors: Connector[]) => void,
  ) {}

  start(): () => void {
    const target = this.target
    if (!target) return () => {}
    const onAnnounce = (event: Event) => {
      const detail = (event as CustomEvent).detail
      if (!isDetail(detail)) return
      this.announced.set(detail.info.rdns, detail)
      this.changed()
    }
    target.addEventListener('eip6963:announceProvider', onAnnounce)
    this.stopListening = () => target.removeEventListener('eip6963:announceProvider', onAnnounce)
    target.dispatchEvent(new Event('eip6963:requestProvider'))
    this.changed()
    return () => this.stop()
  }

  stop(): void {
    this.stopListening?.()
    this.stopListening = undefined
  }

  connectors(): Connector[] {
    const list: Connector[] = [...this.announced.values()].map(({ info }) => ({
      id: info.rdns,
      name: info.name,
      type: 'announced',
      namespace: 'eip155',
      imageUrl: info.icon,
      rdns: info.rdns,
    }))
    const injected = this.injectedFallback()
    if (injected) list.push({ id: INJECTED_ID, name: injectedName(injected), type: 'injected', namespace: 'eip155' })
    return list
  }

  provider(connectorId: string): Eip1193Provider | undefined {
    if (connectorId === INJECTED_ID) return this.injectedFallback()
    return this.announced.get(connectorId)?.provider
  }

  /** The provider of `connectorId`, waiting up to `timeoutMs` for a late announcement (page reload). */
  waitForProvider(connectorId: string, timeoutMs: number): Promise<Eip1193Provider | undefined> {
    const now = this.provider(connectorId)
    if (now || timeoutMs <= 0) return Promise.resolve(now)
    return new Promise((resolve) => {
      const check = () => {
        const p = this.provider(connectorId)
        if (p) finish(p)
      }
      const finish = (p: Eip1193Provider | undefined) => {
        clearTimeout(timer)
        this.waiters.delete(check)
        resolve(p)
      }
      const timer = setTimeout(() => finish(this.provider(connectorId)), timeoutMs)
      this.waiters.add(check)
    })
  }

  private injectedFallback(): Eip1193Provider | undefined {
    const eth = this.target?.ethereum
    if (!eth || typeof eth.request !== 'function') return undefined
    for (const d of this.announced.values()) if (d.provider === eth) return undefined
    return eth
  }

  private changed(): void {
    this.onChange(this.connectors())
    for (const w of [...this.waiters]) w()
  }
}

function injectedName(p: Eip1193Provider): string {
  const flags = p as { isMetaMask?: boolean; isCoinbaseWallet?: boolean; isBraveWallet?: boolean }
  if (flags.isBraveWallet) return 'Brave Wallet'
  if (flags.isCoinbaseWallet) return 'Coinbase Wallet'
  if (flags.isMetaMask) return 'MetaMask'
  return 'Browser Wallet'
}
