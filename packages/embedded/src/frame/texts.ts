/**
 * The texts of the frame's own views (key export, recovery, TOTP set-up, the confirmation window and what
 * it shows), in the modal's locales (issue 22 §2, issue 23 §1). English is here and is the fallback of every
 * key; each other locale is a chunk of its own (./locales/<locale>.ts), fetched when the host's locale
 * (SYNC_THEME `locale`) or the confirmation window asks for it, so that the frame's first load carries
 * English only.
 */
import { FRAME_LOCALES, type FrameLocale } from '@portico/protocol/frame'

export const ENGLISH = {
  export: {
    evmTitle: 'Your private key (EVM)',
    solanaTitle: 'Your secret key (Solana)',
    warning: 'Anyone with this key controls your wallet. Never share it, and do not paste it into a website.',
    copy: 'Copy',
    copied: 'Copied',
    hide: 'Hide',
  },
  recovery: {
    title: 'Recover your wallet',
    intro: 'This device has no key share for this wallet. Type the recovery secret you saved when you made it.',
    label: 'Recovery secret',
    recover: 'Recover',
    recovering: 'Recovering…',
    cancel: 'Cancel',
    secretTitle: 'Your recovery secret',
    secretNote:
      'Keep it where only you can find it. With it you can use this wallet on a new device; no one, not even this site, can recover the wallet for you without it.',
    copy: 'Copy',
    copied: 'Copied',
    saved: 'I have saved it',
    /** The frame's custody errors (CUSTODY_ERRORS.badRecoverySecret, wrongRecoverySecret), shown under the field. */
    badSecret: 'A recovery secret is 24 letters and digits, as it was shown to you',
    wrongSecret: 'This recovery secret does not open this wallet',
    /** A recovery that needs the step-up, for a user with a passkey (the recovery view's button). */
    usePasskey: 'Use a passkey',
  },
  /** The popup on the frame's origin where a passkey steps the session up (passkey-popup.ts). */
  stepUp: {
    title: 'Confirm it’s you',
    text: 'Your wallet asks for your passkey before it shows your private key or sets up a new device.',
    button: 'Use passkey',
    working: 'Waiting for your passkey…',
    done: 'Confirmed. You can close this window.',
  },
  totp: {
    title: 'Scan with your authenticator app',
    qrLabel: 'QR code that adds your wallet to an authenticator app',
    keyLabel: 'Or type this setup key:',
  },
  window: {
    title: 'Confirm',
    waiting: 'Waiting for the request…',
    confirm: 'Confirm',
    reject: 'Reject',
    asked: 'Asked by',
    done: 'Done. You can close this window.',
    noOpener: 'Open this window from the wallet.',
    code: 'Code from your authenticator app',
    /** A step-up by passkey: the confirm button's text (the passkey is asked in this window). */
    passkey: 'Confirm with your passkey',
  },
  /** What the confirmation shows of a request (./confirm.ts describeRequest). */
  request: {
    network: 'Network',
    request: 'Request',
    undecodable: 'Warning: this request could not be decoded.',
    changeEmail: 'Change your email',
    newEmail: 'New email',
    removePasskey: 'Remove a passkey',
    passkey: 'Passkey',
    added: 'Added',
    signMessage: 'Sign a message',
    message: 'Message',
    signIn: 'Sign in',
    domain: 'Domain',
    address: 'Address',
    statement: 'Statement',
    uri: 'URI',
    chain: 'Chain',
    send: 'Send',
    to: 'To',
    from: 'From',
    amount: 'Amount',
    sendTokens: 'Send tokens',
    moveTokens: 'Move tokens',
    token: 'Token',
    baseUnits: 'Amount (base units)',
    approve: 'Approve spending',
    spender: 'Spender',
    approveAll: 'Approve the whole collection',
    revokeAll: 'Revoke collection access',
    collection: 'Collection',
    operator: 'Operator',
    callContract: 'Call a contract',
    contract: 'Contract',
    value: 'Value',
    function: 'Function',
    data: 'Data',
    deploy: 'Deploy a contract',
    permit: 'Sign a permit',
    deadline: 'Deadline',
    permit2: (type: string) => `Sign a Permit2 (${type})`,
    tokenOf: (token: string) => `Token ${token}`,
    typedData: (type: string) => `Sign typed data (${type})`,
    app: 'App',
    hash: 'Hash',
    delegateTitle: 'Delegate your account',
    delegate: 'Delegate',
    everyChain: 'every chain',
    batch: (count: number) => `Send ${count} calls`,
    grant: 'Grant permissions',
    until: 'Until',
    permission: 'Permission',
    callTarget: (target: string, functions: string | undefined) => `call ${target}${functions ? ` (${functions})` : ' (every function)'}`,
    spendUpTo: (amount: string) => `spend up to ${amount}`,
    spendEvery: (amount: string, seconds: string) => `spend ${amount} every ${seconds} s`,
    solana: 'Solana transaction',
    sendSol: 'Send SOL',
    program: 'Program',
    solTo: (amount: string, to: string) => `${amount} SOL to ${to}`,
    splTo: (amount: string, to: string) => `${amount} (base units) to ${to}`,
    splCheckedTo: (amount: string, mint: string, to: string) => `${amount} (base units, mint ${mint}) to ${to}`,
    unlimited: (value: string) => `unlimited (${value})`,
    balanceChanges: 'Balance changes',
    noChanges: 'None',
    networkFee: 'Network fee',
    willFail: 'This transaction will fail',
    reverts: (reason: string) => `The simulation says it fails: ${reason}. Sent anyway, it costs its network fee.`,
    notSimulated: 'This transaction could not be simulated: check the details before you confirm.',
    sendAnyway: 'Send anyway',
    stepUp: (amount: string) => `This is above ${amount}: type a code from your authenticator app to send it.`,
    stepUpPasskey: (amount: string) => `This is above ${amount}: confirm with your passkey to send it.`,
  },
  /** The preview's flags, as warnings. */
  flags: {
    unknownDelegate: 'Warning: this hands your account to a contract that is not a known executor.',
    foreignDomain: 'Warning: this sign-in is for another site than this page.',
    approvalForAll: 'Warning: this gives access to every item of the collection.',
    unlimitedAmount: 'Warning: this allows an unlimited amount.',
    largeAmount: 'Warning: this allows more than your balance.',
    spenderNoCode: 'Warning: the spender is not a contract.',
    longDuration: 'Warning: this permission lasts a long time.',
    farDeadline: 'Warning: this signature stays valid for a long time.',
    unknownCall: 'Warning: this calls a function that could not be decoded.',
  },
}

