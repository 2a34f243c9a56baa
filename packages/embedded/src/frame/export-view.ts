/**
 * Key export (issue 22 §2): the private key shows in the FRAME's own document (its own origin: the
 * host page can not read it), never in a message to the host. The host only makes room for the
 * frame (shows the iframe over its modal) while the view is up.
 *
 * `ExportKey` is where the key comes from: the key-share core rebuilds it from two shares
 * (shares/with-key.ts) for the length of the call; the caller (this view) wipes the bytes once it
 * has turned them into the text it shows. The text itself, a string in the DOM, can not be wiped:
 * it goes when the view is hidden (README, "Key shares", Limits).
 */
import { ed25519 } from '@noble/curves/ed25519'
import { getBase58Decoder } from '@solana/kit'
import type { KeyKind } from './shares/addresses'
import { wipe } from './shares/bytes'
import { ENGLISH, type FrameTexts } from './texts'

/** The whole private key of `kind` (EVM: the 32-byte secp256k1 key; Solana: the 32-byte seed), a fresh buffer the caller wipes. */
export type ExportKey = (kind: KeyKind) => Promise<Uint8Array>

/** The texts of the view in English (./texts.ts has every locale's). */
export const EXPORT_VIEW_TEXTS = ENGLISH.export

/**
 * The text a wallet app imports: EVM, 0x and the 32 bytes in hex; Solana, the 64-byte secret key
 * (seed, then public key) in base58, as Phantom and Solflare take it.
 */
export function exportedKeyText(kind: KeyKind, key: Uint8Array): string {
  if (key.length !== 32) throw new Error('An exported key is 32 bytes')
  if (kind === 'evm') {
    let hex = '0x'
    for (const byte of key) hex += byte.toString(16).padStart(2, '0')
    return hex
  }
  const full = new Uint8Array(64)
  full.set(key, 0)
  full.set(ed25519.getPublicKey(key), 32)
  try {
    return getBase58Decoder().decode(full)
  } finally {
    wipe(full)
  }
}

export interface KeyView {
  /** Show `key` (wiped here once shown); replaces a view already up. */
  show(kind: KeyKind, key: Uint8Array): void
  /** Remove the view (and so the key's text) from the document. */
  hide(): void
  /** Is a key on screen? */
  shown(): boolean
}

/**
 * The view in `doc` (the frame's document): a title, a warning, the key, Copy and Hide. `texts`: the
 * texts of the locale shown (./look.ts), read when the view shows. Styled by ./frame.css.
 */
export function createKeyView(
  doc: Document,
  options: { texts?: () => FrameTexts['export']; copy?: (text: string) => Promise<void>; onHide?: () => void } = {},
): KeyView {
  const textsOf = options.texts ?? (() => EXPORT_VIEW_TEXTS)
  const copy =
    options.copy ?? ((text: string) => doc.defaultView?.navigator.clipboard?.writeText(text) ?? Promise.reject(new Error('no clipboard')))
  let root: HTMLElement | undefined

  function hide() {
    root?.remove()
    root = undefined
  }

  function button(label: string, testId: string, className: string, onClick: () => void): HTMLButtonElement {
    const el = doc.createElement('button')
    el.type = 'button'
    el.textContent = label
    el.className = className
    el.setAttribute('data-testid', testId)
    el.addEventListener('click', onClick)
    return el
  }

  return {
    show(kind, key) {
      let text: string
      try {
        text = exportedKeyText(kind, key)
      } finally {
        wipe(key)
      }
      hide()
      const texts = textsOf()
      const section = doc.createElement('section')
      section.className = 'portico-view'
      section.setAttribute('data-testid', 'portico-export-key')
      section.setAttribute('aria-labelledby', 'portico-export-key-title')
      const title = doc.createElement('h2')
      title.id = 'portico-export-key-title'
      title.className = 'portico-title'
      title.textContent = kind === 'evm' ? texts.evmTitle : texts.solanaTitle
      const warning = doc.createElement('p')
      warning.className = 'portico-danger'
      warning.setAttribute('role', 'note')
      warning.textContent = texts.warning
      const value = doc.createElement('code')
      value.className = 'portico-code'
      value.setAttribute('data-testid', 'portico-export-key-value')
      value.textContent = text
      const actions = doc.createElement('div')
      actions.className = 'portico-actions'
      const copyButton = button(texts.copy, 'portico-export-key-copy', 'portico-button portico-button-primary', () => {
        void copy(text).then(
          () => {
            copyButton.textContent = texts.copied
          },
          () => {
            // No clipboard (permission): the key stays selectable by hand.
            doc.getSelection()?.selectAllChildren(value)
          },
        )
      })
      const hideButton = button(texts.hide, 'portico-export-key-hide', 'portico-button', () => {
        hide()
        options.onHide?.()
      })
      actions.append(copyButton, hideButton)
      section.append(title, warning, value, actions)
      doc.body.append(section)
      root = section
    },
    hide,
    shown: () => root !== undefined,
  }
}
