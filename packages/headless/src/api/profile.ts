/**
 * Toolkit API host, the name service (SPEC §7 /v1/profile/*): resolve a name, the names of an
 * address, suggestions and registration. Lookups are cached 5 minutes (SPEC §9 "ENS"); a
 * registration drops the cached lookups and identities so the new name shows at once.
 */
import {
  nameLookupResponseSchema,
  nameRegisterErrorSchema,
  nameRegisterResponseSchema,
  nameRegistrationMessageSchema,
  nameReverseResponseSchema,
  nameSuggestionsResponseSchema,
  type NameRecord,
  type NameRegisterRequest,
  type NameRegistrationMessage,
  type NameSuggestionsResponse,
} from '@portico/protocol/profile'
import { ERRORS, PorticoError } from '../core/errors'
import { CACHE_TTL } from './ttl'

/** 'Error registering name {name}' (SPEC §8) unless the provider gave a reason. */
export const registerNameError = (name: string, reason?: string): string => (reason?.trim() ? reason : `Error registering name ${name}`)
import { HttpStatusError, type CallOptions, type Http } from './http'

export interface ProfileClient {
  /**
   * GET /v1/profile/account/{name} → the name's record, or null when the name is not registered
   * (404). Cached 5 min. Failure text: 'Error resolving name'.
   */
  lookupName(name: string, options?: CallOptions): Promise<NameRecord | null>
  /** GET /v1/profile/reverse/{address} → the names of the address. Cached 5 min. Failure text: 'Error fetching names for address'. */
  getNamesForAddress(address: string, options?: CallOptions): Promise<NameRecord[]>
  /** GET /v1/profile/suggestions/{name}?zone. Failure text: 'Error fetching name suggestions'. */
  getSuggestions(name: string, options?: CallOptions & { zone?: string }): Promise<NameSuggestionsResponse>
  /**
   * POST /v1/profile/account. A refusal throws its first reason's description, any other failure
   * 'Error registering name {name}' (the name read from the signed message).
   */
  register(body: NameRegisterRequest, options?: CallOptions): Promise<NameRecord>
}

/** The text to sign for a registration (SPEC §7): JSON of name, attributes and a timestamp in seconds. */
export function nameRegistrationMessage(
  name: string,
  attributes: Record<string, string> = {},
  timestampSeconds = Math.floor(Date.now() / 1000),
): string {
  const message: NameRegistrationMessage = { name, attributes, timestamp: timestampSeconds }
  return JSON.stringify(message)
}

function nameOf(message: string): string {
  try {
    const parsed = nameRegistrationMessageSchema.safeParse(JSON.parse(message))
    return parsed.success ? parsed.data.name : ''
  } catch {
    return ''
  }
}

export function createProfileClient(http: Http, config: { baseUrl: string }): ProfileClient {
  const base = config.baseUrl
  return {
    async lookupName(name, options = {}) {
      try {
        return await http.request({
          url: http.url(base, `/v1/profile/account/${encodeURIComponent(name)}`),
          schema: nameLookupResponseSchema,
          errorText: ERRORS.resolveName,
          ttl: CACHE_TTL.names,
          signal: options.signal,
        })
      } catch (error) {
        if (error instanceof HttpStatusError && error.status === 404) return null
        throw error
      }
    },

    getNamesForAddress: (address, options = {}) =>
      http.request({
        url: http.url(base, `/v1/profile/reverse/${encodeURIComponent(address)}`),
        schema: nameReverseResponseSchema,
        errorText: ERRORS.namesForAddress,
        ttl: CACHE_TTL.names,
        signal: options.signal,
      }),

    getSuggestions: (name, options = {}) =>
      http.request({
        url: http.url(base, `/v1/profile/suggestions/${encodeURIComponent(name)}`, { zone: options.zone }),
        schema: nameSuggestionsResponseSchema,
        errorText: ERRORS.nameSuggestions,
        signal: options.signal,
      }),

    async register(body, options = {}) {
      const name = nameOf(body.message)
      try {
        const record = await http.request({
          method: 'POST',
          url: http.url(base, '/v1/profile/account'),
          body,
          schema: nameRegisterResponseSchema,
          errorText: registerNameError(name),
          errorBody: true,
          signal: options.signal,
        })
        http.clearCache((key) => key.includes('/v1/profile/') || key.includes('/v1/identity/'))
        return record
      } catch (error) {
        if (!(error instanceof HttpStatusError)) throw error
        const refusal = nameRegisterErrorSchema.safeParse(error.body)
        const reason = refusal.success ? refusal.data.reasons[0]?.description : undefined
        throw new PorticoError(registerNameError(name, reason), { cause: error })
      }
    },
  }
}
