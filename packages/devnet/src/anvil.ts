import { type ChildProcess, spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'

import { DEVNET_MNEMONIC } from './constants.ts'

export { DEVNET_MNEMONIC }

export interface StartAnvilOptions {
  /** EVM chain id the node reports. */
  chainId: number
  /** TCP port on 127.0.0.1. 0 or undefined picks a free port. */
  port?: number
  /** Only loopback is allowed. @default '127.0.0.1' */
  host?: '127.0.0.1'
  /** Mnemonic of the funded, unlocked accounts. @default DEVNET_MNEMONIC */
  mnemonic?: string
  /** How many dev accounts anvil derives and funds (10000 ETH each). @default 10 */
  accounts?: number
  /** Path of the anvil binary. @default the binary of the platform package (@foundry-rs/anvil-<os>-<arch>) */
  binary?: string
  /** How long to wait for the first eth_chainId answer. @default 15000 */
  readyTimeoutMs?: number
}

export interface AnvilInstance {
  rpcUrl: string
  chainId: number
  port: number
  /** The OS process id of anvil. */
  pid: number
  /** Kills anvil and resolves once the process has exited. Safe to call more than once. */
  stop(): Promise<void>
}

const platformPackages: Record<string, string> = {
  'linux-x64': '@foundry-rs/anvil-linux-amd64/bin/anvil',
  'linux-arm64': '@foundry-rs/anvil-linux-arm64/bin/anvil',
  'darwin-x64': '@foundry-rs/anvil-darwin-amd64/bin/anvil',
  'darwin-arm64': '@foundry-rs/anvil-darwin-arm64/bin/anvil',
  'win32-x64': '@foundry-rs/anvil-win32-amd64/bin/anvil.exe',
}

/** Resolves the anvil binary shipped in its platform package (an optional dependency of @portico/devnet). */
export function anvilBinaryPath(): string {
  const fromEnv = process.env.ANVIL_BINARY
  if (fromEnv) return fromEnv
  const key = `${process.platform}-${process.arch}`
  const specifier = platformPackages[key]
  if (!specifier) throw new Error(`No anvil binary package for platform ${key}`)
  try {
    return createRequire(import.meta.url).resolve(specifier)
  } catch {
    throw new Error(
      `Cannot find ${specifier}: install @portico/devnet's optional dependency for this platform (only linux-x64 is in the registry used here)`,
    )
  }
}

function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer()
    server.unref()
    server.once('error', () => resolve(false))
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)))
  })
}

/**
 * Ports handed out for servers that are named before they listen (a stack's API, anvil): below Linux's ephemeral
 * range (32768–60999), which the OS uses for `listen(0)` and for the local end of every outgoing connection. A port
 * the OS picked for us could be taken by any of those before our server binds it (seen: EADDRINUSE under load,
 * with the pack test beside the e2e journeys); one from here only by another explicit choice.
 */
const NAMED_PORTS = { from: 20_000, to: 32_000 } as const

/** A free TCP port on 127.0.0.1 for a server that is named before it listens (see NAMED_PORTS). */
export async function getFreePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = NAMED_PORTS.from + Math.floor(Math.random() * (NAMED_PORTS.to - NAMED_PORTS.from))
    if (await isPortFree(port)) return port
  }
  return osFreePort()
}

/** Asks the OS for a free TCP port on 127.0.0.1 (from the ephemeral range). */
function osFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => (port > 0 ? resolve(port) : reject(new Error('Could not get a free port'))))
    })
  })
}

// Anvil processes still running; killed if this Node process exits without stopping them.
const running = new Set<ChildProcess>()
let exitHookInstalled = false
function trackChild(child: ChildProcess): void {
  running.add(child)
  child.once('exit', () => running.delete(child))
  if (!exitHookInstalled) {
    exitHookInstalled = true
    process.once('exit', () => {
      for (const c of running) c.kill('SIGKILL')
    })
  }
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms))

async function rpcChainId(rpcUrl: string): Promise<number | undefined> {
  try {
    const res = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(1000),
    })
    const body = (await res.json()) as { result?: unknown }
    return typeof body.result === 'string' ? Number.parseInt(body.result, 16) : undefined
  } catch {
    return undefined
  }
}

class AnvilExitedError extends Error {
  readonly addressInUse: boolean
  constructor(message: string, addressInUse: boolean) {
    super(message)
    this.name = 'AnvilExitedError'
    this.addressInUse = addressInUse
  }
}

async function launch(options: StartAnvilOptions, port: number): Promise<AnvilInstance> {
  const host = '127.0.0.1'
  if (options.host !== undefined && options.host !== host) throw new Error('anvil may only listen on 127.0.0.1')
  const args = [
    '--host',
    host,
    '--port',
    String(port),
    '--chain-id',
    String(options.chainId),
    '--mnemonic',
    options.mnemonic ?? DEVNET_MNEMONIC,
    '--accounts',
    String(options.accounts ?? 10),
    '--silent',
  ]
  const child = spawn(options.binary ?? anvilBinaryPath(), args, { stdio: ['ignore', 'ignore', 'pipe'] })
  trackChild(child)
  let stderr = ''
  child.stderr?.setEncoding('utf8')
  child.stderr?.on('data', (chunk: string) => {
    if (stderr.length < 8000) stderr += chunk
  })
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }))
  })
  let spawnError: Error | undefined
  child.once('error', (e) => {
    spawnError = e
  })
  let hasExited = false
  void exited.then(() => {
    hasExited = true
  })

  const rpcUrl = `http://${host}:${port}`
  const stop = async (): Promise<void> => {
    if (!hasExited) {
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000)
      await exited
      clearTimeout(timer)
    }
  }

  const deadline = Date.now() + (options.readyTimeoutMs ?? 15_000)
  for (;;) {
    if (spawnError) throw new Error(`Could not start anvil: ${spawnError.message}`)
    if (hasExited) {
      const { code, signal } = await exited
      // Give the stderr pipe a moment to flush its last lines.
      await sleep(20)
      const text = stderr.trim()
      throw new AnvilExitedError(
        `anvil exited before it was ready (code ${code ?? 'null'}${signal ? `, signal ${signal}` : ''})${text ? `:\n${text}` : ''}`,
        /address already in use|addrinuse/i.test(text),
      )
    }
    const answered = await rpcChainId(rpcUrl)
    if (answered !== undefined) {
      if (answered !== options.chainId) {
        await stop()
        throw new Error(`${rpcUrl} answered chain id ${answered}, expected ${options.chainId}: is another node on port ${port}?`)
      }
      break
    }
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`anvil did not answer eth_chainId on ${rpcUrl} in time${stderr ? `:\n${stderr.trim()}` : ''}`)
    }
    await sleep(25)
  }
  return { rpcUrl, chainId: options.chainId, port, pid: child.pid ?? -1, stop }
}

/**
 * Starts anvil on 127.0.0.1 and resolves once it answers eth_chainId. Rejects with anvil's stderr
 * when the process exits early. With no port (or 0), a free port is picked (and retried if taken).
 */
export async function startAnvil(options: StartAnvilOptions): Promise<AnvilInstance> {
  if (options.port) {
    if (!(await isPortFree(options.port))) throw new Error(`Port ${options.port} on 127.0.0.1 is already in use`)
    return launch(options, options.port)
  }
  for (let attempt = 0; ; attempt++) {
    const port = await getFreePort()
    try {
      return await launch(options, port)
    } catch (e) {
      if (!(e instanceof AnvilExitedError && e.addressInUse) || attempt >= 4) throw e
    }
  }
}
