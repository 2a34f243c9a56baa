// Server rendering: @portico/wagmi is imported and a config made in Node, where neither window nor
// document exists (an unguarded access would throw a ReferenceError here). No request is made.
import { createPortico } from '@portico/headless'
import { describe, expect, it } from 'vitest'

describe('@portico/wagmi without a browser', () => {
  it('imports, makes an ssr config and answers from Portico state, with no window, document or request', async () => {
    expect(typeof window).toBe('undefined')
    expect(typeof document).toBe('undefined')
    const requests: string[] = []
    const { createPorticoWagmiConfig } = await import('./index')
    const portico = createPortico({
      projectId: 'ssr',
      networks: [
        {
          id: 8453,
          caipNetworkId: 'eip155:8453',
          chainNamespace: 'eip155',
          name: 'Base',
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          rpcUrls: { default: { http: ['http://127.0.0.1:9'] } },
        },
      ],
      fetch: async (url) => {
        requests.push(String(url))
        return new Response('{}', { status: 500 })
      },
    })
    const config = createPorticoWagmiConfig({ portico, ssr: true })
    expect(config.chains.map((c) => [c.id, c.name])).toEqual([[8453, 'Base']])
    expect(config.state).toMatchObject({ status: 'disconnected', chainId: 8453, current: null })
    const provider = portico.getProvider('eip155')
    expect(await config.connectors[0]!.getProvider()).toBe(provider)
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x2105')
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
    expect(requests).toEqual([])
  })
})
