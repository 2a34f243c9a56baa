/**
 * USD price per token symbol. The local stack has no market feed, so balances are valued from this
 * fixed table; a symbol missing here is valued at 0.
 */
export const USD_PRICES: Readonly<Record<string, number>> = {
  ETH: 3000,
  USDC: 1,
  PTK: 0.5,
  SOL: 150,
}

/** USD price of `symbol` (case-insensitive) in `table`, 0 when unknown. */
export function priceOf(symbol: string, table: Readonly<Record<string, number>> = USD_PRICES): number {
  return table[symbol.toUpperCase()] ?? 0
}
