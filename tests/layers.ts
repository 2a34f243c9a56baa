// The layer rules of DESIGN.md as data, and a checker over import specifiers.
// headless never imports React DOM, ui, an adapter, the server or the devnet; its core never imports React;
// ui reaches headless only through its public entry points; adapters use headless's public API only.
// The demo's headless page (apps/demo/src/headless-main.tsx) and every demo file it imports never import ui.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { ROUTE_VIEWS } from '../packages/headless/src/core/types'

export type Violation = { file: string; specifier: string; rule: string }

const ADAPTERS = ['@portico/evm', '@portico/solana', '@portico/walletconnect', '@portico/embedded']
// @portico/headless/adapter-kit is public too: what the chain adapters share (receipt waits, node JSON-RPC, ERC-20 call data, units);
// so is @portico/headless/preview: the preview engine without an instance (decoders, simulation), for the secure frame;
// and @portico/headless/theme: the theme's variable names and the sanitiser of overrides, for ui's contract and the frame.
const HEADLESS_PUBLIC = new Set([
  '@portico/headless',
  '@portico/headless/react',
  '@portico/headless/adapter-kit',
  '@portico/headless/preview',
  '@portico/headless/theme',
])
const startsWithAny = (s: string, list: string[]) => list.some((p) => s === p || s.startsWith(`${p}/`))

/** The entry of the demo page built on the headless hooks only (apps/demo/headless.html). */
export const HEADLESS_PAGE_ENTRY = 'apps/demo/src/headless-main.tsx'
export const HEADLESS_PAGE_RULE = 'the headless demo page must not import @portico/ui'

/**
 * Rules for one file, identified by its path relative to the repo root (posix separators).
 * `headlessPage`: the file is part of the headless demo page (its entry or a file the entry imports,
 * directly or not); the entry itself always is.
 */
export function checkImports(file: string, specifiers: string[], options: { headlessPage?: boolean } = {}): Violation[] {
  const out: Violation[] = []
  const bad = (specifier: string, rule: string) => out.push({ file, specifier, rule })
  if (options.headlessPage || file === HEADLESS_PAGE_ENTRY) {
    for (const s of specifiers) if (startsWithAny(s, ['@portico/ui'])) bad(s, HEADLESS_PAGE_RULE)
  }
  const pkg = /^packages\/([^/]+)\/src\//.exec(file)?.[1]
  if (!pkg) return out
  // Tests may drive a package against the real local peers of the devnet (chains, relay, wallets).
  const isTest = /\.test\.tsx?$/.test(file)
  for (const s of specifiers) {
    const resolvedPkg = s.startsWith('.')
      ? /^packages\/([^/]+)\//.exec(path.posix.normalize(path.posix.join(path.posix.dirname(file), s)))?.[1]
      : undefined
    if (resolvedPkg && resolvedPkg !== pkg) bad(s, `relative import reaches into packages/${resolvedPkg}`)
    if (pkg === 'protocol' && s.startsWith('@portico/')) bad(s, 'protocol is the lowest layer: it imports no @portico package')
    if (pkg === 'headless') {
      if (s === 'react-dom' || s.startsWith('react-dom/')) bad(s, 'headless must not import React DOM')
      if (startsWithAny(s, ['@portico/ui'])) bad(s, 'headless must not import ui')
      if (startsWithAny(s, ADAPTERS)) bad(s, 'headless must not import an adapter')
      if (startsWithAny(s, ['@portico/server'])) bad(s, 'headless must not import server or devnet')
      if (!isTest && startsWithAny(s, ['@portico/devnet'])) bad(s, 'headless must not import server or devnet')
      if (file.startsWith('packages/headless/src/core/') && (s === 'react' || s.startsWith('react/') || s.startsWith('@nanostores/react')))
        bad(s, 'headless core must not import React')
    }
    if (pkg === 'ui' || ADAPTERS.includes(`@portico/${pkg}`)) {
      if (s.startsWith('@portico/headless') && !HEADLESS_PUBLIC.has(s)) bad(s, `${pkg} must use only headless's public API`)
      // @portico/embedded is also the frame app, a client of the Portico API in its own right: it speaks the
      // frame protocol and the auth service's wire (and reads a project's allowed origins and confirmation policy) itself.
      const embeddedWire =
        pkg === 'embedded' &&
        [
          '@portico/protocol/frame',
          '@portico/protocol/auth',
          '@portico/protocol/explorer',
          '@portico/protocol/two-factor',
          '@portico/protocol/confirm-policy',
        ].includes(s)
      if (!embeddedWire && startsWithAny(s, ['@portico/protocol'])) bad(s, `${pkg} must reach wire types through headless's public API`)
      if (startsWithAny(s, ['@portico/server'])) bad(s, `${pkg} must not import server or devnet`)
      if (!isTest && startsWithAny(s, ['@portico/devnet'])) bad(s, `${pkg} must not import server or devnet`)
    }
    if (ADAPTERS.includes(`@portico/${pkg}`) && startsWithAny(s, ['@portico/ui'])) bad(s, 'adapters must not import ui')
    if (pkg === 'wagmi') {
      // @portico/wagmi sits beside the adapters: headless's public API, @wagmi/core and viem. Its tests
      // (and their test-support.ts) may drive it with an adapter against the devnet's chains and wallet.
      const isWagmiTest = isTest || file === 'packages/wagmi/src/test-support.ts'
      if (s.startsWith('@portico/headless') && !HEADLESS_PUBLIC.has(s)) bad(s, "wagmi must use only headless's public API")
      if (startsWithAny(s, ['@portico/protocol'])) bad(s, "wagmi must reach wire types through headless's public API")
      if (startsWithAny(s, ['@portico/ui'])) bad(s, 'wagmi must not import ui')
      if (startsWithAny(s, ['@portico/server']) || (!isWagmiTest && startsWithAny(s, ['@portico/devnet', ...ADAPTERS])))
        bad(s, 'wagmi must not import server, devnet or an adapter (tests aside)')
    }
    if (pkg === 'ui' && startsWithAny(s, ADAPTERS)) bad(s, 'ui must not import an adapter')
  }
  return out
}

