// "When the app gives no RPC URL, networks default to the Portico RPC proxy; an app's custom RPC URLs
// always win" (issue 15; AppKit #3056/#2910 are the bug class), end to end: createPortico resolves the
// networks, the EVM and Solana adapters read balances through what it resolved, and each read is seen
// where it should land — the real API's RPC proxy (POST /v1/?chainId=…&projectId=…, forwarding to a
// counting pass-through in front of anvil / the devnet Solana RPC) or the app's own node (another
// counting pass-through). Everything on 127.0.0.1.
import http from 'node:http'
import { evmAdapter } from '@portico/evm'
import { createPortico, type CaipNetwork } from '@portico/headless'
import { base, mainnet, solana as solanaPreset } from '@portico/headless/networks'
import { getFreePort, startAnvil, startSolanaRpc, type AnvilInstance, type SolanaRpcServer } from '@portico/devnet'
import { startServer, type RunningServer } from '@portico/server'
import { solanaAdapter } from '@portico/solana'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

/** A JSON-RPC pass-through to `target` that records the path asked and the methods. */
async function passThrough(target: () => string) {
  const seen: { path: string; method: string }[] = []
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', async () => {
      const body = Buffer.concat(chunks).toString()
      seen.push({ path: req.url ?? '', method: (JSON.parse(body) as { method: string }).method })
      const upstream = await fetch(target(), { method: 'POST', headers: { 'content-type': 'application/json' }, body })
      res.writeHead(upstream.status, { 'content-type': 'application/json', 'access-control-allow-origin': '*' }).end(await upstream.text())
    })
  })
  const port = await getFreePort()
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${port}/`, seen, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

let anvil: AnvilInstance
let sol: SolanaRpcServer
let api: RunningServer
/** What the API's proxy forwards to, per chain. */
let proxiedEvm: Awaited<ReturnType<typeof passThrough>>
let proxiedSolana: Awaited<ReturnType<typeof passThrough>>
/** The app's own node. */
let appNode: Awaited<ReturnType<typeof passThrough>>

beforeAll(async () => {
  ;[anvil, sol] = await Promise.all([startAnvil({ chainId: 31337 }), startSolanaRpc()])
  ;[proxiedEvm, proxiedSolana, appNode] = await Promise.all([
    passThrough(() => anvil.rpcUrl),
    passThrough(() => sol.rpcUrl),
    passThrough(() => anvil.rpcUrl),
  ])
  api = await startServer({
    chains: [],
    indexer: { enabled: false },
    // The API proxies mainnet, Base and Solana mainnet to the local chains.
    rpcProxy: {
      upstreams: { 'eip155:1': [proxiedEvm.url], 'eip155:8453': [proxiedEvm.url], [solanaPreset.caipNetworkId]: [proxiedSolana.url] },
    },
  })
})

afterAll(async () => {
  await api?.stop()
  await Promise.all([anvil?.stop(), sol?.stop(), proxiedEvm?.close(), proxiedSolana?.close(), appNode?.close()])
})

describe('which RPC URL each network reads through', () => {
  type Row = [label: string, network: () => CaipNetwork, address: () => string, lands: 'proxy (evm)' | 'proxy (solana)' | 'app node']
  const ROWS: Row[] = [
    ['Base preset, as imported', () => base, () => ADDRESS, 'proxy (evm)'],
    ['Solana preset, as imported', () => solanaPreset, () => sol.authority, 'proxy (solana)'],
    [
      'Ethereum preset with the app’s own rpcUrls',
      () => ({ ...mainnet, rpcUrls: { default: { http: [appNode.url] } } }),
      () => ADDRESS,
      'app node',
    ],
    [
      'the app’s own network (a local chain, as the demo passes)',
      () => ({
        id: 31337,
        caipNetworkId: 'eip155:31337',
        chainNamespace: 'eip155',
        name: 'Local',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [appNode.url] } },
      }),
      () => ADDRESS,
      'app node',
    ],
  ]

  it.each(ROWS)('%s → %s', async (_label, network, address, lands) => {
    const portico = createPortico({ projectId: 'p1', apiUrl: api.url, networks: [network()] })
    const resolved = portico.options.networks[0]!
    const adapter = resolved.chainNamespace === 'solana' ? solanaAdapter() : evmAdapter()
    const counts = () => [proxiedEvm.seen.length, proxiedSolana.seen.length, appNode.seen.length]
    const before = counts()
    const { balance } = await adapter.getBalance({ address: address(), network: resolved })
    const delta = counts().map((n, i) => n - before[i]!)
    expect(Number(balance)).toBeGreaterThan(0)
    expect(delta).toEqual(lands === 'proxy (evm)' ? [1, 0, 0] : lands === 'proxy (solana)' ? [0, 1, 0] : [0, 0, 1])
    if (lands !== 'app node') {
      expect(resolved.rpcUrls.default.http).toEqual([`${api.url}/v1/?chainId=${resolved.caipNetworkId}&projectId=p1`])
    } else {
      expect(resolved.rpcUrls.default.http).toEqual([appNode.url])
    }
    portico.destroy()
  })
})
