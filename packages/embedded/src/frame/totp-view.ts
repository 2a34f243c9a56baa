/**
 * The TOTP set-up (issue 22 §2) in the FRAME's own document, as key export (./export-view) and recovery
 * (./recovery-view) are: the otpauth:// URI's QR code and its setup key are shown here, never sent to the host.
 * Whoever reads the setup key can compute every code, so a script on the host page that got it could turn on a
 * second factor of its own and hold the user's step-ups (key export, a new device) hostage. The host only makes
 * room for the frame while the view is up; the user types the first code into the host's field (a code is
 * good once and for 30 s, and gives no way to make the next one).
 */
import { encode } from 'uqr'

/** The texts of the view (English: the frame has no locale of its own yet). */
export const TOTP_VIEW_TEXTS = {
  title: 'Scan with your authenticator app',
  qrLabel: 'QR code that adds your wallet to an authenticator app',
  keyLabel: 'Or type this setup key:',
} as const

export interface TotpView {
  /** Show the set-up of `uri` (its QR code) and `secret` (its setup key, in groups of four). */
  show(uri: string, secret: string): void
  /** Remove the view (and so the setup key) from the document. */
  hide(): void
  /** Is the view up? */
  shown(): boolean
}

const SVG = 'http://www.w3.org/2000/svg'

/** The view in `doc` (the frame's document). */
export function createTotpView(doc: Document, options: { texts?: typeof TOTP_VIEW_TEXTS } = {}): TotpView {
  const texts = options.texts ?? TOTP_VIEW_TEXTS
  let root: HTMLElement | undefined

  function hide() {
    root?.remove()
    root = undefined
  }

  /** The QR code as one SVG path, one square per dark module, on a white ground (scanners want dark on light). */
  function qr(uri: string): SVGSVGElement {
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
    svg.setAttribute('aria-label', texts.qrLabel)
    svg.setAttribute('data-testid', 'portico-totp-qr')
    svg.setAttribute('shape-rendering', 'crispEdges')
    svg.style.cssText = 'background:#fff;border-radius:8px;align-self:center;flex:none'
    const path = doc.createElementNS(SVG, 'path')
    path.setAttribute('d', d)
    path.setAttribute('fill', '#000')
    svg.append(path)
    return svg
  }

  return {
    show(uri, secret) {
      hide()
      const section = doc.createElement('section')
      section.setAttribute('data-testid', 'portico-totp-setup')
      section.setAttribute('aria-labelledby', 'portico-totp-setup-title')
      section.style.cssText =
        'position:fixed;inset:0;box-sizing:border-box;padding:12px 16px;display:flex;flex-direction:column;gap:8px;background:Canvas;color:CanvasText;font:14px/1.4 system-ui,sans-serif;overflow:auto'
      const title = doc.createElement('h2')
      title.id = 'portico-totp-setup-title'
      title.textContent = texts.title
      title.style.cssText = 'font-size:15px;margin:0;text-align:center'
      const label = doc.createElement('p')
      label.textContent = texts.keyLabel
      label.style.cssText = 'margin:0;text-align:center'
      const key = doc.createElement('code')
      key.setAttribute('data-testid', 'portico-totp-secret')
      key.textContent = secret.replace(/(.{4})(?=.)/g, '$1 ')
      key.style.cssText =
        'display:block;padding:8px 10px;border-radius:10px;background:color-mix(in srgb, CanvasText 6%, transparent);text-align:center;overflow-wrap:anywhere;user-select:all;font:13px/1.5 ui-monospace,monospace;letter-spacing:0.04em'
      section.append(title, qr(uri), label, key)
      doc.body.append(section)
      root = section
    },
    hide,
    shown: () => root !== undefined,
  }
}