const IMPORT_RE =
  /(?:^|[;\s])(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm

export function importSpecifiers(source: string): string[] {
  const found: string[] = []
  for (const m of source.matchAll(IMPORT_RE)) found.push((m[1] ?? m[2]) as string)
  return found
}

/** The specifiers of static import and export statements only (no `import()`, no `typeof import()`). */
export function staticImportSpecifiers(source: string): string[] {
  const found: string[] = []
  for (const m of source.matchAll(IMPORT_RE)) if (m[1] !== undefined) found.push(m[1])
  return found
}

function walk(dir: string, acc: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === '__screenshots__') continue
    const p = path.join(dir, name)
    if (statSync(p).isDirectory()) walk(p, acc)
    else if (/\.(ts|tsx|mts)$/.test(name)) acc.push(p)
  }
  return acc
}

const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts']

/** The source file a relative specifier names ('./setup' -> setup.ts, './x' -> x/index.tsx …), if any. */
function resolveRelative(fromFile: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(fromFile), specifier)
  const candidates = [base, ...SOURCE_EXTENSIONS.map((e) => base + e), ...SOURCE_EXTENSIONS.map((e) => path.join(base, `index${e}`))]
  return candidates.find((c) => SOURCE_EXTENSIONS.includes(path.extname(c)) && existsSync(c) && statSync(c).isFile())
}

/** The headless page's entry and every source file it reaches through relative imports. */
export function headlessPageFiles(root: string): string[] {
  const entry = path.join(root, HEADLESS_PAGE_ENTRY)
  if (!existsSync(entry)) return []
  const seen = new Set<string>([entry])
  const queue = [entry]
  while (queue.length > 0) {
    const file = queue.shift() as string
    for (const s of importSpecifiers(readFileSync(file, 'utf8'))) {
      if (!s.startsWith('.')) continue
      const target = resolveRelative(file, s)
      if (target && !seen.has(target)) {
        seen.add(target)
        queue.push(target)
      }
    }
  }
  return [...seen]
}

