import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { type ClientAddressConfig, clientAddressResolver } from './client-address.ts'

/** What the resolver says for a request from `peer` (the socket) with these X-Forwarded-For values. */
async function resolve(config: ClientAddressConfig | undefined, peer: string | undefined, forwardedFor?: string) {
  const resolver = clientAddressResolver(config, (c) => c.req.header('x-test-peer'))
  const app = new Hono().get('/', (c) => c.json({ ip: resolver(c) ?? null }))
  const headers: Record<string, string> = {}
  if (peer !== undefined) headers['x-test-peer'] = peer
  if (forwardedFor !== undefined) headers['x-forwarded-for'] = forwardedFor
  const res = await app.request('/', { headers })
  return ((await res.json()) as { ip: string | null }).ip
}

const behind = { trustedProxies: ['10.0.0.0/8', '127.0.0.1', 'fd00::/8'] }

describe('the client address', () => {
  it.each([
    ['unset: unknown, whatever the headers', undefined, '203.0.113.9', '198.51.100.1', null],
    [
      "'direct': the socket's address; X-Forwarded-For is anyone's to send, so it is ignored",
      'direct',
      '203.0.113.9',
      '198.51.100.1',
      '203.0.113.9',
    ],
    ['behind a trusted balancer: the entry it appended', behind, '10.0.0.2', '198.51.100.1', '198.51.100.1'],
    ['a spoofed entry left of the real one is never reached', behind, '10.0.0.2', '6.6.6.6, 198.51.100.1', '198.51.100.1'],
    ['two trusted hops (balancer, then an internal proxy)', behind, '127.0.0.1', '198.51.100.1, 10.1.2.3', '198.51.100.1'],
    [
      'a request straight from a client, not through the proxies: its socket, its header ignored',
      behind,
      '203.0.113.9',
      '1.1.1.1',
      '203.0.113.9',
    ],
    ['from a trusted proxy with no header: the proxy itself', behind, '10.0.0.2', undefined, '10.0.0.2'],
    ['IPv6 proxy and client', behind, 'fd00::1', '2001:db8::7', '2001:db8::7'],
    ['an IPv4-mapped IPv6 socket address counts as IPv4', behind, '::ffff:10.0.0.2', '198.51.100.1', '198.51.100.1'],
    ['a malformed hop appended through trusted proxies: unknown', behind, '10.0.0.2', 'not-an-ip', null],
  ] as const)('%s', async (_name, config, peer, forwardedFor, expected) => {
    expect(await resolve(config as ClientAddressConfig | undefined, peer, forwardedFor)).toBe(expected)
  })

  it.each([
    [{ trustedProxies: [] }, 'clientAddress.trustedProxies must name at least one proxy'],
    [{ trustedProxies: ['10.0.0.0/33'] }, 'clientAddress.trustedProxies must be IP addresses or CIDRs'],
    [{ trustedProxies: ['proxy.internal'] }, 'clientAddress.trustedProxies must be IP addresses or CIDRs'],
  ])('a bad config is refused: %j', (config, message) => {
    expect(() => clientAddressResolver(config)).toThrow(message)
  })
})
