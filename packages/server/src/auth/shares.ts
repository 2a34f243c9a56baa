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
import { createPublicKey, verify as verifySignature } from 'node:crypto'
import {
  AUTH_ERRORS,
  deviceSplitMessage,
  KEYS_ERRORS,
  type keysDeviceSchema,
  type keysUploadSchema,
  MAX_KEY_SPLITS,
  PRIMARY_SPLIT,
} from '@portico/protocol/auth'
import { getBase58Encoder, getTransactionDecoder } from '@solana/kit'
import {
  createPublicClient,
  getAddress,
  http,
  isHex,
  recoverTransactionAddress,
  type Hex,
  type TransactionSerialized,
  verifyMessage,
} from 'viem'
import type { z } from 'zod/mini'
import type { ChainConfig, SolanaChainConfig } from '../config.ts'
import type { Database, Queryable } from '../db/types.ts'
import { open, seal } from './crypto.ts'
import { AuthError } from './errors.ts'
import { keyAad, type KeyKind } from './keys.ts'
import type { SessionRow } from './repository.ts'
import { evmChain, rpcFailure, sendSolanaTransaction, solanaChain } from './signer.ts'
import { openSealed, type RecoveryKey, sealToSession, type SealedShare } from './transit.ts'

export type KeyCustody = 'server' | 'shares'
export type KeyState = 'none' | 'shares' | 'legacy'
export type KeysUpload = z.infer<typeof keysUploadSchema>
export type KeysDevice = z.infer<typeof keysDeviceSchema>

const KINDS = ['evm', 'solana'] as const
/** The longest recovery blob (JSON) the API keeps. */
const MAX_RECOVERY_CHARS = 2048

/** The associated data of an auth share sealed at rest: whose share, of which key, of which split (the first split's names none). */
export const authShareAad = (userId: string, kind: KeyKind, address: string, split: string = PRIMARY_SPLIT) =>
  `portico-auth-share\n${userId}\n${kind}\n${address}${split === PRIMARY_SPLIT ? '' : `\n${split}`}`

