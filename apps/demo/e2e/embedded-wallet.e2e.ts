// Issue 11: the embedded wallet's money on the local chains — ETH sent through the frame lands on
// anvil, and the same login signs on Solana. The frame signs on the API (keys never in the page);
// the chain, the API, the frame and Chromium are real.
import { ed25519 } from '@noble/curves/ed25519'
import { generateKeyPairSigner, getBase58Encoder } from '@solana/kit'
import { createPublicClient, createWalletClient, encodeFunctionData, erc20Abi, type Hex, http } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PERMISSION_DOMAIN_NAME, PERMISSION_EXECUTION_TYPES } from '@portico/protocol/auth'
import { answerConfirmations } from './confirm-window.ts'
import { emailLogin } from './email-login.ts'
import { type Harness, setNativeBalance, startHarness } from './harness.ts'

const EMAIL = 'grace@portico.test'
const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const ACCOUNT_1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const ACCOUNT_2 = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const base58 = (text: string) => getBase58Encoder().encode(text) as Uint8Array

/** One JSON-RPC call to the local Solana chain, from Node. */
async function solanaRpc<T>(url: string, method: string, params: unknown[]): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await res.json()) as { result?: T; error?: { message: string } }
  if (body.error || body.result === undefined) throw new Error(`${method}: ${body.error?.message ?? 'no result'}`)
  return body.result
}
const lamportsOf = async (url: string, address: string) =>
  BigInt((await solanaRpc<{ value: number }>(url, 'getBalance', [address, { commitment: 'confirmed' }])).value)
const confirmation = async (url: string, signature: string) =>
  (
    await solanaRpc<{ value: ({ confirmationStatus?: string; err: unknown } | null)[] }>(url, 'getSignatureStatuses', [
      [signature],
      { searchTransactionHistory: true },
    ])
  ).value[0]

let h: Harness
/** Every request the frame asks the user about is confirmed in its window, as the user would (issue 23 §1). */
let confirmations: ReturnType<typeof answerConfirmations>

beforeAll(async () => {
  h = await startHarness()
  await emailLogin(h, EMAIL)
  confirmations = answerConfirmations(h.context)
})

afterAll(async () => {
  confirmations?.stop()
  await h?.close()
})

const accountOf = (namespace: string) =>
  h.page.evaluate((ns) => window.__portico?.chain.$chains.get()[ns as 'eip155']?.accountState.address, namespace) as Promise<
    string | undefined
  >

