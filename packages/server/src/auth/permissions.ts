/**
 * ERC-7715 permissions of the embedded wallet: a user grants an app's signer the right to run
 * certain calls from their smart account (EIP-7702 delegation to the batch executor) until an
 * expiry, within a native-value allowance; the signer then executes them without the user's session
 * (POST /v1/permissions/execute, see @portico/protocol/auth). The server holds the user's key, so
 * the grant is enforced here: targets, function selectors, value, expiry, revocation, nonces.
 *
 * wallet_grantPermissions [{ chainId, address?, expiry, signer, permissions, policies? }]
 *   signer:      { type: 'account', data: { id | address } } | { type: 'key', data: { type: 'secp256k1', publicKey | id } }
 *                | { type: 'keys', data: { keys: [{ type: 'secp256k1', publicKey }] } } (one key)
 *   permissions: { type: 'contract-call', data: { address, calls?: selector[], abi?, functions?: [{ functionName }] } }
 *                { type: 'native-token-limit', data: { allowance } }                          (in all)
 *                { type: 'native-token-recurring-allowance', data: { allowance, start?, period } } (per period, s)
 *   → the request, with `address`, and `context` (0x + 32 bytes).
 * wallet_revokePermissions [{ context } | { pci }] → {}
 */
import { randomBytes } from 'node:crypto'
import {
  MAX_PERMISSION_CALLS,
  PERMISSION_DOMAIN_NAME,
  PERMISSION_EXECUTION_TYPES,
  type PermissionExecuteRequest,
} from '@portico/protocol/auth'
import { type Abi, type Address, getAbiItem, isAddressEqual, recoverTypedDataAddress, toFunctionSelector, type Hex } from 'viem'
import { publicKeyToAddress } from 'viem/accounts'
import { z } from 'zod'
import type { Database } from '../db/types.ts'
import { AuthError } from './errors.ts'
import { grantCall, revokeCall, type SelfCall } from './sessions.ts'

/** The methods this module answers over POST /v1/auth/rpc. */
export const PERMISSION_METHODS = ['wallet_grantPermissions', 'wallet_revokePermissions'] as const
export const isPermissionMethod = (method: string) => (PERMISSION_METHODS as readonly string[]).includes(method)

export { PERMISSIONS_CAPABILITY } from './capabilities.ts'

/** A grant lasts at most this long. */
export const MAX_PERMISSION_SECONDS = 365 * 24 * 60 * 60
const MAX_CONTRACTS = 16
const MAX_SELECTORS = 64

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, { error: 'Invalid EVM address' })
const publicKey = z
  .string()
  .regex(/^0x(04[0-9a-fA-F]{128}|0[23][0-9a-fA-F]{64})$/, { error: 'publicKey must be a secp256k1 public key (hex)' })
const quantity = z
  .union([z.string().regex(/^0x[0-9a-fA-F]{1,64}$/), z.string().regex(/^\d{1,78}$/)], {
    error: 'allowance must be a hex or decimal quantity',
  })
  .transform((v) => BigInt(v))
const chainIdField = z.union([z.string().regex(/^(0x[0-9a-fA-F]{1,8}|\d{1,10}|eip155:\d{1,10})$/), z.number().int().positive()], {
  error: 'chainId must be a hex chain id',
})
const selector = z.string().regex(/^0x[0-9a-fA-F]{8}$/, { error: 'calls must be 4-byte function selectors' })

const signerSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('account'), data: z.union([z.object({ id: address }), z.object({ address })]) }),
    z.object({
      type: z.literal('key'),
      data: z.object({ type: z.literal('secp256k1'), publicKey: publicKey.optional(), id: publicKey.optional() }),
    }),
    z.object({
      type: z.literal('keys'),
      data: z.object({ keys: z.array(z.object({ type: z.literal('secp256k1'), publicKey })).length(1, { error: 'exactly one key' }) }),
    }),
  ],
  { error: "signer must be { type: 'account' | 'key' | 'keys', data }" },
)

