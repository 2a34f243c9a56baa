/**
 * A request's client address, for the per-IP limits (issue 24 §2). Behind a load balancer the
 * socket's address is the balancer's, so the address comes from `X-Forwarded-For`, and only through
 * proxies the operator names: anyone can send that header, so an entry counts only when a trusted
 * proxy appended it.
 *
 * - `'direct'`: the server faces its clients; the socket's address is the client's.
 * - `{ trustedProxies }`: addresses and CIDRs (IPv4 or IPv6) of the proxies in front. The client is
 *   the right-most `X-Forwarded-For` entry that is not a trusted proxy, walking left from the
 *   socket's address while the hop is trusted. A request that does not come from a trusted proxy is
 *   its own client.
 * - unset: the server cannot tell; per-IP limits are off (startServer says so).
 */
import { BlockList, isIP } from 'node:net'
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'
import { z } from 'zod'

export type ClientAddressConfig = 'direct' | { trustedProxies: string[] }

const ADDRESS_OR_CIDR = 'clientAddress.trustedProxies must be IP addresses or CIDRs such as 10.0.0.0/8 or fd00::/8'

function cidrParts(entry: string): { address: string; prefix: number; family: 'ipv4' | 'ipv6' } | undefined {
  const [address = '', prefixText, extra] = entry.trim().split('/')
  const version = isIP(address)
  if (version === 0 || extra !== undefined) return undefined
  const max = version === 4 ? 32 : 128
  const prefix = prefixText === undefined ? max : Number(prefixText)
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > max || (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)))
    return undefined
  return { address, prefix, family: version === 4 ? 'ipv4' : 'ipv6' }
}

export const clientAddressConfigSchema = z.union([
  z.literal('direct'),
  z.object({
    trustedProxies: z
      .array(z.string().refine((entry) => cidrParts(entry) !== undefined, { error: ADDRESS_OR_CIDR }))
      .min(1, { error: 'clientAddress.trustedProxies must name at least one proxy' })
      .max(1_000),
  }),
])

/** `::ffff:10.0.0.1` → `10.0.0.1`: Node reports IPv4 clients of a dual-stack socket that way. */
const plain = (address: string) => (/^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(address) ? address.slice(7) : address)

/** The socket's remote address, when the request came through Node's HTTP server. */
export function socketAddress(c: Context): string | undefined {
  try {
    const address = getConnInfo(c).remote.address
    return address ? plain(address) : undefined
  } catch {
    return undefined
  }
}

/**
 * The resolver for `config` (validated; throws on a bad one). `socket` reads the connection's
 * address (tests that call app.request() pass their own).
 */
export function clientAddressResolver(
  config: ClientAddressConfig | undefined,
  socket: (c: Context) => string | undefined = socketAddress,
): (c: Context) => string | undefined {
  if (config === undefined) return () => undefined
  const checked = clientAddressConfigSchema.parse(config)
  if (checked === 'direct') return socket
  const trusted = new BlockList()
  for (const entry of checked.trustedProxies) {
    const { address, prefix, family } = cidrParts(entry) as NonNullable<ReturnType<typeof cidrParts>>
    trusted.addSubnet(address, prefix, family)
  }
  const isTrusted = (address: string) => {
    const version = isIP(address)
    return version !== 0 && trusted.check(address, version === 4 ? 'ipv4' : 'ipv6')
  }
  return (c) => {
    const peer = socket(c)
    if (peer === undefined || !isTrusted(peer)) return peer
    const hops = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((hop) => plain(hop.trim()))
      .filter((hop) => hop !== '')
    let client = peer
    for (let i = hops.length - 1; i >= 0; i--) {
      const hop = hops[i] as string
      // A malformed entry that a trusted proxy passed on: the last trusted hop is all that is known.
      if (isIP(hop) === 0) return undefined
      client = hop
      if (!isTrusted(hop)) return hop
    }
    return client
  }
}
