import type { Database } from '../db/types.ts'

/**
 * Run `fn` (which picks an account's next nonce and hands the signed transaction to the node) alone
 * for that account and chain: concurrent sends from one account line up, each taking the node's
 * `pending` nonce once the one before is in its pool. The node refuses nothing as "nonce too low".
 * `fn` must not use the database (on a single-connection database it would wait on itself).
 */
export type SendLock = <T>(chainId: number, address: string, fn: () => Promise<T>) => Promise<T>

/**
 * The lock is a Postgres transaction-level advisory lock on (chain, account), so it holds across
 * every API instance on the database, and is let go when the send ends, whatever happens (the
 * transaction ends; a crashed instance's connection closes).
 */
export function accountSendLock(db: Database): SendLock {
  return (chainId, address, fn) =>
    db.transaction(async (tx) => {
      await tx.query("SELECT pg_advisory_xact_lock(hashtext('portico_auth.account_send'), hashtext($1))", [
        `${chainId}:${address.toLowerCase()}`,
      ])
      return fn()
    })
}

/** No lock (a context without a database). */
export const noSendLock: SendLock = (_chainId, _address, fn) => fn()
