// The blockchain RPC proxy (POST /v1/?chainId=…&projectId=…) over real local chains: anvil (through
// a counting pass-through in front of it, so a test can see which calls reached the upstream) and
// the devnet's Solana RPC. The API listens on 127.0.0.1 (startServer); clients are fetch and viem.
import http from 'node:http'
import { getFreePort, startAnvil, startSolanaRpc, type AnvilInstance, type SolanaRpcServer } from '@portico/devnet'
import { createPublicClient, createWalletClient, http as viemHttp, parseEther, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createProjectsRepository } from '../db/projects.ts'
import { startServer, type RunningServer } from '../index.ts'
import { openTestDatabase } from '../test-support.ts'
import type { ChainConfigInput } from '../config.ts'

const CHAIN = 'eip155:31337'
// anvil's first dev account (mnemonic "test test … junk").
const dev = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')

const errorReply = z.strictObject({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.number(), z.string(), z.null()]),
  error: z.object({ code: z.number().int(), message: z.string().min(1), data: z.unknown().optional() }),
})
const resultReply = z.strictObject({ jsonrpc: z.literal('2.0'), id: z.union([z.number(), z.string(), z.null()]), result: z.unknown() })
const reply = z.union([resultReply, errorReply])

/** A pass-through to `target` that counts the calls it forwards, by method. */
async function countingProxy(target: () => string) {
  const calls: string[] = []
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', async () => {
      const body = Buffer.concat(chunks).toString()
      const parsed = JSON.parse(body) as { method: string } | { method: string }[]
      for (const call of Array.isArray(parsed) ? parsed : [parsed]) calls.push(call.method)
      const upstream = await fetch(target(), { method: 'POST', headers: { 'content-type': 'application/json' }, body })
      res.writeHead(upstream.status, { 'content-type': 'application/json' }).end(await upstream.text())
    })
  })
  const port = await getFreePort()
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    count: (method: string) => calls.filter((m) => m === method).length,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** An upstream that answers every request with `status` (a failing RPC provider). */
async function failingUpstream(status: number) {
  let hits = 0
  const server = http.createServer((_req, res) => {
    hits += 1
    res.writeHead(status, { 'content-type': 'text/plain' }).end('upstream trouble')
  })
  const port = await getFreePort()
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${port}`, hits: () => hits, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

let anvil: AnvilInstance
let solana: SolanaRpcServer
let counting: Awaited<ReturnType<typeof countingProxy>>
let failing: Awaited<ReturnType<typeof failingUpstream>>
/** A loopback port nothing listens on: connection refused. */
let deadUrl: string
let api: RunningServer
const reported: unknown[] = []

const chainConfig = (rpcUrl: string, chainId = 31337): ChainConfigInput => ({
  chainId,
  name: `Anvil ${chainId}`,
  rpcUrl,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
})

beforeAll(async () => {
  ;[anvil, solana] = await Promise.all([startAnvil({ chainId: 31337 }), startSolanaRpc()])
  counting = await countingProxy(() => anvil.rpcUrl)
  failing = await failingUpstream(503)
  deadUrl = `http://127.0.0.1:${await getFreePort()}`
  api = await startServer({
    chains: [chainConfig(counting.url), chainConfig(deadUrl, 31338)],
    solana: { caipNetworkId: solana.caipNetworkId, name: 'Local Solana', rpcUrl: solana.rpcUrl },
    indexer: { enabled: false },
    onError: (error) => reported.push(error),
    rpcProxy: {
      rateLimit: false,
      finalityDepth: 2,
      maxLogRange: 50,
      upstreams: {
        // A dead endpoint first, then a failing one, then the chain: the proxy fails over to it.
        'eip155:31339': [deadUrl, failing.url, counting.url],
        'eip155:31340': [deadUrl, failing.url],
      },
    },
  })
})

afterAll(async () => {
  await api?.stop()
  await Promise.all([anvil?.stop(), solana?.stop(), counting?.close(), failing?.close()])
})

const proxyUrl = (chainId = CHAIN, projectId = 'p1') => `${api.url}/v1/?chainId=${encodeURIComponent(chainId)}&projectId=${projectId}`

async function post(body: unknown, url = proxyUrl(), headers: Record<string, string> = {}) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
  const text = await res.text()
  return { status: res.status, headers: res.headers, text, json: text ? (JSON.parse(text) as unknown) : undefined }
}