const permissionSchema = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal('contract-call'),
      data: z.object({
        address,
        calls: z.array(selector).max(MAX_SELECTORS).optional(),
        abi: z.array(z.record(z.string(), z.unknown())).max(256).optional(),
        functions: z
          .array(z.object({ functionName: z.string().max(128) }))
          .max(MAX_SELECTORS)
          .optional(),
      }),
      policies: z.array(z.unknown()).max(0, { error: 'policies are not supported' }).optional(),
    }),
    z.object({
      type: z.literal('native-token-limit'),
      data: z.object({ allowance: quantity }),
      policies: z.array(z.unknown()).max(0, { error: 'policies are not supported' }).optional(),
    }),
    z.object({
      type: z.literal('native-token-recurring-allowance'),
      data: z.object({
        allowance: quantity,
        start: z.number().int().nonnegative().optional(),
        period: z.number().int().min(60).max(MAX_PERMISSION_SECONDS),
      }),
      policies: z.array(z.unknown()).max(0, { error: 'policies are not supported' }).optional(),
    }),
  ],
  { error: 'Unsupported permission type (contract-call, native-token-limit, native-token-recurring-allowance)' },
)

const GRANT_USAGE = 'wallet_grantPermissions takes [{ chainId, expiry, signer, permissions }]'
const grantParams = z.tuple(
  [
    z.object(
      {
        chainId: chainIdField,
        address: address.optional(),
        expiry: z.number({ error: 'expiry must be a unix time in seconds' }).int().positive(),
        signer: signerSchema,
        permissions: z
          .array(permissionSchema)
          .min(1, { error: 'at least one permission is needed' })
          .max(MAX_CONTRACTS + 2),
        policies: z.array(z.unknown()).max(0, { error: 'policies are not supported' }).optional(),
      },
      { error: GRANT_USAGE },
    ),
  ],
  { error: GRANT_USAGE },
)
const revokeParams = z.tuple(
  [z.union([z.object({ context: z.string() }), z.object({ pci: z.string() })], { error: 'wallet_revokePermissions takes [{ context }]' })],
  { error: 'wallet_revokePermissions takes [{ context }]' },
)

function parse<S extends z.ZodType>(schema: S, params: unknown): z.output<S> {
  const result = schema.safeParse(params ?? [])
  if (!result.success) {
    const issue = result.error.issues[0]
    const where = issue && issue.path.length > 1 ? `${issue.path.slice(1).join('.')}: ` : ''
    throw new AuthError(400, `${where}${issue?.message ?? 'Invalid params'}`.slice(0, 300))
  }
  return result.data
}

const CONTEXT = /^0x([0-9a-f]{64})$/
const contextId = (context: string): string | null => CONTEXT.exec(context.toLowerCase())?.[1] ?? null
const at = (time: number) => new Date(time).toISOString()

/** A chain id as given (31337, '0x7a69', 'eip155:31337'). */
export function chainIdOf(value: number | string): number {
  const text = String(value)
  return /^0x/.test(text) ? Number.parseInt(text, 16) : Number(text.replace(/^eip155:/, ''))
}

type Contract = { address: string; selectors: string[] | null }
type PermissionRow = {
  id: string
  user_id: string
  chain_id: string | number
  signer: string
  contracts: unknown
  allowance: string | null
  period_s: string | number | null
  starts_at: Date | string
  expires_at: Date | string
  revoked_at: Date | string | null
}

