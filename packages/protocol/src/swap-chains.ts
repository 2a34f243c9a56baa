/**
 * The chains swaps run on, which the client (headless's swap flow) and the Portico API (its convert
 * routes) both need: written once.
 */

/** SPEC §9: the 12 EVM chains swaps are offered on — Ethereum, Optimism, BNB Chain, Gnosis, Polygon, zkSync, Base, Arbitrum, Avalanche, Celo, Linea, Aurora. */
export const SWAP_CHAIN_IDS: readonly number[] = [1, 10, 56, 100, 137, 324, 8453, 42161, 43114, 42220, 59144, 1313161554]

/**
 * The devnet's two local chains (anvil), where swaps run against its pool: the client offers swaps
 * there too, and the API serves them as it serves any configured chain with a swap router.
 */
export const LOCAL_SWAP_CHAIN_IDS: readonly number[] = [31337, 31338]

/**
 * Each swap chain's own common tokens, first in its token picker's lists (issue 25 §4; the API's popular list and the client's suggestions): its native and
 * wrapped native currency, its USD stablecoins as people hold them there (on Arbitrum and Optimism
 * the bridged USDC.e and USDT beside native USDC; on BNB Chain USDT and BUSD first), and its own
 * governance token. Public facts about each chain's usual token list; A list's general order follows them.
 */
export const CHAIN_COMMON_SYMBOLS: Readonly<Record<number, readonly string[]>> = {
  1: ['ETH', 'USDC', 'USDT', 'DAI', 'WETH', 'WBTC'],
  10: ['ETH', 'USDC', 'USDC.E', 'USDT', 'OP', 'WETH'],
  56: ['BNB', 'USDT', 'BUSD', 'USDC', 'WBNB', 'ETH'],
  100: ['XDAI', 'WXDAI', 'USDC', 'USDT', 'GNO', 'WETH'],
  137: ['POL', 'MATIC', 'USDC', 'USDC.E', 'USDT', 'WETH', 'WPOL'],
  324: ['ETH', 'USDC', 'USDC.E', 'USDT', 'ZK', 'WETH'],
  8453: ['ETH', 'USDC', 'USDBC', 'DAI', 'WETH', 'CBETH'],
  42161: ['ETH', 'USDC', 'USDC.E', 'USDT', 'ARB', 'WETH'],
  43114: ['AVAX', 'USDC', 'USDT', 'USDC.E', 'WAVAX', 'WETH.E'],
  42220: ['CELO', 'CUSD', 'USDC', 'USDT', 'CEUR'],
  59144: ['ETH', 'USDC', 'USDT', 'WETH', 'DAI'],
  1313161554: ['ETH', 'USDC', 'USDT', 'AURORA', 'WETH'],
}

/** `chainId`'s own common symbols first, then those of `general` it does not name (upper case). */
export function commonSymbolsFor(chainId: number | undefined, general: readonly string[]): string[] {
  const own = (chainId !== undefined && CHAIN_COMMON_SYMBOLS[chainId]) || []
  return [...own, ...general.filter((symbol) => !own.includes(symbol))]
}
