// The initial-load budget. scripts/size.mjs builds first and lists the initial files.
import { readFileSync } from 'node:fs'

const initial = JSON.parse(readFileSync(new URL('./dist/size/initial-files.json', import.meta.url), 'utf8'))

export default [
  {
    name: 'initial load: @portico/headless (core + hooks) + ConnectButton + PorticoProvider, JS + CSS, react excluded',
    path: initial,
    limit: '30 KiB',
    gzip: true,
  },
]
