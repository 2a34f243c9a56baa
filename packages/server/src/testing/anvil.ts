/** Test helpers: a throwaway anvil chain on a free loopback port, and the Token fixture. */
import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import type { Abi, Hex } from 'viem'

/** A loopback port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address !== null ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

export type Anvil = { rpcUrl: string; port: number; stop(): Promise<void> }

/** Start anvil (chain id 31337 unless given) and wait until it answers eth_chainId. */
export async function startAnvil(chainId = 31337): Promise<Anvil> {
  const binary = createRequire(import.meta.url).resolve('@foundry-rs/anvil-linux-amd64/bin/anvil')
  const port = await freePort()
  const child: ChildProcess = spawn(
    binary,
    ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(chainId), '--silent'],
    { stdio: 'ignore' },
  )
  const rpcUrl = `http://127.0.0.1:${port}`
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  for (let attempt = 0; ; attempt++) {
    try {
      const res = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      })
      if (res.ok) break
    } catch {
      // not listening yet
    }
    if (attempt > 200 || child.exitCode !== null) {
      child.kill('SIGKILL')
      throw new Error(`anvil did not start on ${rpcUrl}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  return {
    rpcUrl,
    port,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM')
      await exited
    },
  }
}

/** The compiled minimal ERC-20 of test-fixtures/Token.sol (constructor: name, symbol, decimals, supply). */
export function tokenFixture(): { abi: Abi; bytecode: Hex } {
  const json = JSON.parse(readFileSync(new URL('../../test-fixtures/Token.json', import.meta.url), 'utf8')) as {
    abi: Abi
    bytecode: Hex
  }
  return { abi: json.abi, bytecode: json.bytecode }
}
