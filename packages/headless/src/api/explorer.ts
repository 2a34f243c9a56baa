/**
 * Wallet explorer host (SPEC §7): GET /getWallets, /appkit/v1/config, /projects/v1/origins and
 * /getAnalyticsConfig. Failures other than an HTTP status end with 'Something went wrong'.
 */
import {
  configResponseSchema,
  originsResponseSchema,
  analyticsConfigSchema,
  walletsResponseSchema,
  type AnalyticsConfig,
  type RestrictableFeature,
  type WalletsResponse,
} from '@portico/protocol/explorer'
import { ERRORS } from '../core/errors'
import type { Features } from '../core/options/options'
import { HttpStatusError, type CallOptions, type Http } from './http'

export interface WalletsQuery {
  /** @default 1 */
  page?: number
  /** @default 40 */
  entries?: number
  search?: string
  include?: string[]
  exclude?: string[]
  badge_type?: string
  chains?: string[]
  names?: string[]
  rdns?: string[]
}

export interface ConfigOptions extends CallOptions {
  /** The visitor's IANA time zone (`Intl.DateTimeFormat().resolvedOptions().timeZone`), sent as `tz` for the region restrictions of SPEC §6. Not sent when absent. */
  tz?: string
}

/** GET /appkit/v1/config, read: the flags the server sent, and those it turned off for the visitor's region. */
export interface RemoteConfig {
  /** The remote feature flags the server sent (others left out). */
  features: Partial<Features>
  /** Features turned off because the visitor's time zone is restricted (SPEC §6); empty when none. */
  restricted: RestrictableFeature[]
}

export type AllowedOriginsResult = { origins: string[] } | { error: 'RATE_LIMITED' | 'SERVER_ERROR' }

export interface ExplorerClient {
  /** GET /getWallets: one page of the explorer's wallets. */
  getWallets(query?: WalletsQuery, options?: CallOptions): Promise<WalletsResponse>
  /** GET /appkit/v1/config(?tz=) → the remote feature flags the server sent (others left out) and the region-restricted ones. */
  getConfig(options?: ConfigOptions): Promise<RemoteConfig>
  /** GET /projects/v1/origins: 429 → RATE_LIMITED, 500–599 → SERVER_ERROR, any other failure → no origins. */
  getOrigins(options?: CallOptions): Promise<AllowedOriginsResult>
  /** GET /getAnalyticsConfig → isAnalyticsEnabled. */
  getAnalyticsConfig(options?: CallOptions): Promise<AnalyticsConfig>
}

const list = (values: readonly string[] | undefined): string | undefined => (values && values.length > 0 ? values.join(',') : undefined)

export function createExplorerClient(http: Http, config: { explorerUrl: string }): ExplorerClient {
  const base = config.explorerUrl
  return {
    getWallets: (query = {}, options = {}) =>
      http.request({
        url: http.url(base, '/getWallets', {
          page: query.page ?? 1,
          entries: query.entries ?? 40,
          search: query.search,
          badge_type: query.badge_type,
          include: list(query.include),
          exclude: list(query.exclude),
          chains: list(query.chains),
          names: list(query.names),
          rdns: list(query.rdns),
        }),
        schema: walletsResponseSchema,
        errorText: ERRORS.somethingWentWrong,
        signal: options.signal,
      }),

    async getConfig(options = {}) {
      const data = await http.request({
        url: http.url(base, '/appkit/v1/config', { tz: options.tz }),
        schema: configResponseSchema,
        errorText: ERRORS.somethingWentWrong,
        signal: options.signal,
      })
      const out: Record<string, unknown> = {}
      for (const [k, v] of Object.entries(data.features)) if (v !== undefined) out[k] = v
      return { features: out as Partial<Features>, restricted: data.restricted ?? [] }
    },

    async getOrigins(options = {}) {
      try {
        const data = await http.request({
          url: http.url(base, '/projects/v1/origins'),
          schema: originsResponseSchema,
          errorText: ERRORS.somethingWentWrong,
          signal: options.signal,
        })
        return { origins: data.allowedOrigins }
      } catch (error) {
        if (options.signal?.aborted) throw error
        if (error instanceof HttpStatusError) {
          if (error.status === 429) return { error: 'RATE_LIMITED' }
          if (error.status >= 500 && error.status <= 599) return { error: 'SERVER_ERROR' }
        }
        return { origins: [] }
      }
    },

    getAnalyticsConfig: (options = {}) =>
      http.request({
        url: http.url(base, '/getAnalyticsConfig'),
        schema: analyticsConfigSchema,
        errorText: ERRORS.somethingWentWrong,
        signal: options.signal,
      }),
  }
}
