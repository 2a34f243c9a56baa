/** Profile name and avatar of the connected EVM address (GET /v1/identity/{address}, cached 5 min). */
import type { ApiClient } from '../../api/client'
import type { Chain } from '../chain/chain'
import type { ChainNamespace } from '../types'

export function createIdentity(deps: { chain: Chain; api: ApiClient }) {
  /**
   * Sets profileName / profileImage of the namespace's account. Names exist for EVM only (SPEC §9);
   * failures clear nothing and resolve false.
   */
  async function fetchIdentity(namespace?: ChainNamespace): Promise<boolean> {
    const ns = namespace ?? deps.chain.$activeChain.get()
    const address = ns ? deps.chain.getAccount(ns)?.address : undefined
    if (ns !== 'eip155' || !address) return false
    try {
      const identity = await deps.api.account.getIdentity(address)
      if (deps.chain.getAccount(ns)?.address !== address) return false
      deps.chain.setAccount(ns, { profileName: identity.name, profileImage: identity.avatar })
      return true
    } catch {
      return false
    }
  }
  return { fetchIdentity }
}

export type IdentityFlow = ReturnType<typeof createIdentity>
