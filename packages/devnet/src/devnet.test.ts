import { createServer } from 'node:net'
import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import { createPublicClient, erc20Abi, formatUnits, http } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEVNET_AMM_ADDRESSES } from './amm.ts'
import { getFreePort, startAnvil } from './anvil.ts'
import { type Devnet, DEVNET_BATCH_EXECUTOR_ADDRESS, DEVNET_TOKEN_ADDRESSES, devnetCaipNetworks, startDevnet } from './devnet.ts'
import { Token } from './fixtures/index.ts'

const client = (rpcUrl: string) => createPublicClient({ transport: http(rpcUrl, { retryCount: 0 }) })

describe('startDevnet (default: two chains)', () => {
  let devnet: Devnet
  beforeAll(async () => {
    devnet = await startDevnet()
  })
  afterAll(async () => {
    await devnet?.stop()
  })

  it('runs chains 31337 "Portico Local A" and 31338 "Portico Local B" on distinct loopback ports', async () => {
    expect(devnet.chains.map((c) => [c.chainId, c.name, c.caipNetworkId])).toEqual([
      [31337, 'Portico Local A', 'eip155:31337'],
      [31338, 'Portico Local B', 'eip155:31338'],
    ])
    for (const c of devnet.chains) {
      expect(c.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      expect(await client(c.rpcUrl).getChainId()).toBe(c.chainId)
    }
    expect(devnet.chains[0]?.port).not.toBe(devnet.chains[1]?.port)
  })

  it('lists the first four dev accounts of the mnemonic and the deployer (index 9)', () => {
    expect(devnet.mnemonic).toBe('test test test test test test test test test test test junk')
    expect(devnet.accounts).toEqual([
      '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
      '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
    ])
    expect(devnet.deployer).toBe('0xa0Ee7A142d267C1f36714E4a8F75612F20a79720')
  })

  it('deploys USDC and PTK at the same documented addresses on both chains', () => {
    for (const c of devnet.chains) {
      expect(c.tokens).toEqual([
        { address: DEVNET_TOKEN_ADDRESSES.USDC, name: 'USD Coin', symbol: 'USDC', decimals: 6 },
        { address: DEVNET_TOKEN_ADDRESSES.PTK, name: 'Portico Token', symbol: 'PTK', decimals: 18 },
      ])
    }
    expect(DEVNET_TOKEN_ADDRESSES).toEqual({
      USDC: '0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35',
      PTK: '0xA15BB66138824a1c7167f5E85b957d04Dd34E468',
    })
  })

  it('deploys the EIP-7702 batch executor at the documented address on both chains (deployer nonce 2)', async () => {
    expect(DEVNET_BATCH_EXECUTOR_ADDRESS).toBe('0xb19b36b1456E65E3A6D514D3F715f204BD59f431')
    for (const c of devnet.chains) {
      expect(c.batchExecutor).toBe(DEVNET_BATCH_EXECUTOR_ADDRESS)
      const code = await client(c.rpcUrl).getCode({ address: c.batchExecutor })
      expect(code?.length ?? 0).toBeGreaterThan(100)
    }
  })

  it('funds every dev account with 1000 USDC, 50 PTK and 10000 ETH on each chain', async () => {
    for (const c of devnet.chains) {
      const pc = client(c.rpcUrl)
      for (const account of devnet.accounts) {
        const [usdc, ptk] = await Promise.all(
          c.tokens.map((t) => pc.readContract({ address: t.address, abi: erc20Abi, functionName: 'balanceOf', args: [account] })),
        )
        expect([formatUnits(usdc ?? 0n, 6), formatUnits(ptk ?? 0n, 18)]).toEqual(['1000', '50'])
        // Fresh accounts: nothing spent on gas, because a separate account deployed the tokens.
        expect(await pc.getBalance({ address: account })).toBe(10_000n * 10n ** 18n)
        expect(await pc.getTransactionCount({ address: account })).toBe(0)
      }
      const usdc = c.tokens[0]!
      const meta = await Promise.all([
        pc.readContract({ address: usdc.address, abi: erc20Abi, functionName: 'name' }),
        pc.readContract({ address: usdc.address, abi: erc20Abi, functionName: 'symbol' }),
        pc.readContract({ address: usdc.address, abi: erc20Abi, functionName: 'decimals' }),
        pc.readContract({ address: usdc.address, abi: erc20Abi, functionName: 'totalSupply' }),
      ])
      // 1000 per funded account, plus the 6 000 000 the deployer minted to seed the AMM's pools.
      expect(meta).toEqual(['USD Coin', 'USDC', 6, (4000n + 6_000_000n) * 10n ** 6n])
    }
  })

  it('deploys the AMM at the same documented addresses on both chains (deployer nonces 11…13)', async () => {
    for (const c of devnet.chains) {
      expect(c.amm).toEqual({ ...DEVNET_AMM_ADDRESSES, feeBps: 85 })
      for (const address of [c.amm.weth, c.amm.factory, c.amm.router, ...Object.values(c.amm.pairs)]) {
        expect((await client(c.rpcUrl).getCode({ address }))?.length ?? 0).toBeGreaterThan(100)
      }
    }
  })

  it('builds the CAIP network definitions headless expects', () => {
    const [a, b] = devnet.chains
    expect(devnetCaipNetworks(devnet)).toEqual([
      {
        id: 31337,
        caipNetworkId: 'eip155:31337',
        chainNamespace: 'eip155',
        name: 'Portico Local A',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [a?.rpcUrl], webSocket: [a?.rpcUrl.replace('http', 'ws')] } },
        testnet: true,
      },
      {
        id: 31338,
        caipNetworkId: 'eip155:31338',
        chainNamespace: 'eip155',
        name: 'Portico Local B',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [b?.rpcUrl], webSocket: [b?.rpcUrl.replace('http', 'ws')] } },
        testnet: true,
      },
    ])
  })

  it('stop() shuts every chain down', async () => {
    const other = await startDevnet({ chains: [{ chainId: 4242, name: 'Solo' }] })
    expect(other.chains.map((c) => [c.chainId, c.name])).toEqual([[4242, 'Solo']])
    await other.stop()
    await expect(client(other.chains[0]!.rpcUrl).getChainId()).rejects.toThrow()
  })
})

