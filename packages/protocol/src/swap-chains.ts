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
