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
  const key = symbol.toUpperCase()
  return Object.hasOwn(table, key) ? (table[key] as number) : 0
}

/** An asset to price: its chain (CAIP-2), its token address or mint (absent for the native currency) and symbol. */
export type PricedAsset = { chainId: string; address?: string; symbol: string }

/** Prices assets in USD. */
export interface PriceProvider {
  /** The USD price of one unit of each asset, in the order asked; 0 for an asset it has no price for. */
  getUsdPrices(assets: readonly PricedAsset[]): Promise<number[]>
}

/** Prices by symbol from a fixed table (default USD_PRICES). */
export function createTablePriceProvider(table: Readonly<Record<string, number>> = USD_PRICES): PriceProvider {
  return {
    getUsdPrices: async (assets) => assets.map((asset) => priceOf(asset.symbol, table)),
  }
}

/**
 * `provider`'s USD prices of `assets`, checked: one finite, non-negative number per asset. A provider
 * that breaks this is a bug, thrown as a TypeError (a 500).
 */
export async function checkedUsdPrices(provider: PriceProvider, assets: readonly PricedAsset[]): Promise<number[]> {
  if (assets.length === 0) return []
  const prices = await provider.getUsdPrices(assets)
  if (!Array.isArray(prices) || prices.length !== assets.length || !prices.every((p) => Number.isFinite(p) && p >= 0)) {
    throw new TypeError(`The price provider did not answer one finite, non-negative price for each of ${assets.length} assets`)
  }
  return prices
}
