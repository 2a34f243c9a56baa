import { address, type Address, type Signature, signature } from '@solana/kit'
import type { SolanaChainConfig } from '../config.ts'
import { ChainRpcError } from '../errors.ts'
import { solanaRpcCache } from './solana-balances.ts'

/** One movement of value for the owner: SOL (mint null, lamports) or an SPL token (base units). */
export type SolanaTransfer = {
  direction: 'in' | 'out'
  /** null for SOL. */
  mint: string | null
  amount: bigint
  decimals: number
  /** The other side: the receiver of an outgoing transfer, the sender of an incoming one (token owners, not token accounts). */
  counterparty: string | undefined
}

/** One transaction touching the owner, as the history route lists it. */
export type SolanaHistoryTx = {
  signature: string
  slot: bigint
  /** Seconds; null when the node does not know it. */
  blockTime: number | null
  failed: boolean
  /** The fee payer (first signer). */
  feePayer: string
  /** The first instruction's program: the "to" of a transaction that moved nothing for the owner. */
  program: string | undefined
  transfers: SolanaTransfer[]
}

/** `next`: the signature the following page starts before, or null at the end. */
export type SolanaHistoryPage = { transactions: SolanaHistoryTx[]; next: string | null }

/**
 * Reads a Solana account's transaction history from the chain's JSON-RPC, on demand. `owner` has
 * been validated (base58 of 32 bytes), `before` is a base58 signature. A failure of the chain is a
 * ChainRpcError (502).
 */
export interface SolanaHistoryProvider {
  getHistory(chain: SolanaChainConfig, owner: Address, page: { before?: string; limit: number }): Promise<SolanaHistoryPage>
}

type TokenBalance = {
  accountIndex: number
  mint: string
  owner?: string
  uiTokenAmount: { amount: string; decimals: number }
}

/** The fields of getTransaction (json encoding) this reads. */
export type SolanaTransactionJson = {
  slot: bigint
  blockTime: bigint | number | null
  meta: {
    err: unknown
    fee: bigint | number
    preBalances: readonly (bigint | number)[]
    postBalances: readonly (bigint | number)[]
    preTokenBalances?: readonly TokenBalance[] | null
    postTokenBalances?: readonly TokenBalance[] | null
    loadedAddresses?: { writable: readonly string[]; readonly: readonly string[] } | null
  } | null
  transaction: {
    message: { accountKeys: readonly string[]; instructions: readonly { programIdIndex: number }[] }
  }
}

/**
 * What `owner` sent and received in `tx`, from the balance changes the node reports: SOL from
 * pre/postBalances (the fee added back when the owner paid it; lamports that only funded new token
 * accounts are rent, not a transfer), SPL tokens from pre/postTokenBalances summed per mint over the
 * owner's token accounts. A failed transaction moved nothing.
 */
