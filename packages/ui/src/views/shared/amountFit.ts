/**
 * The large amount fields keep the whole number in view (issue 25 §1): a field shows `base` px
 * while its text has at most `fits` characters, then a size that shrinks in proportion to the
 * text's length (the tabular digits are all one width), down to `min` px; past that the field
 * scrolls, it never cuts the number with '…'.
 */
export function amountFontSize(text: string, base: number, fits: number, min = 14): number {
  const length = text.length
  if (length <= fits) return base
  return Math.max(min, Math.floor((base * fits) / length))
}
