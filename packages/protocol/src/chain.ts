/**
 * Chain encodings that the client (headless, and the adapters through @portico/headless/adapter-kit),
 * the Portico API and the devnet share, written once: whole units from smallest units, and the call
 * data of an ERC-20 transfer. Plain functions, no schemas. (The swap chains are ./swap-chains.ts, a
 * module of their own so that the swap and send flows' chunks each carry only theirs.)
 */

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
