// Every shipped locale has exactly the English messages' keys (issue 15 "Locales"): a key missing
// (it would show in English) or extra (a renamed key left behind) fails here, naming the paths.
// Functions must take the English function's arguments and give back a non-empty string.
import { codedError, ERRORS, LOCALES, type Locale, type MessageCode } from '@portico/headless'
import { describe, expect, it } from 'vitest'
import { messages } from '../messages'
import { buttonMessages } from './buttons'
import { codeText } from './codes'
import { buttonTextsOf, LOCALE_LOADERS, loadedMessages, loadMessages, localize } from './locale'
import { numberFormatOf } from './numbers'

type Tree = Record<string, unknown>
const isTree = (v: unknown): v is Tree => typeof v === 'object' && v !== null

/** Sample arguments by parameter name, so that each parametrised string can be called. */
const SAMPLE: Record<string, unknown> = {
  count: 2,
  n: 3,
  seconds: 30,
  min: 1,
  max: 2,
  to: 'smartAccount',
  label: 'Select token',
  network: 'Base',
}
const paramNames = (fn: (...args: never[]) => unknown): string[] => {
  const head = /^\(?([^)=]*)\)?\s*=>/.exec(fn.toString())?.[1] ?? /^[^(]*\(([^)]*)\)/.exec(fn.toString())?.[1] ?? ''
  return head
    .split(',')
    .map((p) => p.trim().replace(/[?:].*$/, ''))
    .filter(Boolean)
}
const sampleArgs = (fn: (...args: never[]) => unknown) => paramNames(fn).map((name) => (name in SAMPLE ? SAMPLE[name] : `«${name}»`))

/** Walks English and the locale side by side: the paths of missing, extra and ill-typed entries. */
function compare(en: unknown, other: unknown, path: string, problems: string[]): void {
  if (other === undefined) return void problems.push(`missing ${path}`)
  if (typeof en === 'function') {
    if (typeof other !== 'function') return void problems.push(`${path}: a function in English, ${typeof other} here`)
    if (other.length !== en.length) problems.push(`${path}: takes ${other.length} parameters, English ${en.length}`)
    const args = sampleArgs(en as (...args: never[]) => unknown)
    const out = (other as (...a: unknown[]) => unknown)(...args)
    if (typeof out !== 'string' || out.trim() === '') problems.push(`${path}(${args.join(', ')}) gave ${JSON.stringify(out)}, not a text`)
    return
  }
  if (typeof en === 'string') {
    if (typeof other !== 'string' || other === '') problems.push(`${path}: a text in English, ${JSON.stringify(other)} here`)
    return
  }
  if (Array.isArray(en)) {
    if (!Array.isArray(other) || other.length !== en.length) {
      problems.push(`${path}: ${en.length} items in English, ${Array.isArray(other) ? other.length : 'not a list'} here`)
      return
    }
    for (const [i, item] of en.entries()) compare(item, other[i], `${path}[${i}]`, problems)
    return
  }
  if (!isTree(en) || !isTree(other)) return void problems.push(`${path}: not an object`)
  for (const key of Object.keys(en)) compare(en[key], other[key], path ? `${path}.${key}` : key, problems)
  for (const key of Object.keys(other)) if (!(key in en)) problems.push(`extra ${path ? `${path}.${key}` : key}`)
}

const problemsOf = (translation: unknown) => {
  const problems: string[] = []
  compare(messages, translation, '', problems)
  return problems
}

describe('locales', () => {
  it('ships seven locales besides English, each with a loader, one of them right to left', () => {
    expect([...LOCALES].sort()).toEqual(['ar', 'de', 'en', 'es', 'fr', 'ja', 'pt-BR', 'zh-CN'])
    expect(Object.keys(LOCALE_LOADERS).sort()).toEqual(LOCALES.filter((l) => l !== 'en').sort())
  })

  it.each(Object.keys(LOCALE_LOADERS) as Exclude<Locale, 'en'>[])('%s has every English key, and no other', async (locale) => {
    const { default: translation } = await LOCALE_LOADERS[locale]()
    expect(problemsOf(translation)).toEqual([])
  })

  it.each(Object.keys(LOCALE_LOADERS) as Exclude<Locale, 'en'>[])('%s translates (most texts differ from English)', async (locale) => {
    const { default: translation } = await LOCALE_LOADERS[locale]()
    const same: string[] = []
    let all = 0
    const walk = (en: unknown, other: unknown, path: string) => {
      if (typeof en === 'string') {
        all++
        if (other === en) same.push(path)
      } else if (isTree(en) && isTree(other)) for (const k of Object.keys(en)) walk(en[k], other[k], `${path}.${k}`)
    }
    walk(messages, translation, '')
    expect(same.length / all).toBeLessThan(0.15)
  })
})

