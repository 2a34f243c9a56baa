// `npm start`: the demo on the local stack. Prints the URL; Ctrl-C stops everything.
import { startStack } from './stack.ts'

const t0 = performance.now()
const stack = await startStack({ mode: 'dev', demoPort: Number(process.env.PORT ?? 5173) })
const ms = Math.round(performance.now() - t0)
console.log(`
  Portico demo       ${stack.demoUrl}
  Headless demo      ${new URL('headless.html', stack.demoUrl)}
  Portico API        ${stack.apiUrl}
  WalletConnect relay ${stack.relay.url}
  Solana (litesvm)   ${stack.solana.rpcUrl} (${stack.solana.caipNetworkId})
${stack.devnet.chains.map((c) => `  ${c.name.padEnd(18)} ${c.rpcUrl} (chain ${c.chainId})`).join('\n')}
  Dev accounts       ${stack.devnet.accounts.join(', ')}

  Stack up in ${ms} ms. Press Ctrl-C to stop.
`)

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