describe('the embedded wallet on the local chains', () => {
  it('a. sends 1.5 ETH through the frame: the transaction is mined on anvil and the balances move', async () => {
    const { page, stack } = h
    const from = (await accountOf('eip155')) as Hex
    expect(from).toMatch(/^0x[0-9a-fA-F]{40}$/)
    const chain = stack.devnet.chains[0]!
    const client = createPublicClient({ transport: http(chain.rpcUrl) })
    // A new embedded account holds nothing: fund it for the value and the gas.
    await setNativeBalance(chain.rpcUrl, from, 5n * 10n ** 18n)
    const before = await client.getBalance({ address: ACCOUNT_1 })
    const hash = (await page.evaluate(({ to, value }) => window.__portico!.wallet.sendTransaction({ to, value: BigInt(value) }), {
      to: ACCOUNT_1,
      value: String(1_500_000_000_000_000_000n),
    })) as Hex
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    // The frame asked first, in its window: a send.
    expect(confirmations.titles).toEqual(['Send'])
    const receipt = await client.waitForTransactionReceipt({ hash, timeout: 20_000 })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(from.toLowerCase())
    expect((await client.getBalance({ address: ACCOUNT_1 })) - before).toBe(1_500_000_000_000_000_000n)
    expect(await client.getBalance({ address: from })).toBeLessThan(35n * 10n ** 17n)
  })

  it('b. switches to Solana (same login, no prompt) and signs there: an ed25519 signature of the Solana account', async () => {
    const { page, stack } = h
    await page.keyboard.press('Escape')
    await page.getByTestId('portico-network-button').click()
    await page.getByTestId('portico-network-item').filter({ hasText: 'Portico Local Solana' }).click()
    await expect
      .poll(() => page.getByTestId('portico-demo-network').textContent(), { timeout: 20_000 })
      .toBe(`Portico Local Solana (${stack.solana.caipNetworkId})`)
    const solana = (await accountOf('solana')) as string
    expect(solana).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
    await page.keyboard.press('Escape')
    await page.getByRole('textbox', { name: 'Message' }).fill('Hello from the embedded wallet')
    await page.getByTestId('portico-demo-sign').click()
    const signature = page.getByTestId('portico-demo-signature')
    await expect.poll(() => signature.isVisible(), { timeout: 20_000 }).toBe(true)
    const text = (await signature.textContent()) ?? ''
    expect(ed25519.verify(base58(text), new TextEncoder().encode('Hello from the embedded wallet'), base58(solana))).toBe(true)
  })

  it('b2. sends 0.25 SOL from the embedded Solana account (built in the page, signed by the API through the frame): the recipient gets exactly that on the local chain', async () => {
    const { page, stack } = h
    const url = stack.solana.rpcUrl
    const from = (await accountOf('solana')) as string
    const to = (await generateKeyPairSigner()).address
    // A new embedded account holds nothing: the chain's faucet gives it 1 SOL for the value and the fee.
    const airdrop = await solanaRpc<string>(url, 'requestAirdrop', [from, 1_000_000_000, { commitment: 'confirmed' }])
    await expect
      .poll(async () => (await confirmation(url, airdrop))?.confirmationStatus, { timeout: 20_000 })
      .toMatch(/confirmed|finalized/)
    const [fromBefore, toBefore] = [await lamportsOf(url, from), await lamportsOf(url, to)]
    expect(fromBefore).toBeGreaterThanOrEqual(1_000_000_000n)
    const signature = (await page.evaluate(({ to, value }) => window.__portico!.wallet.sendTransaction({ to, value: BigInt(value) }), {
      to,
      value: String(250_000_000n),
    })) as string
    expect(signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
    await expect
      .poll(async () => (await confirmation(url, signature))?.confirmationStatus, { timeout: 20_000 })
      .toMatch(/confirmed|finalized/)
    expect((await confirmation(url, signature))?.err).toBeNull()
    // The signature is the embedded account's, over the transaction the page built: a System transfer it paid for.
    const tx = await solanaRpc<{ transaction: { message: { accountKeys: string[] } }; meta: { fee: number; err: unknown } }>(
      url,
      'getTransaction',
      [signature, { encoding: 'json', commitment: 'confirmed', maxSupportedTransactionVersion: 0 }],
    )
    expect(tx.meta.err).toBeNull()
    expect(tx.transaction.message.accountKeys.slice(0, 2)).toEqual([from, to])
    expect((await lamportsOf(url, to)) - toBefore).toBe(250_000_000n)
    expect(fromBefore - (await lamportsOf(url, from))).toBe(250_000_000n + BigInt(tx.meta.fee))
  })

  it('c. turns on the smart account (EIP-7702 on anvil) and sends two USDC transfers as one atomic batch (wallet_sendCalls)', async () => {
    const { page, stack } = h
    // Back on the EVM chain.
    await page.getByTestId('portico-network-button').click()
    await page.getByTestId('portico-network-item').filter({ hasText: 'Portico Local A' }).click()
    await expect
      .poll(() => page.getByTestId('portico-demo-network').textContent(), { timeout: 20_000 })
      .toBe('Portico Local A (eip155:31337)')
    await page.keyboard.press('Escape')
    const chain = stack.devnet.chains[0]!
    const usdc = chain.tokens.find((t) => t.symbol === 'USDC')!.address
    const client = createPublicClient({ transport: http(chain.rpcUrl) })
    const eoa = (await accountOf('eip155')) as Hex
    // 100 USDC from dev account 0 (anvil signs for its own accounts).
    const funder = createWalletClient({
      account: ACCOUNT_0,
      transport: http(chain.rpcUrl),
      chain: { id: chain.chainId, name: chain.name, nativeCurrency: chain.nativeCurrency, rpcUrls: { default: { http: [chain.rpcUrl] } } },
    })
    await client.waitForTransactionReceipt({
      hash: await funder.writeContract({ address: usdc, abi: erc20Abi, functionName: 'transfer', args: [eoa, 100_000_000n] }),
    })

    const preferred = await page.evaluate(() => window.__portico!.embedded.setPreferredAccountType('smartAccount'))
    expect(preferred).toMatchObject({ type: 'smartAccount', smartAccountDeployed: true })
    // The delegation is on chain: the account's code designates the batch executor (EIP-7702).
    expect((await client.getCode({ address: eoa }))?.toLowerCase()).toBe(`0xef0100${chain.batchExecutor.slice(2).toLowerCase()}`)

    const balance = (address: Hex) => client.readContract({ address: usdc, abi: erc20Abi, functionName: 'balanceOf', args: [address] })
    const [b1, b2] = [await balance(ACCOUNT_1), await balance(ACCOUNT_2)]
    const transfer = (to: Hex, amount: bigint) => encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] })
    const { id } = await page.evaluate((calls) => window.__portico!.wallet.sendCalls({ calls }), [
      { to: usdc, data: transfer(ACCOUNT_1, 3_000_000n), value: '0x0' },
      { to: usdc, data: transfer(ACCOUNT_2, 4_000_000n), value: '0x0' },
    ] as { to: Hex; data: Hex; value: string }[])
    await expect
      .poll(() => page.evaluate((batch) => window.__portico!.wallet.getCallsStatus(batch).then((s) => s.status), id), { timeout: 20_000 })
      .toBe(200)
    const status = await page.evaluate((batch) => window.__portico!.wallet.getCallsStatus(batch), id)
    // One transaction, from the account to itself, carried both calls.
    expect(status.receipts).toHaveLength(1)
    const receipt = await client.getTransactionReceipt({ hash: status.receipts![0]!.transactionHash as Hex })
    expect([receipt.from.toLowerCase(), receipt.to?.toLowerCase()]).toEqual([eoa.toLowerCase(), eoa.toLowerCase()])
    expect((await balance(ACCOUNT_1)) - b1).toBe(3_000_000n)
    expect((await balance(ACCOUNT_2)) - b2).toBe(4_000_000n)
    expect(await balance(eoa)).toBe(93_000_000n)
  })

  it('c2. grants an app signer USDC transfers (ERC-7715, through the page’s provider and the frame); the signer executes one via the API; after the revoke it is refused; wallet_getAssets shows the USDC', async () => {
    const { page, stack } = h
    const chain = stack.devnet.chains[0]!
    const usdc = chain.tokens.find((t) => t.symbol === 'USDC')!.address
    const client = createPublicClient({ transport: http(chain.rpcUrl) })
    const eoa = (await accountOf('eip155')) as Hex
    const signer = privateKeyToAccount(generatePrivateKey())
    const request = (method: string, params: unknown[]) =>
      page.evaluate(([m, p]) => window.__portico!.getProvider('eip155').request({ method: m as string, params: p as unknown[] }), [
        method,
        params,
      ] as const)

    const assets = (await request('wallet_getAssets', [{ account: eoa, assetTypeFilter: ['erc20'] }])) as Record<
      string,
      { address: string; balance: string }[]
    >
    expect(assets['0x7a69']).toEqual([
      expect.objectContaining({ address: usdc, balance: `0x${(93_000_000n).toString(16)}`, type: 'erc20' }),
    ])

    const grant = (await request('wallet_grantPermissions', [
      {
        chainId: '0x7a69',
        expiry: Math.floor(Date.now() / 1000) + 600,
        signer: { type: 'account', data: { id: signer.address } },
        permissions: [{ type: 'contract-call', data: { address: usdc, calls: ['0xa9059cbb'] } }],
      },
    ])) as { context: Hex; address: string }
    expect(grant.context).toMatch(/^0x[0-9a-f]{64}$/)
    expect(grant.address.toLowerCase()).toBe(eoa.toLowerCase())

    const execute = async (amount: bigint) => {
      const calls = [
        { to: usdc, value: 0n, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [ACCOUNT_2, amount] }) },
      ]
      const nonce = `0x${Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('hex')}` as Hex
      const signature = await signer.signTypedData({
        domain: { name: PERMISSION_DOMAIN_NAME, version: '1', chainId: chain.chainId },
        types: PERMISSION_EXECUTION_TYPES,
        primaryType: 'Execution',
        message: { context: grant.context, calls, nonce },
      })
      const res = await fetch(`${stack.apiUrl}/v1/permissions/execute`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          context: grant.context,
          chainId: chain.chainId,
          calls: calls.map((c) => ({ to: c.to, data: c.data })),
          nonce,
          signature,
        }),
      })
      return { status: res.status, body: (await res.json()) as { id?: string; error?: string } }
    }
    const balance = () => client.readContract({ address: usdc, abi: erc20Abi, functionName: 'balanceOf', args: [ACCOUNT_2] })
    const before = await balance()
    const done = await execute(2_000_000n)
    expect(done.status).toBe(200)
    const receipt = await client.waitForTransactionReceipt({ hash: `0x${done.body.id!.slice(18, 82)}` })
    // Under key shares (the default) the grant is enforced on chain and the API's relayer sends
    // executeAsSession to the account; with PORTICO_KEY_CUSTODY=server the API sends execute from the account itself.
    const relayed = process.env.PORTICO_KEY_CUSTODY !== 'server'
    expect(receipt.from.toLowerCase()).toBe((relayed ? stack.permissionsRelayer : eoa).toLowerCase())
    expect(receipt.to?.toLowerCase()).toBe(eoa.toLowerCase())
    expect((await balance()) - before).toBe(2_000_000n)

    expect(await request('wallet_revokePermissions', [{ context: grant.context }])).toEqual({})
    expect(await execute(1_000_000n)).toEqual({ status: 400, body: { error: 'The permission was revoked' } })
    expect((await balance()) - before).toBe(2_000_000n)
  })

  it('c3. sends 1 USDC with portico.wallet.transfer (ERC-20 through the frame) and waits for its receipt: the recipient gets exactly 1 USDC', async () => {
    const { page, stack } = h
    const chain = stack.devnet.chains[0]!
    const usdc = chain.tokens.find((t) => t.symbol === 'USDC')!.address
    const client = createPublicClient({ transport: http(chain.rpcUrl) })
    const balance = () => client.readContract({ address: usdc, abi: erc20Abi, functionName: 'balanceOf', args: [ACCOUNT_1] })
    const before = await balance()
    const receipt = await page.evaluate(async (token) => {
      const p = window.__portico!
      const hash = await p.wallet.transfer({
        to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
        amount: 1_000_000n,
        token: { address: token, decimals: 6 },
      })
      const r = await p.wallet.waitForReceipt(hash)
      return { hash, status: r.status, block: String(r.blockNumber) }
    }, usdc)
    expect(receipt.status).toBe('success')
    expect(receipt.hash).toMatch(/^0x[0-9a-f]{64}$/)
    expect((await balance()) - before).toBe(1_000_000n)
  })

  it('d. nothing left loopback and the page threw nothing', () => {
    expect(h.offLoopback).toEqual([])
    expect(h.pageErrors).toEqual([])
  })
})
