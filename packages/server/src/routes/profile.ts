import type {
  NameLookupResponse,
  NameRecord,
  NameRegisterError,
  NameRegisterResponse,
  NameReverseResponse,
  NameSuggestionsResponse,
} from '@portico/protocol/profile'
import { Hono, type Context } from 'hono'
import type { Address, Hex } from 'viem'
import { z } from 'zod'
import { caipNetworkId } from '../config.ts'
import { normalizedEnsName, type EnsChain, type EnsRecord } from '../providers/ens.ts'
import { createNamesRepository, MessageReplayError, NameTakenError, type NameRecord as StoredRecord } from '../db/names.ts'
import { HttpError, preview } from '../errors.ts'
import {
  checkMessageTimestamp,
  chainIdFromCoinType,
  messageReplayKey,
  NAME_ERRORS,
  NameRuleError,
  normalizeName,
  parseRegistrationMessage,
  SUGGESTION_COUNT,
  suggestionCandidates,
} from '../name-rules.ts'
import { evmAddress, parseInput } from '../validation.ts'
import type { RouteModule } from './context.ts'

/** Longest path name accepted (a label of 63 characters plus a zone of 100 and the dot, with room). */
const MAX_NAME_PARAM = 255
/** Longest signature accepted: 8 KiB of bytes (smart accounts' signatures can be long, ERC-6492 wraps deploy data). */
const MAX_SIGNATURE_HEX = 2 + 2 * 8192
/** Longest registration message text. */
const MAX_MESSAGE_LENGTH = 16_384

const nameParam = z.object({
  name: z
    .string()
    .min(1, { error: 'Name is required' })
    .max(MAX_NAME_PARAM, { error: `Name must be at most ${MAX_NAME_PARAM} characters` }),
})
const addressParam = z.object({ address: evmAddress })
const suggestionsQuery = z.object({
  zone: z
    .string({ error: 'zone must be a single value' })
    .max(MAX_NAME_PARAM, { error: `zone must be at most ${MAX_NAME_PARAM} characters` })
    .optional(),
})

/** POST body: the protocol's fields with the server's formats (zod at the edge); each refusal names its field. */
const registerBody = z.object({
  coin_type: z.number({ error: 'coin_type must be a number' }),
  address: evmAddress,
  message: z
    .string({ error: 'message must be a string' })
    .max(MAX_MESSAGE_LENGTH, { error: `message must be at most ${MAX_MESSAGE_LENGTH} characters` }),
  signature: z
    .string({ error: 'signature must be a string' })
    .max(MAX_SIGNATURE_HEX, { error: 'signature is too long' })
    .regex(/^0x(?:[0-9a-fA-F]{2})+$/, { error: 'signature must be 0x-prefixed hex bytes' }),
})

/** A refused registration: `{ error, reasons: [{ field, description }] }` (the client shows the first reason, SPEC §8). */
function refuse(c: Context, status: 400 | 401 | 409 | 415, field: string | undefined, description: string) {
  const body: NameRegisterError & { error: string } = {
    error: description,
    reasons: [field === undefined ? { description } : { field, description }],
  }
  return c.json(body, status)
}

/**
 * An ENS name's resolution as the wire's NameRecord: each address under its coin type, the avatar as
 * the `avatar` attribute. ENS keeps no registration time the resolver can read: both times are
 * when the server read the record.
 */
function ensToWire(record: EnsRecord, readAt: string): NameRecord {
  return {
    name: record.name,
    registered_at: readAt,
    updated_at: readAt,
    addresses: Object.fromEntries(Object.entries(record.addresses).map(([coinType, address]) => [coinType, { address }])),
    attributes: record.avatar === null ? {} : { avatar: record.avatar },
  }
}

/** The stored record as the wire's NameRecord. */
function toWire(record: StoredRecord): NameRecord {
  return {
    name: record.name,
    registered_at: record.registered_at,
    updated_at: record.updated_at,
    addresses: record.addresses,
    attributes: record.attributes,
  }
}

/**
 * The names service (SPEC §7 /v1/profile/*): names are registered under the configured zone
 * (`alice.portico.id`), lower-cased, unique whatever their case.
 * - GET /v1/profile/suggestions/{name}?zone: free names for a wanted one (itself if free, then variants);
 * - GET /v1/profile/account/{name}: the record, 404 when unknown; a `.eth` name outside the zone is
 *   resolved through ENS on the chains with an ENS deployment (the first that has an address wins),
 *   its addresses under coin type 60 and every configured chain's (0x80000000 | chainId);
 * - GET /v1/profile/reverse/{address}: the records pointing at the address, oldest first;
 * - POST /v1/profile/account { coin_type, address, message, signature }: register the message's name
 *   for the address on the chain of the coin type (ENSIP-11), when the address signed the message
 *   (EOA, ERC-1271 or ERC-6492), its timestamp is fresh and the message was not used before.
 */