async function direct(method: string, params: unknown[] = [], url = () => anvil.rpcUrl) {
  const res = await fetch(url(), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return ((await res.json()) as { result: unknown }).result
}

async function call(method: string, params: unknown[] = [], url = proxyUrl()) {
  const res = await post({ jsonrpc: '2.0', id: 7, method, params }, url)
  return { ...res, body: reply.parse(res.json) }
}

describe('reads pass through', () => {
  it.each<[string, unknown[]]>([
    ['eth_chainId', []],
    ['net_version', []],
    ['eth_blockNumber', []],
    ['eth_getBalance', [dev.address, 'latest']],
    ['eth_getTransactionCount', [dev.address, 'latest']],
    ['eth_getCode', [dev.address, 'latest']],
    ['eth_getBlockByNumber', ['0x0', false]],
    ['eth_gasPrice', []],
    ['eth_feeHistory', ['0x1', 'latest', [50]]],
    ['eth_estimateGas', [{ from: dev.address, to: '0x000000000000000000000000000000000000dEaD', value: '0x1' }]],
    ['eth_call', [{ to: '0x000000000000000000000000000000000000dEaD', data: '0x' }, 'latest']],
  ])('%s answers what anvil answers', async (method, params) => {
    const { status, body } = await call(method, params)
    expect(status).toBe(200)
    expect(body).toEqual({ jsonrpc: '2.0', id: 7, result: await direct(method, params) })
  })

  it('viem over the proxy URL: a signed transfer is sent (eth_sendRawTransaction) and its receipt read', async () => {
    const chain = {
      id: 31337,
      name: 'Anvil',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [proxyUrl()] } },
    } as const
    const client = createPublicClient({ chain, transport: viemHttp(proxyUrl(), { retryCount: 0 }) })
    const to = privateKeyToAccount(`0x${'42'.repeat(32)}`).address
    // A local account: viem signs here and sends eth_sendRawTransaction through the proxy.
    const wallet = createWalletClient({ account: dev, chain, transport: viemHttp(proxyUrl(), { retryCount: 0 }) })
    const hash = await wallet.sendTransaction({ to, value: parseEther('0.5') })
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    expect(receipt.status).toBe('success')
    expect(await client.getBalance({ address: to })).toBe(parseEther('0.5'))
    expect(counting.count('eth_sendRawTransaction')).toBe(1)
  })

  it('a batch answers each call in order, with its id, errors beside results', async () => {
    const before = counting.calls.length
    const res = await post([
      { jsonrpc: '2.0', id: 'a', method: 'eth_chainId', params: [] },
      { jsonrpc: '2.0', id: 2, method: 'eth_sign', params: [dev.address, '0x00'] },
      { jsonrpc: '2.0', id: 3, method: 'eth_getBalance', params: [dev.address, 'latest'] },
      { id: 4, method: 'eth_chainId' },
    ])
    expect(res.status).toBe(200)
    const replies = z.array(reply).parse(res.json)
    expect(replies.map((r) => r.id)).toEqual(['a', 2, 3, 4])
    expect(replies[0]).toEqual({ jsonrpc: '2.0', id: 'a', result: '0x7a69' })
    expect(replies[1]).toMatchObject({ error: { code: -32601 } })
    expect(replies[2]).toEqual({ jsonrpc: '2.0', id: 3, result: await direct('eth_getBalance', [dev.address, 'latest']) })
    expect(replies[3]).toMatchObject({ error: { code: -32600, message: 'Invalid Request: jsonrpc must be "2.0"' } })
    // Only the balance went upstream: eth_chainId was cached by earlier calls, the others refused.
    expect(counting.calls.slice(before)).toEqual(['eth_getBalance'])
  })

  it('Solana: getGenesisHash and getBalance pass through the same way', async () => {
    const url = proxyUrl(solana.caipNetworkId)
    for (const [method, params] of [
      ['getGenesisHash', []],
      ['getBalance', [solana.authority]],
      ['getLatestBlockhash', []],
    ] as const) {
      const { body } = await call(method, [...params], url)
      const expected = await direct(method, [...params], () => solana.rpcUrl)
      if (method === 'getLatestBlockhash') expect(body).toHaveProperty('result.value.blockhash')
      else expect(body).toEqual({ jsonrpc: '2.0', id: 7, result: expected })
    }
    expect((await call('requestAirdrop', [solana.authority, 1], url)).body).toMatchObject({ error: { code: -32601 } })
  })
})

