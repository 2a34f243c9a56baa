/** createPortico options: types, zod/mini validation, defaults, connect-method order (SPEC §1, §2). */
import { DEFAULT_REMOTE_FEATURES, remoteFeaturesSchema, type RemoteFeatures } from '@portico/protocol/common'
import { walletSchema, type ExplorerWallet } from '@portico/protocol/explorer'
import { z } from 'zod/mini'
import type { ChainAdapter, Connector } from '../../adapters'
import { ERRORS, PorticoError, invalidOptionsError } from '../errors'
import { isCaipNetworkId } from '../format/caip'
import type { StorageLike } from '../storage/storage'
import type { SiwxOption } from './siwx'
import type { Timers } from '../timers'
import { defaultTimers } from '../timers'
import { CHAIN_NAMESPACES, CONNECT_METHODS, type CaipNetwork, type ConnectMethod, type ThemeMode, type ThemeVariables } from '../types'

/**
 * Feature flags of SPEC §1 (the remote ones also come from GET /appkit/v1/config), plus the legal
 * checkbox, which only the app sets.
 */
export type Features = RemoteFeatures & {
  /**
   * Legal checkbox (SPEC §3 isLegalCheckboxChecked): the Connect-family views show "I agree to our
   * Terms of Service and Privacy Policy" (needs termsConditionsUrl or privacyPolicyUrl) and keep the
   * connect methods disabled until it is checked. An app option only (not a remote flag). @default false
   */
  legalCheckbox: boolean
  /**
   * Pay with exchange, from the app's side (SPEC §5: the flow is available when this, the remote
   * `payWithExchange` or the remote `payments` flag is on). An app option only. @default undefined (off)
   */
  pay?: boolean
  /**
   * Passkey login with the embedded wallet (issue 22 §2): the Connect view offers "Continue with a
   * passkey" (and creating one) when an auth connector is there. An app option only. @default undefined (off)
   */
  passkeys?: boolean
}

export const DEFAULT_FEATURES: Features = { ...DEFAULT_REMOTE_FEATURES, legalCheckbox: false }

export interface Metadata {
  name: string
  description: string
  url: string
  icons: string[]
}

/** The SDK identity sent as `st` / `sv` query parameters. */
export const SDK_TYPE = 'portico'
export const SDK_VERSION = '0.1.0'
/**
 * The hosted Portico API's URL. @deprecated no longer a default: without `apiUrl` an instance runs
 * without the API (browser wallets, WalletConnect, balances through the networks' RPC; see `apiUrl`).
 */
export const DEFAULT_API_URL = 'https://api.portico.dev'

/**
 * The flags of the features that need the Portico API: off in an instance without `apiUrl`, whatever
 * the app or a remote config says. (The explorer's wallet list, names, analytics and the API's images
 * are off there too; they have no flag.)
 */
export const NO_API_FEATURES: Partial<Features> = {
  swaps: false,
  onramp: false,
  email: false,
  socials: [],
  activity: false,
  emailCapture: false,
  payWithExchange: false,
  payments: false,
  pay: false,
  passkeys: false,
}

