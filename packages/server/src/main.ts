/** Standalone Portico API: `node packages/server/src/main.ts --port 8787` (see CLI_USAGE). */
import { CLI_USAGE, CLIENT_ADDRESS_UNSET, parseCli, runProjectCli } from './cli.ts'
import { pino } from 'pino'
import { withSecretFiles } from './cli-secrets.ts'
import { startServer } from './index.ts'

// Secrets may be files (DATABASE_URL_FILE=/run/secrets/database_url …): cli-secrets.ts.
let env: Record<string, string | undefined>
try {
  env = withSecretFiles(process.env)
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(2)
}

// `portico-api project set-origins | set-features | show …`: the per-project config, then exit.
if (process.argv[2] === 'project') process.exit(await runProjectCli(process.argv.slice(3), env))

let options: ReturnType<typeof parseCli>
try {
  options = parseCli(process.argv.slice(2), env)
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  console.error(CLI_USAGE)
  process.exit(2)
}
if (options === 'help') {
  console.log(CLI_USAGE)
  process.exit(0)
}

const { frame: frameOptions, logLevel = 'info', shutdownDelayMs: _delay, ...serverOptions } = options
// JSON lines on stdout: one a request (observe.ts) and the error reports (log.ts pinoErrorSink).
const logger = pino({ level: logLevel, timestamp: pino.stdTimeFunctions.isoTime })
// A start refused (a KEK that is not the database's, a port in use…): its reason, not a stack trace.
const server = await startServer({ ...serverOptions, logger }).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  return process.exit(1)
})
console.log(`Portico API listening on ${server.url}`)
if (server.metricsUrl) console.log(`Prometheus metrics on ${server.metricsUrl}`)
if (options.auth) console.log(`Auth service on for the frame origins ${options.auth.frameOrigins.join(', ')}`)
if (options.clientAddress === undefined) console.log(CLIENT_ADDRESS_UNSET)

// The embedded wallet's frame on its own port (origin), from @portico/embedded when it is installed.
let frame: { url: string; close(): Promise<void> } | undefined
if (frameOptions) {
  const specifier = '@portico/embedded/frame-host'
  let host: typeof import('@portico/embedded/frame-host')
  try {
    host = await import(specifier)
  } catch {
    console.error('--frame-port serves the frame of @portico/embedded: install it next to @portico/server (npm install @portico/embedded)')
    await server.stop()
    process.exit(2)
  }
  frame = await host.startFrameHost({
    host: options.host ?? '127.0.0.1',
    port: frameOptions.port,
    apiUrl: options.publicUrl ?? server.url,
    connectSrc: [...options.chains.map((c) => c.rpcUrl), ...(options.solana ? [options.solana.rpcUrl] : [])],
    ...(options.allowedOrigins ? { ancestors: options.allowedOrigins } : {}),
  })
  console.log(`Embedded wallet frame on ${frame.url}`)
}

// SIGTERM / SIGINT: GET /readyz answers 503 at once; after --shutdown-delay the listener closes, the
// requests in flight finish (at most --shutdown-timeout), the database closes, exit 0. A second
// signal cuts what is still running.
let stopping = false
const shutdown = (signal: NodeJS.Signals) => {
  if (stopping) {
    console.log(`${signal} again: cutting the requests still in flight`)
    server.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    )
    return
  }
  stopping = true
  server.drain()
  const delayMs = options.shutdownDelayMs ?? 0
  console.log(`${signal}: shutting down${delayMs > 0 ? ` in ${delayMs} ms (GET /readyz answers 503 meanwhile)` : ''}`)
  new Promise((resolve) => setTimeout(resolve, delayMs))
    .then(() => Promise.all([server.shutdown(), frame?.close()]))
    .then(
      ([result]) => {
        console.log(`Stopped: ${result.finished} requests finished while stopping, ${result.cut} cut`)
        process.exit(0)
      },
      (error: unknown) => {
        console.error(error)
        process.exit(1)
      },
    )
}
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)
