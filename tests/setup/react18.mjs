// The `dom-react18` test project (vitest.config.ts) runs the dom tests on React 18.3, the oldest
// React the packages support (peer range ^18.2 || ^19). React 18 is installed in tests/react18 (a
// private workspace, so react-dom 18 finds its own react as a peer); the workspace root has React 19.
//
// Vite's resolve.alias sends the tests' and the packages' own `react` / `react-dom` imports there,
// but dependencies that Vitest leaves to Node (@testing-library/react, @nanostores/react,
// @floating-ui/react …) would still require the root's React 19, and two Reacts in one tree break
// every hook. This file, loaded into each worker with `--import`, redirects Node's own resolution of
// the root's react and react-dom files to React 18's (import and require alike), so the whole tree
// runs on one React 18.
import { registerHooks } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

const root = path.resolve(import.meta.dirname, '../..')
const from = pathToFileURL(path.join(root, 'node_modules')).href
const to = pathToFileURL(path.join(root, 'tests/react18/node_modules')).href
const REDIRECTED = /^\/(react|react-dom|scheduler)\//

registerHooks({
  resolve(specifier, context, nextResolve) {
    const result = nextResolve(specifier, context)
    if (result.url?.startsWith(from)) {
      const rest = result.url.slice(from.length)
      if (REDIRECTED.test(rest)) return { ...result, url: to + rest }
    }
    return result
  },
})
