/**
 * ERC-7715 permissions and EIP-7811 assets of the embedded wallet on a real anvil chain of the
 * devnet (its USDC fixture and BatchExecutor): a user with the smart account grants an app's signer
 * the USDC transfer function and a native allowance; the signer executes through POST
 * /v1/permissions/execute and the chain shows it; everything outside the grant, a foreign
 * signature, a replayed nonce, a revoked or expired grant is refused and changes nothing.
 */
import { PERMISSION_DOMAIN_NAME, PERMISSION_EXECUTION_TYPES } from '@portico/protocol/auth'
import { type Devnet, startDevnet } from '@portico/devnet'
import {
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  http,
  parseEther,
  parseUnits,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { openTestApp, type TestApp } from '../test-support.ts'
import { FRAME_ORIGIN, login, memoryMailbox, stamped, TEST_KEK, type Session } from './test-support.ts'

const CHAIN_ID = 31337
const chain = {
  id: CHAIN_ID,
  name: 'Portico Local A',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [] as string[] } },
} as const
const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as const
const BOB = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' as const

let devnet: Devnet
let app: TestApp
let close: () => Promise<void>
let usdc: Address
let weth: Address
let publicClient: ReturnType<typeof createPublicClient>
/** The server's clock runs this far ahead of the real one (expiry and allowance periods). */
let offsetMs = 0
const mailbox = memoryMailbox()
let user: Session
let plain: Session
const appSigner = privateKeyToAccount(generatePrivateKey())
const stranger = privateKeyToAccount(generatePrivateKey())

beforeAll(async () => {
  devnet = await startDevnet({ chains: [{ chainId: CHAIN_ID }] })
  const c = devnet.chains[0]!
  usdc = c.tokens.find((t) => t.symbol === 'USDC')!.address
  weth = c.tokens.find((t) => t.symbol !== 'USDC')!.address
  const t = await openTestApp({
    chains: [
      {
        chainId: CHAIN_ID,
        name: c.name,
        rpcUrl: c.rpcUrl,
        nativeCurrency: c.nativeCurrency,
        tokens: c.tokens.map((k) => ({ address: k.address, symbol: k.symbol, name: k.name, decimals: k.decimals })),
      },
    ],
    auth: {
      keyCustody: 'server',
      kek: TEST_KEK,
      mail: mailbox,
      frameOrigins: [FRAME_ORIGIN],
      clientIp: () => '10.3.0.1',
      smartAccount: { executors: { [CHAIN_ID]: c.batchExecutor } },
      now: () => Date.now() + offsetMs,
    },
  })
  ;({ app, close } = t)
  user = await login(app, mailbox, 'grants@example.com', 'device-grant-000001')
  plain = await login(app, mailbox, 'eoa-grants@example.com', 'device-grant-000002')
  const transport = http(c.rpcUrl)
  publicClient = createPublicClient({ chain, transport })
  const test = createTestClient({ chain, transport, mode: 'anvil' })
  await test.setBalance({ address: user.user.evmAddress as Address, value: parseEther('10') })
  const funder = createWalletClient({ account: devnet.accounts[0]!, chain, transport })
  const hash = await funder.writeContract({
    address: usdc,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [user.user.evmAddress as Address, parseUnits('100', 6)],
  })
  await publicClient.waitForTransactionReceipt({ hash })
  const res = await stamped(app, user, 'POST', '/v1/auth/preferred-account', { type: 'smartAccount', chainId: CHAIN_ID }, Date.now())
  expect(res.status).toBe(200)
}, 60_000)
afterAll(async () => {
  await Promise.all([devnet?.stop(), close?.()])
})

async function rpc(session: Session, method: string, params: unknown[]): Promise<{ status: number; result?: unknown; error?: string }> {
  const res = await stamped(
    app,
    session,
    'POST',
    '/v1/auth/rpc',
    { namespace: 'eip155', chainId: CHAIN_ID, method, params },
    Date.now() + offsetMs,
  )
  return { status: res.status, ...((await res.json()) as { result?: unknown; error?: string }) }
}

const hour = () => Math.floor((Date.now() + offsetMs) / 1000) + 3600
const grant = (extra: Record<string, unknown> = {}, permissions?: unknown[]) => ({
  chainId: '0x7a69',
  expiry: hour(),
  signer: { type: 'account', data: { id: appSigner.address } },
  permissions: permissions ?? [
    { type: 'contract-call', data: { address: usdc, abi: erc20Abi, functions: [{ functionName: 'transfer' }] } },
    { type: 'contract-call', data: { address: BOB } },
    { type: 'native-token-limit', data: { allowance: `0x${parseEther('1').toString(16)}` } },
  ],
  ...extra,
})