describe('the missing-key check', () => {
  it('names a missing key, an extra key, a string where a function belongs, and a function with other parameters', () => {
    const broken = JSON.parse(JSON.stringify(messages)) as Tree
    delete (broken.connect as Tree).title
    ;(broken.header as Tree).home = 'Home'
    ;(broken.walletSend as Tree).balance = 'Balance'
    const problems = problemsOf(broken) // JSON also dropped every function: each is reported missing
    expect(problems).toContain('missing connect.title')
    expect(problems).toContain('extra header.home')
    expect(problems).toContain('walletSend.balance: a function in English, string here')
    expect(problems).toContain('missing connect.socialContinue')
    expect(problemsOf({ ...messages, registerName: { ...messages.registerName, available: () => 'x' } })).toContain(
      'registerName.available: takes 0 parameters, English 1',
    )
    expect(problemsOf(messages)).toEqual([])
  })
})

describe("a locale's messages", () => {
  it('English with the locale over it, English for what it lacks; `messages` itself stays English', () => {
    const title = messages.connect.title
    const de = localize({
      connect: { title: 'Wallet verbinden' },
      walletSend: { balance: (b, s) => `Guthaben: ${b} ${s}` },
      connectWallet: 'Wallet verbinden',
    })
    expect(de.connect.title).toBe('Wallet verbinden')
    expect(de.connect.emailLabel).toBe('Email')
    expect(de.walletSend.balance('1', 'ETH')).toBe('Guthaben: 1 ETH')
    expect(buttonTextsOf(de, 'de').connectWallet).toBe('Wallet verbinden')
    const other = localize({ connect: { emailLabel: 'E-Mail' } })
    expect(other.connect.title).toBe(title)
    expect(other.connect.emailLabel).toBe('E-Mail')
    expect(buttonTextsOf(other, 'en').connectWallet).toBe('Connect wallet')
    expect(messages.connect.title).toBe('Connect wallet')
    expect(messages.connect.emailLabel).toBe('Email')
    expect(messages.walletSend.balance('1', 'ETH')).toBe('Balance: 1 ETH')
    expect(buttonMessages.connectWallet).toBe('Connect wallet')
    expect(localize(undefined)).toBe(messages)
  })

  it("the buttons' texts: the connect texts, the unsupported network's title and the balance's locale", () => {
    expect(buttonTextsOf(messages, 'en')).toBe(buttonMessages)
    expect(buttonMessages.locale).toBe('en-US')
    expect(
      buttonTextsOf(localize({ unsupportedChain: { title: 'Netzwerk wechseln' }, unknownNetwork: 'Unbekanntes Netzwerk' }), 'de'),
    ).toEqual({
      connectWallet: 'Connect wallet',
      connecting: 'Connecting…',
      unknownNetwork: 'Unbekanntes Netzwerk',
      switchNetwork: 'Netzwerk wechseln',
      locale: 'de',
    })
    expect(buttonTextsOf(messages, 'zh-CN').locale).toBe('zh-CN')
  })

  it('loadMessages fetches a chunk once and gives every caller the same messages; English is `messages`', async () => {
    expect(loadedMessages('ar')).toBeUndefined()
    const [a, b] = await Promise.all([loadMessages('ar'), loadMessages('ar')])
    expect(a).toBe(b)
    expect(a.header.close).toBe('إغلاق')
    expect(loadedMessages('ar')).toBe(a)
    expect(await loadMessages('ar')).toBe(a)
    expect(messages.header.close).toBe('Close')
    expect(await loadMessages('en')).toBe(messages)
    expect(loadedMessages('en')).toBe(messages)
  })

  it('a chunk that fails to load rejects, and the next call fetches it again', async () => {
    const real = LOCALE_LOADERS.ja
    let calls = 0
    LOCALE_LOADERS.ja = () => {
      calls++
      return calls === 1 ? Promise.reject(new TypeError('Failed to fetch dynamically imported module')) : real()
    }
    try {
      await expect(loadMessages('ja')).rejects.toThrow('Failed to fetch dynamically imported module')
      expect(loadedMessages('ja')).toBeUndefined()
      expect((await loadMessages('ja')).header.close).toBe('閉じる')
      expect(calls).toBe(2)
    } finally {
      LOCALE_LOADERS.ja = real
    }
  })
})

