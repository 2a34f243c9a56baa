import type { Address } from 'viem'
import { createNamesRepository } from '../db/names.ts'
import type { Database } from '../db/types.ts'

/** A name and avatar for an address, null when it has none. */
export type Identity = { name: string | null; avatar: string | null }

/** Resolves an address to its name and avatar. */
export interface IdentityProvider {
  getIdentity(address: Address): Promise<Identity>
}

/** Identity from the names registered in the database: the oldest name pointing at the address. */
export function createNamesIdentityProvider(db: Database): IdentityProvider {
  const names = createNamesRepository(db)
  return {
    async getIdentity(address) {
      const [primary] = await names.findByAddress(address)
      return { name: primary?.name ?? null, avatar: primary?.attributes['avatar'] ?? null }
    },
  }
}