/** Whether `proof` (0x-hex) is `address`'s key's signature of `message`: EVM personal_sign, Solana ed25519. */
async function provesKey(kind: KeyKind, address: string, message: string, proof: string): Promise<boolean> {
  try {
    if (kind === 'evm') return await verifyMessage({ address: address as Hex, message, signature: proof as Hex })
    const signature = Buffer.from(proof.slice(2), 'hex')
    if (signature.length !== 64) return false
    const publicKey = createPublicKey({
      key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(getBase58Encoder().encode(address)).toString('base64url') },
      format: 'jwk',
    })
    return verifySignature(null, Buffer.from(message, 'utf8'), publicKey, signature)
  } catch {
    return false
  }
}

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
  /** Server-assisted recovery's key (AuthConfig.recoveryKey): recovery shares are sealed to it too. @default off */
  recoveryKey?: RecoveryKey
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
    async status(
      caller: Caller,
    ): Promise<{ custody: KeyCustody; executors?: Record<string, string>; escrowKey?: string } & Record<KeyKind, KeyState>> {
      const executors = ctx.executors && ctx.executors.size > 0 ? { executors: Object.fromEntries(ctx.executors) } : {}
      const escrow = ctx.recoveryKey ? { escrowKey: ctx.recoveryKey.publicKey } : {}
      return { custody: ctx.custody, ...(await states(db, caller.user.userId)), ...executors, ...escrow }
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
      // Kept only while server-assisted recovery is on (a frame that sealed none still sets up).
      const escrow = (kind: KeyKind) => (ctx.recoveryKey && input[kind].escrow ? JSON.stringify(input[kind].escrow) : null)
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
              'INSERT INTO portico_auth.key_shares (user_id, kind, address, auth_share, recovery, escrow) VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb)',
              [
                userId,
                kind,
                addresses[kind],
                seal(ctx.keyEncryption, shares[kind], authShareAad(userId, kind, addresses[kind])),
                recovery[kind],
                escrow(kind),
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

    /** POST /v1/auth/keys/share: the auth share of `kind` of a split (the first by default), sealed to the session's ECDH key. */
    async share(caller: Caller, kind: KeyKind, split: string = PRIMARY_SPLIT): Promise<{ sealed: SealedShare }> {
      const recipient = encryptionKeyOf(caller)
      const userId = caller.user.userId
      const row = (
        await db.query<{ address: string; auth_share: string }>(
          'SELECT address, auth_share FROM portico_auth.key_shares WHERE user_id = $1 AND kind = $2 AND split = $3',
          [userId, kind, split],
        )
      ).rows[0]
      if (row === undefined) throw new AuthError(404, KEYS_ERRORS.noShares)
      const share = open(ctx.keyEncryption, row.auth_share, authShareAad(userId, kind, row.address, split))
      try {
        return { sealed: await sealToSession(recipient, share, { userId, purpose: kind }) }
      } finally {
        share.fill(0)
      }
    },

    /** POST /v1/auth/keys/recovery: the first split's recovery blobs (the API can not open them), for a device without a device share. */
    async recovery(caller: Caller): Promise<{ split: string } & Record<KeyKind, Record<string, unknown>>> {
      const { rows } = await db.query<{ kind: KeyKind; recovery: Record<string, unknown> | string }>(
        'SELECT kind, recovery FROM portico_auth.key_shares WHERE user_id = $1 AND split = $2',
        [caller.user.userId, PRIMARY_SPLIT],
      )
      const blob = (kind: KeyKind) => {
        const row = rows.find((r) => r.kind === kind)
        if (row === undefined) throw new AuthError(404, KEYS_ERRORS.noShares)
        return typeof row.recovery === 'string' ? (JSON.parse(row.recovery) as Record<string, unknown>) : row.recovery
      }
      return { split: PRIMARY_SPLIT, evm: blob('evm'), solana: blob('solana') }
    },

    /**
     * POST /v1/auth/keys/escrow: server-assisted recovery (off unless ctx.recoveryKey). The first split's
     * recovery shares, opened with the recovery key and sealed to this session's ECDH key, for a device
     * without a device share. The caller checks the second factor. While it runs, this process holds
     * two shares of each key: that is what turning it on means.
     */
    async escrow(caller: Caller): Promise<{ split: string } & Record<KeyKind, SealedShare>> {
      const recoveryKey = ctx.recoveryKey
      if (!recoveryKey) throw new AuthError(404, KEYS_ERRORS.escrowOff)
      const recipient = encryptionKeyOf(caller)
      const userId = caller.user.userId
      const { rows } = await db.query<{ kind: KeyKind; escrow: SealedShare | string | null }>(
        'SELECT kind, escrow FROM portico_auth.key_shares WHERE user_id = $1 AND split = $2',
        [userId, PRIMARY_SPLIT],
      )
      if (rows.length === 0) throw new AuthError(404, KEYS_ERRORS.noShares)
      const out = {} as Record<KeyKind, SealedShare>
      for (const kind of KINDS) {
        const stored = rows.find((r) => r.kind === kind)?.escrow ?? null
        const sealed = typeof stored === 'string' ? (JSON.parse(stored) as SealedShare) : stored
        const share = sealed === null ? null : await openSealed(recoveryKey, sealed, { userId, purpose: `escrow-${kind}` })
        if (share === null) throw conflict(KEYS_ERRORS.noEscrow)
        try {
          out[kind] = await sealToSession(recipient, share, { userId, purpose: `escrow-${kind}` })
        } finally {
          share.fill(0)
        }
      }
      return { split: PRIMARY_SPLIT, ...out }
    },

    /**
     * POST /v1/auth/keys/devices: a new device's own split of the same keys (see @portico/protocol/auth). The
     * addresses must be the wallet's and each proof the key's signature of deviceSplitMessage; the split is
     * new, and the wallet has fewer than MAX_KEY_SPLITS. The caller checks the second factor.
     */
    async addDevice(caller: Caller, input: KeysDevice): ReturnType<typeof this.status> {
      if (ctx.custody !== 'shares') throw new AuthError(400, 'Key shares are not enabled on this server')
      const userId = caller.user.userId
      const recovery = {} as Record<KeyKind, string>
      const shares = {} as Record<KeyKind, Buffer>
      try {
        for (const kind of KINDS) {
          const text = JSON.stringify(input[kind].recovery)
          if (text.length > MAX_RECOVERY_CHARS) throw new AuthError(400, `${kind}.recovery is too long`)
          recovery[kind] = text
          shares[kind] = shareBytes(input[kind].authShare)
        }
        const { rows } = await db.query<{ kind: KeyKind; address: string }>(
          'SELECT kind, address FROM portico_auth.key_shares WHERE user_id = $1 AND split = $2',
          [userId, PRIMARY_SPLIT],
        )
        const addresses = {} as Record<KeyKind, string>
        for (const kind of KINDS) {
          const address = rows.find((r) => r.kind === kind)?.address
          if (address === undefined) throw new AuthError(404, KEYS_ERRORS.noShares)
          if (canonicalAddress(kind, input[kind].address) !== address) throw new AuthError(400, KEYS_ERRORS.addressMismatch)
          const message = deviceSplitMessage(userId, input.split, kind, input[kind].authShare)
          if (!(await provesKey(kind, address, message, input[kind].proof))) throw new AuthError(400, KEYS_ERRORS.badProof)
          addresses[kind] = address
        }
        await db.transaction(async (tx) => {
          // The user's row locked: two devices added at once are counted one after the other.
          await tx.query('SELECT id FROM portico_auth.users WHERE id = $1 FOR UPDATE', [userId])
          const splits = await tx.query<{ split: string }>('SELECT DISTINCT split FROM portico_auth.key_shares WHERE user_id = $1', [
            userId,
          ])
          if (splits.rows.some((r) => r.split === input.split)) throw conflict(KEYS_ERRORS.splitTaken)
          if (splits.rows.length >= MAX_KEY_SPLITS) throw conflict(KEYS_ERRORS.tooManySplits)
          for (const kind of KINDS) {
            await tx.query(
              'INSERT INTO portico_auth.key_shares (user_id, kind, split, address, auth_share, recovery) VALUES ($1, $2, $3, $4, $5, $6::jsonb)',
              [
                userId,
                kind,
                input.split,
                addresses[kind],
                seal(ctx.keyEncryption, shares[kind], authShareAad(userId, kind, addresses[kind], input.split)),
                recovery[kind],
              ],
            )
          }
        })
      } finally {
        for (const share of Object.values(shares)) share.fill(0)
      }
      return this.status(caller)
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
