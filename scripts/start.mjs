// `npm start`: the demo on the local stack. Prints the URL; Ctrl-C stops everything.
import { startStack } from './stack.ts'

const t0 = performance.now()
const stack = await startStack({ mode: 'dev', demoPort: Number(process.env.PORT ?? 5173) })
const ms = Math.round(performance.now() - t0)
const rows = [
  ['Portico demo', stack.demoUrl],
  ['Headless demo', String(new URL('headless.html', stack.demoUrl))],
  ['Page wallet', String(new URL('wallet.html', stack.demoUrl))],
  ['Portico API', stack.apiUrl],
  ['WalletConnect relay', stack.relay.url],
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