describe('the method allowlist', () => {
  it.each([
    'eth_sign',
    'personal_sign',
    'eth_signTypedData_v4',
    'eth_sendTransaction',
    'eth_accounts',
    'eth_newFilter',
    'admin_peers',
    'debug_traceTransaction',
    'anvil_setBalance',
    'evm_mine',
    'hardhat_impersonateAccount',
    'txpool_content',
    '__proto__',
  ])('%s is refused with -32601 and never reaches the upstream', async (method) => {
    const { status, body } = await call(method, [dev.address])
    expect(status).toBe(200)
    expect(body).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: {
        code: -32601,
        message: `Method not allowed by the Portico RPC proxy: ${method} (it serves chain reads and signed transactions only)`,
      },
    })
    expect(counting.count(method)).toBe(0)
  })

  it('eth_getLogs over a range wider than maxLogRange is refused; a narrow one or a block hash passes', async () => {
    await direct('anvil_mine', ['0x40'])
    const wide = await call('eth_getLogs', [{ fromBlock: '0x0', toBlock: '0x40' }])
    expect(wide.body).toMatchObject({
      error: {
        code: -32602,
        message: 'Invalid params: eth_getLogs covers at most 50 blocks, this range covers 65: narrow fromBlock/toBlock',
      },
    })
    const open = await call('eth_getLogs', [{ fromBlock: 'earliest' }])
    expect(open.body).toMatchObject({ error: { code: -32602 } })
    const narrow = await call('eth_getLogs', [{ fromBlock: '0x1', toBlock: '0x10' }])
    expect(narrow.body).toEqual({ jsonrpc: '2.0', id: 7, result: await direct('eth_getLogs', [{ fromBlock: '0x1', toBlock: '0x10' }]) })
    const latest = await call('eth_getLogs', [{ fromBlock: 'latest' }])
    expect(latest.body).toHaveProperty('result')
  })
})

describe('the cache of immutable answers', () => {
  it('eth_chainId, a block by hash and a final receipt are answered once by the upstream, then from the cache', async () => {
    const block = (await direct('eth_getBlockByNumber', ['0x1', false])) as { hash: Hex }
    const count = (m: string) => counting.count(m)
    const base = { chainId: count('eth_chainId'), byHash: count('eth_getBlockByHash') }
    for (let i = 0; i < 3; i++) {
      expect((await call('eth_chainId')).body).toEqual({ jsonrpc: '2.0', id: 7, result: '0x7a69' })
      expect((await call('eth_getBlockByHash', [block.hash, false])).body).toEqual({ jsonrpc: '2.0', id: 7, result: block })
    }
    expect(count('eth_chainId') - base.chainId).toBeLessThanOrEqual(1)
    expect(count('eth_getBlockByHash') - base.byHash).toBe(1)

    // A fresh receipt is not final: asked twice, both reach the upstream.
    const to = privateKeyToAccount(`0x${'43'.repeat(32)}`).address
    const hash = (await direct('eth_sendTransaction', [{ from: dev.address, to, value: '0x1' }])) as Hex
    const receipts = () => count('eth_getTransactionReceipt')
    const fresh = receipts()
    await call('eth_blockNumber')
    await call('eth_getTransactionReceipt', [hash])
    await call('eth_getTransactionReceipt', [hash])
    expect(receipts() - fresh).toBe(2)
    // Two blocks later (finalityDepth 2), once the proxy has seen the new head, it is final.
    await direct('anvil_mine', ['0x2'])
    await call('eth_blockNumber')
    const final = receipts()
    const first = await call('eth_getTransactionReceipt', [hash])
    const again = await call('eth_getTransactionReceipt', [hash])
    expect(again.body).toEqual(first.body)
    expect(first.body).toHaveProperty('result.transactionHash', hash)
    expect(receipts() - final).toBe(1)
  })

  it('answers about the head are never cached', async () => {
    const before = counting.count('eth_getBlockByNumber')
    await call('eth_getBlockByNumber', ['latest', false])
    await call('eth_getBlockByNumber', ['latest', false])
    await call('eth_blockNumber')
    expect(counting.count('eth_getBlockByNumber') - before).toBe(2)
  })
})

