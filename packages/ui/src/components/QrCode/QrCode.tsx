import { encode } from 'uqr'
import { useMemo } from 'react'
import * as styles from './QrCode.css'

/** Modules of white margin around the code (the QR "quiet zone", 4 by the standard). */
export const QR_QUIET_ZONE = 4

/** The QR matrix of `value` (true = dark), quiet zone included. */
export function qrMatrix(value: string, quietZone = QR_QUIET_ZONE): boolean[][] {
  return encode(value, { ecc: 'M', border: quietZone }).data
}

/** Dark modules as horizontal runs: one rect per run keeps the SVG small. */
export function qrRuns(matrix: readonly (readonly boolean[])[]): { x: number; y: number; w: number }[] {
  const runs: { x: number; y: number; w: number }[] = []
  matrix.forEach((row, y) => {
    let start = -1
    for (let x = 0; x <= row.length; x++) {
      const dark = x < row.length && row[x]
      if (dark && start < 0) start = x
      if (!dark && start >= 0) {
        runs.push({ x: start, y, w: x - start })
        start = -1
      }
    }
  })
  return runs
}

export type QrCodeProps = {
  /** The text to encode (a pairing URI). */
  value: string
  /** Accessible name of the image. */
  label: string
  /** Rendered width and height in px. @default 256 */
  size?: number
  'data-testid'?: string
}

/**
 * A QR code as an SVG of rects: dark modules on a white square with a 4-module quiet zone, in every
 * theme (scanners need dark-on-light).
 */
export function QrCode({ value, label, size = 256, 'data-testid': testId = 'portico-qr-code' }: QrCodeProps) {
  const matrix = useMemo(() => qrMatrix(value), [value])
  const n = matrix.length
  const runs = useMemo(() => qrRuns(matrix), [matrix])
  return (
    <svg
      className={styles.qr}
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${n} ${n}`}
      shapeRendering="crispEdges"
      data-testid={testId}
      data-modules={n}
    >
      <rect x={0} y={0} width={n} height={n} fill="#ffffff" data-qr="background" />
      {runs.map((r) => (
        <rect key={`${r.x}-${r.y}`} x={r.x} y={r.y} width={r.w} height={1} fill="#000000" />
      ))}
    </svg>
  )
}