export const profileRoutes: RouteModule = (ctx) => {
  const names = createNamesRepository(ctx.db)
  const zone = ctx.nameZone
  const app = new Hono()
  const ensChains = ctx.chains.filter((chain): chain is EnsChain => chain.ens !== undefined)
  /** The coin type of each configured EVM chain (ENSIP-11), the keys a client looks addresses up by. */
  const chainCoinTypes = ctx.chains.map((chain) => 0x80000000 + chain.chainId)

  /** The ENS record of `name`, null when no ENS chain resolves it; a chain that failed (and none answered) throws its ChainRpcError. */
  async function resolveEns(name: string): Promise<NameRecord | null> {
    const answers = await Promise.allSettled(ensChains.map((chain) => ctx.providers.ens.resolveName(chain, name, chainCoinTypes)))
    for (const answer of answers) {
      if (answer.status === 'fulfilled' && answer.value !== null) return ensToWire(answer.value, new Date().toISOString())
    }
    const failed = answers.find((answer) => answer.status === 'rejected')
    if (failed) throw failed.reason
    return null
  }

  app.get('/v1/profile/suggestions/:name', async (c) => {
    const { name } = parseInput(nameParam, c.req.param())
    const query = parseInput(suggestionsQuery, { zone: c.req.queries('zone')?.length === 1 ? c.req.query('zone') : c.req.queries('zone') })
    if (query.zone !== undefined && query.zone.toLowerCase() !== zone)
      throw new HttpError(400, `Unsupported zone ${preview(query.zone)}: this server registers names under ${zone}`)
    let label: string
    try {
      label = normalizeName(name, zone).label
    } catch (error) {
      if (error instanceof NameRuleError) throw new HttpError(400, error.message)
      throw error
    }
    const candidates = suggestionCandidates(label).map((l) => `${l}.${zone}`)
    const taken = await names.findTaken(candidates)
    const suggestions = candidates
      .filter((candidate) => !taken.has(candidate))
      .slice(0, SUGGESTION_COUNT)
      .map((candidate) => ({ name: candidate, registered: false }))
    return c.json({ suggestions } satisfies NameSuggestionsResponse)
  })

  app.get('/v1/profile/account/:name', async (c) => {
    const { name } = parseInput(nameParam, c.req.param())
    const lower = name.toLowerCase()
    // A name is dot-separated labels of letters, digits and hyphens; nothing else can be registered (or sent to Postgres).
    if (!/^[a-z0-9-]+(?:\.[a-z0-9-]+)*$/.test(lower)) throw new HttpError(400, NAME_ERRORS.chars)
    const full = lower.includes('.') ? lower : `${lower}.${zone}`
    if (full.endsWith('.eth') && !full.endsWith(`.${zone}`)) {
      // ENSIP-15: letters, digits and hyphens pass the check above, but not every such label is normalised (`ab--c`).
      if (normalizedEnsName(full) === null) throw new HttpError(400, NAME_ERRORS.chars)
      const ens = await resolveEns(full)
      if (ens === null) throw new HttpError(404, `Name ${preview(full)} not found`)
      return c.json(ens satisfies NameLookupResponse)
    }
    const record = await names.findByName(full)
    if (record === null) throw new HttpError(404, `Name ${preview(full)} not found`)
    return c.json(toWire(record) satisfies NameLookupResponse)
  })

  app.get('/v1/profile/reverse/:address', async (c) => {
    const { address } = parseInput(addressParam, c.req.param())
    const records = await names.findByAddress(address)
    return c.json(records.map(toWire) satisfies NameReverseResponse)
  })

  app.post('/v1/profile/account', async (c) => {
    if (!/^application\/json\s*(;|$)/i.test(c.req.header('content-type') ?? ''))
      return refuse(c, 415, undefined, 'Content-Type must be application/json')
    let raw: unknown
    try {
      raw = JSON.parse(await c.req.text())
    } catch {
      return refuse(c, 400, undefined, 'Invalid JSON body')
    }
    const parsed = registerBody.safeParse(raw)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      const field = typeof issue?.path[0] === 'string' ? issue.path[0] : undefined
      const description =
        field === undefined ? 'Expected a JSON object { coin_type, address, message, signature }' : (issue?.message ?? 'Invalid request')
      return refuse(c, 400, field, description)
    }
    const body = parsed.data
    try {
      const chainId = chainIdFromCoinType(body.coin_type)
      const chain = ctx.chainsById.get(caipNetworkId({ chainId }))
      if (chain === undefined) return refuse(c, 400, 'coin_type', `Unsupported chainId ${caipNetworkId({ chainId })}`)
      const message = parseRegistrationMessage(body.message)
      const { name } = normalizeName(message.name, zone, 'message')
      checkMessageTimestamp(message.timestamp, Date.now())
      const replayKey = messageReplayKey(body.address, body.message)
      if (await names.isMessageUsed(replayKey)) return refuse(c, 409, 'message', NAME_ERRORS.replay)
      if ((await names.findTaken([name])).size > 0) return refuse(c, 409, 'message', `Name ${name} is already registered`)
      const valid = await ctx.providers.signatures.verifyMessage(chain, {
        address: body.address as Address,
        message: body.message,
        signature: body.signature as Hex,
      })
      if (!valid) return refuse(c, 401, 'signature', NAME_ERRORS.signature)
      const record = await names.register({
        name,
        address: body.address,
        coinType: body.coin_type,
        attributes: message.attributes,
        replayKey,
      })
      return c.json(toWire(record) satisfies NameRegisterResponse)
    } catch (error) {
      if (error instanceof NameRuleError) return refuse(c, 400, error.field, error.message)
      if (error instanceof MessageReplayError) return refuse(c, 409, 'message', NAME_ERRORS.replay)
      if (error instanceof NameTakenError) return refuse(c, 409, 'message', error.message)
      // A chain that does not answer: 502 through app.onError, which reports it.
      throw error
    }
  })

  return app
}
