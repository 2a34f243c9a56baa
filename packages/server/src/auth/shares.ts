/**
 * Key shares on the API's side (issue 22 §1, keyCustody 'shares'). The frame makes each key and
 * splits it 2-of-3; the API keeps only the auth share, sealed under the KEK, and the recovery blob it
 * can not open. It gives the auth share only to a session's own ECDH key, sealed to it (./transit.ts),
 * and never receives two shares of one key: the device share stays in the browser, the recovery share
 * arrives encrypted under a key only the user has.
 *
 * Users of the old custody (a whole key sealed in portico_auth.user_keys) migrate at a login: their
 * whole keys are released once per session, sealed to the session's key; the frame splits them and
 * uploads the auth shares, and the sealed whole keys are deleted in the same transaction.
 *
 * Signing for users with shares happens in the frame; the API relays what the frame signed.
 */
import { AUTH_ERRORS, KEYS_ERRORS, type keysUploadSchema } from '@portico/protocol/auth'
import { getBase58Encoder, getTransactionDecoder } from '@solana/kit'
import { createPublicClient, getAddress, http, isHex, recoverTransactionAddress, type Hex, type TransactionSerialized } from 'viem'
import type { z } from 'zod/mini'
import type { ChainConfig, SolanaChainConfig } from '../config.ts'
import type { Database, Queryable } from '../db/types.ts'
import { open, seal } from './crypto.ts'
import { AuthError } from './errors.ts'
import { keyAad, type KeyKind } from './keys.ts'
import type { SessionRow } from './repository.ts'
import { evmChain, rpcFailure, sendSolanaTransaction, solanaChain } from './signer.ts'
import { sealToSession, type SealedShare } from './transit.ts'

export type KeyCustody = 'server' | 'shares'
export type KeyState = 'none' | 'shares' | 'legacy'
export type KeysUpload = z.infer<typeof keysUploadSchema>

const KINDS = ['evm', 'solana'] as const
/** The longest recovery blob (JSON) the API keeps. */
const MAX_RECOVERY_CHARS = 2048

/** The associated data of an auth share sealed at rest: whose share, of which key. */
export const authShareAad = (userId: string, kind: KeyKind, address: string) => `portico-auth-share\n${userId}\n${kind}\n${address}`

export type KeySharesContext = {
  db: Database
  /** The key that seals shares (and the legacy whole keys) at rest: derived from the KEK. */
  keyEncryption: Buffer
  custody: KeyCustody
  chains: readonly ChainConfig[]
  solana?: SolanaChainConfig | undefined
  rpcTimeoutMs: number
  /** The smart account's executors (chain id → address), told to the frame that delegates to them. */
  executors?: ReadonlyMap<number, string>
}

type Caller = { session: SessionRow & { encryption_key?: string | null }; user: { userId: string } }

const conflict = (message: string) => new AuthError(409, message)

/** The checksummed EVM address, or the base58 Solana address of 32 bytes; else a 400. */
function canonicalAddress(kind: KeyKind, address: string): string {
  try {
    if (kind === 'evm') {
      if (!/^0x[0-9a-fA-F]{40}$/.test(address)) throw new Error('not an address')
      return getAddress(address)
    }
    if (getBase58Encoder().encode(address).length !== 32) throw new Error('not 32 bytes')
    return address
  } catch {
    throw new AuthError(400, `${kind}.address is not a valid ${kind === 'evm' ? 'EVM' : 'Solana'} address`)
  }
}

function shareBytes(text: string): Buffer {
  const bytes = Buffer.from(text, 'base64url')
  if (bytes.length !== 33 || bytes.toString('base64url') !== text) throw new AuthError(400, 'authShare must be 33 bytes in base64url')
  return bytes
}

