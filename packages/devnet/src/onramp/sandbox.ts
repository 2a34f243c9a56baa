// The on-ramp provider sandbox: an HTTP server on 127.0.0.1 that stands where real on-ramp providers
// would. Each provider lives under its own base URL `<url>/<providerId>` and has a provider-style API
// and a checkout page:
//   GET  /<p>/v1/config            → { id, name, feeBps, feePercent, assets[], fiatCurrencies[] }
//   POST /<p>/v1/quotes            { asset, network, fiatCurrency, fiatAmount, paymentMethod? }
//                                  → { quoteId, fiatAmount, providerFee, networkFee, subtotal, cryptoAmount, … }
//   POST /<p>/v1/sessions          { destination: { address, network }, asset, fiatCurrency?, fiatAmount?,
//                                    cryptoAmount?, partnerUserId? } → 201 { sessionId, url }
//   GET  /<p>/v1/sessions/<id>     → { sessionId, status: CREATED|PENDING|COMPLETED|FAILED, txHash?, … }
//   GET  /<p>/checkout/<id>        the checkout page (amount, currency, test card, destination)
//   POST /<p>/checkout/<id>        pays: a success card sends the purchase from the treasury
// Errors are `{ error: { code, message } }` with a 4xx status. GET / lists providers, test cards and
// the latest sessions. README: "On-ramp provider sandbox".
import { randomBytes, randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { isAddress as isSolanaAddress } from '@solana/kit'
import { getAddress, isAddress as isEvmAddress } from 'viem'
import { z } from 'zod'
import { DEVNET_MNEMONIC } from '../constants.ts'
import { escapeHtml } from '../mail/page.ts'
import {
  DEVNET_ONRAMP_TREASURY_INDEX,
  SANDBOX_FIAT_RATES,
  SANDBOX_ONRAMP_PROVIDERS,
  SANDBOX_TEST_CARDS,
  SANDBOX_TOKEN_PRICES,
  type SandboxOnrampProvider,
} from './providers.ts'
import {
  computeQuote,
  FIAT_DECIMALS,
  fiatForPurchase,
  formatFiat,
  formatUnitsTrimmed,
  limitError,
  parseUnitsExact,
  type Quote,
} from './quote.ts'
import {
  createTreasury,
  type SandboxAsset,
  sandboxAssets,
  type SandboxEvmChain,
  type SandboxSolanaChain,
  type Treasury,
} from './treasury.ts'

export interface StartOnrampSandboxOptions {
  /** @default 0 (a free port) */
  port?: number
  /** Only 127.0.0.1. */
  host?: string
  /** The local EVM chains to sell ETH and USDC on (a devnet's `chains`). */
  evm?: readonly SandboxEvmChain[]
  /** The local Solana chain to sell SOL and USDC on (a SolanaDevnet). */
  solana?: SandboxSolanaChain
  /** @default DEVNET_MNEMONIC */
  mnemonic?: string
  /** The treasury's address index on the mnemonic. @default DEVNET_ONRAMP_TREASURY_INDEX (23) */
  treasuryIndex?: number
  /** Fund the treasury at start (anvil_setBalance / anvil_dealERC20, the Solana faucet and mint). @default true */
  fundTreasury?: boolean
  /** @default SANDBOX_ONRAMP_PROVIDERS */
  providers?: readonly SandboxOnrampProvider[]
  /** USD per whole token by symbol. @default SANDBOX_TOKEN_PRICES */
  prices?: Readonly<Record<string, string>>
  /** USD per fiat unit by currency. @default SANDBOX_FIAT_RATES */
  fiatRates?: Readonly<Record<string, string>>
}

export type OnrampSessionStatus = 'CREATED' | 'PENDING' | 'COMPLETED' | 'FAILED'

export interface OnrampSandboxSession {
  sessionId: string
  provider: string
  status: OnrampSessionStatus
  asset: string
  network: string
  destination: { address: string; network: string }
  fiatCurrency: string
  /** The preset (then paid) amount, 2 decimals. */
  fiatAmount: string
  /** The tokens delivered (after a payment). */
  cryptoAmount?: string
  providerFee?: string
  txHash?: string
  failureReason?: 'card_declined' | 'delivery_failed'
  partnerUserId?: string
  createdAt: string
  updatedAt: string
}

export type PayOutcome =
  | { kind: 'completed'; session: OnrampSandboxSession; txHash: string }
  | { kind: 'declined'; session: OnrampSandboxSession }
  | { kind: 'invalid'; message: string }
  | { kind: 'failed'; session: OnrampSandboxSession; message: string }

export interface OnrampSandbox {
  /** http://127.0.0.1:<port> */
  url: string
  port: number
  /** Each provider's base URL (`<url>/<id>`), what the Portico API is configured with. */
  providers: readonly { id: string; name: string; feeBps: number; baseUrl: string }[]
  treasury: { evm: string; solana: string | undefined }
  assets: readonly SandboxAsset[]
  session(providerId: string, sessionId: string): OnrampSandboxSession | undefined
  /** What the checkout's Pay button does. */
  pay(providerId: string, sessionId: string, payment: { card: string; fiatAmount?: string; fiatCurrency?: string }): Promise<PayOutcome>
  stop(): Promise<void>
}

const MAX_SESSIONS = 1000
const MAX_BODY = 16 * 1024
const SESSION_ID = /^[A-Za-z0-9_-]{16,64}$/
const PROVIDER_ID = /^[a-z0-9-]{1,32}$/
const DEFAULT_FIAT_AMOUNT = '100.00'

const text = (max: number) => z.string().min(1).max(max)
const quoteSchema = z.object({
  asset: text(16),
  network: text(64),
  fiatCurrency: text(8),
  fiatAmount: text(32),
  paymentMethod: text(32).optional(),
})
const sessionSchema = z.object({
  destination: z.object({ address: text(128), network: text(64) }),
  asset: text(16),
  fiatCurrency: text(8).optional(),
  fiatAmount: text(32).optional(),
  cryptoAmount: text(48).optional(),
  partnerUserId: z.string().max(256).optional(),
})

class ApiError extends Error {
  readonly status: number
  readonly code: string
  constructor(status: number, code: string, message: string) {
    super(message)
    this.status = status
    this.code = code
  }
}

/** The card number with spaces and dashes removed. */
const cardDigits = (card: string) => card.replace(/[\s-]/g, '')

export async function startOnrampSandbox(options: StartOnrampSandboxOptions = {}): Promise<OnrampSandbox> {
  const host = options.host ?? '127.0.0.1'
  if (host !== '127.0.0.1') throw new RangeError(`startOnrampSandbox: host must be 127.0.0.1, got ${String(host)}`)
  const providers = options.providers ?? SANDBOX_ONRAMP_PROVIDERS
  for (const p of providers) if (!PROVIDER_ID.test(p.id)) throw new RangeError(`provider id must match ${PROVIDER_ID}, got ${p.id}`)
  const prices = options.prices ?? SANDBOX_TOKEN_PRICES
  const fiatRates = options.fiatRates ?? SANDBOX_FIAT_RATES
  const assets = sandboxAssets(options.evm ?? [], options.solana).filter((a) => Object.hasOwn(prices, a.symbol))
  const treasury: Treasury = await createTreasury({
    mnemonic: options.mnemonic ?? DEVNET_MNEMONIC,
    index: options.treasuryIndex ?? DEVNET_ONRAMP_TREASURY_INDEX,
    evm: options.evm ?? [],
    solana: options.solana,
  })
  if (options.fundTreasury ?? true) await treasury.fund()

  const sessions = new Map<string, OnrampSandboxSession>()
  let baseUrl = ''
  const providerById = (id: string) => providers.find((p) => p.id === id)

  const findAsset = (symbol: string, network: string) => {
    const asset = assets.find((a) => a.symbol === symbol.toUpperCase() && a.network === network)
    if (!asset) throw new ApiError(400, 'unsupported_asset', `${symbol} is not sold on ${network}`)
    return asset
  }
  const fiatOf = (provider: SandboxOnrampProvider, currency: string) => {
    const fiat = provider.fiatCurrencies.find((f) => f.id === currency.toUpperCase())
    if (!fiat || !Object.hasOwn(fiatRates, fiat.id))
      throw new ApiError(400, 'unsupported_currency', `${provider.name} does not take ${currency}`)
    return fiat
  }
  const methodOf = (provider: SandboxOnrampProvider, currency: string, method: string) => {
    const limit = fiatOf(provider, currency).methods.find((m) => m.id === method)
    if (!limit)
      throw new ApiError(
        400,
        'unsupported_payment_method',
        `${provider.name} does not take ${method} payments in ${currency.toUpperCase()}`,
      )
    return limit
  }
  const parseFiat = (value: string) => {
    const cents = parseUnitsExact(value.trim(), FIAT_DECIMALS)
    if (cents === undefined || cents === 0n)
      throw new ApiError(400, 'invalid_amount', `The amount must be a positive number with at most 2 decimals, got ${value.slice(0, 40)}`)
    return cents
  }
  /** A quote within the method's limits, or an ApiError saying why not. */
  function quote(provider: SandboxOnrampProvider, asset: SandboxAsset, currency: string, cents: bigint, method = 'card'): Quote {
    const limit = methodOf(provider, currency, method)
    const refused = limitError(cents, limit, currency.toUpperCase())
    if (refused) throw new ApiError(400, 'amount_out_of_limits', refused)
    try {
      return computeQuote({
        totalCents: cents,
        usdPerFiat: fiatRates[currency.toUpperCase()] as string,
        usdPrice: prices[asset.symbol] as string,
        decimals: asset.decimals,
        feeBps: provider.feeBps,
      })
    } catch (error) {
      throw new ApiError(400, 'invalid_amount', (error as Error).message)
    }
  }
  const validDestination = (asset: SandboxAsset, address: string) =>
    asset.caipNetworkId.startsWith('eip155:') ? isEvmAddress(address, { strict: false }) : isSolanaAddress(address)

  const configOf = (provider: SandboxOnrampProvider) => {
    const symbols = [...new Set(assets.map((a) => a.symbol))]
    return {
      id: provider.id,
      name: provider.name,
      feeBps: provider.feeBps,
      feePercent: formatUnitsTrimmed(BigInt(provider.feeBps), 2),
      assets: symbols.map((symbol) => {
        const on = assets.filter((a) => a.symbol === symbol)
        return {
          symbol,
          name: on[0]?.name ?? symbol,
          networks: on.map((a) => ({
            network: a.network,
            displayName: a.networkName,
            caipNetworkId: a.caipNetworkId,
            contractAddress: a.contractAddress,
            decimals: a.decimals,
          })),
        }
      }),
      fiatCurrencies: provider.fiatCurrencies
        .filter((f) => Object.hasOwn(fiatRates, f.id))
        .map((f) => ({ id: f.id, methods: f.methods.map((m) => ({ ...m })) })),
    }
  }

  const quoteJson = (provider: SandboxOnrampProvider, asset: SandboxAsset, currency: string, method: string, q: Quote) => ({
    quoteId: randomUUID(),
    provider: provider.id,
    asset: asset.symbol,
    network: asset.network,
    fiatCurrency: currency.toUpperCase(),
    paymentMethod: method,
    fiatAmount: formatFiat(q.totalCents),
    providerFee: formatFiat(q.feeCents),
    networkFee: formatFiat(q.networkFeeCents),
    subtotal: formatFiat(q.subtotalCents),
    cryptoAmount: formatUnitsTrimmed(q.purchaseUnits, asset.decimals),
  })

  function createSession(provider: SandboxOnrampProvider, body: z.infer<typeof sessionSchema>): OnrampSandboxSession {
    const asset = findAsset(body.asset, body.destination.network)
    if (!validDestination(asset, body.destination.address))
      throw new ApiError(400, 'invalid_destination', `${body.destination.address.slice(0, 64)} is not an address on ${asset.network}`)
    const currency = fiatOf(provider, body.fiatCurrency ?? 'USD').id
    let cents: bigint
    if (body.fiatAmount !== undefined) cents = parseFiat(body.fiatAmount)
    else if (body.cryptoAmount !== undefined) {
      const units = parseUnitsExact(body.cryptoAmount.trim(), asset.decimals)
      if (units === undefined || units === 0n)
        throw new ApiError(400, 'invalid_amount', `cryptoAmount must be a positive number with at most ${asset.decimals} decimals`)
      cents = fiatForPurchase({
        purchaseUnits: units,
        usdPerFiat: fiatRates[currency] as string,
        usdPrice: prices[asset.symbol] as string,
        decimals: asset.decimals,
        feeBps: provider.feeBps,
      })
    } else cents = parseUnitsExact(DEFAULT_FIAT_AMOUNT, FIAT_DECIMALS) as bigint
    const now = new Date().toISOString()
    const address = asset.caipNetworkId.startsWith('eip155:') ? getAddress(body.destination.address) : body.destination.address
    const session: OnrampSandboxSession = {
      sessionId: randomBytes(18).toString('base64url'),
      provider: provider.id,
      status: 'CREATED',
      asset: asset.symbol,
      network: asset.network,
      destination: { address, network: asset.network },
      fiatCurrency: currency,
      fiatAmount: formatFiat(cents),
      ...(body.partnerUserId ? { partnerUserId: body.partnerUserId } : {}),
      createdAt: now,
      updatedAt: now,
    }
    if (sessions.size >= MAX_SESSIONS) {
      const oldest = [...sessions.values()].find((s) => s.status !== 'PENDING')
      if (oldest) sessions.delete(oldest.sessionId)
    }
    sessions.set(session.sessionId, session)
    return session
  }

  async function pay(
    providerId: string,
    sessionId: string,
    payment: { card: string; fiatAmount?: string; fiatCurrency?: string },
  ): Promise<PayOutcome> {
    const provider = providerById(providerId)
    const session = sessions.get(sessionId)
    if (!provider || !session || session.provider !== providerId)
      return { kind: 'invalid', message: 'This checkout session does not exist' }
    if (session.status === 'COMPLETED' || session.status === 'PENDING')
      return { kind: 'invalid', message: 'This checkout session is already paid' }
    const asset = findAsset(session.asset, session.network)
    let q: Quote
    let currency: string
    try {
      currency = fiatOf(provider, payment.fiatCurrency ?? session.fiatCurrency).id
      q = quote(provider, asset, currency, parseFiat(payment.fiatAmount ?? session.fiatAmount))
    } catch (error) {
      return { kind: 'invalid', message: (error as Error).message }
    }
    const card = cardDigits(payment.card)
    const touch = (patch: Partial<OnrampSandboxSession>) => Object.assign(session, patch, { updatedAt: new Date().toISOString() })
    if (card === cardDigits(SANDBOX_TEST_CARDS.decline)) {
      touch({ status: 'FAILED', failureReason: 'card_declined', fiatCurrency: currency, fiatAmount: formatFiat(q.totalCents) })
      return { kind: 'declined', session }
    }
    if (card !== cardDigits(SANDBOX_TEST_CARDS.success)) {
      return {
        kind: 'invalid',
        message: `Unknown card number: use the test card ${SANDBOX_TEST_CARDS.success} (success) or ${SANDBOX_TEST_CARDS.decline} (declined)`,
      }
    }
    touch({
      status: 'PENDING',
      failureReason: undefined,
      fiatCurrency: currency,
      fiatAmount: formatFiat(q.totalCents),
      providerFee: formatFiat(q.feeCents),
      cryptoAmount: formatUnitsTrimmed(q.purchaseUnits, asset.decimals),
    })
    try {
      const txHash = await treasury.send(asset, session.destination.address, q.purchaseUnits)
      touch({ status: 'COMPLETED', txHash })
      return { kind: 'completed', session, txHash }
    } catch (error) {
      touch({ status: 'FAILED', failureReason: 'delivery_failed' })
      return { kind: 'failed', session, message: `The tokens could not be sent: ${(error as Error).message.split('\n')[0]?.slice(0, 200)}` }
    }
  }

  // ---- HTTP ---------------------------------------------------------------------------------------
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' })
    res.end(JSON.stringify(body))
  }
  const html = (res: ServerResponse, status: number, body: string, nonce?: string) => {
    res.writeHead(status, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; ${nonce ? `script-src 'nonce-${nonce}'; ` : ''}connect-src 'self'; form-action 'self'; frame-ancestors 'none'`,
    })
    res.end(body)
  }
  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      let size = 0
      const parts: Buffer[] = []
      req.on('data', (chunk: Buffer) => {
        size += chunk.length
        if (size > MAX_BODY) {
          reject(new ApiError(413, 'too_large', 'The body is too large'))
          req.destroy()
        } else parts.push(chunk)
      })
      req.on('end', () => resolve(Buffer.concat(parts).toString('utf8')))
      req.on('error', reject)
    })
  const readJson = async <S extends z.ZodType>(req: IncomingMessage, schema: S): Promise<z.infer<S>> => {
    let body: unknown
    try {
      body = JSON.parse(await readBody(req))
    } catch (error) {
      if (error instanceof ApiError) throw error
      throw new ApiError(400, 'invalid_request', 'The body must be JSON')
    }
    const parsed = schema.safeParse(body)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      throw new ApiError(400, 'invalid_request', `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`)
    }
    return parsed.data
  }

  const page = (title: string, body: string, nonce?: string, script = '') =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>${escapeHtml(title)}</title></head><body style="font-family:system-ui,sans-serif;max-width:440px;margin:32px auto;padding:0 16px;line-height:1.45">` +
    `<p style="margin:0 0 4px;color:#a15c00;font-size:12px;text-transform:uppercase;letter-spacing:.06em">Sandbox · no real money</p>` +
    `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>${body}${nonce && script ? `<script nonce="${nonce}">${script}</script>` : ''}</body></html>`

  const cardHelp = `<p style="font-size:13px;color:#555" data-testid="portico-onramp-test-cards">Test cards: <code>${SANDBOX_TEST_CARDS.success}</code> pays, <code>${SANDBOX_TEST_CARDS.decline}</code> is declined.</p>`

  function resultPage(provider: SandboxOnrampProvider, session: OnrampSandboxSession): string {
    const asset = findAsset(session.asset, session.network)
    return page(
      'Payment complete',
      `<p data-testid="portico-onramp-complete">You paid <strong>${escapeHtml(session.fiatAmount)} ${escapeHtml(session.fiatCurrency)}</strong> to ${escapeHtml(provider.name)} ` +
        `(fee ${escapeHtml(session.providerFee ?? '0.00')} ${escapeHtml(session.fiatCurrency)}).</p>` +
        `<p><strong data-testid="portico-onramp-crypto-amount">${escapeHtml(session.cryptoAmount ?? '')}</strong> ${escapeHtml(session.asset)} were sent on ${escapeHtml(asset.networkName)} to ` +
        `<code style="word-break:break-all">${escapeHtml(session.destination.address)}</code>.</p>` +
        `<p>Transaction: <code data-testid="portico-onramp-tx" style="word-break:break-all">${escapeHtml(session.txHash ?? '')}</code></p>` +
        `<p>You can close this window.</p>`,
    )
  }

  function checkoutPage(
    provider: SandboxOnrampProvider,
    session: OnrampSandboxSession,
    notice?: { testid: string; text: string },
    values?: { fiatAmount?: string; fiatCurrency?: string },
  ) {
    const nonce = randomBytes(16).toString('base64')
    const asset = findAsset(session.asset, session.network)
    const currency = values?.fiatCurrency ?? session.fiatCurrency
    const options = provider.fiatCurrencies
      .filter((f) => Object.hasOwn(fiatRates, f.id))
      .map((f) => `<option value="${escapeHtml(f.id)}"${f.id === currency ? ' selected' : ''}>${escapeHtml(f.id)}</option>`)
      .join('')
    const card = (id: string) => provider.fiatCurrencies.find((f) => f.id === id)?.methods.find((m) => m.id === 'card')
    const limits = Object.fromEntries(provider.fiatCurrencies.map((f) => [f.id, card(f.id)]))
    const field = 'display:block;width:100%;box-sizing:border-box;font:inherit;padding:8px;margin:4px 0 12px'
    const alert = notice
      ? `<p role="alert" data-testid="${notice.testid}" style="padding:8px 12px;border-radius:6px;background:#fdecea;color:#8a1c1c">${escapeHtml(notice.text)}</p>`
      : ''
    const script = `(() => {
  const form = document.getElementById('pay'), out = document.getElementById('estimate'), limits = ${JSON.stringify(limits).replace(/</g, '\\u003c')};
  const update = async () => {
    const fiatAmount = form.fiatAmount.value.trim(), fiatCurrency = form.fiatCurrency.value, limit = limits[fiatCurrency];
    document.getElementById('limits').textContent = limit ? 'Card limits: ' + limit.min + ' to ' + limit.max + ' ' + fiatCurrency : '';
    try {
      const res = await fetch(${JSON.stringify(`/${provider.id}/v1/quotes`)}, { method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ asset: ${JSON.stringify(asset.symbol)}, network: ${JSON.stringify(asset.network)}, fiatCurrency, fiatAmount }) });
      const body = await res.json();
      out.textContent = res.ok ? 'You receive ' + body.cryptoAmount + ' ${asset.symbol} (fee ' + body.providerFee + ' ' + fiatCurrency + ')' : body.error.message;
    } catch { out.textContent = ''; }
  };
  form.fiatAmount.addEventListener('input', update); form.fiatCurrency.addEventListener('change', update); update();
})()`
    return {
      nonce,
      body: page(
        `${provider.name} checkout`,
        alert +
          `<p>Buy <strong>${escapeHtml(asset.symbol)}</strong> on <strong>${escapeHtml(asset.networkName)}</strong>. ${escapeHtml(provider.name)} charges a ${escapeHtml(formatUnitsTrimmed(BigInt(provider.feeBps), 2))}% fee.</p>` +
          `<p>Destination wallet<br><code data-testid="portico-onramp-destination" style="word-break:break-all">${escapeHtml(session.destination.address)}</code></p>` +
          `<form id="pay" method="post" action="/${escapeHtml(provider.id)}/checkout/${escapeHtml(session.sessionId)}">` +
          `<label>Amount<input name="fiatAmount" inputmode="decimal" autocomplete="off" required value="${escapeHtml(values?.fiatAmount ?? session.fiatAmount)}" data-testid="portico-onramp-amount" style="${field}"></label>` +
          `<label>Currency<select name="fiatCurrency" data-testid="portico-onramp-currency" style="${field}">${options}</select></label>` +
          `<p id="limits" style="font-size:13px;color:#555;margin:-8px 0 12px"></p>` +
          `<label>Card number<input name="card" inputmode="numeric" autocomplete="off" required placeholder="${SANDBOX_TEST_CARDS.success}" data-testid="portico-onramp-card" style="${field}"></label>` +
          cardHelp +
          `<p id="estimate" data-testid="portico-onramp-estimate" aria-live="polite"></p>` +
          `<button type="submit" data-testid="portico-onramp-pay" style="font:inherit;padding:10px 16px;width:100%">Pay</button></form>`,
        nonce,
        script,
      ),
    }
  }

  function indexPage(): string {
    const rows = providers
      .map((p) => {
        const limits = p.fiatCurrencies.map((f) => `${f.id}: ${f.methods.map((m) => `${m.id} ${m.min}–${m.max}`).join(', ')}`).join('; ')
        return `<li><strong>${escapeHtml(p.name)}</strong> (<code>${escapeHtml(`${baseUrl}/${p.id}`)}</code>) · fee ${formatUnitsTrimmed(BigInt(p.feeBps), 2)}% · ${escapeHtml(limits)}</li>`
      })
      .join('')
    const recent = [...sessions.values()]
      .slice(-20)
      .reverse()
      .map(
        (s) =>
          `<li><a href="/${s.provider}/checkout/${s.sessionId}">${escapeHtml(s.provider)} · ${escapeHtml(s.asset)} on ${escapeHtml(s.network)} · ${escapeHtml(s.status)}</a></li>`,
      )
      .join('')
    return page(
      'On-ramp provider sandbox',
      `<ul>${rows}</ul>${cardHelp}<p>Treasury: <code>${escapeHtml(treasury.evmAddress)}</code>${treasury.solanaAddress ? `, <code>${escapeHtml(treasury.solanaAddress)}</code>` : ''}</p>` +
        `<p>Sells: ${escapeHtml(assets.map((a) => `${a.symbol} on ${a.network}`).join(', ') || 'nothing (no chain configured)')}</p>` +
        `<h2 style="font-size:16px">Latest checkout sessions</h2>${recent ? `<ul>${recent}</ul>` : '<p>None yet. Buy crypto in the Portico modal.</p>'}`,
    )
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const parts = url.pathname.split('/').filter((p) => p !== '')
    if (parts.length === 0 && req.method === 'GET') return html(res, 200, indexPage())
    const provider = parts[0] === undefined ? undefined : providerById(parts[0])
    if (!provider) return json(res, 404, { error: { code: 'not_found', message: 'No such provider' } })
    const route = `${req.method} ${parts.slice(1, 3).join('/')}`
    try {
      if (route === 'GET v1/config' && parts.length === 3) return json(res, 200, configOf(provider))
      if (route === 'POST v1/quotes' && parts.length === 3) {
        const body = await readJson(req, quoteSchema)
        const asset = findAsset(body.asset, body.network)
        const currency = fiatOf(provider, body.fiatCurrency).id
        const method = body.paymentMethod ?? 'card'
        return json(
          res,
          200,
          quoteJson(provider, asset, currency, method, quote(provider, asset, currency, parseFiat(body.fiatAmount), method)),
        )
      }
      if (route === 'POST v1/sessions' && parts.length === 3) {
        const session = createSession(provider, await readJson(req, sessionSchema))
        return json(res, 201, { sessionId: session.sessionId, url: `${baseUrl}/${provider.id}/checkout/${session.sessionId}` })
      }
      if (route === 'GET v1/sessions' && parts.length === 4) {
        const session = SESSION_ID.test(parts[3] ?? '') ? sessions.get(parts[3] as string) : undefined
        if (!session || session.provider !== provider.id) throw new ApiError(404, 'not_found', 'No such session')
        return json(res, 200, session)
      }
      if (parts[1] === 'checkout' && parts.length === 3) {
        const id = parts[2] as string
        const session = SESSION_ID.test(id) ? sessions.get(id) : undefined
        if (!session || session.provider !== provider.id) {
          return html(
            res,
            404,
            page('Checkout not found', '<p data-testid="portico-onramp-gone">This checkout session does not exist.</p>'),
          )
        }
        if (req.method === 'GET') {
          if (session.status === 'COMPLETED') return html(res, 200, resultPage(provider, session))
          const { nonce, body } = checkoutPage(provider, session)
          return html(res, 200, body, nonce)
        }
        if (req.method === 'POST') {
          const form = new URLSearchParams(await readBody(req))
          const payment = {
            card: form.get('card') ?? '',
            fiatAmount: form.get('fiatAmount') ?? undefined,
            fiatCurrency: form.get('fiatCurrency') ?? undefined,
          }
          const outcome = await pay(provider.id, id, payment)
          if (outcome.kind === 'completed') return html(res, 200, resultPage(provider, outcome.session))
          const notice =
            outcome.kind === 'declined'
              ? { testid: 'portico-onramp-declined', text: 'Your card was declined. Nothing was charged and no tokens were sent.' }
              : { testid: 'portico-onramp-error', text: outcome.message }
          if (session.status === 'COMPLETED') return html(res, 200, resultPage(provider, session))
          const { nonce, body } = checkoutPage(provider, session, notice, payment)
          return html(res, outcome.kind === 'declined' ? 402 : outcome.kind === 'failed' ? 502 : 400, body, nonce)
        }
        return html(res, 405, page('Method not allowed', ''))
      }
      throw new ApiError(404, 'not_found', 'Not found')
    } catch (error) {
      if (error instanceof ApiError) return json(res, error.status, { error: { code: error.code, message: error.message } })
      throw error
    }
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) json(res, 500, { error: { code: 'internal', message: 'Internal error' } })
      else res.end()
    })
  })
  // Longer than clients keep idle sockets (undici: 4 s), so a client never reuses one the sandbox is closing.
  server.keepAliveTimeout = 30_000
  await new Promise<void>((resolve, reject) => {
    const onError = (error: Error) =>
      reject(new Error(`startOnrampSandbox: could not listen on ${host}:${options.port ?? 0}: ${error.message}`, { cause: error }))
    server.once('error', onError)
    server.listen(options.port ?? 0, host, () => {
      server.off('error', onError)
      resolve()
    })
  })
  const port = (server.address() as AddressInfo).port
  baseUrl = `http://${host}:${port}`

  return {
    url: baseUrl,
    port,
    providers: providers.map((p) => ({ id: p.id, name: p.name, feeBps: p.feeBps, baseUrl: `${baseUrl}/${p.id}` })),
    treasury: { evm: treasury.evmAddress, solana: treasury.solanaAddress },
    assets,
    session: (providerId, sessionId) => {
      const s = sessions.get(sessionId)
      return s && s.provider === providerId ? { ...s, destination: { ...s.destination } } : undefined
    },
    pay,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
