/**
 * CAIP-122 sign-in on bip122, polkadot, cosmos, sui and stacks (routes/siwx.ts, siwx/verify-*.ts)
 * against a real app and database, with the keys, addresses and signatures of the devnet's
 * WalletConnect dev wallet: each signature is exactly what @portico/walletconnect's signMessage gets
 * back from a wallet for that namespace (engine.ts).
 */
import {
  aminoSignBytes,
  bitcoinSignMessage,
  cosmosSign,
  deriveWcWalletAccounts,
  deriveWcWalletKeys,
  p2wpkhAddress,
  ss58Address,
  polkadotSignMessage,
  stacksAddress,
  STACKS_VERSION,
  stacksSignMessage,
  suiSignPersonalMessage,
  WC_WALLET_CHAINS,
  type WcWalletAccounts,
  type WcWalletKeys,
} from '@portico/devnet/wcwallet'
import { secp256k1 } from '@noble/curves/secp256k1'
import * as sr25519 from '@scure/sr25519'
import {
  formatSiwxMessage,
  siwxCreateSessionResponseSchema,
  siwxNonceResponseSchema,
  siwxSessionResponseSchema,
  type SiwxMessageFields,
} from '@portico/protocol/siwx'
import { decodeJwt } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorBodySchema, openTestApp, postJson, requestJson, type TestApp } from '../test-support.ts'
import { SIWX_ERRORS } from './siwx.ts'

const DOMAIN = 'localhost:5173'
type Namespace = keyof typeof WC_WALLET_CHAINS
type Body = { message: string; signature: string; chainId: string; address: string }

let app: TestApp
let close: () => Promise<void>
let accounts: WcWalletAccounts
let other: WcWalletAccounts
let keys: WcWalletKeys

beforeAll(async () => {
  ;({ app, close } = await openTestApp())
  accounts = await deriveWcWalletAccounts()
  other = await deriveWcWalletAccounts(undefined, 1)
  keys = deriveWcWalletKeys()
})
afterAll(async () => {
  await close?.()
})

const hexOf = (text: string) => `0x${Buffer.from(text, 'utf8').toString('hex')}`

/** The ADR-036 doc @portico/walletconnect sends with cosmos_signAmino (engine.ts adr036SignDoc). */
const adr036Doc = (signer: string, message: string) => ({
  chain_id: '',
  account_number: '0',
  sequence: '0',
  fee: { gas: '0', amount: [] },
  msgs: [{ type: 'sign/MsgSignData', value: { signer, data: Buffer.from(message, 'utf8').toString('base64') } }],
  memo: '',
})

/** What the wallet answers to @portico/walletconnect's signMessage for `namespace`, as the client passes it on. */
function walletSignature(namespace: Namespace, key: WcWalletKeys, address: string, message: string): string {
  switch (namespace) {
    case 'polkadot':
      return polkadotSignMessage(key.polkadot, hexOf(message))
    case 'sui':
      return suiSignPersonalMessage(key.sui, new TextEncoder().encode(message)).signature
    case 'cosmos':
      return cosmosSign(key.cosmos, aminoSignBytes(adr036Doc(address, message))).signature
    case 'bip122':
      return bitcoinSignMessage(key.bip122, message)
    case 'stacks':
      return stacksSignMessage(key.stacks, message).signature
  }
}

async function nonce(): Promise<string> {
  const { status, body } = await requestJson(app, '/v1/siwx/nonce', siwxNonceResponseSchema, { method: 'POST' })
  expect(status).toBe(200)
  return body.nonce
}

async function fieldsFor(address: string, chainId: string, overrides: Partial<SiwxMessageFields> = {}): Promise<SiwxMessageFields> {
  return {
    domain: DOMAIN,
    address,
    statement: 'Sign in to the Portico demo',
    uri: `http://${DOMAIN}/`,
    version: '1',
    chainId,
    nonce: await nonce(),
    issuedAt: new Date().toISOString(),
    ...overrides,
  }
}

