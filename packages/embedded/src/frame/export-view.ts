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

/** The whole private key of `kind` (EVM: the 32-byte secp256k1 key; Solana: the 32-byte seed), a fresh buffer the caller wipes. */
export type ExportKey = (kind: KeyKind) => Promise<Uint8Array>

/** The texts of the view (English; the frame has no locale of its own yet). */
export const EXPORT_VIEW_TEXTS = {
  evmTitle: 'Your private key (EVM)',
  solanaTitle: 'Your secret key (Solana)',
  warning: 'Anyone with this key controls your wallet. Never share it, and do not paste it into a website.',
  copy: 'Copy',
  copied: 'Copied',
  hide: 'Hide',
} as const

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

/** The view in `doc` (the frame's document): a title, a warning, the key, Copy and Hide. */
export function createKeyView(
  doc: Document,
  options: { texts?: typeof EXPORT_VIEW_TEXTS; copy?: (text: string) => Promise<void>; onHide?: () => void } = {},
): KeyView {
  const texts = options.texts ?? EXPORT_VIEW_TEXTS
  const copy =
    options.copy ?? ((text: string) => doc.defaultView?.navigator.clipboard?.writeText(text) ?? Promise.reject(new Error('no clipboard')))
  let root: HTMLElement | undefined

  function hide() {
    root?.remove()
    root = undefined
  }

  function button(label: string, testId: string, onClick: () => void): HTMLButtonElement {
    const el = doc.createElement('button')
    el.type = 'button'
    el.textContent = label
    el.setAttribute('data-testid', testId)
    el.style.cssText =
      'font:inherit;font-weight:600;padding:10px 14px;border-radius:10px;border:1px solid color-mix(in srgb, CanvasText 20%, transparent);background:Canvas;color:CanvasText;cursor:pointer;flex:1'
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
      const section = doc.createElement('section')
      section.setAttribute('data-testid', 'portico-export-key')
      section.setAttribute('aria-labelledby', 'portico-export-key-title')
      section.style.cssText =
        'position:fixed;inset:0;box-sizing:border-box;padding:20px;display:flex;flex-direction:column;gap:12px;background:Canvas;color:CanvasText;font:14px/1.4 system-ui,sans-serif;overflow:auto'
      const title = doc.createElement('h2')
      title.id = 'portico-export-key-title'
      title.textContent = kind === 'evm' ? texts.evmTitle : texts.solanaTitle
      title.style.cssText = 'font-size:16px;margin:0'
      const warning = doc.createElement('p')
      warning.setAttribute('role', 'note')
      warning.textContent = texts.warning
      warning.style.cssText = 'margin:0;color:#b42318'
      const value = doc.createElement('code')
      value.setAttribute('data-testid', 'portico-export-key-value')
      value.textContent = text
      value.style.cssText =
        'display:block;padding:12px;border-radius:10px;background:color-mix(in srgb, CanvasText 6%, transparent);word-break:break-all;user-select:all;font:13px/1.5 ui-monospace,monospace'
      const actions = doc.createElement('div')
      actions.style.cssText = 'display:flex;gap:8px'
      const copyButton = button(texts.copy, 'portico-export-key-copy', () => {
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
      const hideButton = button(texts.hide, 'portico-export-key-hide', () => {
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
