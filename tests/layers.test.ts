import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkImports, checkTree, importSpecifiers } from './layers'

describe('layering rules (DESIGN.md)', () => {
  it('the repository respects every rule', () => {
    expect(checkTree(path.resolve(import.meta.dirname, '..'))).toEqual([])
  })

  it.each([
    ['packages/headless/src/react/useX.ts', 'react-dom/client', 'headless must not import React DOM'],
    ['packages/headless/src/core/router/router.ts', '@portico/ui', 'headless must not import ui'],
    ['packages/headless/src/index.ts', '@portico/evm', 'headless must not import an adapter'],
    ['packages/headless/src/core/modal/modal.ts', 'react', 'headless core must not import React'],
    ['packages/headless/src/core/modal/modal.ts', '@nanostores/react', 'headless core must not import React'],
    ['packages/ui/src/views/Account/Account.tsx', '@portico/headless/src/core/router', "ui must use only headless's public API"],
    ['packages/ui/src/views/Account/Account.tsx', '../../../../headless/src/core/chain', 'relative import reaches into packages/headless'],
    ['packages/ui/src/index.ts', '@portico/evm', 'ui must not import an adapter'],
    ['packages/evm/src/index.ts', '@portico/ui', 'adapters must not import ui'],
    ['packages/evm/src/index.ts', '@portico/headless/src/adapters', "evm must use only headless's public API"],
    ['packages/walletconnect/src/adapter.ts', '@portico/devnet/relay', 'walletconnect must not import server or devnet'],
    ['packages/walletconnect/src/adapter.test.ts', '@portico/server', 'walletconnect must not import server or devnet'],
    ['packages/headless/src/core/portico.ts', '@portico/devnet', 'headless must not import server or devnet'],
  ])('%s importing %s fails: %s', (file, specifier, rule) => {
    expect(checkImports(file, [specifier]).map((v) => v.rule)).toContain(rule)
  })

  it.each([
    ['packages/headless/src/react/useModal.ts', 'react'],
    ['packages/headless/src/react/useModal.ts', '@nanostores/react'],
    ['packages/ui/src/index.ts', '@portico/headless'],
    ['packages/ui/src/index.ts', '@portico/headless/react'],
    ['packages/evm/src/index.ts', '@portico/headless'],
    ['packages/headless/src/core/router/router.ts', '../errors'],
    ['packages/walletconnect/src/adapter.test.ts', '@portico/devnet/relay'],
  ])('%s may import %s', (file, specifier) => {
    expect(checkImports(file, [specifier])).toEqual([])
  })

  it('finds static, type-only, re-export and dynamic imports', () => {
    const src = [
      "import { a } from 'x'",
      "import type { B } from './y'",
      "export * from '../z'",
      "const m = await import('lazy')",
      "import 'side-effect'",
    ].join('\n')
    expect(importSpecifiers(src)).toEqual(['x', './y', '../z', 'lazy', 'side-effect'])
  })
})