/** The permission tables (SQL only). */
export function createPermissionRepository(db: Database) {
  return {
    insert: async (p: {
      id: string
      userId: string
      chainId: number
      signer: string
      contracts: Contract[]
      allowance: bigint | null
      periodS: number | null
      startsAt: number
      granted: unknown
      now: number
      expiresAt: number
    }) => {
      await db.query(
        `INSERT INTO portico_auth.permissions (id, user_id, chain_id, signer, contracts, allowance, period_s, starts_at, granted, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8::timestamptz, $9::jsonb, $10::timestamptz, $11::timestamptz)`,
        [
          p.id,
          p.userId,
          p.chainId,
          p.signer,
          JSON.stringify(p.contracts),
          p.allowance?.toString() ?? null,
          p.periodS,
          at(p.startsAt),
          JSON.stringify(p.granted),
          at(p.now),
          at(p.expiresAt),
        ],
      )
    },
    byId: async (id: string) =>
      (
        await db.query<PermissionRow>(
          'SELECT id, user_id, chain_id, signer, contracts, allowance, period_s, starts_at, expires_at, revoked_at FROM portico_auth.permissions WHERE id = $1',
          [id],
        )
      ).rows[0] ?? null,
    /** Revoke one of the user's grants; false when the user has no such grant. */
    revoke: async (id: string, userId: string, now: number) =>
      (
        await db.query<{ id: string }>(
          'UPDATE portico_auth.permissions SET revoked_at = COALESCE(revoked_at, $3::timestamptz) WHERE id = $1 AND user_id = $2 RETURNING id',
          [id, userId, at(now)],
        )
      ).rows.length === 1,
    /** Use a nonce up; false when it was used before. */
    consumeNonce: async (id: string, nonce: string, now: number) =>
      (
        await db.query<{ nonce: string }>(
          'INSERT INTO portico_auth.permission_nonces (permission_id, nonce, used_at) VALUES ($1, $2, $3::timestamptz) ON CONFLICT DO NOTHING RETURNING nonce',
          [id, nonce, at(now)],
        )
      ).rows.length === 1,
    /**
     * Reserve `value` wei of the allowance in `period` (0 for a one-off allowance): the spent
     * amount restarts in a new period. False when it would go over.
     */
    reserve: async (id: string, value: bigint, period: number) =>
      (
        await db.query<{ id: string }>(
          `UPDATE portico_auth.permissions
             SET spent = (CASE WHEN spent_period = $3 THEN spent ELSE 0 END) + $2::numeric, spent_period = $3
           WHERE id = $1 AND allowance IS NOT NULL AND (CASE WHEN spent_period = $3 THEN spent ELSE 0 END) + $2::numeric <= allowance
           RETURNING id`,
          [id, value.toString(), period],
        )
      ).rows.length === 1,
    /** Give back a reservation whose calls were not sent. */
    release: async (id: string, value: bigint, period: number) => {
      await db.query('UPDATE portico_auth.permissions SET spent = GREATEST(spent - $2::numeric, 0) WHERE id = $1 AND spent_period = $3', [
        id,
        value.toString(),
        period,
      ])
    },
  }
}
export type PermissionRepository = ReturnType<typeof createPermissionRepository>

export type PermissionUser = { userId: string; evmAddress: string; preferredAccountType: 'eoa' | 'smartAccount' }
export type PermissionDeps = {
  repo: PermissionRepository
  now: () => number
  /** Chains with a smart account (batch executor). */
  executors: ReadonlyMap<number, Address>
  /** Make sure the user's EOA delegates to the chain's executor (EIP-7702). */
  enableSmartAccount(chainId: number): Promise<void>
  /**
   * Keys as shares (sessions.ts): the grant is enforced on chain by the executor. The answers also
   * carry the self-call the frame signs and sends (`grantCall` / `revokeCall`); the frame takes it out.
   */
  sessionGrants?: boolean
}

function signerAddress(signer: z.output<typeof signerSchema>): string {
  if (signer.type === 'account') return ('id' in signer.data ? signer.data.id : signer.data.address).toLowerCase()
  const key = signer.type === 'key' ? (signer.data.publicKey ?? signer.data.id) : signer.data.keys[0]?.publicKey
  if (key === undefined) throw new AuthError(400, 'signer: publicKey is needed')
  if (!key.startsWith('0x04')) throw new AuthError(400, 'signer: publicKey must be uncompressed (0x04…)')
  return publicKeyToAddress(key as Hex).toLowerCase()
}

function contractOf(data: {
  address: string
  calls?: string[] | undefined
  abi?: Record<string, unknown>[] | undefined
  functions?: { functionName: string }[] | undefined
}): Contract {
  const selectors = new Set((data.calls ?? []).map((s) => s.toLowerCase()))
  for (const { functionName } of data.functions ?? []) {
    if (data.abi === undefined) throw new AuthError(400, 'contract-call: functions need the abi')
    let item: ReturnType<typeof getAbiItem>
    try {
      item = getAbiItem({ abi: data.abi as unknown as Abi, name: functionName })
    } catch {
      item = undefined
    }
    if (item === undefined || item.type !== 'function')
      throw new AuthError(400, `contract-call: ${functionName.slice(0, 64)} is not a function of the abi`)
    selectors.add(toFunctionSelector(item).toLowerCase())
  }
  return { address: data.address.toLowerCase(), selectors: selectors.size === 0 ? null : [...selectors] }
}

