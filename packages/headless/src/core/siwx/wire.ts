/**
 * The SIWX flow's wiring to the instance, in its lazy chunk: createPortico imports this only when the
 * app passes `siwx` (an app without it carries one table entry).
 */
import { computed } from 'nanostores'
import { z } from 'zod/mini'
import { invalidOptionsError, PorticoError } from '../errors'
import type { FlowHost } from '../host'
import type { SiwxConfig, SiwxOption } from '../options/siwx'
import type { StorageLike } from '../storage/storage'
import { createPorticoSiwx } from './portico'
import { createSiwx } from './siwx'

/** The app's storage, else localStorage when usable, else none (memory). */
function rawStorage(given: StorageLike | undefined): StorageLike | undefined {
  if (given) return given
  try {
    return (globalThis as { localStorage?: StorageLike }).localStorage
  } catch {
    return undefined
  }
}

const fn = z.custom<(...args: never[]) => unknown>((v) => typeof v === 'function')
const flag = z.optional(z.boolean())
const behaviour = { required: flag, signInOnNetworkChange: flag, signOutOnDisconnect: flag, namespaces: z.optional(z.array(z.string())) }
/** The `siwx` option's shape: porticoSiwx()'s object, or an app's SiwxConfig. */
const optionSchema = z.union([
  z.looseObject({
    ...behaviour,
    kind: z.literal('portico'),
    statement: z.optional(z.string()),
    resources: z.optional(z.array(z.string())),
    expiresInMs: z.optional(z.number().check(z.positive())),
  }),
  z.looseObject({ ...behaviour, createMessage: fn, addSession: fn, getSessions: fn, revokeSession: fn, supportsAccount: z.optional(fn) }),
])

/** The config the flow talks to: the app's own, or the Portico API's. Throws 'Invalid Portico options: siwx…' on a wrong shape. */
export function siwxConfigOf(host: FlowHost, option: SiwxOption): SiwxConfig {
  if (!optionSchema.safeParse(option).success)
    throw new PorticoError(
      invalidOptionsError(['siwx: must be porticoSiwx() or a SiwxConfig (createMessage, addSession, getSessions, revokeSession)']),
    )
  if (!('kind' in option) || option.kind !== 'portico') return option as SiwxConfig
  const loc = (globalThis as { location?: { host: string; origin: string } }).location
  return createPorticoSiwx(option, {
    api: host.api.siwx,
    storage: rawStorage(host.options.storage),
    now: () => host.timers.now(),
    location: { host: loc?.host ?? 'localhost', origin: loc?.origin ?? 'http://localhost' },
  })
}

export function wireSiwx(host: FlowHost) {
  const option = host.options.siwx
  if (!option) throw new Error('SIWX is not configured (the siwx option)')
  const chain = host.get('chain')
  const modal = host.get('modal')
  const router = host.get('router')
  return createSiwx({
    config: siwxConfigOf(host, option),
    $account: computed(chain.$global, (g) => g.activeCaipAddress),
    isSupported: (id) => Boolean(chain.findNetwork(id)),
    signMessage: (message, namespace) => host.get('wallet').signMessage(message, { namespace }),
    $modalOpen: computed(modal.$modal, (m) => m.open),
    openPrompt: () => void modal.open({ view: 'SIWXSignMessage' }),
    closePrompt: () => {
      if (modal.$modal.get().open && router.$route.get().view === 'SIWXSignMessage') modal.close()
    },
    disconnect: () => host.get('connection').disconnect(),
    now: () => host.timers.now(),
  })
}
