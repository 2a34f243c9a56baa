/** Tiny encoders so the adapter needs no EVM library. */

export function utf8ToHex(text: string): `0x${string}` {
  let out = '0x'
  for (const byte of new TextEncoder().encode(text)) out += byte.toString(16).padStart(2, '0')
  return out as `0x${string}`
}

export const toHexQuantity = (value: bigint | number): `0x${string}` => `0x${BigInt(value).toString(16)}`

/** Chain ids arrive as numbers, decimal strings, hex strings or CAIP-2 ids. */
export function parseEvmChainId(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value
  if (typeof value !== 'string') return undefined
  const ref = value.startsWith('eip155:') ? value.slice(7) : value
  const n = /^0x[0-9a-f]+$/i.test(ref) ? Number.parseInt(ref, 16) : /^\d+$/.test(ref) ? Number(ref) : Number.NaN
  return Number.isSafeInteger(n) ? n : undefined
}

/** Whole units of an integer amount, and ERC-20 transfer call data: written once, in headless's adapter kit. */
export { erc20TransferData, formatUnits } from '@portico/headless/adapter-kit'

/** EIP-712 domain fields in their canonical order, with their types. */
const DOMAIN_FIELDS = [
  ['name', 'string'],
  ['version', 'string'],
  ['chainId', 'uint256'],
  ['verifyingContract', 'address'],
  ['salt', 'bytes32'],
] as const

/**
 * The JSON of eth_signTypedData_v4: `EIP712Domain` from the domain's fields (unless given), bigints as
 * decimal strings.
 */
export function typedDataJson(data: {
  domain: Record<string, unknown>
  types: Record<string, readonly { name: string; type: string }[]>
  primaryType: string
  message: Record<string, unknown>
}): string {
  const EIP712Domain = DOMAIN_FIELDS.filter(([name]) => data.domain[name] !== undefined).map(([name, type]) => ({ name, type }))
  const types = { EIP712Domain, ...data.types }
  return JSON.stringify({ domain: data.domain, types, primaryType: data.primaryType, message: data.message }, (_key, value: unknown) =>
    typeof value === 'bigint' ? value.toString() : value,
  )
}