export interface PorticoOptions {
  /** Identifies the app to the Portico API (sent as `projectId`). */
  projectId: string
  /** The networks the app supports (at least one). */
  networks: CaipNetwork[]
  /** The network selected at start. @default networks[0] */
  defaultNetwork?: CaipNetwork
  /** Chain adapters; each needs a namespace. @default [] (no adapters: WalletConnect-only flows) */
  adapters?: ChainAdapter[]
  metadata?: Metadata
  /** Local feature flags (merged over the defaults). */
  features?: Partial<Features>
  /** 'light', 'dark' or 'system' (follows `prefers-color-scheme` live). @default 'system' */
  themeMode?: ThemeMode
  /** CSS variable overrides, e.g. { '--portico-color-accent': '#7c3aed' }. @default {} */
  themeVariables?: ThemeVariables
  /** Overrides the connect-method order of SPEC §2. */
  connectMethodsOrder?: ConnectMethod[]
  /** Wallet explorer ids shown first. @default [] */
  featuredWalletIds?: string[]
  /** Only these explorer wallets are listed (empty: all). @default [] */
  includeWalletIds?: string[]
  /** Explorer wallets (and connectors with that explorerId or rdns) left out. @default [] */
  excludeWalletIds?: string[]
  /**
   * Portico API base URL (`npx @portico/server` runs one). Without it the instance connects browser
   * wallets and WalletConnect and reads balances through the networks' RPC; the features that need
   * the API (email and social login, the explorer's wallet list, names, swaps, on-ramp, pay with
   * exchange, activity, analytics, the API's images) are off (`NO_API_FEATURES`), and the modal's
   * first open says so once in the console. @default undefined (no API)
   */
  apiUrl?: string
  /** Wallet explorer base URL (the Connect view's wallet list). @default apiUrl */
  explorerUrl?: string
  /** Shows swap/approval errors as banners and logs. @default false */
  debug?: boolean
  /**
   * Manual control: `modal.open()` does no automatic routing (no namespace switch, no
   * Account/Connect choice); it shows the requested view, or the current one. @default false
   */
  manualControl?: boolean
  /** Embedded mode: on close the modal resets to Account when connected, else Connect. @default false */
  embedded?: boolean
  /** The app's terms of service, linked in the legal footer of Connect-family and on-ramp views. @default undefined */
  termsConditionsUrl?: string
  /** The app's privacy policy, linked in the legal footer. @default undefined */
  privacyPolicyUrl?: string
  /** Force mobile (true) or desktop (false) behaviour. @default detected from navigator.userAgent */
  isMobile?: boolean
  /** Storage for the keys of SPEC §3. @default globalThis.localStorage when usable, else memory */
  storage?: StorageLike
  /** fetch used by the API client. @default globalThis.fetch */
  fetch?: typeof fetch
  /** Clock and timers (tests pass fake ones). @default real timers */
  timers?: Timers
  /** App-provided wallets listed after featured ones (SPEC §9 "custom"). @default [] */
  customWallets?: ExplorerWallet[]
  /** Loads one wallet image ahead of display (at most 20 calls, after the modal opened). @default `new Image().src = url` */
  prefetchImage?: (url: string) => void
  /**
   * Sign in with the wallet after connecting: `porticoSiwx()` (the Portico API's sessions) or the
   * app's own SiwxConfig. Its code loads only when given. @default undefined (no sign-in)
   */
  siwx?: SiwxOption
  /**
   * The modal's language, a BCP 47 tag ('ar', 'de', 'zh-CN' …); unsupported → English. Change it at
   * runtime with useLocale().setLocale. @default the browser's languages (navigator.languages), else 'en'
   */
  locale?: string
  /**
   * The visitor's IANA time zone sent with the remote config call, for the region restrictions of
   * SPEC §6 (tests and previews force one, e.g. 'Asia/Pyongyang'). @default the browser's (Intl)
   */
  timeZone?: string
}

export interface ResolvedOptions
  extends Required<
    Omit<
      PorticoOptions,
      | 'defaultNetwork'
      | 'metadata'
      | 'features'
      | 'isMobile'
      | 'storage'
      | 'fetch'
      | 'connectMethodsOrder'
      | 'termsConditionsUrl'
      | 'privacyPolicyUrl'
      | 'customWallets'
      | 'prefetchImage'
      | 'siwx'
      | 'locale'
      | 'timeZone'
    >
  > {
  defaultNetwork: CaipNetwork
  termsConditionsUrl?: string
  privacyPolicyUrl?: string
  metadata?: Metadata
  features: Features
  /** The flags the app set itself (remote flags never override these). */
  appFeatures: Partial<Features>
  customWallets: ExplorerWallet[]
  prefetchImage?: (url: string) => void
  locale?: string
  connectMethodsOrder?: ConnectMethod[]
  isMobile?: boolean
  storage?: StorageLike
  fetch?: typeof fetch
  timeZone?: string
  siwx?: SiwxOption
}