/** A sign-in body of the dev wallet's account 0 (or `address`, signed by `key`). */
async function signed(
  namespace: Namespace,
  options: { address?: string; key?: WcWalletKeys; chainId?: string; overrides?: Partial<SiwxMessageFields> } = {},
): Promise<Body> {
  const address = options.address ?? accounts[namespace]
  const chainId = options.chainId ?? WC_WALLET_CHAINS[namespace]
  const message = formatSiwxMessage(await fieldsFor(address, chainId, options.overrides))
  return { message, signature: walletSignature(namespace, options.key ?? keys, address, message), chainId, address }
}

async function signIn(body: Body) {
  const res = await postJson(app, '/v1/siwx/sessions', body)
  const json: unknown = await res.json()
  if (res.status !== 200) return { status: res.status, error: errorBodySchema.parse(json).error }
  return { status: 200, ...siwxCreateSessionResponseSchema.parse(json) }
}

async function refused(body: Body) {
  const out = await signIn(body)
  return { status: out.status, error: 'error' in out ? out.error : undefined }
}

const NAMESPACES: Namespace[] = ['bip122', 'polkadot', 'cosmos', 'sui', 'stacks']

/** A signature of the namespace's format that can not be read (wrong length or encoding). */
const MALFORMED: Record<Namespace, string> = {
  bip122: Buffer.alloc(64, 1).toString('base64'),
  polkadot: '0xdeadbeef',
  cosmos: Buffer.alloc(65, 1).toString('base64'),
  sui: 'not base64!',
  stacks: `0x${'ab'.repeat(64)}`,
}

describe.each(NAMESPACES)("CAIP-122 sign-in on %s with the dev wallet's signature", (namespace) => {
  it('signs in; the session and the token name the account; GET /v1/siwx/session answers it', async () => {
    const body = await signed(namespace)
    const out = await signIn(body)
    if (!('token' in out)) throw new Error(`refused: ${out.status} ${out.error}`)
    expect(out.session).toMatchObject({
      address: accounts[namespace],
      chainId: WC_WALLET_CHAINS[namespace],
      domain: DOMAIN,
      uri: `http://${DOMAIN}/`,
    })
    expect(decodeJwt(out.token).sub).toBe(`${WC_WALLET_CHAINS[namespace]}:${accounts[namespace]}`)
    const res = await app.request('/v1/siwx/session', { headers: { authorization: `Bearer ${out.token}` } })
    expect(res.status).toBe(200)
    expect(siwxSessionResponseSchema.parse(await res.json()).session).toEqual(out.session)
  })

  it('refuses a message for another account (signed by account 0) with 401 Invalid signature', async () => {
    const body = await signed(namespace, { address: other[namespace] })
    expect(other[namespace]).not.toBe(accounts[namespace])
    expect(await refused(body)).toEqual({ status: 401, error: SIWX_ERRORS.signature })
  })

  it('refuses a tampered message (401), a malformed signature (400), another request account or an unknown network (400); the nonce stays usable', async () => {
    const body = await signed(namespace)
    expect(
      await refused({ ...body, message: body.message.replace('Sign in to the Portico demo', 'Sign in to the Portico demo!') }),
    ).toEqual({ status: 401, error: SIWX_ERRORS.signature })
    expect(await refused({ ...body, signature: MALFORMED[namespace] })).toEqual({ status: 400, error: SIWX_ERRORS.signature })
    expect(await refused({ ...body, address: other[namespace] })).toEqual({ status: 400, error: SIWX_ERRORS.mismatch })
    const unknownChain = `${namespace}:NOT_A_NETWORK`
    expect(await refused(await signed(namespace, { chainId: unknownChain }))).toEqual({
      status: 400,
      error: `Unsupported chainId ${unknownChain}`,
    })
    // None of the refusals used the nonce up.
    expect((await signIn(body)).status).toBe(200)
  })

  it('refuses a used nonce, an expired message and a domain that is not allowed, as on solana', async () => {
    const body = await signed(namespace)
    expect((await signIn(body)).status).toBe(200)
    expect(await refused(body)).toEqual({ status: 401, error: SIWX_ERRORS.nonce })
    expect(await refused(await signed(namespace, { overrides: { expirationTime: new Date(Date.now() - 1000).toISOString() } }))).toEqual({
      status: 401,
      error: SIWX_ERRORS.expired,
    })
    expect(await refused(await signed(namespace, { overrides: { domain: 'evil.example' } }))).toEqual({
      status: 403,
      error: SIWX_ERRORS.domain,
    })
  })
})