export function ownerTransfers(owner: string, tx: SolanaTransactionJson): SolanaTransfer[] {
  const meta = tx.meta
  if (meta === null || meta.err !== null) return []
  const keys = [...tx.transaction.message.accountKeys, ...(meta.loadedAddresses?.writable ?? []), ...(meta.loadedAddresses?.readonly ?? [])]
  const pre = meta.preTokenBalances ?? []
  const post = meta.postTokenBalances ?? []
  const tokenAccounts = new Set([...pre, ...post].map((b) => b.accountIndex))
  const transfers: SolanaTransfer[] = []

  const lamportDelta = (i: number) => BigInt(meta.postBalances[i] ?? 0) - BigInt(meta.preBalances[i] ?? 0)
  const me = keys.indexOf(owner)
  if (me >= 0) {
    let delta = lamportDelta(me) + (me === 0 ? BigInt(meta.fee) : 0n)
    let counterparty: { key: string; delta: bigint } | undefined
    let rent = 0n
    keys.forEach((key, i) => {
      if (i === me) return
      const d = lamportDelta(i)
      if (delta < 0n && d > 0n && tokenAccounts.has(i)) rent += d
      else if (delta < 0n ? d > (counterparty?.delta ?? 0n) : d < (counterparty?.delta ?? 0n)) counterparty = { key, delta: d }
    })
    if (delta < 0n) delta += rent
    if (delta !== 0n) {
      transfers.push({
        direction: delta < 0n ? 'out' : 'in',
        mint: null,
        amount: delta < 0n ? -delta : delta,
        decimals: 9,
        counterparty: counterparty?.key,
      })
    }
  }

  // Per mint: the owner's change and the other owners' changes.
  const byMint = new Map<string, { decimals: number; changes: Map<string, bigint> }>()
  const add = (b: TokenBalance, sign: 1n | -1n) => {
    if (b.owner === undefined) return
    let entry = byMint.get(b.mint)
    if (entry === undefined) {
      entry = { decimals: b.uiTokenAmount.decimals, changes: new Map() }
      byMint.set(b.mint, entry)
    }
    entry.changes.set(b.owner, (entry.changes.get(b.owner) ?? 0n) + sign * BigInt(b.uiTokenAmount.amount))
  }
  for (const b of pre) add(b, -1n)
  for (const b of post) add(b, 1n)
  for (const [mint, { decimals, changes }] of byMint) {
    const delta = changes.get(owner) ?? 0n
    if (delta === 0n) continue
    let counterparty: { key: string; delta: bigint } | undefined
    for (const [other, d] of changes) {
      if (other === owner) continue
      if (delta < 0n ? d > (counterparty?.delta ?? 0n) : d < (counterparty?.delta ?? 0n)) counterparty = { key: other, delta: d }
    }
    transfers.push({
      direction: delta < 0n ? 'out' : 'in',
      mint,
      amount: delta < 0n ? -delta : delta,
      decimals,
      counterparty: counterparty?.key,
    })
  }
  return transfers
}

/**
 * History read with @solana/kit: getSignaturesForAddress of the owner and of its token accounts of
 * the configured mints (incoming SPL transfers name only the token account), merged newest first,
 * then getTransaction of each listed signature, at 'confirmed'.
 */
export function createSolanaHistoryProvider(): SolanaHistoryProvider {
  const rpcFor = solanaRpcCache()
  return {
    async getHistory(chain, owner, page) {
      const rpc = rpcFor(chain)
      try {
        const tokenAccounts = await Promise.all(
          chain.tokens.map((token) =>
            rpc.getTokenAccountsByOwner(owner, { mint: address(token.mint) }, { encoding: 'base64', commitment: 'confirmed' }).send(),
          ),
        )
        const addresses = [owner, ...tokenAccounts.flatMap((r) => r.value.map((a) => a.pubkey))]
        const before = page.before === undefined ? {} : { before: signature(page.before) }
        const lists = await Promise.all(
          addresses.map((a) => rpc.getSignaturesForAddress(a, { ...before, limit: page.limit + 1, commitment: 'confirmed' }).send()),
        )
        const seen = new Map<string, { signature: Signature; slot: bigint; order: number }>()
        let order = 0
        for (const list of lists) {
          for (const s of list) if (!seen.has(s.signature)) seen.set(s.signature, { signature: s.signature, slot: s.slot, order: order++ })
        }
        // Newest first: by slot, then as the node listed them.
        const merged = [...seen.values()].sort((a, b) => (a.slot === b.slot ? a.order - b.order : a.slot > b.slot ? -1 : 1))
        const listed = merged.slice(0, page.limit)
        const txs = await Promise.all(
          listed.map((s) =>
            rpc.getTransaction(s.signature, { encoding: 'json', maxSupportedTransactionVersion: 0, commitment: 'confirmed' }).send(),
          ),
        )
        const transactions: SolanaHistoryTx[] = []
        txs.forEach((raw, i) => {
          const s = listed[i]
          if (raw === null || s === undefined) return
          const tx = raw as unknown as SolanaTransactionJson
          const keys = tx.transaction.message.accountKeys
          const first = tx.transaction.message.instructions[0]
          transactions.push({
            signature: s.signature,
            slot: tx.slot,
            blockTime: tx.blockTime === null ? null : Number(tx.blockTime),
            failed: tx.meta?.err != null,
            feePayer: keys[0] ?? owner,
            program: first === undefined ? undefined : keys[first.programIdIndex],
            transfers: ownerTransfers(owner, tx),
          })
        })
        return { transactions, next: merged.length > page.limit ? (listed[listed.length - 1]?.signature ?? null) : null }
      } catch (cause) {
        throw new ChainRpcError(chain.caipNetworkId, cause)
      }
    },
  }
}
