// Fixtures for view stories: a real headless instance (createPortico) with an in-memory adapter,
// brought into the wanted state through public actions only. No request leaves the page: the API
// client gets a fixture fetch (support/api.ts) that answers from fixed data, and every image is an inline data URI.
import {
  type CaipNetwork,
  type ChainAdapter,
  type ConnectMethod,
  type Connector,
  createPortico,
  type Portico,
  type ThemeMode,
} from '@portico/headless'
import { PorticoContextProvider } from '@portico/headless/react'
import { PorticoModal } from '@portico/ui/modal'
import type { ReactNode } from 'react'
import { type ExplorerBehaviour, fixtureFetch, type FixtureToken } from './api'
import { logo, walletImage } from './images'
import { usePanelMode } from './panels'

export const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

const evm = (id: number, name: string, logoKey: string, symbol = 'ETH', explorer?: string): CaipNetwork => ({
  id,
  ...(explorer ? { blockExplorers: { default: { name: 'Explorer', url: explorer } } } : {}),
  caipNetworkId: `eip155:${id}`,
  chainNamespace: 'eip155',
  name,
  nativeCurrency: { name: 'Ether', symbol, decimals: 18 },
  rpcUrls: { default: { http: [`http://127.0.0.1:8545/${id}`] } },
  assets: { imageUrl: logo(logoKey) },
})

export const networks: CaipNetwork[] = [
  evm(1, 'Ethereum', 'networks/ethereum', 'ETH', 'https://etherscan.io'),
  evm(8453, 'Base', 'networks/base'),
  evm(42161, 'Arbitrum One', 'networks/arbitrum-one'),
  evm(10, 'OP Mainnet', 'networks/optimism'),
  evm(137, 'Polygon', 'networks/polygon', 'POL'),
]

export const connectors: Connector[] = [
  { id: 'auth', name: 'Email and socials', type: 'auth', namespace: 'eip155' },
  {
    id: 'io.portico.devwallet',
    name: 'Portico Dev Wallet',
    type: 'announced',
    namespace: 'eip155',
    imageUrl: walletImage('#3366ff', '#00c2a8'),
    rdns: 'io.portico.devwallet',
  },
  { id: 'io.rabby', name: 'Rabby Wallet', type: 'announced', namespace: 'eip155', imageUrl: logo('wallets/rabby'), rdns: 'io.rabby' },
  { id: 'walletConnect', name: 'WalletConnect', type: 'walletConnect', namespace: 'eip155', imageUrl: logo('wallets/wallet-connect') },
  { id: 'coinbaseWallet', name: 'Coinbase Wallet', type: 'external', namespace: 'eip155', imageUrl: logo('wallets/coinbase') },
]

export type FixtureBehaviour = {
  /** How connect answers. @default 'approve' */
  connect?: 'approve' | 'reject'
  /** How a network switch answers ('pending' never settles: the wallet is still asking). @default 'approve' */
  switchNetwork?: 'approve' | 'reject' | 'pending'
  /** Native balance reported. @default '12.3456789' */
  balance?: string
  /** Chain the wallet reports on connect. @default 1 */
  chainId?: number
  /** Token balances served by the fixture API. @default TOKENS */
  tokens?: FixtureToken[]
  /** HTTP status of the balance endpoint (e.g. 500 to show 'Token Balance Unavailable'). @default 200 */
  balanceStatus?: number
  /** options.connectMethodsOrder. @default SPEC order */
  connectMethodsOrder?: ConnectMethod[]
  /** options.features.legalCheckbox. @default false */
  legalCheckbox?: boolean
  /** How the fixture wallet explorer answers. @default the catalogue at once */
  explorer?: ExplorerBehaviour
  /** options.networks. @default networks */
  networks?: CaipNetwork[]
}

export function fixtureAdapter(behaviour: FixtureBehaviour = {}): ChainAdapter {
  const rejection = () => Object.assign(new Error('User rejected the request'), { code: 4001 })
  return {
    namespace: 'eip155',
    setup(ctx) {
      ctx.setConnectors(connectors)
    },
    async connect() {
      if (behaviour.connect === 'reject') throw rejection()
      return { address: ADDRESS, chainId: behaviour.chainId ?? 1, accounts: [ADDRESS] }
    },
    async reconnect() {
      return null
    },
    async disconnect() {},
    switchNetwork() {
      if (behaviour.switchNetwork === 'pending') return new Promise<void>(() => {})
      if (behaviour.switchNetwork === 'reject') return Promise.reject(rejection())
      return Promise.resolve()
    },
    async getBalance({ network }) {
      return { balance: behaviour.balance ?? '12.3456789', symbol: network.nativeCurrency.symbol }
    },
    async signMessage() {
      return '0x'
    },
    async sendTransaction() {
      return '0x'
    },
  }
}

const memoryStorage = () => {
  const m = new Map<string, string>()
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  }
}

/** A fresh instance in `mode`, with the fixture adapter; `arrange` sets the state through public actions. */
export async function makePortico(
  mode: ThemeMode,
  behaviour: FixtureBehaviour = {},
  arrange?: (p: Portico) => Promise<void> | void,
): Promise<Portico> {
  const portico = createPortico({
    projectId: 'storybook',
    networks: behaviour.networks ?? networks,
    adapters: [fixtureAdapter(behaviour)],
    themeMode: mode,
    storage: memoryStorage(),
    isMobile: false,
    connectMethodsOrder: behaviour.connectMethodsOrder,
    features: behaviour.legalCheckbox ? { legalCheckbox: true } : undefined,
    ...LEGAL,
    apiUrl: 'http://127.0.0.1:1/portico-fixture',
    fetch: fixtureFetch({ tokens: behaviour.tokens, balanceStatus: behaviour.balanceStatus, explorer: behaviour.explorer }),
  })
  await portico.ready
  await arrange?.(portico)
  return portico
}

/** Connect the fixture wallet and wait for its balances (from the fixture API). */
export async function connected(p: Portico): Promise<void> {
  await p.connection.connect('io.portico.devwallet')
  await p.balance.fetchTokenBalances()
}

export type Instances = { light: Portico; dark: Portico }

/** A Storybook loader building one instance per panel. */
export const instances =
  (behaviour: FixtureBehaviour = {}, arrange?: (p: Portico) => Promise<void> | void) =>
  async (): Promise<{ portico: Instances }> => ({
    portico: { light: await makePortico('light', behaviour, arrange), dark: await makePortico('dark', behaviour, arrange) },
  })

/** A Storybook loader from a story file's own builder: one instance per panel, light and dark. */
export const eachMode = (build: (mode: ThemeMode) => Promise<Portico>) => async (): Promise<{ portico: Instances }> => ({
  portico: { light: await build('light'), dark: await build('dark') },
})

/** The legal links every fixture instance has (the legal footer and checkbox name them). */
export const LEGAL = { termsConditionsUrl: 'https://example.com/terms', privacyPolicyUrl: 'https://example.com/privacy' }

/** Provides the panel's instance (light or dark) to its children. */
export function WithPortico({ instances: i, children }: { instances: Instances; children: ReactNode }) {
  const mode = usePanelMode()
  return <PorticoContextProvider portico={mode === 'dark' ? i.dark : i.light}>{children}</PorticoContextProvider>
}

/** The `render` of view stories: the inline modal on the panel's instance (from the `instances` loader). */
export function renderModal(_args: unknown, { loaded }: { loaded: unknown }) {
  return (
    <WithPortico instances={(loaded as { portico: Instances }).portico}>
      <PorticoModal inline />
    </WithPortico>
  )
}
