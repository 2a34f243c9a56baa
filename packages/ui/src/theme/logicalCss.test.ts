// The modal mirrors right to left (Arabic) because its styles use logical properties only
// (margin-inline-start, padding-inline, inset-inline-end, text-align: start …). This fails when a
// physical left/right property or value comes back into a style file of packages/ui/src.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const SRC = path.resolve(import.meta.dirname, '..')

/** Style files: every *.css.ts under packages/ui/src. */
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(path.join(dir, e.name)) : e.name.endsWith('.css.ts') ? [path.join(dir, e.name)] : [],
  )

const PHYSICAL: [string, RegExp][] = [
  ['left/right offset', /^\s*['"]?(left|right)['"]?\s*:/],
  ['physical margin/padding/border side', /\b(margin|padding|border)(Left|Right)\w*\s*:/],
  ['physical corner radius', /\bborder(Top|Bottom)(Left|Right)Radius\b/],
  ['text-align/float left or right', /\b(textAlign|float|clear)\s*:\s*['"](left|right)['"]/],
  [
    'a 4-value margin/padding shorthand (its sides are physical)',
    /\b(margin|padding)\s*:\s*[`'"]\s*[^\s`'"]+\s+[^\s`'"]+\s+[^\s`'"]+\s+[^\s`'"]+\s*[`'"]/,
  ],
  ['a sprinkle of a physical property', /['"](paddingLeft|paddingRight|marginLeft|marginRight|left|right)['"]/],
]

/** Justified physical uses: file → the line's text. */
const ALLOWED: Record<string, RegExp[]> = {
  // The shake animation moves the dialog sideways and back: symmetric, the same in both directions.
  'Modal/Modal.css.ts': [/translateX/],
  // A spinner's ring with one side transparent turns round: it looks the same either way.
  'components/Spinner/Spinner.css.ts': [/borderRightColor: 'transparent'/],
  'components/ConnectButton/ConnectButton.css.ts': [/borderRightColor: 'transparent'/],
}

// Comments out, and calc(…) as one token (its inner spaces are not sides).
const stripComments = (line: string) =>
  line
    .replace(/\/\/.*$/, '')
    .replace(/\/\*.*?\*\//g, '')
    .replace(/calc\([^)]*\)/g, 'calc')

describe('logical CSS in @portico/ui', () => {
  const all = files(SRC)

  it('finds the style files', () => {
    expect(all.length).toBeGreaterThan(30)
  })

  it('no physical left/right property or value in any style file', () => {
    const found: string[] = []
    for (const file of all) {
      const rel = path.relative(SRC, file)
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((raw, i) => {
          const line = stripComments(raw)
          if (/^\s*\*/.test(raw) || ALLOWED[rel]?.some((re) => re.test(line))) return
          for (const [what, re] of PHYSICAL) if (re.test(line)) found.push(`${rel}:${i + 1} ${what}: ${raw.trim()}`)
        })
    }
    expect(found).toEqual([])
  })

  it('the check itself catches each kind', () => {
    const hits = (line: string) => PHYSICAL.filter(([, re]) => re.test(line)).map(([what]) => what)
    expect(hits('  left: vars.space.md,')).not.toEqual([])
    expect(hits("  marginLeft: 'auto',")).not.toEqual([])
    expect(hits('  borderBottomRightRadius: 0,')).not.toEqual([])
    expect(hits("  textAlign: 'right',")).not.toEqual([])
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the input is a line of style source that holds a template literal.
    expect(hits('  padding: `0 ${vars.space.sm} 0 ${vars.space.md}`,')).not.toEqual([])
    expect(hits("    paddingX: ['paddingLeft', 'paddingRight'],")).not.toEqual([])
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the input is a line of style source that holds a template literal.
    expect(hits("  insetInlineStart: vars.space.md, marginInlineStart: 'auto', textAlign: 'start', padding: `0 ${vars.space.md}`")).toEqual(
      [],
    )
  })
})
