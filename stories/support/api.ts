// A fixture fetch for the headless API client: answers the Portico API paths the views touch from
// fixed data and refuses everything else. Nothing leaves the page.
import { networkImage } from './images'

export type FixtureToken = { name: string; symbol: string; address?: string; numeric: string; decimals: string; price: number; iconUrl: string }

export const TOKENS: FixtureToken[] = [
  { name: 'Ether', symbol: 'ETH', numeric: '12.3456789', decimals: '18', price: 3120.5, iconUrl: networkImage('#627eea', 'Ξ') },
  { name: 'USD Coin', symbol: 'USDC', address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', numeric: '1520.75', decimals: '6', price: 1, iconUrl: networkImage('#2775ca', '$') },
  { name: 'Portico Token', symbol: 'PTK', address: '0x5FbDB2315678afecb367f032d93F642f64180aa3', numeric: '42', decimals: '18', price: 0.85, iconUrl: networkImage('#0f766e', 'P') },
]

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

export function fixtureFetch(opts: { tokens?: FixtureToken[]; balanceStatus?: number } = {}): typeof fetch {
  return async (input) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url)
    const balance = /\/v1\/account\/([^/]+)\/balance$/.exec(url.pathname)
    if (balance) {
      if (opts.balanceStatus && opts.balanceStatus !== 200) return json(opts.balanceStatus, { error: 'fixture' })
      const chainId = url.searchParams.get('chainId') ?? 'eip155:1'
      const balances = (opts.tokens ?? TOKENS).map((t) => ({
        name: t.name,
        symbol: t.symbol,
        chainId,
        ...(t.address ? { address: `${chainId}:${t.address}` } : {}),
        value: Math.round(Number(t.numeric) * t.price * 100) / 100,
        price: t.price,
        iconUrl: t.iconUrl,
        quantity: { decimals: t.decimals, numeric: t.numeric },
      }))
      return json(200, { balances })
    }
    throw new TypeError(`Storybook fixtures make no network requests (${url.pathname})`)
  }
}