const stringArray = z.array(z.string())
const networkSchema = z.looseObject({
  id: z.union([z.number(), z.string()]),
  caipNetworkId: z.string().check(z.refine((v) => isCaipNetworkId(v), 'must be a CAIP-2 id like eip155:1')),
  chainNamespace: z.enum(CHAIN_NAMESPACES),
  name: z.string().check(z.minLength(1)),
  nativeCurrency: z.object({ name: z.string(), symbol: z.string(), decimals: z.number() }),
  rpcUrls: z.looseObject({ default: z.looseObject({ http: z.array(z.string()) }) }),
})
const fn = z.custom<(...args: never[]) => unknown>((v) => typeof v === 'function', 'must be a function')
const optionsSchema = z.object({
  projectId: z.string().check(z.minLength(1, 'is required')),
  networks: z.array(networkSchema).check(z.minLength(1, 'needs at least one network')),
  defaultNetwork: z.optional(networkSchema),
  adapters: z.optional(z.array(z.custom<ChainAdapter>((v) => typeof v === 'object' && v !== null, 'must be an adapter object'))),
  metadata: z.optional(z.object({ name: z.string(), description: z.string(), url: z.string(), icons: stringArray })),
  features: z.optional(z.partial(z.extend(remoteFeaturesSchema, { legalCheckbox: z.boolean(), pay: z.boolean(), passkeys: z.boolean() }))),
  themeMode: z.optional(z.enum(['light', 'dark', 'system'])),
  themeVariables: z.optional(z.record(z.string(), z.union([z.string(), z.number()]))),
  connectMethodsOrder: z.optional(z.array(z.enum(CONNECT_METHODS))),
  featuredWalletIds: z.optional(stringArray),
  includeWalletIds: z.optional(stringArray),
  excludeWalletIds: z.optional(stringArray),
  apiUrl: z.optional(z.url()),
  explorerUrl: z.optional(z.url()),
  debug: z.optional(z.boolean()),
  manualControl: z.optional(z.boolean()),
  embedded: z.optional(z.boolean()),
  termsConditionsUrl: z.optional(z.url()),
  privacyPolicyUrl: z.optional(z.url()),
  isMobile: z.optional(z.boolean()),
  storage: z.optional(z.looseObject({ getItem: fn, setItem: fn, removeItem: fn })),
  fetch: z.optional(fn),
  timers: z.optional(z.looseObject({ now: fn, setTimeout: fn, clearTimeout: fn })),
  customWallets: z.optional(z.array(walletSchema)),
  prefetchImage: z.optional(fn),
  // An object here; its shape (porticoSiwx() or a SiwxConfig's four functions) is parsed in the SIWX chunk (core/siwx/wire.ts).
  siwx: z.optional(z.looseObject({})),
  locale: z.optional(z.string()),
  timeZone: z.optional(z.string().check(z.minLength(1))),
})

