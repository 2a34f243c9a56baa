import { useStore } from '@nanostores/react'
import { useEffect, useState } from 'react'
import { usePortico } from './usePortico'

export interface UseIdentityOptions {
  /** The EVM address to name. @default the connected EVM account */
  address?: string
}

export interface UseIdentityReturn {
  /** The address's name (a Portico name or ENS), or null. @default null */
  name: string | null
  /** Its avatar URL, or null. @default null */
  avatar: string | null
  /** The lookup of `address` is under way. @default false */
  loading: boolean
  /**
   * Without `address`: the active account may choose a name (SPEC §1/§4: names are EVM only) — it
   * is a connected EVM account without one, in an instance with an API. Always false with `address`. @default false
   */
  canChooseName: boolean
}

/**
 * The name and avatar of an EVM address (SPEC §7 /v1/identity, cached 5 min). Without `address`:
 * the connected account's, as the account state holds them (no request).
 */
export function useIdentity(options: UseIdentityOptions = {}): UseIdentityReturn {
  const portico = usePortico()
  const chains = useStore(portico.chain.$chains)
  const active = useStore(portico.chain.$activeChain)
  const own = chains.eip155?.accountState
  const address = options.address
  const [found, setFound] = useState<{ address: string; name: string | null; avatar: string | null } | undefined>()
  useEffect(() => {
    if (!address) return
    let live = true
    void portico
      .load('names')
      .then((names) => names.identityOf(address))
      .then((identity) => {
        if (live) setFound({ address, ...identity })
      })
    return () => {
      live = false
    }
  }, [portico, address])
  if (!address) {
    const canChooseName =
      Boolean(portico.options.apiUrl) && active === 'eip155' && own?.status === 'connected' && Boolean(own.address) && !own.profileName
    return { name: own?.profileName ?? null, avatar: own?.profileImage ?? null, loading: false, canChooseName }
  }
  const current = found?.address === address ? found : undefined
  return { name: current?.name ?? null, avatar: current?.avatar ?? null, loading: current === undefined, canChooseName: false }
}