describe('upstream failover', () => {
  it('a dead endpoint (closed port), then one answering 503, then anvil: the call is answered by anvil', async () => {
    const failed = failing.hits()
    const { status, body } = await call('eth_getBalance', [dev.address, 'latest'], proxyUrl('eip155:31339'))
    expect(status).toBe(200)
    expect(body).toEqual({ jsonrpc: '2.0', id: 7, result: await direct('eth_getBalance', [dev.address, 'latest']) })
    expect(failing.hits() - failed).toBe(1)
  })

  it('when every upstream fails, a single call gets 502 with a JSON-RPC error, and the failure is logged', async () => {
    const { status, body } = await call('eth_blockNumber', [], proxyUrl('eip155:31340'))
    expect(status).toBe(502)
    expect(body).toEqual({ jsonrpc: '2.0', id: 7, error: { code: -32603, message: 'Upstream RPC unavailable for eip155:31340' } })
    expect(String((reported.at(-1) as Error).message)).toBe('RPC request to eip155:31340 failed')
    const chainOnly = await call('eth_blockNumber', [], proxyUrl('eip155:31338'))
    expect(chainOnly.status).toBe(502)
  })
})

describe('bad requests: a JSON-RPC error, never a 500', () => {
  it.each<[string, string, string, number, number, string]>([
    [
      'an unknown chain',
      proxyUrlPlaceholder('eip155:999'),
      '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}',
      400,
      -32600,
      'Unsupported chainId eip155:999: this RPC proxy serves eip155:31337, eip155:31338, SOLANA, eip155:31339, eip155:31340',
    ],
    [
      'no chainId',
      '/v1/?projectId=p1',
      '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}',
      400,
      -32600,
      'Invalid Request: chainId is required (a CAIP-2 id such as eip155:1)',
    ],
    [
      'no projectId',
      '/v1/?chainId=eip155:31337',
      '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}',
      400,
      -32600,
      'Invalid Request: projectId is required',
    ],
    [
      'a body that is not JSON',
      proxyUrlPlaceholder(CHAIN),
      '{"jsonrpc":',
      400,
      -32700,
      'Parse error: the body must be a JSON-RPC 2.0 request or batch',
    ],
    ['an empty batch', proxyUrlPlaceholder(CHAIN), '[]', 400, -32600, 'Invalid Request: the batch is empty'],
    [
      'a call without a method',
      proxyUrlPlaceholder(CHAIN),
      '{"jsonrpc":"2.0","id":1}',
      400,
      -32600,
      'Invalid Request: method must be a string',
    ],
    [
      'params that are a string',
      proxyUrlPlaceholder(CHAIN),
      '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":"x"}',
      400,
      -32600,
      'Invalid Request: params must be an array or an object',
    ],
  ])('%s', async (_label, path, body, status, code, message) => {
    const url = path.startsWith('CHAIN:') ? proxyUrl(path.slice(6)) : `${api.url}${path}`
    const res = await post(body, url)
    expect(res.status).toBe(status)
    expect(errorReply.parse(res.json)).toMatchObject({ error: { code, message: message.replace('SOLANA', solana.caipNetworkId) } })
  })

  it('params nested 20 000 deep get -32602, for a cached method too (no 500)', async () => {
    const deep = '['.repeat(20_000) + ']'.repeat(20_000)
    for (const method of ['eth_call', 'eth_getBlockByHash']) {
      const res = await post(`{"jsonrpc":"2.0","id":1,"method":"${method}","params":${deep}}`)
      expect(res.status).toBe(200)
      expect(res.json).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'Invalid params: nested too deeply' } })
    }
  })

  it('a batch over 100 calls is refused whole; a notification gets no reply (204)', async () => {
    const big = Array.from({ length: 101 }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'eth_chainId' }))
    const res = await post(big)
    expect(res.status).toBe(400)
    expect(res.json).toMatchObject({
      id: null,
      error: { code: -32600, message: 'Invalid Request: a batch holds at most 100 calls, this one 101' },
    })
    const note = await post({ jsonrpc: '2.0', method: 'eth_chainId' })
    expect(note.status).toBe(204)
    expect(note.text).toBe('')
  })
})

