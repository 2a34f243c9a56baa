import { ERRORS, PorticoError } from '@portico/headless'

/** One JSON-RPC call over HTTP POST; the node's error becomes an Error with its code. */
export async function rpcCall<T>(doFetch: typeof fetch, url: string, method: string, params: unknown[]): Promise<T> {
  const res = await doFetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await res.json()) as { result?: T; error?: { code?: number; message?: string } }
  if (body.error) throw Object.assign(new Error(body.error.message ?? `${method} failed`), { code: body.error.code })
  if (body.result === undefined) throw new PorticoError(ERRORS.transactionError)
  return body.result
}

export function rpcUrlOf(network: { rpcUrls: { default: { http: readonly string[] } } }): string {
  const url = network.rpcUrls.default.http[0]
  if (!url) throw new PorticoError(ERRORS.networkNotFound)
  return url
}

/** Lamports as whole SOL without float rounding: 1500000000n → '1.5'. */
export function formatLamports(value: bigint, decimals = 9): string {
  const negative = value < 0n
  const abs = negative ? -value : value
  const base = 10n ** BigInt(decimals)
  const whole = abs / base
  const fraction = (abs % base).toString().padStart(decimals, '0').replace(/0+$/, '')
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}