export function checkTree(root: string): Violation[] {
  const out: Violation[] = []
  const rel = (file: string) => path.relative(root, file).split(path.sep).join('/')
  for (const file of headlessPageFiles(root)) {
    out.push(
      ...checkImports(rel(file), importSpecifiers(readFileSync(file, 'utf8')), { headlessPage: true }).filter(
        (v) => v.rule === HEADLESS_PAGE_RULE,
      ),
    )
  }
  const packagesDir = path.join(root, 'packages')
  if (!existsSync(packagesDir)) return out
  for (const pkg of readdirSync(packagesDir)) {
    const src = path.join(packagesDir, pkg, 'src')
    try {
      statSync(src)
    } catch {
      continue
    }
    for (const file of walk(src)) {
      const source = readFileSync(file, 'utf8')
      out.push(
        ...checkImports(rel(file), importSpecifiers(source)),
        ...checkUiSource(rel(file), source),
        ...checkUiText(rel(file), source),
        ...checkUiShownText(rel(file), source),
        ...checkHookSource(rel(file), source),
      )
    }
  }
  return out
}

/**
 * Issue-8 rules for the default modal: ui reads hooks only. No ui file (tests aside) calls
 * `usePortico()`, subscribes to a `$store` (nanostores, useSyncExternalStore, `.listen`/`.subscribe`
 * or any `.$name` member), or changes chain state directly (chain or connection setters). The
 * provider, which creates or receives the instance, may hand it its links and reconnect it.
 */