type Call = { to: Address; value?: string; data?: Hex }
const nonce = () => `0x${Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('hex')}` as Hex
async function sign(signer: PrivateKeyAccount, context: Hex, calls: Call[], n: Hex, chainId = CHAIN_ID) {
  return signer.signTypedData({
    domain: { name: PERMISSION_DOMAIN_NAME, version: '1', chainId },
    types: PERMISSION_EXECUTION_TYPES,
    primaryType: 'Execution',
    message: { context, calls: calls.map((c) => ({ to: c.to, value: BigInt(c.value ?? 0), data: c.data ?? '0x' })), nonce: n },
  })
}
async function execute(context: Hex, calls: Call[], opts: { signer?: PrivateKeyAccount; nonce?: Hex; chainId?: number } = {}) {
  const n = opts.nonce ?? nonce()
  const body = {
    context,
    chainId: opts.chainId ?? CHAIN_ID,
    calls,
    nonce: n,
    signature: await sign(opts.signer ?? appSigner, context, calls, n, opts.chainId),
  }
  const res = await app.request('/v1/permissions/execute', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  const json = (await res.json()) as { id?: string; error?: string }
  return { status: res.status, ...json }
}
/** The batch's transaction, once mined. */
async function mined(id: string) {
  const hash = `0x${id.slice(18, 82)}` as Hex
  return publicClient.waitForTransactionReceipt({ hash })
}
const usdcOf = (address: string) =>
  publicClient.readContract({ address: usdc, abi: erc20Abi, functionName: 'balanceOf', args: [address as Address] })
const usdcTransfer = (to: Address, amount: string): Call => ({
  to: usdc,
  data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, parseUnits(amount, 6)] }),
})

