/**
 * The names flow's wiring to the instance, in the lazy chunk with the flow: flows.ts only imports
 * this module (each closure written there would weigh on every app's first load).
 */
import type { FlowHost } from '../host'
import { createNames } from './names'

export function wireNames(host: FlowHost) {
  const chain = host.get('chain')
  return createNames({
    getSuggestions: (name) => host.api.profile.getSuggestions(name),
    // Without an API, an address has no name (nothing asked).
    getIdentity: (address) => (host.options.apiUrl ? host.api.account.getIdentity(address) : Promise.resolve({ name: null, avatar: null })),
    register: (body) => host.api.profile.register(body),
    account: () => ({ namespace: 'eip155', address: chain.getAccount('eip155')?.address, network: chain.getActiveNetwork('eip155') }),
    signMessage: (message) => host.get('wallet').signMessage(message, { namespace: 'eip155' }),
    onRegistered: (name) => chain.setAccount('eip155', { profileName: name }),
    timers: host.timers,
    router: host.get('router'),
  })
}