describe('namespace specifics', () => {
  it('polkadot: a 65-byte MultiSignature with the ed25519 prefix 0x00 signs in; the same bytes read as sr25519 (prefix 0x01, or the schnorrkel marker) are "Invalid signature" (400 when they are not even an sr25519 encoding), an ECDSA one 400 unsupported', async () => {
    const body = await signed('polkadot')
    expect(await refused({ ...body, signature: `0x01${body.signature.slice(2)}` })).toMatchObject({ error: SIWX_ERRORS.signature })
    const marked = Buffer.from(body.signature.slice(2), 'hex')
    marked[63] = marked[63]! | 0x80
    expect(await refused({ ...body, signature: `0x${marked.toString('hex')}` })).toMatchObject({ error: SIWX_ERRORS.signature })
    expect(await refused({ ...body, signature: `0x02${'11'.repeat(65)}` })).toEqual({ status: 400, error: SIWX_ERRORS.scheme })
    expect((await signIn({ ...body, signature: `0x00${body.signature.slice(2)}` })).status).toBe(200)
  })

  it('polkadot: an sr25519 account (what polkadot.js wallets sign with) signs in, bare or as a 0x01 MultiSignature; another sr25519 key is 401', async () => {
    const secret = sr25519.secretFromSeed(new Uint8Array(32).fill(7))
    const address = ss58Address(sr25519.getPublicKey(secret), 0)
    const sign = (message: string) => Buffer.from(sr25519.sign(secret, Buffer.from(`<Bytes>${message}</Bytes>`, 'utf8'))).toString('hex')
    const fields = async () => formatSiwxMessage(await fieldsFor(address, WC_WALLET_CHAINS.polkadot))
    const message = await fields()
    const bare = { message, signature: `0x${sign(message)}`, chainId: WC_WALLET_CHAINS.polkadot, address }
    expect(await signIn(bare)).toMatchObject({ status: 200, session: { address, chainId: WC_WALLET_CHAINS.polkadot } })
    const second = await fields()
    expect((await signIn({ ...bare, message: second, signature: `0x01${sign(second)}` })).status).toBe(200)
    const third = await fields()
    const other = sr25519.secretFromSeed(new Uint8Array(32).fill(8))
    const foreign = Buffer.from(sr25519.sign(other, Buffer.from(`<Bytes>${third}</Bytes>`, 'utf8'))).toString('hex')
    expect(await refused({ ...bare, message: third, signature: `0x${foreign}` })).toEqual({ status: 401, error: SIWX_ERRORS.signature })
  })

  it("sui: the request may write the hex address in upper case; the session keeps the message's", async () => {
    const body = await signed('sui')
    const out = await signIn({ ...body, address: `0x${body.address.slice(2).toUpperCase()}` })
    expect(out).toMatchObject({ status: 200, session: { address: accounts.sui } })
  })

  it('stacks: a testnet (ST…) account on stacks:2147483648 signs in', async () => {
    const address = stacksAddress(secp256k1.getPublicKey(keys.stacks, true), STACKS_VERSION.testnetSingleSig)
    expect(address.startsWith('ST')).toBe(true)
    const out = await signIn(await signed('stacks', { address, chainId: 'stacks:2147483648' }))
    expect(out).toMatchObject({ status: 200, session: { address, chainId: 'stacks:2147483648' } })
  })

  it('bip122: a testnet tb1q account on testnet3 signs in', async () => {
    const address = p2wpkhAddress(secp256k1.getPublicKey(keys.bip122, true), 'tb')
    const out = await signIn(await signed('bip122', { address, chainId: 'bip122:000000000933ea01ad0ee984209779ba' }))
    expect(out).toMatchObject({ status: 200, session: { address } })
  })
})
