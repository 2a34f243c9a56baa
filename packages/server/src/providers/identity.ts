import type { Address } from 'viem'
import { createNamesRepository } from '../db/names.ts'
import type { Database } from '../db/types.ts'
import type { ChainConfig } from '../config.ts'
import type { EnsChain, EnsProvider } from './ens.ts'

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
      return { name: primary?.name ?? null, avatar: primary?.attributes.avatar ?? null }
    },
  }
}

/**
 * The identity the API answers: a Portico name first (`names`), otherwise the ENS primary name of
 * the address on the first chain (in config order) with an ENS deployment that has one, with its
 * avatar. ENS answers are cached by the EnsProvider (5 min). When no chain names the address and
 * one could not be asked, its ChainRpcError is thrown (502), rather than answering "no name".
 */
export function createIdentityProvider(options: {
  names: IdentityProvider
  ens: EnsProvider
  chains: readonly ChainConfig[]
}): IdentityProvider {
  const ensChains = options.chains.filter((chain): chain is EnsChain => chain.ens !== undefined)
  return {
    async getIdentity(address) {
      const portico = await options.names.getIdentity(address)
      if (portico.name !== null || ensChains.length === 0) return portico
      const answers = await Promise.allSettled(ensChains.map((chain) => options.ens.getName(chain, address)))
      for (const answer of answers) {
        if (answer.status === 'fulfilled' && answer.value !== null) return { name: answer.value.name, avatar: answer.value.avatar }
      }
      const failed = answers.find((answer) => answer.status === 'rejected')
      if (failed) throw failed.reason
      return portico
    },
  }
}