describe('per-project rate limit', () => {
  /** A server whose database has these projects registered (the admin CLI's write). */
  async function limitedServer(projects: string[], config: Partial<Parameters<typeof startServer>[0]> = {}) {
    const database = await openTestDatabase()
    for (const id of projects) await createProjectsRepository(database).setOrigins(id, ['https://app.example'])
    return startServer({
      chains: [chainConfig(anvil.rpcUrl)],
      indexer: { enabled: false },
      rpcProxy: { rateLimit: { requestsPerSecond: 0.2, burst: 3 } },
      database,
      ...config,
    })
  }

  it('a project over its bucket gets 429 with a JSON-RPC error and Retry-After; another project is not affected', async () => {
    const limited = await limitedServer(['busy', 'other'])
    try {
      const url = (project: string) => `${limited.url}/v1/?chainId=eip155:31337&projectId=${project}`
      const statuses: number[] = []
      for (let i = 0; i < 3; i++) statuses.push((await post({ jsonrpc: '2.0', id: i, method: 'eth_chainId' }, url('busy'))).status)
      const over = await post({ jsonrpc: '2.0', id: 9, method: 'eth_chainId' }, url('busy'))
      expect(statuses).toEqual([200, 200, 200])
      expect(over.status).toBe(429)
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
      expect(over.json).toEqual({
        jsonrpc: '2.0',
        id: 9,
        error: {
          code: -32005,
          message: `Rate limit exceeded for project busy: 0.2 calls per second (bursts of 3); retry in ${over.headers.get('retry-after')} s`,
        },
      })
      // A batch costs one token per call.
      const batch = await post(
        [1, 2].map((id) => ({ jsonrpc: '2.0', id, method: 'eth_chainId' })),
        url('other'),
      )
      expect(batch.status).toBe(200)
      expect((await post({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }, url('other'))).status).toBe(200)
      expect((await post({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }, url('other'))).status).toBe(429)
    } finally {
      await limited.stop()
    }
  })

  it('invented project ids share ONE bucket: five made-up ids get 3 calls together, the 4th is refused as unregistered', async () => {
    const limited = await limitedServer([])
    try {
      const url = (project: string) => `${limited.url}/v1/?chainId=eip155:31337&projectId=${project}`
      const statuses: number[] = []
      for (let i = 0; i < 3; i++) statuses.push((await post({ jsonrpc: '2.0', id: i, method: 'eth_chainId' }, url(`made-up-${i}`))).status)
      const over = await post({ jsonrpc: '2.0', id: 7, method: 'eth_chainId' }, url('made-up-7'))
      expect(statuses).toEqual([200, 200, 200])
      expect(over.status).toBe(429)
      expect((over.json as { error: { message: string } }).error.message).toBe(
        `Rate limit exceeded for unregistered projects (all of them together): 0.2 calls per second (bursts of 3); retry in ${over.headers.get('retry-after')} s`,
      )
    } finally {
      await limited.stop()
    }
  })

  it('behind a trusted proxy, each client address has its own bucket across projects; another address is served', async () => {
    // The test's fetch comes from 127.0.0.1, named as the trusted balancer; X-Forwarded-For is the client it appended.
    const limited = await limitedServer(['app-a', 'app-b'], { clientAddress: { trustedProxies: ['127.0.0.1'] } })
    try {
      const url = (project: string) => `${limited.url}/v1/?chainId=eip155:31337&projectId=${project}`
      const from = (ip: string) => ({ 'x-forwarded-for': ip })
      const call = { jsonrpc: '2.0', id: 1, method: 'eth_chainId' }
      const statuses: number[] = []
      for (let i = 0; i < 3; i++) statuses.push((await post(call, url('app-a'), from('198.51.100.1'))).status)
      // app-b has tokens, but this client has used its address's three.
      const sameClient = await post(call, url('app-b'), from('198.51.100.1'))
      const otherClient = await post(call, url('app-b'), from('198.51.100.2'))
      // A spoofed entry left of the balancer's does not make a new client.
      const spoofed = await post(call, url('app-b'), from('203.0.113.50, 198.51.100.1'))
      expect(statuses).toEqual([200, 200, 200])
      expect(sameClient.status).toBe(429)
      expect((sameClient.json as { error: { message: string } }).error.message).toMatch(/^Rate limit exceeded for your address: /)
      expect(otherClient.status).toBe(200)
      expect(spoofed.status).toBe(429)
    } finally {
      await limited.stop()
    }
  })
})

/** it.each rows are built before beforeAll runs: a marker the test turns into proxyUrl(chainId). */
function proxyUrlPlaceholder(chainId: string) {
  return `CHAIN:${chainId}`
}