export function createKeySharesService(ctx: KeySharesContext) {
  const { db } = ctx

  async function states(q: Queryable, userId: string): Promise<Record<KeyKind, KeyState>> {
    const shares = await q.query<{ kind: KeyKind }>('SELECT kind FROM portico_auth.key_shares WHERE user_id = $1', [userId])
    const legacy = await q.query<{ kind: KeyKind }>('SELECT kind FROM portico_auth.user_keys WHERE user_id = $1', [userId])
    const state = (kind: KeyKind): KeyState =>
      shares.rows.some((r) => r.kind === kind) ? 'shares' : legacy.rows.some((r) => r.kind === kind) ? 'legacy' : 'none'
    return { evm: state('evm'), solana: state('solana') }
  }

  /** The session's ECDH key, or a 400 (a session from before key shares: sign in again). */
  function encryptionKeyOf(caller: Caller): string {
    const key = caller.session.encryption_key
    if (!key) throw new AuthError(400, KEYS_ERRORS.noEncryptionKey)
    return key
  }

  return {
    /** True when the user's keys are shares: the API has no key to sign with. */
    async hasShares(userId: string): Promise<boolean> {
      const { rows } = await db.query('SELECT 1 FROM portico_auth.key_shares WHERE user_id = $1 LIMIT 1', [userId])
      return rows.length > 0
    },

    /** GET /v1/auth/keys */
    async status(caller: Caller): Promise<{ custody: KeyCustody; executors?: Record<string, string> } & Record<KeyKind, KeyState>> {
      const executors = ctx.executors && ctx.executors.size > 0 ? { executors: Object.fromEntries(ctx.executors) } : {}
      return { custody: ctx.custody, ...(await states(db, caller.user.userId)), ...executors }
    },

    /**
     * POST /v1/auth/keys: the frame's upload of both keys' auth shares and recovery blobs, once per
     * user. A new user's addresses become the uploaded ones; a legacy user's must be theirs, and their
     * sealed whole keys are deleted in the same transaction.
     */
    async upload(caller: Caller, input: KeysUpload): ReturnType<typeof this.status> {
      if (ctx.custody !== 'shares') throw new AuthError(400, 'Key shares are not enabled on this server')
      const userId = caller.user.userId
      const addresses = { evm: canonicalAddress('evm', input.evm.address), solana: canonicalAddress('solana', input.solana.address) }
      const recovery = Object.fromEntries(
        KINDS.map((kind) => {
          const text = JSON.stringify(input[kind].recovery)
          if (text.length > MAX_RECOVERY_CHARS) throw new AuthError(400, `${kind}.recovery is too long`)
          return [kind, text]
        }),
      ) as Record<KeyKind, string>
      const shares = { evm: shareBytes(input.evm.authShare), solana: shareBytes(input.solana.authShare) }
      try {
        await db.transaction(async (tx) => {
          const user = (
            await tx.query<{ evm_address: string | null; solana_address: string | null }>(
              'SELECT evm_address, solana_address FROM portico_auth.users WHERE id = $1 FOR UPDATE',
              [userId],
            )
          ).rows[0]
          if (user === undefined) throw new AuthError(401, AUTH_ERRORS.unauthorized)
          const now = await states(tx, userId)
          if (now.evm === 'shares' || now.solana === 'shares') throw conflict(KEYS_ERRORS.alreadySet)
          // A user with addresses (a legacy user) keeps them: the upload must be of their keys.
          if (user.evm_address !== null && user.evm_address !== addresses.evm) throw new AuthError(400, KEYS_ERRORS.addressMismatch)
          if (user.solana_address !== null && user.solana_address !== addresses.solana)
            throw new AuthError(400, KEYS_ERRORS.addressMismatch)
          if (user.evm_address === null || user.solana_address === null) {
            await tx.query('UPDATE portico_auth.users SET evm_address = $2, solana_address = $3 WHERE id = $1', [
              userId,
              addresses.evm,
              addresses.solana,
            ])
          }
          for (const kind of KINDS) {
            await tx.query(
              'INSERT INTO portico_auth.key_shares (user_id, kind, address, auth_share, recovery) VALUES ($1, $2, $3, $4, $5::jsonb)',
              [
                userId,
                kind,
                addresses[kind],
                seal(ctx.keyEncryption, shares[kind], authShareAad(userId, kind, addresses[kind])),
                recovery[kind],
              ],
            )
          }
          await tx.query('DELETE FROM portico_auth.user_keys WHERE user_id = $1', [userId])
        })
      } finally {
        shares.evm.fill(0)
        shares.solana.fill(0)
      }
      return this.status(caller)
    },

    /** POST /v1/auth/keys/share: the auth share of `kind`, sealed to the session's ECDH key. */
    async share(caller: Caller, kind: KeyKind): Promise<{ sealed: SealedShare }> {
      const recipient = encryptionKeyOf(caller)
      const userId = caller.user.userId
      const row = (
        await db.query<{ address: string; auth_share: string }>(
          'SELECT address, auth_share FROM portico_auth.key_shares WHERE user_id = $1 AND kind = $2',
          [userId, kind],
        )
      ).rows[0]
      if (row === undefined) throw new AuthError(404, KEYS_ERRORS.noShares)
      const share = open(ctx.keyEncryption, row.auth_share, authShareAad(userId, kind, row.address))
      try {
        return { sealed: await sealToSession(recipient, share, { userId, purpose: kind }) }
      } finally {
        share.fill(0)
      }
    },

    /**
     * POST /v1/auth/keys/legacy: a legacy user's whole keys, sealed to the session's ECDH key, once
     * per session (a second ask from the same session: 409), for the frame to split at once.
     */
    async releaseLegacy(caller: Caller): Promise<Record<KeyKind, SealedShare>> {
      if (ctx.custody !== 'shares') throw new AuthError(400, 'Key shares are not enabled on this server')
      const recipient = encryptionKeyOf(caller)
      const userId = caller.user.userId
      const sealed = await db.transaction(async (tx) => {
        const { rows } = await tx.query<{ kind: KeyKind; sealed: string; released_to: string | null }>(
          'SELECT kind, sealed, released_to FROM portico_auth.user_keys WHERE user_id = $1 ORDER BY kind FOR UPDATE',
          [userId],
        )
        const byKind = Object.fromEntries(rows.map((r) => [r.kind, r]))
        if (byKind.evm === undefined || byKind.solana === undefined) throw new AuthError(404, KEYS_ERRORS.notLegacy)
        if (rows.some((r) => r.released_to === caller.session.id)) throw conflict(KEYS_ERRORS.released)
        await tx.query('UPDATE portico_auth.user_keys SET released_to = $2 WHERE user_id = $1', [userId, caller.session.id])
        return { evm: byKind.evm.sealed, solana: byKind.solana.sealed }
      })
      const out: Partial<Record<KeyKind, SealedShare>> = {}
      for (const kind of KINDS) {
        const key = open(ctx.keyEncryption, sealed[kind], keyAad(userId, kind))
        try {
          out[kind] = await sealToSession(recipient, key, { userId, purpose: `legacy-${kind}` })
        } finally {
          key.fill(0)
        }
      }
      return out as Record<KeyKind, SealedShare>
    },

    /**
     * POST /v1/auth/relay: a transaction the frame signed, sent to the chain. Only the user's own: an
     * EVM transaction's sender, or a Solana transaction's signatures, must be the user's address.
     */
    async relay(
      user: { evmAddress: string; solanaAddress: string },
      request: { namespace: 'eip155' | 'solana'; chainId: number | string; transaction: string },
    ): Promise<{ result: string }> {
      if (request.namespace === 'eip155') {
        const chain = evmChain(ctx, request.chainId)
        const raw = request.transaction
        let from: string
        try {
          if (!isHex(raw)) throw new Error('not hex')
          from = await recoverTransactionAddress({ serializedTransaction: raw as TransactionSerialized })
        } catch {
          throw new AuthError(400, 'Invalid signed transaction')
        }
        if (user.evmAddress === '' || getAddress(from) !== getAddress(user.evmAddress))
          throw new AuthError(400, 'The transaction is not signed by the signed-in account')
        const client = createPublicClient({ transport: http(chain.rpcUrl, { timeout: ctx.rpcTimeoutMs, retryCount: 0 }) })
        try {
          return { result: await client.sendRawTransaction({ serializedTransaction: raw as Hex }) }
        } catch (error) {
          throw rpcFailure(error)
        }
      }
      const chain = solanaChain(ctx, request.chainId)
      let signatures: Record<string, unknown>
      try {
        if (!/^[A-Za-z0-9+/]*={0,2}$/.test(request.transaction)) throw new Error('not base64')
        signatures = getTransactionDecoder().decode(Buffer.from(request.transaction, 'base64')).signatures as Record<string, unknown>
      } catch {
        throw new AuthError(400, 'Invalid Solana transaction')
      }
      if (!signatures[user.solanaAddress]) throw new AuthError(400, 'The transaction is not signed by the signed-in account')
      return { result: await sendSolanaTransaction(chain, request.transaction, ctx.rpcTimeoutMs) }
    },
  }
}

export type KeySharesService = ReturnType<typeof createKeySharesService>
