import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  checkHookSource,
  checkImports,
  checkTree,
  checkUiSource,
  checkUiShownText,
  checkUiText,
  HEADLESS_PAGE_ENTRY,
  headlessPageFiles,
  importCycles,
  importSpecifiers,
  isEnglishText,
  UI_SHOWN_TEXT_RULE,
  UI_TEXT_RULE,
} from './layers'

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
    ['apps/demo/src/headless-main.tsx', '@portico/ui', 'the headless demo page must not import @portico/ui'],
    ['apps/demo/src/headless-main.tsx', '@portico/ui/styles.css', 'the headless demo page must not import @portico/ui'],
    ['packages/protocol/src/account.ts', '@portico/headless', 'protocol is the lowest layer: it imports no @portico package'],
    ['packages/ui/src/views/Account/Account.tsx', '@portico/protocol/account', "ui must reach wire types through headless's public API"],
    ['packages/evm/src/adapter.ts', '@portico/protocol', "evm must reach wire types through headless's public API"],
  ])('%s importing %s fails: %s', (file, specifier, rule) => {
    expect(checkImports(file, [specifier]).map((v) => v.rule)).toContain(rule)
  })

  it.each([
    ['packages/headless/src/react/useModal.ts', 'react'],
    ['packages/headless/src/react/useModal.ts', '@nanostores/react'],
    ['packages/ui/src/index.ts', '@portico/headless'],
    ['packages/ui/src/index.ts', '@portico/headless/react'],
    ['packages/evm/src/index.ts', '@portico/headless'],
    ['packages/walletconnect/src/operations.ts', '@portico/headless/adapter-kit'],
    ['packages/headless/src/core/router/router.ts', '../errors'],
    ['packages/walletconnect/src/adapter.test.ts', '@portico/devnet/relay'],
    ['packages/headless/src/api/schemas.ts', '@portico/protocol/account'],
    ['packages/server/src/routes/balance.ts', '@portico/protocol'],
    ['apps/demo/src/headless-main.tsx', '@portico/headless/react'],
    ['apps/demo/src/headless-main.tsx', './setup'],
    // The default-modal page is not the headless one.
    ['apps/demo/src/main.tsx', '@portico/ui'],
  ])('%s may import %s', (file, specifier) => {
    expect(checkImports(file, [specifier])).toEqual([])
  })

  describe('the headless demo page', () => {
    let root: string
    const write = (rel: string, text: string) => {
      mkdirSync(path.dirname(path.join(root, rel)), { recursive: true })
      writeFileSync(path.join(root, rel), text)
    }
    beforeEach(() => {
      root = mkdtempSync(path.join(tmpdir(), 'portico-layers-'))
      write(HEADLESS_PAGE_ENTRY, "import { setup } from './setup'\nimport './demo.css'\nimport { Card } from './parts'\n")
      write('apps/demo/src/setup.ts', "import { createPortico } from '@portico/headless'\n")
      write('apps/demo/src/demo.css', '')
      write('apps/demo/src/parts/index.tsx', "export { Card } from './Card'\n")
      write('apps/demo/src/parts/Card.tsx', "import { useAccount } from '@portico/headless/react'\n")
      write('apps/demo/src/main.tsx', "import { ConnectButton } from '@portico/ui'\nimport { setup } from './setup'\n")
    })
    afterEach(() => rmSync(root, { recursive: true, force: true }))

    it('covers the entry and every file it reaches by relative imports, not the other page', () => {
      expect(
        headlessPageFiles(root)
          .map((f) => path.relative(root, f))
          .sort(),
      ).toEqual([
        'apps/demo/src/headless-main.tsx',
        'apps/demo/src/parts/Card.tsx',
        'apps/demo/src/parts/index.tsx',
        'apps/demo/src/setup.ts',
      ])
      expect(checkTree(root)).toEqual([])
    })

    it('fails when a file the page imports two levels down imports @portico/ui', () => {
      write('apps/demo/src/parts/Card.tsx', "import { useAccount } from '@portico/headless/react'\nconst m = await import('@portico/ui')\n")
      expect(checkTree(root)).toEqual([
        { file: 'apps/demo/src/parts/Card.tsx', specifier: '@portico/ui', rule: 'the headless demo page must not import @portico/ui' },
      ])
    })

    it('the real page reaches its shared modules (setup, SignMessage, config)', () => {
      const files = headlessPageFiles(path.resolve(import.meta.dirname, '..')).map((f) => path.basename(f))
      expect(files).toEqual(expect.arrayContaining(['headless-main.tsx', 'setup.ts', 'SignMessage.tsx', 'config.ts']))
      expect(files).not.toContain('main.tsx')
    })
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

  describe('ui reads hooks only (issue 8 §4)', () => {
    const view = 'packages/ui/src/views/Networks/Networks.tsx'
    it.each([
      ["import { usePortico } from '@portico/headless/react'\nconst p = usePortico()", 'ui views read hooks only: no usePortico()'],
      ["import { useStore } from '@nanostores/react'", 'ui views read hooks only: no store subscription'],
      ['const v = useSyncExternalStore(sub, get)', 'ui views read hooks only: no store subscription'],
      ['const off = store.listen(() => {})', 'ui views read hooks only: no store subscription'],
      ['const uri = portico.connection.$wcUri.get()', 'ui views read hooks only: no $store access'],
      ["portico.chain.setAccount('eip155', { currentTab: 1 })", 'ui views never change chain state directly'],
      ['chain.setActiveNetwork(network)', 'ui views never change chain state directly'],
    ])('a view with %j fails: %s', (source, rule) => {
      expect(checkUiSource(view, source).map((v) => v.rule)).toContain(rule)
    })

    it.each([
      ["import { useNetwork } from '@portico/headless/react'\nconst { chooseNetwork } = useNetwork()"],
      ['// never call usePortico() here\nconst a = 1'],
      ['/* no $store, no .setAccount( */ const b = 2'],
      // A text naming the hook (the missing-provider error, translated) is no call of it.
      ["missingProvider: 'usePortico muss innerhalb von <PorticoContextProvider> verwendet werden',"],
    ])('a view with %j passes', (source) => {
      expect(checkUiSource(view, source)).toEqual([])
    })

    it('tests and the provider are exempt', () => {
      expect(checkUiSource('packages/ui/src/views/Networks/Networks.test.tsx', 'usePortico()')).toEqual([])
      expect(checkUiSource('packages/ui/src/PorticoProvider/PorticoProvider.tsx', 'usePortico()')).toEqual([])
      expect(checkUiSource('packages/headless/src/react/useX.ts', 'usePortico()')).toEqual([])
    })
  })

  describe('ui compares codes, never English text (issue 21 §4)', () => {
    const view = 'packages/ui/src/views/Swap/Swap.tsx'
    it.each([
      ["if (swap.button.label === 'Review swap') router.push('SwapPreview')"],
      // 'Swap' is a view name, but not where a button's label is compared.
      ["else if (swap.button.label === 'Swap') void swap.swapTokens()"],
      ["const blocked = ex.error === 'Could not create popup window'"],
      ["const failed = 'Transaction error' !== state.message"],
      ['const same = error.message == "Insufficient balance"'],
      ["if (error.message.startsWith('Insufficient')) showFund()"],
      ["const rejected = text.includes('User rejected')"],
      ["switch (label) {\n  case 'Review swap':\n    go()\n}"],
      ['const popupBlocked = ex.error === ERRORS.createPopup'],
      ['const price = ERRORS.tokenPrice === ex.error'],
      ['const inPlace = [ERRORS.tokenPrice, ERRORS.getExchanges] as string[]'],
      ['const shown = list.includes(ERRORS.depositStatus)'],
      ['if (banner.message === `Swapping ...`) wait()'],
    ])('%j fails', (source) => {
      expect(checkUiText(view, source).map((v) => v.rule)).toEqual([UI_TEXT_RULE])
    })

    it.each([
      // Codes, symbols, wire values and DOM values are not text.
      ["{button.action === 'inputError' ? codeText(button.error) : m.button[button.action]}"],
      ["const failed = failure?.reason === 'popupBlocked'"],
      ["if (token.symbol === 'ETH') native()"],
      ["const busy = payment?.status === 'IN_PROGRESS'"],
      ["if (init.method === 'POST') send()"],
      ["if (typeof v === 'string') return v"],
      ["const swaps = restricted.includes('swaps')"],
      ["const dec = amount.includes('.')"],
      // View names where a view is compared, key names where a key is.
      ["const data = router.entry.view === 'Swap' ? router.entry.data : undefined"],
      ["const back = router.view === 'Connect' && isConnected"],
      ["view === 'Networks' ? 'networks' : 'none'"],
      ["if (e.key === 'Escape') close()"],
      ["if (e.key !== 'Tab') return"],
      ["switch (view) {\n  case 'Account':\n    return 'account'\n}"],
      // Comments may quote what the code must not do; English is fine where it is shown, not compared.
      ["// never: label === 'Review swap'\nconst a = 1"],
      ["const title = 'Review swap'"],
      ['errors: { ...ERRORS, otherError: (detail: string) => detail }'],
    ])('%j passes', (source) => {
      expect(checkUiText(view, source)).toEqual([])
    })

    describe("a container shows a headless failure by its code, not the hook's English text", () => {
      const file = 'packages/ui/src/views/EmailLogin/EmailLogin.tsx'
      const HOOKS = "import { useEmailLogin } from '@portico/headless/react'\nimport * as styles from './EmailLogin.css'\n"
      it.each([
        ['<EmailLoginView error={login.error} />'],
        ['<ConnectView listError={list.listError} />'],
        ['<RegisterAccountNameView ruleError={names.ruleError} />'],
        ['error={pairing.available ? pairing.error : messages.connectingWalletConnect.unavailable}'],
        ['<p>{state?.error}</p>'],
        ["const reason = error instanceof Error ? error.message : 'Unknown'"],
        ['const quoteErrors = new Set(onramp.quotes.flatMap((q) => (q.error ? [q.error] : [])))'],
        ['const { connectorId, error, slow } = useConnector({ connectOnMount: true })'],
      ])('%j fails', (source) => {
        expect(checkUiShownText(file, HOOKS + source).map((v) => v.rule)).toEqual([UI_SHOWN_TEXT_RULE])
      })
      it.each([
        ['<EmailLoginView error={codeText(login.errorCode, messages) || undefined} />'],
        ["{button.action === 'inputError' ? codeText(button.error, messages) : m.button[button.action]}"],
        ['banner.open && banner.message ? <Snackbar message={codeText(banner, messages)} /> : undefined'],
        ['if (!ex.error) start()'],
        ['const failed = state.error !== null'],
        ['<p className={styles.error} />'],
        ['<ListError title={messages.allWallets.error} />'],
        ['const { connectorId, errorCode, slow } = useConnector({ connectOnMount: true })'],
        ['// never: error={login.error}\nconst a = 1'],
      ])('%j passes', (source) => {
        expect(checkUiShownText(file, HOOKS + source)).toEqual([])
      })
      it('views (no hooks), tests and other packages are exempt', () => {
        expect(checkUiShownText('packages/ui/src/views/EmailLogin/EmailLoginView.tsx', '<p>{props.error}</p>')).toEqual([])
        expect(checkUiShownText('packages/ui/src/views/EmailLogin/EmailLogin.test.tsx', `${HOOKS}error={login.error}`)).toEqual([])
        expect(checkUiShownText('packages/headless/src/react/useX.ts', `${HOOKS}error={login.error}`)).toEqual([])
      })
    })

    it('tests and other packages are exempt', () => {
      expect(checkUiText('packages/ui/src/views/Swap/Swap.test.tsx', "label === 'Review swap'")).toEqual([])
      expect(checkUiText('packages/headless/src/core/swap/rules.ts', "label === 'Review swap'")).toEqual([])
    })

    it.each([
      ['Review swap', true],
      ['Swapping ...', true],
      ['Insufficient ETH for gas', true],
      ['Swap', true],
      ['review', false],
      ['inputError', false],
      ['ETH', false],
      ['IN_PROGRESS', false],
      ['SwapPreview', false],
      ['/v1/convert/quotes', false],
      ['', false],
    ])('isEnglishText(%j) is %s', (text, english) => {
      expect(isEnglishText(text)).toBe(english)
    })
  })

  describe('hooks share one shape', () => {
    const file = 'packages/headless/src/react/useThing.ts'
    it.each([
      ['export interface UseThingReturn {}\nexport function useThing(): UseThingReturn {', []],
      [
        'export interface UseThingOptions {}\nexport interface UseThingReturn {}\nexport function useThing(options: UseThingOptions = {}): UseThingReturn {',
        [],
      ],
      ['export interface UseThingReturn {}\nexport function useThing(): Thing {', ['useThing must return UseThingReturn']],
      ['interface UseThingReturn {}\nexport function useThing(): UseThingReturn {', ['UseThingReturn must be exported']],
      [
        'export interface UseThingReturn {}\nexport function useThing(id: string): UseThingReturn {',
        ['useThing takes one parameter: options?: UseThingOptions', 'UseThingOptions must be exported'],
      ],
      ['export function useThing() {', ['useThing must be exported as a function with a declared return type']],
    ])('%j -> %j', (source, rules) => {
      expect(checkHookSource(file, source).map((v) => v.rule)).toEqual(rules)
    })
  })

  describe('import cycles', () => {
    let root: string
    beforeEach(() => {
      root = mkdtempSync(path.join(tmpdir(), 'portico-cycles-'))
    })
    afterEach(() => rmSync(root, { recursive: true, force: true }))
    const write = (rel: string, text: string) => {
      mkdirSync(path.dirname(path.join(root, rel)), { recursive: true })
      writeFileSync(path.join(root, rel), text)
    }

    it('the repository has none', () => {
      expect(importCycles(path.resolve(import.meta.dirname, '..'))).toEqual([])
    })

    it('finds a cycle through a type-only import, and none once it is broken', () => {
      write('packages/a/src/engine.ts', "import { x } from './adapter'\n")
      write('packages/a/src/adapter.ts', "import type { E } from './engine'\n")
      write('packages/a/src/engine.test.ts', "import { x } from './adapter'\n")
      expect(importCycles(root)).toEqual([['packages/a/src/adapter.ts', 'packages/a/src/engine.ts', 'packages/a/src/adapter.ts']])
      write('packages/a/src/adapter.ts', "import type { E } from './types'\n")
      write('packages/a/src/types.ts', '')
      expect(importCycles(root)).toEqual([])
    })

    it('a cycle closed only through import() is none; the same cycle with a static import is one', () => {
      write('packages/a/src/modal.ts', "export const load = () => import('./lazyViews')\nexport type V = typeof import('./lazyViews')\n")
      write('packages/a/src/lazyViews.ts', "export { load as _hint } from './modal'\n")
      expect(importCycles(root)).toEqual([])
      write('packages/a/src/modal.ts', "import { x } from './lazyViews'\n")
      expect(importCycles(root)).toEqual([['packages/a/src/lazyViews.ts', 'packages/a/src/modal.ts', 'packages/a/src/lazyViews.ts']])
    })
  })
})
