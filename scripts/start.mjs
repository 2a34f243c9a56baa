// `npm start`: the demo on the local stack. Prints the URLs; Ctrl-C stops everything.
// Environment (all optional):
//   PORT                  the demo (default 5173; the next free one if it is busy)
//   PORTICO_API_PORT      the Portico API                 (default: a free port)
//   PORTICO_EVM_PORTS     the two anvil chains, "A,B"     (default: free ports)
//   PORTICO_SOLANA_PORT   the Solana RPC, HTTP and WS     (default: a free port)
//   PORTICO_RELAY_PORT    the WalletConnect relay         (default: a free port)
//   PORTICO_ONRAMP_PORT   the on-ramp provider sandbox    (default: a free port)
//   PORTICO_DATA_DIR      the API's database directory    (default: <repo>/.data/api)
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { SANDBOX_TEST_CARDS } from '@portico/devnet'
import { startStack } from './stack.ts'

const root = path.resolve(import.meta.dirname, '..')

/** An integer 0…65535 (0 = a free port); exits with a message on anything else. */
function parsePort(name, raw) {
  const n = Number(raw)
  if (raw.trim() === '' || !Number.isInteger(n) || n < 0 || n > 65535) {
    const what = name === 'PORTICO_EVM_PORTS' ? 'one or two ports ("A,B")' : 'a port'
    console.error(`${name} must be ${what}, each 0-65535, got ${JSON.stringify(process.env[name])}`)
    process.exit(1)
  }
  return n
}
const env = (name) => (process.env[name]?.trim() ? process.env[name] : undefined)
const port = (name, fallback) => (env(name) === undefined ? fallback : parsePort(name, env(name)))

/** PORTICO_EVM_PORTS: "A,B" (or just "A"). */
function evmPorts() {
  const list = env('PORTICO_EVM_PORTS')?.split(',') ?? []
  if (list.length > 2) parsePort('PORTICO_EVM_PORTS', '')
  return list.map((p) => parsePort('PORTICO_EVM_PORTS', p))
}

const dataDir = path.resolve(root, env('PORTICO_DATA_DIR') ?? '.data/api')
mkdirSync(dataDir, { recursive: true })

const t0 = performance.now()
const stack = await startStack({
  mode: 'dev',
  demoPort: port('PORT', 5173),
  apiPort: port('PORTICO_API_PORT', 0),
  evmPorts: evmPorts(),
  solanaPort: port('PORTICO_SOLANA_PORT', 0),
  relayPort: port('PORTICO_RELAY_PORT', 0),
  onrampPort: port('PORTICO_ONRAMP_PORT', 0),
  dataDir,
})
const ms = Math.round(performance.now() - t0)
const rows = [
  ['Portico demo', stack.demoUrl],
  ['Headless demo', String(new URL('headless.html', stack.demoUrl))],
  ['Page wallet', String(new URL('wallet.html', stack.demoUrl))],
  ['Portico API', stack.apiUrl],
  ['API database', dataDir],
  ['WalletConnect relay', stack.relay.url],
  ['Dev mailbox', `${stack.mailbox.httpUrl} (SMTP ${stack.mailbox.smtpUrl})`],
  ['Farcaster approver', `${stack.farcaster.url}/approve`],
  ['Exchange sandbox', stack.exchange.url],
  ['On-ramp sandbox', `${stack.onramp.url} (card ${SANDBOX_TEST_CARDS.success} pays, ${SANDBOX_TEST_CARDS.decline} declines)`],
  ['Embedded wallet frame', stack.frameUrl],
  ['Solana (litesvm)', `${stack.solana.rpcUrl} (${stack.solana.caipNetworkId})`],
  ...stack.devnet.chains.map((c) => [c.name, `${c.rpcUrl} (chain ${c.chainId})`]),
  ['Dev accounts', stack.devnet.accounts.join(', ')],
]
console.log(`\n${rows.map(([k, v]) => `  ${k.padEnd(21)} ${v}`).join('\n')}\n\n  Stack up in ${ms} ms. Press Ctrl-C to stop.\n`)

let stopping = false
const shutdown = async () => {
  if (stopping) return
  stopping = true
  console.log('\nStopping…')
  await stack.stop()
  process.exit(0)
}
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)