describe('ERC-7715 permissions through the embedded wallet', () => {
  let context: Hex

  it('wallet_grantPermissions stores the grant and answers the request with the account and a 32-byte context', async () => {
    const res = await rpc(user, 'wallet_grantPermissions', [grant()])
    expect(res.status).toBe(200)
    const granted = z
      .object({
        context: z.string(),
        address: z.string(),
        chainId: z.string(),
        expiry: z.number(),
        signer: z.unknown(),
        permissions: z.array(z.unknown()),
      })
      .parse(res.result)
    expect(granted.context).toMatch(/^0x[0-9a-f]{64}$/)
    expect(granted).toMatchObject({
      address: user.user.evmAddress,
      chainId: '0x7a69',
      signer: { type: 'account', data: { id: appSigner.address } },
    })
    expect(granted.permissions).toHaveLength(3)
    context = granted.context as Hex
  })

  it('the signer runs a granted USDC transfer: it lands on chain, from the user’s account, in one transaction', async () => {
    const before = [await usdcOf(ALICE), await usdcOf(user.user.evmAddress)]
    const res = await execute(context, [usdcTransfer(ALICE, '2.5')])
    expect(res).toMatchObject({ status: 200 })
    expect(res.id).toMatch(/^0x0{12}7a69[0-9a-f]{64}$/)
    const receipt = await mined(res.id!)
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(user.user.evmAddress.toLowerCase())
    expect([await usdcOf(ALICE), await usdcOf(user.user.evmAddress)]).toEqual([
      before[0]! + parseUnits('2.5', 6),
      before[1]! - parseUnits('2.5', 6),
    ])
  })

  it('native value within the allowance is sent; beyond it is refused and nothing moves', async () => {
    const bob0 = await publicClient.getBalance({ address: BOB })
    const ok = await execute(context, [{ to: BOB, value: `0x${parseEther('0.4').toString(16)}` }])
    expect(ok.status).toBe(200)
    await mined(ok.id!)
    expect(await publicClient.getBalance({ address: BOB })).toBe(bob0 + parseEther('0.4'))
    const over = await execute(context, [{ to: BOB, value: parseEther('0.7').toString() }])
    expect(over).toEqual({ status: 400, error: 'The calls exceed the permission’s native token allowance' })
    expect(await publicClient.getBalance({ address: BOB })).toBe(bob0 + parseEther('0.4'))
    // What is left of the allowance (0.6 ETH) still goes through.
    const rest = await execute(context, [{ to: BOB, value: parseEther('0.6').toString() }])
    expect(rest.status).toBe(200)
    await mined(rest.id!)
    expect(await publicClient.getBalance({ address: BOB })).toBe(bob0 + parseEther('1'))
  })

  it('calls outside the grant, other signers and replayed nonces are refused before anything is sent', async () => {
    const nonceBefore = await publicClient.getTransactionCount({ address: user.user.evmAddress as Address })
    const approve: Call = { to: usdc, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [ALICE, 1n] }) }
    expect(await execute(context, [approve])).toEqual({ status: 400, error: 'calls.0: the function is not covered by the permission' })
    expect(await execute(context, [{ to: weth, data: '0x' }])).toEqual({
      status: 400,
      error: `calls.0: ${weth} is not covered by the permission`,
    })
    expect(await execute(context, [usdcTransfer(ALICE, '1')], { signer: stranger })).toEqual({
      status: 401,
      error: 'The signature is not the permission signer’s',
    })
    expect(await execute(context, [usdcTransfer(ALICE, '1')], { chainId: 1 })).toEqual({
      status: 400,
      error: 'The permission is for chain 31337',
    })
    expect(await execute(`0x${'ab'.repeat(32)}`, [usdcTransfer(ALICE, '1')])).toEqual({ status: 404, error: 'Unknown permission' })
    expect(await publicClient.getTransactionCount({ address: user.user.evmAddress as Address })).toBe(nonceBefore)

    const n = nonce()
    const first = await execute(context, [usdcTransfer(ALICE, '1')], { nonce: n })
    expect(first.status).toBe(200)
    await mined(first.id!)
    expect(await execute(context, [usdcTransfer(ALICE, '1')], { nonce: n })).toEqual({
      status: 409,
      error: 'This execution was already submitted',
    })
  })

  it('bad bodies are 400s with the field, never 500s', async () => {
    const post = (body: unknown) =>
      app.request('/v1/permissions/execute', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    const cases: [unknown, string][] = [
      [{}, 'context: must be 0x and 32 bytes of hex'],
      [{ context, chainId: CHAIN_ID, calls: [], nonce: nonce(), signature: `0x${'00'.repeat(65)}` }, 'calls: at least one call is needed'],
      [
        { context, chainId: CHAIN_ID, calls: [{ to: 'bob' }], nonce: nonce(), signature: `0x${'00'.repeat(65)}` },
        "calls.0.to: 'to' must be an address",
      ],
      [
        { context, chainId: CHAIN_ID, calls: [{ to: BOB }], nonce: nonce(), signature: '0x12' },
        'signature: signature must be 65 bytes of hex',
      ],
    ]
    for (const [body, error] of cases) {
      const res = await post(body)
      expect({ status: res.status, body: await res.json() }).toEqual({ status: 400, body: { error } })
    }
    const fractional = await post({ context, chainId: 1.5, calls: [{ to: BOB }], nonce: nonce(), signature: `0x${'00'.repeat(65)}` })
    expect({ status: fractional.status, body: await fractional.json() }).toEqual({
      status: 400,
      body: { error: 'chainId must be a positive integer' },
    })
    // A well-formed signature of nobody: 401.
    const junk = await post({ context, chainId: CHAIN_ID, calls: [{ to: BOB }], nonce: nonce(), signature: `0x${'00'.repeat(65)}` })
    expect(junk.status).toBe(401)
  })

  it('wallet_grantPermissions refuses what it can not enforce, with the reason', async () => {
    const cases: [Session, unknown, string][] = [
      [plain, grant(), 'Permissions need the smart account: set the preferred account to smartAccount first'],
      [user, grant({ expiry: Math.floor(Date.now() / 1000) - 10 }), 'expiry is in the past'],
      [user, grant({ chainId: '0x1' }), 'Permissions are not available on chain 1'],
      [user, grant({ signer: { type: 'account', data: { id: user.user.evmAddress } } }), 'The signer must not be the account itself'],
      [user, grant({}, [{ type: 'native-token-limit', data: { allowance: '0x1' } }]), 'at least one contract-call permission is needed'],
      [
        user,
        grant({}, [{ type: 'erc721-token-transfer', data: {} }]),
        'permissions.0.type: Unsupported permission type (contract-call, native-token-limit, native-token-recurring-allowance)',
      ],
      [
        user,
        grant({}, [{ type: 'contract-call', data: { address: usdc, functions: [{ functionName: 'transfer' }] } }]),
        'contract-call: functions need the abi',
      ],
      [
        user,
        grant({}, [{ type: 'contract-call', data: { address: usdc, abi: erc20Abi, functions: [{ functionName: 'mint' }] } }]),
        'contract-call: mint is not a function of the abi',
      ],
      [user, [], 'wallet_grantPermissions takes [{ chainId, expiry, signer, permissions }]'],
    ]
    for (const [session, request, error] of cases) {
      const res = await rpc(session, 'wallet_grantPermissions', Array.isArray(request) ? request : [request])
      expect({ status: res.status, error: res.error }).toEqual({ status: 400, error })
    }
  })

  it('a key signer (secp256k1 public key) is the address of that key', async () => {
    const keyed = privateKeyToAccount(generatePrivateKey())
    const res = await rpc(user, 'wallet_grantPermissions', [
      grant({ signer: { type: 'key', data: { type: 'secp256k1', publicKey: keyed.publicKey } } }, [
        { type: 'contract-call', data: { address: usdc, calls: ['0xa9059cbb'] } },
      ]),
    ])
    expect(res.status).toBe(200)
    const ctx = (res.result as { context: Hex }).context
    expect((await execute(ctx, [usdcTransfer(BOB, '1')], { signer: appSigner })).status).toBe(401)
    const ok = await execute(ctx, [usdcTransfer(BOB, '1')], { signer: keyed })
    expect(ok.status).toBe(200)
    expect((await mined(ok.id!)).status).toBe('success')
  })

  it('a recurring allowance starts over each period', async () => {
    const res = await rpc(user, 'wallet_grantPermissions', [
      grant({}, [
        { type: 'contract-call', data: { address: ALICE } },
        { type: 'native-token-recurring-allowance', data: { allowance: parseEther('0.1').toString(), period: 60 } },
      ]),
    ])
    expect(res.status).toBe(200)
    const ctx = (res.result as { context: Hex }).context
    const pay = (eth: string) => execute(ctx, [{ to: ALICE, value: parseEther(eth).toString() }])
    const first = await pay('0.1')
    expect(first.status).toBe(200)
    await mined(first.id!)
    expect((await pay('0.05')).status).toBe(400)
    offsetMs += 61_000
    const next = await pay('0.05')
    expect(next.status).toBe(200)
    await mined(next.id!)
  })

  it('wallet_revokePermissions stops the grant at once; only its owner can revoke it', async () => {
    expect(await rpc(plain, 'wallet_revokePermissions', [{ context }])).toEqual({ status: 404, error: 'Unknown permission' })
    expect((await execute(context, [usdcTransfer(ALICE, '1')])).status).toBe(200)
    expect(await rpc(user, 'wallet_revokePermissions', [{ context }])).toEqual({ status: 200, result: {} })
    expect(await execute(context, [usdcTransfer(ALICE, '1')])).toEqual({ status: 400, error: 'The permission was revoked' })
    // AppKit's shape ({ pci }) works too, and revoking twice is fine.
    expect(await rpc(user, 'wallet_revokePermissions', [{ pci: context }])).toEqual({ status: 200, result: {} })
  })

  it('an expired grant executes nothing', async () => {
    const res = await rpc(user, 'wallet_grantPermissions', [
      grant({ expiry: Math.floor((Date.now() + offsetMs) / 1000) + 120 }, [{ type: 'contract-call', data: { address: usdc } }]),
    ])
    const ctx = (res.result as { context: Hex }).context
    offsetMs += 121_000
    expect(await execute(ctx, [usdcTransfer(ALICE, '1')])).toEqual({ status: 400, error: 'The permission has expired' })
  })
})