/** ERC-7715 wallet_grantPermissions for the user: stored, then answered with its context. */
export async function grantPermissions(deps: PermissionDeps, user: PermissionUser, params: unknown): Promise<Record<string, unknown>> {
  const [request] = parse(grantParams, params)
  if (request.address !== undefined && !isAddressEqual(request.address as Address, user.evmAddress as Address)) {
    throw new AuthError(400, 'The address is not the signed-in account')
  }
  const chainId = chainIdOf(request.chainId)
  if (!deps.executors.has(chainId)) throw new AuthError(400, `Permissions are not available on chain ${chainId}`)
  if (user.preferredAccountType !== 'smartAccount') {
    throw new AuthError(400, 'Permissions need the smart account: set the preferred account to smartAccount first')
  }
  const now = deps.now()
  const nowS = Math.floor(now / 1000)
  if (request.expiry <= nowS) throw new AuthError(400, 'expiry is in the past')
  if (request.expiry > nowS + MAX_PERMISSION_SECONDS) throw new AuthError(400, 'expiry is more than a year away')

  const contracts = request.permissions.flatMap((p) => (p.type === 'contract-call' ? [contractOf(p.data)] : []))
  if (contracts.length === 0) throw new AuthError(400, 'at least one contract-call permission is needed')
  if (contracts.length > MAX_CONTRACTS) throw new AuthError(400, `at most ${MAX_CONTRACTS} contract-call permissions`)
  const native = request.permissions.filter((p) => p.type !== 'contract-call')
  if (native.length > 1) throw new AuthError(400, 'at most one native token permission')
  const limit = native[0]
  const signer = signerAddress(request.signer)
  if (signer === user.evmAddress.toLowerCase()) throw new AuthError(400, 'The signer must not be the account itself')
  // A call to the account itself would reach its executor (execute, grant): never granted.
  if (contracts.some((c) => c.address === user.evmAddress.toLowerCase()))
    throw new AuthError(400, 'contract-call: the account itself can not be granted')

  await deps.enableSmartAccount(chainId)
  const id = randomBytes(32).toString('hex')
  const granted = { ...request, chainId: `0x${chainId.toString(16)}`, address: user.evmAddress, context: `0x${id}` }
  const startsAt = limit?.type === 'native-token-recurring-allowance' && limit.data.start !== undefined ? limit.data.start * 1000 : now
  await deps.repo.insert({
    id,
    userId: user.userId,
    chainId,
    signer,
    contracts,
    allowance: limit === undefined ? null : limit.data.allowance,
    periodS: limit?.type === 'native-token-recurring-allowance' ? limit.data.period : null,
    startsAt,
    granted: JSON.parse(JSON.stringify(granted, (_k, v: unknown) => (typeof v === 'bigint' ? `0x${v.toString(16)}` : v))),
    now,
    expiresAt: request.expiry * 1000,
  })
  const answer = JSON.parse(JSON.stringify(granted, (_k, v: unknown) => (typeof v === 'bigint' ? `0x${v.toString(16)}` : v))) as Record<
    string,
    unknown
  >
  if (!deps.sessionGrants) return answer
  const periodS = limit?.type === 'native-token-recurring-allowance' ? limit.data.period : null
  const allowance = limit === undefined ? null : limit.data.allowance
  const call = grantCall({ chainId, account: user.evmAddress, id, signer, expiry: request.expiry, contracts, allowance, periodS, startsAt })
  return { ...answer, grantCall: call }
}

/** wallet_revokePermissions [{ context }]: the user's own grant stops working at once. */
export async function revokePermissions(
  deps: Pick<PermissionDeps, 'repo' | 'now' | 'sessionGrants'>,
  user: PermissionUser,
  params: unknown,
): Promise<Record<string, never> | { revokeCall: SelfCall }> {
  const [request] = parse(revokeParams, params)
  const id = contextId('context' in request ? request.context : request.pci)
  if (id === null || !(await deps.repo.revoke(id, user.userId, deps.now()))) throw new AuthError(404, 'Unknown permission')
  if (!deps.sessionGrants) return {}
  const row = await deps.repo.byId(id)
  return { revokeCall: revokeCall(Number(row?.chain_id), user.evmAddress, id) }
}