describe('getFreePort', () => {
  it('gives free ports below the ephemeral range (32768 and up), so no listen(0) or outgoing connection takes them first', async () => {
    const ports = await Promise.all(Array.from({ length: 20 }, () => getFreePort()))
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(20_000)
      expect(port).toBeLessThan(32_000)
    }
    // Free: a server binds each one.
    const server = createServer()
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(ports[0], '127.0.0.1', resolve)
    })
    await new Promise((resolve) => server.close(resolve))
  })
})

describe('startAnvil', () => {
  it('listens on the requested port, refuses a taken port and stops idempotently', async () => {
    const port = await getFreePort()
    const first = await startAnvil({ chainId: 777, port })
    try {
      expect(first).toMatchObject({ chainId: 777, port, rpcUrl: `http://127.0.0.1:${port}` })
      expect(await client(first.rpcUrl).getChainId()).toBe(777)
      await expect(startAnvil({ chainId: 778, port })).rejects.toThrow(`Port ${port} on 127.0.0.1 is already in use`)
    } finally {
      await first.stop()
    }
    await first.stop()
    await expect(client(first.rpcUrl).getChainId()).rejects.toThrow()
  })

  it("rejects with anvil's stderr when the process exits before it is ready", async () => {
    await expect(startAnvil({ chainId: 1, mnemonic: 'hello world' })).rejects.toThrow(
      /^anvil exited before it was ready \(code 1\):\nError: the mnemonic's entropy length `3` is invalid/,
    )
  })

  it('refuses a non-loopback host', async () => {
    await expect(startAnvil({ chainId: 1, host: '0.0.0.0' as '127.0.0.1' })).rejects.toThrow('anvil may only listen on 127.0.0.1')
  })
})

describe('contract fixtures', () => {
  it('Token.json is the fresh solc output of contracts/Token.sol', async () => {
    const script = path.join(import.meta.dirname, '..', 'scripts', 'compile.mjs')
    const run = promisify(execFile)
    await expect(run(process.execPath, [script, '--check'])).resolves.toBeDefined()
    expect(Token.bytecode).toMatch(/^0x[0-9a-f]+$/)
    expect(
      Token.abi
        .filter((x) => x.type === 'function')
        .map((x) => x.name)
        .sort(),
    ).toEqual([
      'allowance',
      'approve',
      'balanceOf',
      'decimals',
      'mint',
      'name',
      'owner',
      'symbol',
      'totalSupply',
      'transfer',
      'transferFrom',
    ])
  })
})