type Widen<T> = T extends string
  ? string
  : T extends (...args: infer A) => string
    ? (...args: A) => string
    : { [K in keyof T]: Widen<T[K]> }
/** Every text of the frame, in one locale. */
export type FrameTexts = Widen<typeof ENGLISH>
/** A locale's texts: any key it leaves out stays English. */
export type FrameTranslation = { [G in keyof FrameTexts]?: Partial<FrameTexts[G]> }

/** One import() per locale: each is a chunk of its own. */
const LOADERS: Record<Exclude<FrameLocale, 'en'>, () => Promise<{ default: FrameTranslation }>> = {
  ar: () => import('./locales/ar'),
  de: () => import('./locales/de'),
  es: () => import('./locales/es'),
  fr: () => import('./locales/fr'),
  ja: () => import('./locales/ja'),
  'pt-BR': () => import('./locales/pt-BR'),
  'zh-CN': () => import('./locales/zh-CN'),
}

/** English with `translation` over it, group by group. */
export function localize(translation: FrameTranslation): FrameTexts {
  const out = { ...ENGLISH } as Record<string, unknown>
  for (const [group, texts] of Object.entries(translation))
    if (group in ENGLISH && texts) out[group] = { ...(ENGLISH as Record<string, object>)[group], ...texts }
  return out as FrameTexts
}

const loaded = new Map<FrameLocale, FrameTexts>([['en', ENGLISH]])

/** `locale`'s texts if its chunk is in (English always is), else undefined. */
export const loadedTexts = (locale: FrameLocale): FrameTexts | undefined => loaded.get(locale)

/** `locale`'s texts, fetching its chunk once; a chunk that fails to load gives English (and is tried again next time). */
export async function loadTexts(locale: FrameLocale): Promise<FrameTexts> {
  const ready = loaded.get(locale)
  if (ready) return ready
  try {
    const texts = localize((await LOADERS[locale as Exclude<FrameLocale, 'en'>]()).default)
    loaded.set(locale, texts)
    return texts
  } catch {
    return ENGLISH
  }
}

/** A supported locale, or undefined: only the protocol's list is taken (a value from another window is not trusted). */
export const frameLocale = (value: unknown): FrameLocale | undefined =>
  (FRAME_LOCALES as readonly unknown[]).includes(value) ? (value as FrameLocale) : undefined

/** The first supported locale among the browser's languages ('de-AT' → 'de', 'zh-Hans' → 'zh-CN'), else 'en'. */
export function localeOfLanguages(languages: readonly string[]): FrameLocale {
  for (const tag of languages) {
    const lower = tag.toLowerCase()
    const exact = FRAME_LOCALES.find((l) => l.toLowerCase() === lower)
    if (exact) return exact
    const language = lower.split('-')[0]
    if (language === 'zh' && /-(hant|tw|hk|mo)\b/.test(lower)) continue
    const byLanguage = FRAME_LOCALES.find((l) => l.split('-')[0] === language)
    if (byLanguage) return byLanguage
  }
  return 'en'
}

/** 'rtl' for Arabic, else 'ltr'. */
export const directionOf = (locale: FrameLocale): 'ltr' | 'rtl' => (locale === 'ar' ? 'rtl' : 'ltr')
