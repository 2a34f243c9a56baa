/** Standalone Portico API: `node packages/server/src/main.ts --port 8787` (see CLI_USAGE). */
import { CLI_USAGE, parseCli } from './cli.ts'
import { startServer } from './index.ts'

let options
try {
  options = parseCli(process.argv.slice(2), process.env)
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  console.error(CLI_USAGE)
  process.exit(2)
}
if (options === 'help') {
  console.log(CLI_USAGE)
  process.exit(0)
}

const server = await startServer(options)
console.log(`Portico API listening on ${server.url}`)
if (options.auth) console.log(`Auth service on for the frame origins ${options.auth.frameOrigins.join(', ')}`)

const shutdown = () => {
  server.stop().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error)
      process.exit(1)
    },
  )
}
process.once('SIGINT', shutdown)
process.once('SIGTERM', shutdown)
