/** Mobile when forced by the option, else by the user agent (checked at call time, SSR-safe). */
export function detectMobile(override?: boolean): boolean {
  if (override !== undefined) return override
  const ua = typeof navigator === 'undefined' ? '' : (navigator.userAgent ?? '')
  return /Mobi|Android|iPhone|iPad|iPod/i.test(ua)
}
