import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { isCaipNetworkId } from '../core/format/caip'
import { resolveOptions } from '../core/options/options'
import type { CaipNetwork } from '../core/types'
import * as presets from './index'

const all = Object.entries(presets) as [string, CaipNetwork][]
const byName = presets as Record<string, CaipNetwork>

// Known values: chain ids from each chain's own documentation (chainlist), CAIP-2 references from
// the CAIP namespaces (genesis hashes for Solana, bip122 and Polkadot).
const KNOWN: [name: string, id: number | string, caipNetworkId: string, symbol: string, decimals: number][] = [
  ['mainnet', 1, 'eip155:1', 'ETH', 18],
  ['base', 8453, 'eip155:8453', 'ETH', 18],
  ['arbitrum', 42161, 'eip155:42161', 'ETH', 18],
  ['optimism', 10, 'eip155:10', 'ETH', 18],
  ['polygon', 137, 'eip155:137', 'POL', 18],
  ['bsc', 56, 'eip155:56', 'BNB', 18],
  ['avalanche', 43114, 'eip155:43114', 'AVAX', 18],
  ['gnosis', 100, 'eip155:100', 'XDAI', 18],
  ['zksync', 324, 'eip155:324', 'ETH', 18],
  ['linea', 59144, 'eip155:59144', 'ETH', 18],
  ['scroll', 534352, 'eip155:534352', 'ETH', 18],
  ['celo', 42220, 'eip155:42220', 'CELO', 18],
  ['mantle', 5000, 'eip155:5000', 'MNT', 18],
  ['blast', 81457, 'eip155:81457', 'ETH', 18],
  ['zora', 7777777, 'eip155:7777777', 'ETH', 18],
  ['sonic', 146, 'eip155:146', 'S', 18],
  ['fantom', 250, 'eip155:250', 'FTM', 18],
  ['moonbeam', 1284, 'eip155:1284', 'GLMR', 18],
  ['aurora', 1313161554, 'eip155:1313161554', 'ETH', 18],
  ['polygonZkEvm', 1101, 'eip155:1101', 'ETH', 18],
  ['sepolia', 11155111, 'eip155:11155111', 'ETH', 18],
  ['baseSepolia', 84532, 'eip155:84532', 'ETH', 18],
  ['arbitrumSepolia', 421614, 'eip155:421614', 'ETH', 18],
  ['optimismSepolia', 11155420, 'eip155:11155420', 'ETH', 18],
  ['solana', '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'SOL', 9],
  ['solanaDevnet', 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1', 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', 'SOL', 9],
  ['solanaTestnet', '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z', 'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z', 'SOL', 9],
  ['bitcoin', '000000000019d6689c085ae165831e93', 'bip122:000000000019d6689c085ae165831e93', 'BTC', 8],
  ['polkadot', '91b171bb158e2d3848fa23a9f1c25182', 'polkadot:91b171bb158e2d3848fa23a9f1c25182', 'DOT', 10],
  ['cosmoshub', 'cosmoshub-4', 'cosmos:cosmoshub-4', 'ATOM', 6],
  ['sui', 'mainnet', 'sui:mainnet', 'SUI', 9],
  ['stacks', '1', 'stacks:1', 'STX', 6],
]

const TESTNETS = ['sepolia', 'baseSepolia', 'arbitrumSepolia', 'optimismSepolia', 'solanaDevnet', 'solanaTestnet']
/** The presets documented (module doc, docs/networks.md) as having no public RPC URL. */
const NO_PUBLIC_RPC = ['bitcoin', 'cosmoshub']

describe('network presets (@portico/headless/networks)', () => {
  it.each(KNOWN)('%s: id %j, CAIP-2 %s, native %s (%i decimals)', (name, id, caipNetworkId, symbol, decimals) => {
    const n = byName[name]!
    expect(n).toBeDefined()
    expect(n.id).toBe(id)
    expect(n.caipNetworkId).toBe(caipNetworkId)
    expect(n.chainNamespace).toBe(caipNetworkId.split(':')[0])
    expect(n.nativeCurrency).toMatchObject({ symbol, decimals })
    expect(n.testnet ?? false).toBe(TESTNETS.includes(name))
  })

  it('has exactly the presets of the table: 24 EVM chains, 3 Solana clusters, one mainnet of each other family', () => {
    expect(all.map(([name]) => name).sort()).toEqual(KNOWN.map(([name]) => name).sort())
    const count = (ns: string) => all.filter(([, n]) => n.chainNamespace === ns).length
    expect([count('eip155'), count('solana'), count('bip122'), count('polkadot'), count('cosmos'), count('sui'), count('stacks')]).toEqual([
      24, 3, 1, 1, 1, 1, 1,
    ])
    expect(new Set(all.map(([, n]) => n.caipNetworkId)).size).toBe(all.length)
  })

  it.each(all)('%s is complete: CAIP-2 id from its id, https RPC and explorer URLs, a logo id', (name, n) => {
    expect(isCaipNetworkId(n.caipNetworkId)).toBe(true)
    expect(n.caipNetworkId).toBe(`${n.chainNamespace}:${n.id}`)
    expect(typeof n.id).toBe(n.chainNamespace === 'eip155' ? 'number' : 'string')
    expect(n.name.trim()).not.toBe('')
    expect(n.nativeCurrency.name.trim()).not.toBe('')
    expect(Number.isInteger(n.nativeCurrency.decimals)).toBe(true)
    for (const url of n.rpcUrls.default.http) expect(new URL(url).protocol).toBe('https:')
    for (const url of n.rpcUrls.default.webSocket ?? []) expect(new URL(url).protocol).toBe('wss:')
    expect(n.rpcUrls.default.http.length === 0).toBe(NO_PUBLIC_RPC.includes(name))
    expect(new URL(n.blockExplorers!.default.url).protocol).toBe('https:')
    expect(n.blockExplorers!.default.url).not.toMatch(/\/$/)
    expect(n.assets?.imageId).toMatch(/^[a-z0-9-]{1,32}$/)
    expect(n.assets?.imageUrl).toBeUndefined()
  })

  it('testnets share their mainnet logo', () => {
    expect(
      [
        presets.sepolia,
        presets.baseSepolia,
        presets.arbitrumSepolia,
        presets.optimismSepolia,
        presets.solanaDevnet,
        presets.solanaTestnet,
      ].map((n) => n.assets?.imageId),
    ).toEqual(['ethereum', 'base', 'arbitrum', 'optimism', 'solana', 'solana'])
  })

  it('createPortico accepts every preset, the first as the default network', () => {
    const resolved = resolveOptions({ projectId: 'p', apiUrl: 'https://api.portico.dev', networks: all.map(([, n]) => n) })
    expect(resolved.networks).toHaveLength(32)
    // mainnet, its reads through the Portico RPC proxy (options.test.ts has the rule)
    expect(resolved.defaultNetwork).toEqual({
      ...presets.mainnet,
      rpcUrls: { ...presets.mainnet.rpcUrls, default: { http: ['https://api.portico.dev/v1/?chainId=eip155:1&projectId=p'] } },
    })
  })

  it('the eip155 and solana presets carry their public endpoints as `public`, the same object as `default`', () => {
    for (const [name, n] of all) {
      if (n.chainNamespace === 'eip155' || n.chainNamespace === 'solana') expect(n.rpcUrls.public, name).toBe(n.rpcUrls.default)
      else expect(n.rpcUrls.public, name).toBeUndefined()
    }
  })

  it('one module per preset, each exporting the preset of its file name, all re-exported by index.ts', () => {
    const dir = import.meta.dirname
    const modules = readdirSync(dir).filter((f) => f.endsWith('.ts') && f !== 'index.ts' && !f.endsWith('.test.ts'))
    expect(modules.map((f) => f.replace(/\.ts$/, '')).sort()).toEqual(all.map(([name]) => name).sort())
    for (const file of modules) {
      const source = readFileSync(path.join(dir, file), 'utf8')
      const name = file.replace(/\.ts$/, '')
      // Nothing but its own object: no import of another preset, no code that would keep one alive.
      expect(source.match(/^import .*$/gm)).toEqual(["import type { CaipNetwork } from '../core/types'"])
      expect(source.match(/^export .*$/gm)).toEqual([`export const ${name}: CaipNetwork = {`])
    }
  })

  it('the module doc names every preset without a public RPC URL', () => {
    const doc = readFileSync(path.join(import.meta.dirname, 'index.ts'), 'utf8')
    for (const name of NO_PUBLIC_RPC) expect(doc).toMatch(new RegExp(`- \`${name}\`: `))
  })
})
