/**
 * Toolkit API host, the name service calls (SPEC §7 /v1/profile/*): resolve a name, the names of an
 * address, suggestions for a wanted name, and registration. Names are EVM only (SPEC §9); an
 * address record is keyed by coin type (0x80000000 | chainId, as a decimal string).
 */
import { z } from 'zod/mini'

/** SPEC §3 "Name records": one registered name. Times are ISO-8601. */
export const nameRecordSchema = z.object({
  name: z.string(),
  registered_at: z.string(),
  updated_at: z.string(),
  /** Coin type (decimal string) → the address the name points to on that chain. */
  addresses: z.record(z.string(), z.object({ address: z.string(), created: z.optional(z.string()) })),
  /** Free text attributes (avatar, bio …). */
  attributes: z.optional(z.record(z.string(), z.string())),
})
export type NameRecord = z.infer<typeof nameRecordSchema>

/** GET /v1/profile/account/{name} → the record (404: no such name). */
export const nameLookupResponseSchema = nameRecordSchema
export type NameLookupResponse = NameRecord

/** GET /v1/profile/reverse/{address} → every name pointing at the address. */
export const nameReverseResponseSchema = z.array(nameRecordSchema)
export type NameReverseResponse = z.infer<typeof nameReverseResponseSchema>

/** GET /v1/profile/suggestions/{name} query: the name suffix (domain) to suggest under. */
export const nameSuggestionsQuerySchema = z.object({ zone: z.optional(z.string()) })
export type NameSuggestionsQuery = z.infer<typeof nameSuggestionsQuerySchema>

/** GET /v1/profile/suggestions/{name} → names close to the wanted one, with whether each is taken. */
export const nameSuggestionsResponseSchema = z.object({
  suggestions: z.array(z.object({ name: z.string(), registered: z.boolean() })),
})
export type NameSuggestionsResponse = z.infer<typeof nameSuggestionsResponseSchema>

/** The signed registration message (SPEC §7): JSON text of name, attributes and a timestamp in seconds. */
export const nameRegistrationMessageSchema = z.object({
  name: z.string(),
  attributes: z.optional(z.record(z.string(), z.string())),
  timestamp: z.number(),
})
export type NameRegistrationMessage = z.infer<typeof nameRegistrationMessageSchema>

/** POST /v1/profile/account body. `message` is the JSON text of a NameRegistrationMessage. */
export const nameRegisterRequestSchema = z.object({
  coin_type: z.number(),
  address: z.string(),
  message: z.string(),
  signature: z.string(),
})
export type NameRegisterRequest = z.infer<typeof nameRegisterRequestSchema>

/** POST /v1/profile/account → the new record. */
export const nameRegisterResponseSchema = nameRecordSchema
export type NameRegisterResponse = NameRecord

/** Body of a refused registration: the first reason's description is shown (SPEC §8). */
export const nameRegisterErrorSchema = z.object({
  reasons: z.array(z.object({ field: z.optional(z.string()), description: z.string() })),
})
export type NameRegisterError = z.infer<typeof nameRegisterErrorSchema>
