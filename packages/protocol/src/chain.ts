/**
 * Chain facts and encodings that the client (headless and the adapters, through headless) and the
 * Portico API share, written once: the swap chains of SPEC §9, whole units from smallest units, and
 * the call data of an ERC-20 transfer. Plain functions and constants, no schemas: a module that
 * imports one of them carries that one only.
 */

/** SPEC §9: the 12 EVM chains swaps are offered on — Ethereum, Optimism, BNB Chain, Gnosis, Polygon, zkSync, Base, Arbitrum, Avalanche, Celo, Linea, Aurora. */
export const SWAP_CHAIN_IDS: readonly number[] = [1, 10, 56, 100, 137, 324, 8453, 42161, 43114, 42220, 59144, 1313161554]

/**
 * The devnet's two local chains (anvil), where swaps run against its pool: the client offers swaps
 * there too, and the API serves them as it serves any configured chain with a swap router.
 */
export const LOCAL_SWAP_CHAIN_IDS: readonly number[] = [31337, 31338]

/** Whole units of an integer amount without float rounding, trailing zeros dropped: (1500000000000000000n, 18) → '1.5', (-25n, 1) → '-2.5'. */
export function formatUnits(value: bigint, decimals: number): string {
  const negative = value < 0n
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}

const MAX_UINT256 = (1n << 256n) - 1n

/**
 * Call data of ERC-20 `transfer(address to, uint256 amount)` (selector 0xa9059cbb). Throws a
 * RangeError for a recipient that is not a 20-byte hex address or an amount outside uint256.
 */
export function erc20TransferData(to: string, amount: bigint): `0x${string}` {
  if (!/^0x[0-9a-fA-F]{40}$/.test(to)) throw new RangeError(`Not an EVM address: ${to}`)
  if (amount < 0n || amount > MAX_UINT256) throw new RangeError(`amount out of range: ${amount}`)
  return `0xa9059cbb${to.slice(2).toLowerCase().padStart(64, '0')}${amount.toString(16).padStart(64, '0')}`
}
