/**
 * The TOTP set-up (issue 22 §2) in the FRAME's own document, as key export (./export-view) and recovery
 * (./recovery-view) are: the otpauth:// URI's QR code and its setup key are shown here, never sent to the host.
 * Whoever reads the setup key can compute every code, so a script on the host page that got it could turn on a
 * second factor of its own and hold the user's step-ups (key export, a new device) hostage. The host only makes
 * room for the frame while the view is up; the user types the first code into the host's field (a code is
 * good once and for 30 s, and gives no way to make the next one).
 */
import { encode } from 'uqr'
import { ENGLISH, type FrameTexts } from './texts'

/** The texts of the view in English (./texts.ts has every locale's). */
export const TOTP_VIEW_TEXTS = ENGLISH.totp

export interface TotpView {
  /** Show the set-up of `uri` (its QR code) and `secret` (its setup key, in groups of four). */
  show(uri: string, secret: string): void
  /** Remove the view (and so the setup key) from the document. */
  hide(): void
  /** Is the view up? */
  shown(): boolean
}

const SVG = 'http://www.w3.org/2000/svg'

/** The view in `doc` (the frame's document); `texts`: the locale shown's (./look.ts), read when it shows. Styled by ./frame.css. */
export function createTotpView(doc: Document, options: { texts?: () => FrameTexts['totp'] } = {}): TotpView {
  const textsOf = options.texts ?? (() => TOTP_VIEW_TEXTS)
  let root: HTMLElement | undefined

  function hide() {
    root?.remove()
    root = undefined
  }

  /** The QR code as one SVG path, one square per dark module, on a white ground (scanners want dark on light). */
  function qr(uri: string, label: string): SVGSVGElement {
    const { data } = encode(uri, { ecc: 'M', border: 4 })
    const size = data.length
    let d = ''
    for (const [y, row] of data.entries()) {
      for (const [x, dark] of row.entries()) if (dark) d += `M${x} ${y}h1v1h-1z`
    }
    const svg = doc.createElementNS(SVG, 'svg')
    svg.setAttribute('viewBox', `0 0 ${size} ${size}`)
    svg.setAttribute('width', '148')
    svg.setAttribute('height', '148')
    svg.setAttribute('role', 'img')
    svg.setAttribute('aria-label', label)
    svg.setAttribute('data-testid', 'portico-totp-qr')
    svg.setAttribute('shape-rendering', 'crispEdges')
    svg.setAttribute('class', 'portico-qr')
    const path = doc.createElementNS(SVG, 'path')
    path.setAttribute('d', d)
    path.setAttribute('fill', '#000')
    svg.append(path)
    return svg
  }

  return {
    show(uri, secret) {
      hide()
      const texts = textsOf()
      const section = doc.createElement('section')
      section.className = 'portico-view portico-totp'
      section.setAttribute('data-testid', 'portico-totp-setup')
      section.setAttribute('aria-labelledby', 'portico-totp-setup-title')
      const title = doc.createElement('h2')
      title.id = 'portico-totp-setup-title'
      title.className = 'portico-title portico-center'
      title.textContent = texts.title
      const label = doc.createElement('p')
      label.className = 'portico-secondary portico-center'
      label.textContent = texts.keyLabel
      const key = doc.createElement('code')
      key.className = 'portico-code portico-center'
      key.setAttribute('data-testid', 'portico-totp-secret')
      key.textContent = secret.replace(/(.{4})(?=.)/g, '$1 ')
      section.append(title, qr(uri, texts.qrLabel), label, key)
      doc.body.append(section)
      root = section
    },
    hide,
    shown: () => root !== undefined,
  }
}