/** Validate and complete createPortico options. Throws PorticoError with a readable list of problems. */
export function resolveOptions(input: PorticoOptions): ResolvedOptions {
  if (!input || typeof input !== 'object') throw new PorticoError(invalidOptionsError(['options must be an object']))
  if (Array.isArray(input.adapters)) {
    const known: readonly unknown[] = CHAIN_NAMESPACES
    input.adapters.forEach((adapter, i) => {
      const { namespace: ns, namespaces } = (adapter ?? {}) as { namespace?: unknown; namespaces?: unknown }
      if (typeof ns !== 'string' || ns.length === 0) throw new PorticoError(ERRORS.adapterNamespace)
      const unknown = [ns, ...(Array.isArray(namespaces) ? namespaces : [])].find((n) => !known.includes(n))
      if (unknown !== undefined) {
        throw new PorticoError(
          invalidOptionsError([`adapters.${i}.namespace: ${JSON.stringify(unknown)} is not one of ${CHAIN_NAMESPACES.join(', ')}`]),
        )
      }
    })
  }
  const result = optionsSchema.safeParse(input)
  if (!result.success) {
    const details = result.error.issues.map((i) => `${i.path.length ? i.path.join('.') : 'options'}: ${i.message}`)
    throw new PorticoError(invalidOptionsError(details))
  }
  // '' = no API (see `apiUrl`).
  const apiUrl = (input.apiUrl ?? '').replace(/\/+$/, '')
  const off = !apiUrl && NO_API_FEATURES
  // SPEC §7 "Blockchain RPC host": a preset the app passed as it is (`rpcUrls.default` still its
  // `public` object: the app gave no RPC URL) reads through the Portico API's RPC proxy; a network
  // whose `rpcUrls.default` the app set keeps it, for the adapters and the embedded frame alike.
  // `public` stays: wallets adding the chain get it (docs/networks.md).
  const networks = input.networks.map((n) =>
    apiUrl && n.rpcUrls.default === n.rpcUrls.public
      ? {
          ...n,
          rpcUrls: {
            ...n.rpcUrls,
            default: { http: [`${apiUrl}/v1/?chainId=${n.caipNetworkId}&projectId=${encodeURIComponent(input.projectId)}`] },
          },
        }
      : n,
  )
  const defaultNetwork = input.defaultNetwork ? networks.find((n) => n.caipNetworkId === input.defaultNetwork?.caipNetworkId) : networks[0]
  if (!defaultNetwork) throw new PorticoError(invalidOptionsError(['defaultNetwork: must be one of networks']))
  return {
    projectId: input.projectId,
    networks,
    defaultNetwork,
    adapters: input.adapters ?? [],
    metadata: input.metadata,
    features: { ...DEFAULT_FEATURES, ...input.features, ...off },
    appFeatures: { ...input.features, ...off },
    customWallets: input.customWallets ?? [],
    prefetchImage: input.prefetchImage,
    themeMode: input.themeMode ?? 'system',
    themeVariables: input.themeVariables ?? {},
    connectMethodsOrder: input.connectMethodsOrder,
    featuredWalletIds: input.featuredWalletIds ?? [],
    includeWalletIds: input.includeWalletIds ?? [],
    excludeWalletIds: input.excludeWalletIds ?? [],
    apiUrl,
    explorerUrl: (input.explorerUrl ?? apiUrl).replace(/\/+$/, ''),
    debug: input.debug ?? false,
    manualControl: input.manualControl ?? false,
    embedded: input.embedded ?? false,
    termsConditionsUrl: input.termsConditionsUrl,
    privacyPolicyUrl: input.privacyPolicyUrl,
    isMobile: input.isMobile,
    storage: input.storage,
    fetch: input.fetch,
    timers: input.timers ?? defaultTimers,
    siwx: input.siwx,
    locale: input.locale,
    timeZone: input.timeZone,
  }
}

// detectMobile is a module of its own: a lazy view's hook (useFarcasterLogin) needs it without the options' code.
export { detectMobile } from './mobile'

/**
 * SPEC §2 connect-method order: email, social, wallet by default; wallet, email, social when an
 * injected or announced wallet is visible; a configured order overrides both. Methods turned off by
 * the features (email: false, socials: false or []) are left out.
 */
export function connectMethodsOrder(params: {
  configured?: readonly ConnectMethod[]
  connectors: readonly Pick<Connector, 'type'>[]
  features: Pick<Features, 'email' | 'socials'>
}): ConnectMethod[] {
  const hasBrowserWallet = params.connectors.some((c) => c.type === 'injected' || c.type === 'announced')
  const base: readonly ConnectMethod[] =
    params.configured && params.configured.length > 0
      ? params.configured
      : hasBrowserWallet
        ? ['wallet', 'email', 'social']
        : ['email', 'social', 'wallet']
  return [...new Set(base)].filter((m) => {
    if (m === 'email') return params.features.email
    if (m === 'social') return Array.isArray(params.features.socials) && params.features.socials.length > 0
    return true
  })
}