/** What an execution may run, once its grant, signature and nonce check out. */
export type CheckedExecution = {
  userId: string
  chainId: number
  calls: { to: string; value?: string; data?: string }[]
  release(): Promise<void>
}

/**
 * Check an execution against its grant and reserve its native value: the caller then sends the
 * calls (and calls `release` when they could not be sent).
 */
export async function checkExecution(
  deps: Pick<PermissionDeps, 'repo' | 'now'>,
  request: PermissionExecuteRequest,
): Promise<CheckedExecution> {
  if (!Number.isSafeInteger(request.chainId) || request.chainId <= 0) throw new AuthError(400, 'chainId must be a positive integer')
  const id = contextId(request.context) as string
  const grant = await deps.repo.byId(id)
  if (grant === null) throw new AuthError(404, 'Unknown permission')
  const now = deps.now()
  if (grant.revoked_at !== null) throw new AuthError(400, 'The permission was revoked')
  if (new Date(grant.expires_at).getTime() <= now) throw new AuthError(400, 'The permission has expired')
  if (Number(grant.chain_id) !== request.chainId) throw new AuthError(400, `The permission is for chain ${grant.chain_id}`)
  if (request.calls.length > MAX_PERMISSION_CALLS) throw new AuthError(400, `at most ${MAX_PERMISSION_CALLS} calls`)

  const calls = request.calls.map((c) => ({
    to: c.to as Address,
    value: c.value === undefined ? 0n : BigInt(c.value),
    data: (c.data ?? '0x') as Hex,
  }))
  let signer: string
  try {
    signer = await recoverTypedDataAddress({
      domain: { name: PERMISSION_DOMAIN_NAME, version: '1', chainId: request.chainId },
      types: PERMISSION_EXECUTION_TYPES,
      primaryType: 'Execution',
      message: { context: request.context as Hex, calls, nonce: request.nonce as Hex },
      signature: request.signature as Hex,
    })
  } catch {
    throw new AuthError(401, 'The signature is not the permission signer’s')
  }
  if (signer.toLowerCase() !== grant.signer) throw new AuthError(401, 'The signature is not the permission signer’s')

  const contracts = (typeof grant.contracts === 'string' ? JSON.parse(grant.contracts) : grant.contracts) as Contract[]
  for (const [i, c] of calls.entries()) {
    const contract = contracts.find((k) => k.address === c.to.toLowerCase())
    if (contract === undefined) throw new AuthError(400, `calls.${i}: ${c.to} is not covered by the permission`)
    if (contract.selectors !== null && !contract.selectors.includes(c.data.slice(0, 10).toLowerCase())) {
      throw new AuthError(400, `calls.${i}: the function is not covered by the permission`)
    }
  }

  if (!(await deps.repo.consumeNonce(id, request.nonce.toLowerCase(), now)))
    throw new AuthError(409, 'This execution was already submitted')
  const value = calls.reduce((sum, c) => sum + c.value, 0n)
  const periodS = grant.period_s === null ? null : Number(grant.period_s)
  const period = periodS === null ? 0 : Math.max(0, Math.floor((now - new Date(grant.starts_at).getTime()) / (periodS * 1000)))
  if (value > 0n) {
    if (periodS !== null && now < new Date(grant.starts_at).getTime()) throw new AuthError(400, 'The allowance has not started yet')
    if (!(await deps.repo.reserve(id, value, period))) {
      throw new AuthError(
        400,
        grant.allowance === null ? 'The permission allows no native value' : 'The calls exceed the permission’s native token allowance',
      )
    }
  }
  return {
    userId: grant.user_id,
    chainId: request.chainId,
    calls: request.calls.map((c) => ({
      to: c.to,
      ...(c.value === undefined ? {} : { value: `0x${BigInt(c.value).toString(16)}` }),
      ...(c.data === undefined ? {} : { data: c.data }),
    })),
    release: async () => {
      if (value > 0n) await deps.repo.release(id, value, period)
    },
  }
}