export const UI_RULES: { rule: string; re: RegExp }[] = [
  // A call or an import of it (a text naming it, such as the missing-provider error's translations, is neither).
  { rule: 'ui views read hooks only: no usePortico()', re: /\busePortico\s*\(|\{[^}]*\busePortico\b[^}]*\}\s*from\b/ },
  {
    rule: 'ui views read hooks only: no store subscription',
    re: /from ['"](@nanostores\/[^'"]+|nanostores)['"]|\buseSyncExternalStore\b|\.(listen|subscribe)\(/,
  },
  { rule: 'ui views read hooks only: no $store access', re: /\.\$[A-Za-z]\w*/ },
  {
    rule: 'ui views never change chain state directly',
    re: /\.(setAccount|setNetworkState|resetAccount|setActiveNetwork|setActiveNamespace|setIsSwitchingNamespace|setCurrentTab)\(/,
  },
]
const UI_EXEMPT = new Set(['packages/ui/src/PorticoProvider/PorticoProvider.tsx'])

export function checkUiSource(file: string, source: string): Violation[] {
  if (!file.startsWith('packages/ui/src/') || /\.test\.tsx?$/.test(file) || UI_EXEMPT.has(file)) return []
  // Comments may name what the code must not do.
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1')
  return UI_RULES.filter(({ re }) => re.test(code)).map(({ rule }) => ({ file, specifier: '', rule }))
}

/**
 * Issue 21 §4: the headless → ui contract is codes, not text. No ui file (tests aside) compares a value
 * with English text: a comparison (===, !==, ==, !=), a `case` or a string test (.includes, .startsWith,
 * .endsWith, .indexOf) against a literal that is a phrase (a letter, a space, more) or a single
 * capitalised word ('Swap'); nor compares with, or lists, the catalogue's texts (`ERRORS.x`). Not text:
 * view names where a view is compared (`….view === 'Swap'`, a `case`), key names where a key is
 * (`e.key === 'Escape'`), codes ('inputError'), symbols ('ETH') and wire values ('IN_PROGRESS').
 */
export const UI_TEXT_RULE = 'ui compares codes, never English text: map the code to words through the locale'
/** KeyboardEvent.key values the ui may test for. */
const KEY_NAMES: ReadonlySet<string> = new Set([
  'Escape',
  'Enter',
  'Tab',
  'Home',
  'End',
  'Backspace',
  'Delete',
  'ArrowUp',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'PageUp',
  'PageDown',
  'Shift',
  'Control',
  'Alt',
  'Meta',
])
const VIEW_NAMES: ReadonlySet<string> = new Set(ROUTE_VIEWS)
const PHRASE = /\p{L}\s+\S/u
const CAPITALISED_WORD = /^[A-Z][a-z]+$/
const LITERAL = String.raw`(?:'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|\x60((?:[^\x60\\$]|\\.)*)\x60)`
const OPERAND = String.raw`([\w$.?!\]\[()]+)`
const COMPARISON_LEFT = new RegExp(String.raw`${OPERAND}\s*[!=]==?\s*${LITERAL}`, 'g')
const COMPARISON_RIGHT = new RegExp(String.raw`${LITERAL}\s*[!=]==?\s*${OPERAND}`, 'g')
const CASE = new RegExp(String.raw`\bcase\s+${LITERAL}\s*:`, 'g')
const STRING_TEST = new RegExp(String.raw`\.(?:includes|startsWith|endsWith|indexOf|lastIndexOf)\(\s*${LITERAL}`, 'g')
const CATALOGUE = /[!=]==?\s*ERRORS\.\w|ERRORS\.\w+\s*[!=]==?|\.(?:includes|indexOf)\(\s*ERRORS\.|\[\s*ERRORS\.\w+\s*,/

/** The text is English words, not a code: a phrase, or one capitalised word that is not a name `allowed` lets through. */
export function isEnglishText(text: string, allowed: ReadonlySet<string> = new Set()): boolean {
  if (PHRASE.test(text)) return true
  return CAPITALISED_WORD.test(text) && !allowed.has(text)
}

/** The names a literal compared with `operand` may be: view names for a view, key names for a key. */
function allowedFor(operand: string | undefined): ReadonlySet<string> {
  const last =
    (operand ?? '')
      .replace(/[?!()]+$/, '')
      .split('.')
      .pop() ?? ''
  if (/^(view|views|entry|route)$/i.test(last) || /View$/.test(last)) return VIEW_NAMES
  if (/^(key|code)$/.test(last)) return KEY_NAMES
  return new Set()
}

export function checkUiText(file: string, source: string): Violation[] {
  if (!file.startsWith('packages/ui/src/') || /\.test\.tsx?$/.test(file)) return []
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1')
  const out: Violation[] = []
  const bad = (specifier: string) => out.push({ file, specifier, rule: UI_TEXT_RULE })
  const text = (m: RegExpMatchArray, from: number) => m[from] ?? m[from + 1] ?? m[from + 2] ?? ''
  for (const m of code.matchAll(COMPARISON_LEFT)) if (isEnglishText(text(m, 2), allowedFor(m[1]))) bad(m[0])
  for (const m of code.matchAll(COMPARISON_RIGHT)) if (isEnglishText(text(m, 1), allowedFor(m[4]))) bad(m[0])
  for (const m of code.matchAll(CASE)) if (isEnglishText(text(m, 1), new Set([...VIEW_NAMES, ...KEY_NAMES]))) bad(m[0])
  for (const m of code.matchAll(STRING_TEST)) if (isEnglishText(text(m, 1))) bad(m[0])
  const catalogue = CATALOGUE.exec(code)
  if (catalogue) bad(catalogue[0])
  return out
}

/**
 * Issue 21 §4: a ui container (a file that calls headless's hooks) shows a headless failure through its
 * code (`codeText(x.errorCode, messages)`), never the English text a hook keeps beside it: no `.error`,
 * `.listError`, `.ruleError` or `.message` of a hook's value (or a thrown Error) is shown, nor is such a
 * field destructured from a hook. A field only tested (`x.error ? …`, `x.error && …`, `!x.error`) or
 * handed to `codeText(` (a coded state, `codeText(button.error, …)`) is not shown; messages
 * (`m`, `messages`) and style objects (`styles`, a `.css` import) are not headless values.
 */
export const UI_SHOWN_TEXT_RULE = 'ui shows a headless failure by its code (codeText(x.errorCode, messages)), never its English text'
const TEXT_FIELD = /(?<![\w$.])([A-Za-z_$][\w$]*)((?:\??\.[\w$]+)*?)\??\.(error|listError|ruleError|message)\b(?![\w$(])/g
const DESTRUCTURED_TEXT = /\{[^{}]*\b(error|listError|ruleError)\b(?!\s*:)[^{}]*\}\s*=\s*use[A-Z]\w*\(/g

export function checkUiShownText(file: string, source: string): Violation[] {
  if (!file.startsWith('packages/ui/src/') || /\.test\.tsx?$/.test(file)) return []
  if (!/from ['"]@portico\/headless\/react['"]/.test(source)) return []
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1')
  const notHeadless = new Set(['m', 'messages', 'styles'])
  for (const m of code.matchAll(/import\s+(?:\*\s+as\s+(\w+)|\{([^}]*)\})\s+from\s+['"][^'"]+\.css['"]/g)) {
    if (m[1]) notHeadless.add(m[1])
    for (const name of (m[2] ?? '').split(','))
      if (name.trim())
        notHeadless.add(
          name
            .trim()
            .split(/\s+as\s+/)
            .pop() ?? '',
        )
  }
  for (const m of code.matchAll(/\b(?:const|let)\s+(\w+)\s*=\s*(?:useMessages\(\)|messages\.)/g)) if (m[1]) notHeadless.add(m[1])
  const out: Violation[] = []
  for (const m of code.matchAll(TEXT_FIELD)) {
    if (notHeadless.has(m[1] ?? '')) continue
    const at = m.index ?? 0
    const before = code.slice(Math.max(0, at - 12), at)
    const after = code.slice(at + m[0].length)
    if (/codeText\(\s*$/.test(before) || /!\s*$/.test(before)) continue
    if (/^\s*(\?(?![?.])|&&|[!=]==?\s*(null|undefined)\b)/.test(after)) continue
    out.push({ file, specifier: m[0], rule: UI_SHOWN_TEXT_RULE })
  }
  for (const m of code.matchAll(DESTRUCTURED_TEXT)) out.push({ file, specifier: m[1] ?? '', rule: UI_SHOWN_TEXT_RULE })
  return out
}

/**
 * Every headless hook has one shape: `export function useX(options?: UseXOptions): UseXReturn` (or no
 * parameter), with `UseXReturn` (and `UseXOptions` when it takes options) exported from its file.
 */
export function checkHookSource(file: string, source: string): Violation[] {
  const name = /\/react\/(use[A-Z]\w*)\.ts$/.exec(file)?.[1]
  if (!name || name === 'usePortico') return []
  const type = name[0]!.toUpperCase() + name.slice(1)
  const out: Violation[] = []
  const bad = (rule: string) => out.push({ file, specifier: name, rule })
  const sig = new RegExp(`export function ${name}\\(([^)]*)\\)\\s*:\\s*(\\w+)`).exec(source)
  if (!sig) return [{ file, specifier: name, rule: `${name} must be exported as a function with a declared return type` }]
  if (sig[2] !== `${type}Return`) bad(`${name} must return ${type}Return`)
  if (!new RegExp(`export (interface|type) ${type}Return\\b`).test(source)) bad(`${type}Return must be exported`)
  const param = (sig[1] ?? '').trim()
  if (param) {
    if (!new RegExp(`^options\\??\\s*:\\s*${type}Options(\\s*=\\s*\\{\\})?$`).test(param))
      bad(`${name} takes one parameter: options?: ${type}Options`)
    if (!new RegExp(`export (interface|type) ${type}Options\\b`).test(source)) bad(`${type}Options must be exported`)
  }
  return out
}

/**
 * Cycles among the relative static imports of the packages' source files (tests left out), each as a
 * list of files. A dynamic `import()` is not an edge: the module it loads runs after every static
 * module has, so it cannot make an evaluation-order cycle.
 */
export function importCycles(root: string): string[][] {
  const rel = (file: string) => path.relative(root, file).split(path.sep).join('/')
  const graph = new Map<string, string[]>()
  const packagesDir = path.join(root, 'packages')
  for (const pkg of readdirSync(packagesDir)) {
    const src = path.join(packagesDir, pkg, 'src')
    if (!existsSync(src)) continue
    for (const file of walk(src)) {
      if (/\.test\.tsx?$/.test(file)) continue
      const targets: string[] = []
      for (const s of staticImportSpecifiers(readFileSync(file, 'utf8'))) {
        if (!s.startsWith('.')) continue
        const target = resolveRelative(file, s)
        if (target && !/\.test\.tsx?$/.test(target)) targets.push(rel(target))
      }
      graph.set(rel(file), targets)
    }
  }
  const cycles: string[][] = []
  const state = new Map<string, 'open' | 'done'>()
  const stack: string[] = []
  const visit = (node: string) => {
    state.set(node, 'open')
    stack.push(node)
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next])
      else if (!state.has(next)) visit(next)
    }
    stack.pop()
    state.set(node, 'done')
  }
  for (const node of graph.keys()) if (!state.has(node)) visit(node)
  return cycles
}
