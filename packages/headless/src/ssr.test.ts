// A Node import of '@portico/headless' and '@portico/headless/react' touches no window/document,
// and an instance can be created and used on the server.
import { describe, expect, it } from 'vitest'

describe('SSR safety', () => {
  it('the node environment has neither window nor document', () => {
    expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined')
    expect(typeof (globalThis as { document?: unknown }).document).toBe('undefined')
  })

  it('imports both entry points and creates an instance without browser globals', async () => {
    const headless = await import('@portico/headless')
    const react = await import('@portico/headless/react')
    expect(typeof headless.createPortico).toBe('function')
    expect(typeof react.useAccount).toBe('function')
    const portico = headless.createPortico({
      projectId: 'ssr',
      networks: [
        {
          id: 1,
          caipNetworkId: 'eip155:1',
          chainNamespace: 'eip155',
          name: 'Ethereum',
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
        },
      ],
    })
    await portico.modal.open()
    expect(portico.router.$route.get().view).toBe('ConnectingWalletConnectBasic')
    portico.storage.set('connectedEmail', 'a@b.co')
    expect(portico.storage.get('connectedEmail')).toBe('a@b.co')
  })
})