describe('EIP-7811 wallet_getAssets', () => {
  it('lists the native balance and the held tokens of the signed-in account, read from the chain', async () => {
    const res = await rpc(user, 'wallet_getAssets', [{ account: user.user.evmAddress }])
    expect(res.status).toBe(200)
    const native = await publicClient.getBalance({ address: user.user.evmAddress as Address })
    const held = await usdcOf(user.user.evmAddress)
    expect(res.result).toEqual({
      '0x7a69': [
        {
          address: 'native',
          balance: `0x${native.toString(16)}`,
          type: 'native',
          metadata: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        },
        {
          address: usdc,
          balance: `0x${held.toString(16)}`,
          type: 'erc20',
          metadata: expect.objectContaining({ symbol: 'USDC', decimals: 6 }),
        },
      ],
    })
  })

  it('filters by asset type and chain, and names a token asked for even at zero', async () => {
    const nativeOnly = await rpc(user, 'wallet_getAssets', [{ account: user.user.evmAddress, assetTypeFilter: ['native'] }])
    expect((nativeOnly.result as Record<string, { type: string }[]>)['0x7a69']!.map((a) => a.type)).toEqual(['native'])
    expect((await rpc(user, 'wallet_getAssets', [{ account: user.user.evmAddress, chainFilter: ['0x1'] }])).result).toEqual({})
    const asked = await rpc(user, 'wallet_getAssets', [
      { account: user.user.evmAddress, assetFilter: { '0x7a69': [{ address: weth, type: 'erc20' }] } },
    ])
    expect(asked.result).toEqual({
      '0x7a69': [{ address: weth, balance: '0x0', type: 'erc20', metadata: expect.objectContaining({ decimals: expect.any(Number) }) }],
    })
  })

  it('refuses another account and bad params', async () => {
    expect(await rpc(user, 'wallet_getAssets', [{ account: ALICE }])).toEqual({
      status: 400,
      error: 'The address is not the signed-in account',
    })
    expect(await rpc(user, 'wallet_getAssets', [{ account: user.user.evmAddress, assetTypeFilter: ['nft'] }])).toEqual({
      status: 400,
      error: "assetTypeFilter.0: assetTypeFilter holds 'native' and 'erc20'",
    })
    expect((await rpc(user, 'wallet_getAssets', [])).status).toBe(400)
  })
})
