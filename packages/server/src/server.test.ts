import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createNamesRepository, migrate, openDatabase, startServer, type RunningServer } from './index.ts'

const chains = [
  {
    chainId: 31337,
    name: 'Portico Devnet',
    rpcUrl: 'http://127.0.0.1:1',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  },
]

describe('startServer', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portico-server-'))
  let server: RunningServer | undefined
  afterAll(async () => {
    await server?.stop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('serves the API over HTTP on 127.0.0.1 with a free port, with a PGlite data directory', async () => {
    server = await startServer({ port: 0, chains, dataDir })
    expect(server.port).toBeGreaterThan(0)
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`)

    const chainsRes = await fetch(`${server.url}/v1/supported-chains`, { headers: { Origin: 'http://localhost:5173' } })
    expect(chainsRes.status).toBe(200)
    expect(chainsRes.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
    expect(await chainsRes.json()).toEqual({ http: ['eip155:31337'], ws: [] })

    const wallets = (await (await fetch(`${server.url}/getWallets?entries=2`)).json()) as { data: { image_url: string }[] }
    expect(wallets.data[0]?.image_url).toMatch(new RegExp(`^${server.url}/wallet-images/[0-9a-f-]{36}$`))
    const image = await fetch(wallets.data[0]?.image_url ?? '')
    expect(image.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8')

    const identity = await fetch(`${server.url}/v1/identity/0x${'1'.repeat(40)}`)
    expect(await identity.json()).toEqual({ name: null, avatar: null })

    await server.stop()
    await expect(fetch(`${server.url}/getAnalyticsConfig`)).rejects.toThrow()
    server = undefined
  })

  it('keeps data in the PGlite data directory across restarts', async () => {
    const db = await openDatabase({ dataDir })
    expect(await migrate(db)).toEqual([])
    await createNamesRepository(db).register({ name: 'persisted', address: `0x${'2'.repeat(40)}`, coinType: 60 })
    await db.close()

    server = await startServer({ chains, dataDir })
    const res = await fetch(`${server.url}/v1/identity/0x${'2'.repeat(40)}`)
    expect(await res.json()).toEqual({ name: 'persisted', avatar: null })
  })
})