describe('headless codes (issue 21 §4)', () => {
  /** Every code a flow's state can carry. */
  const CODES: MessageCode[] = [
    ...(Object.keys(ERRORS) as (keyof typeof ERRORS)[]),
    'insufficientGas',
    'swapped',
    'httpStatus',
    'otherError',
    'registerName',
    'invalidEmail',
    'invalidOtp',
    'sameEmail',
    'nameTooShort',
    'nameTooLong',
    'nameChars',
  ]

  it("English words every code as SPEC §8's exact text", () => {
    expect(Object.keys(messages.errors).sort()).toEqual([...CODES].sort())
    for (const key of Object.keys(ERRORS) as (keyof typeof ERRORS)[])
      expect(codeText({ code: key, message: 'unused' }, messages)).toBe(ERRORS[key])
    expect(codeText({ code: 'insufficientGas', params: { symbol: 'ETH' }, message: '' }, messages)).toBe('Insufficient ETH for gas')
    expect(codeText({ code: 'insufficientGas', params: { symbol: '' }, message: '' }, messages)).toBe('Insufficient funds for gas')
    expect(
      codeText(
        { code: 'swapped', params: { paid: '1.25', from: 'ETH', amount: '2970.647847', to: 'USDC' }, message: '' },
        messages,
        numberFormatOf('en'),
      ),
    ).toBe('Swapped 1.25 ETH to 2,970.647847 USDC')
    expect(codeText({ code: 'otherError', params: { detail: 'execution reverted' }, message: '' }, messages)).toBe('execution reverted')
    expect(codeText({ code: 'httpStatus', params: { status: '500' }, message: '' }, messages)).toBe('HTTP status code: 500')
    // headless's own texts, exact (codedError gives these codes for them).
    for (const [code, text] of [
      ['invalidEmail', 'Invalid email. Try again.'],
      ['invalidOtp', 'The code is 6 digits'],
      ['sameEmail', 'That is already your email'],
      ['nameChars', 'Name may only contain letters, digits and hyphens'],
      ['nameTooShort', 'Name must be at least 4 characters'],
      ['nameTooLong', 'Name must be at most 63 characters'],
      ['registerName', 'Error registering name alice'],
    ] as const) {
      const state = codedError(text, 'frameGeneric')
      expect(state.code).toBe(code)
      expect(codeText(state, messages)).toBe(text)
    }
  })

  it('a state without a code, or with one the table lacks, shows its own message; none is empty', () => {
    expect(codeText({ message: 'An app banner' }, messages)).toBe('An app banner')
    expect(codeText({ code: 'notACode', message: 'Fallback text' }, messages)).toBe('Fallback text')
    expect(codeText(undefined, messages)).toBe('')
  })

  it.each(Object.keys(LOCALE_LOADERS) as Exclude<Locale, 'en'>[])('%s words every code, none in English', async (locale) => {
    const { default: translation } = await LOCALE_LOADERS[locale]()
    const m = localize(translation)
    const params = {
      symbol: 'ETH',
      from: 'ETH',
      amount: '2970',
      to: 'USDC',
      detail: 'execution reverted',
      status: '500',
      name: 'alice',
      min: '4',
      max: '63',
    }
    const english: string[] = []
    for (const code of CODES) {
      const text = codeText({ code, params, message: 'English default' }, m)
      expect(text, code).not.toBe('')
      expect(text, code).not.toBe('English default')
      if (text === codeText({ code, params, message: 'English default' }, messages)) english.push(code)
    }
    expect(english).toEqual([])
    // The parameters are in the text.
    expect(codeText({ code: 'insufficientGas', params: { symbol: 'POL' }, message: '' }, m)).toContain('POL')
    expect(codeText({ code: 'swapped', params: { paid: '0.5', from: 'ETH', amount: '29.5', to: 'USDC' }, message: '' }, m)).toMatch(
      /0\.5 ETH.*29\.5 USDC|29\.5 USDC.*0\.5 ETH/,
    )
    expect(codeText({ code: 'otherError', params: { detail: 'execution reverted' }, message: '' }, m)).toContain('execution reverted')
    expect(codeText({ code: 'httpStatus', params: { status: '503' }, message: '' }, m)).toContain('503')
    expect(codeText({ code: 'registerName', params: { name: 'alice' }, message: '' }, m)).toContain('alice')
    expect(codeText({ code: 'nameTooShort', params: { min: '4' }, message: '' }, m)).toContain('4')
    expect(codeText({ code: 'nameTooLong', params: { max: '63' }, message: '' }, m)).toContain('63')
  })
})

describe('names of things (issue 25)', () => {
  it.each(LOCALES)('%s names the Farcaster app Farcaster (it is no longer called Warpcast)', async (locale) => {
    const texts = JSON.stringify(await loadMessages(locale), (_, v) => (typeof v === 'function' ? String(v) : v))
    expect(texts).not.toContain('Warpcast')
    expect(texts).toContain('Farcaster')
  })
})
