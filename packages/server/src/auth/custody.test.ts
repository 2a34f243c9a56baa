/**
 * Key custody and signing on real chains: a database dump holds no plaintext key; the server's
 * eth_sendTransaction lands on anvil; Solana transactions signed by the server verify and land on
 * the local litesvm RPC.
 */
import { verify as verifyEd25519, createPublicKey } from 'node:crypto'
import { STAMP_HEADERS } from '@portico/protocol/auth'
import { startAnvil, type AnvilInstance } from '@portico/devnet'
import { startSolanaRpc, type SolanaRpcServer } from '@portico/devnet/solana'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createSolanaRpc,
  createTransactionMessage,
  getBase58Decoder,
  getBase58Encoder,
  getBase64EncodedWireTransaction,
  getTransactionDecoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Address,
} from '@solana/kit'
import { createPublicClient, createTestClient, http, parseEther, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/types.ts'
import { openTestApp, type TestApp } from '../test-support.ts'
import { deriveSecrets, parseKek } from './crypto.ts'
import { openEvmKey, openSolanaKey } from './keys.ts'
import { FRAME_ORIGIN, login, memoryMailbox, otherSpellings, stamped, stampHeaders, TEST_KEK, type Session } from './test-support.ts'

const devnet = {
  id: 31337,
  name: 'Anvil',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [] as string[] } },
} as const

let anvil: AnvilInstance
let sol: SolanaRpcServer
let app: TestApp
let db: Database
let close: () => Promise<void>
let session: Session
const mailbox = memoryMailbox()

beforeAll(async () => {
  ;[anvil, sol] = await Promise.all([startAnvil({ chainId: 31337 }), startSolanaRpc()])
  const t = await openTestApp({
    chains: [{ chainId: 31337, name: 'Anvil', rpcUrl: anvil.rpcUrl, nativeCurrency: devnet.nativeCurrency }],
    solana: { caipNetworkId: sol.caipNetworkId, name: 'Solana Devnet', rpcUrl: sol.rpcUrl },
    auth: { keyCustody: 'server', kek: TEST_KEK, mail: mailbox, frameOrigins: [FRAME_ORIGIN], clientIp: () => '10.1.0.1' },
  })
  ;({ app, db, close } = t)
  session = await login(app, mailbox, 'custody@example.com', 'device-custody-0001')
}, 60_000)
afterAll(async () => {
  await Promise.all([anvil?.stop(), sol?.stop(), close?.()])
})

const rpc = async (body: Record<string, unknown>) => {
  const res = await stamped(app, session, 'POST', '/v1/auth/rpc', body, Date.now())
  const json = (await res.json()) as { result?: unknown; error?: string }
  if (res.status !== 200) throw new Error(`${res.status} ${json.error}`)
  return json.result
}

describe('key custody', () => {
  it('a dump of every table holds no plaintext key (hex, base58, base64), nor the KEK', async () => {
    // Sign once so every code path that touches the keys has run.
    await rpc({ namespace: 'eip155', chainId: 31337, method: 'personal_sign', params: ['dump', session.user.evmAddress] })
    const { rows: tables } = await db.query<{ table_schema: string; table_name: string }>(
      "SELECT table_schema, table_name FROM information_schema.tables WHERE table_schema IN ('public', 'portico_auth') ORDER BY 1, 2",
    )
    expect(tables.map((t) => `${t.table_schema}.${t.table_name}`)).toContain('portico_auth.user_keys')
    let dump = ''
    for (const t of tables) {
      const { rows } = await db.query<{ row: string }>(`SELECT row_to_json(x)::text AS row FROM "${t.table_schema}"."${t.table_name}" x`)
      dump += `${rows.map((r) => r.row).join('\n')}\n`
    }
    expect(dump).toContain(session.user.evmAddress)
    expect(dump).toContain('v1.') // the sealed keys are there…

    // …but not the keys themselves: decrypt them with the KEK (the test holds it) and look for every encoding.
    const secrets = deriveSecrets(parseKek(TEST_KEK))
    const sealed = async (kind: string) =>
      (
        await db.query<{ sealed: string }>('SELECT sealed FROM portico_auth.user_keys WHERE user_id = $1 AND kind = $2', [
          session.user.userId,
          kind,
        ])
      ).rows[0]!.sealed
    const evmKey = openEvmKey(secrets.keyEncryption, session.user.userId, await sealed('evm'))
    expect(privateKeyToAccount(evmKey).address).toBe(session.user.evmAddress)
    const solanaKey = openSolanaKey(secrets.keyEncryption, session.user.userId, await sealed('solana'))
    const pkcs8 = solanaKey.export({ format: 'der', type: 'pkcs8' })
    const seed = pkcs8.subarray(pkcs8.length - 32)
    const secret64 = Buffer.concat([seed, Buffer.from(getBase58Encoder().encode(session.user.solanaAddress))])
    const forms = new Set<string>()
    const bytesForms = (bytes: Buffer) => {
      forms.add(bytes.toString('hex'))
      forms.add(bytes.toString('hex').toUpperCase())
      forms.add(bytes.toString('base64').replace(/=+$/, ''))
      forms.add(bytes.toString('base64url'))
      forms.add(getBase58Decoder().decode(bytes))
      forms.add(JSON.stringify([...bytes]).slice(1, -1))
    }
    bytesForms(Buffer.from(evmKey.slice(2), 'hex'))
    bytesForms(seed)
    bytesForms(secret64)
    bytesForms(parseKek(TEST_KEK))
    bytesForms(secrets.keyEncryption)
    bytesForms(secrets.codeHmac)
    for (const form of forms) expect(dump.includes(form), `dump contains ${form.slice(0, 12)}…`).toBe(false)
    expect(dump.toLowerCase()).not.toContain(evmKey.slice(2).toLowerCase())
  })

  it('a sealed key opens only for its own user and kind (AAD) and only under the KEK', async () => {
    const secrets = deriveSecrets(parseKek(TEST_KEK))
    const other = deriveSecrets(Buffer.alloc(32, 9))
    const { rows } = await db.query<{ sealed: string }>("SELECT sealed FROM portico_auth.user_keys WHERE user_id = $1 AND kind = 'evm'", [
      session.user.userId,
    ])
    const sealed = rows[0]!.sealed
    expect(() => openEvmKey(other.keyEncryption, session.user.userId, sealed)).toThrow()
    expect(() => openEvmKey(secrets.keyEncryption, 'someone-else', sealed)).toThrow()
    expect(() => openSolanaKey(secrets.keyEncryption, session.user.userId, sealed)).toThrow()
  })
})

describe('signing on real chains', () => {
  it('eth_sendTransaction is signed by the server and mined on anvil', async () => {
    const transport = http(anvil.rpcUrl)
    const publicClient = createPublicClient({ chain: devnet, transport })
    await createTestClient({ chain: devnet, transport, mode: 'anvil' }).setBalance({
      address: session.user.evmAddress as Hex,
      value: parseEther('10'),
    })
    const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    const before = await publicClient.getBalance({ address: to })
    const hash = (await rpc({
      namespace: 'eip155',
      chainId: 'eip155:31337',
      method: 'eth_sendTransaction',
      params: [{ from: session.user.evmAddress, to, value: '0xde0b6b3a7640000', data: '0x' }],
    })) as Hex
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    const receipt = await publicClient.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(session.user.evmAddress.toLowerCase())
    expect(receipt.to?.toLowerCase()).toBe(to.toLowerCase())
    expect((await publicClient.getBalance({ address: to })) - before).toBe(parseEther('1'))
  })

  it('a stamped eth_sendTransaction replayed in its 31 other spellings (last character, high-s twin) sends one transfer only', async () => {
    const transport = http(anvil.rpcUrl)
    const publicClient = createPublicClient({ chain: devnet, transport })
    await createTestClient({ chain: devnet, transport, mode: 'anvil' }).setBalance({
      address: session.user.evmAddress as Hex,
      value: parseEther('10'),
    })
    const to = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
    const before = await publicClient.getBalance({ address: to })
    const nonce = await publicClient.getTransactionCount({ address: session.user.evmAddress as Hex })
    const body = JSON.stringify({
      namespace: 'eip155',
      chainId: 31337,
      method: 'eth_sendTransaction',
      params: [{ to, value: '0x2386f26fc10000' }], // 0.01 ETH
    })
    const headers = await stampHeaders(session.key, session.sessionId, 'POST', '/v1/auth/rpc', body, Date.now())
    const send = (stamp: string) =>
      app.request('/v1/auth/rpc', { method: 'POST', headers: { ...headers, [STAMP_HEADERS.stamp]: stamp }, body })
    const first = await send(headers[STAMP_HEADERS.stamp])
    expect(first.status).toBe(200)
    await publicClient.waitForTransactionReceipt({ hash: ((await first.json()) as { result: Hex }).result })
    const replays = otherSpellings(headers[STAMP_HEADERS.stamp])
    const statuses = []
    for (const stamp of replays) statuses.push((await send(stamp)).status)
    expect(statuses).toEqual(replays.map(() => 401))
    expect((await publicClient.getBalance({ address: to })) - before).toBe(parseEther('0.01'))
    expect(await publicClient.getTransactionCount({ address: session.user.evmAddress as Hex })).toBe(nonce + 1)
  })

  it('eight concurrent eth_sendTransaction from one user, through two API instances on one database: all eight mined, nonces consecutive', async () => {
    const transport = http(anvil.rpcUrl)
    const publicClient = createPublicClient({ chain: devnet, transport })
    await createTestClient({ chain: devnet, transport, mode: 'anvil' }).setBalance({
      address: session.user.evmAddress as Hex,
      value: parseEther('10'),
    })
    // A second API instance over the same database: a lock in one process's memory would not hold them apart.
    const other = await openTestApp({
      db,
      chains: [{ chainId: 31337, name: 'Anvil', rpcUrl: anvil.rpcUrl, nativeCurrency: devnet.nativeCurrency }],
      auth: { keyCustody: 'server', kek: TEST_KEK, mail: mailbox, frameOrigins: [FRAME_ORIGIN], clientIp: () => '10.1.0.2' },
    })
    const to = '0x90f79bf6eb2c4f870365e785982e1f87e6cb0ba4'
    const before = await publicClient.getBalance({ address: to })
    const nonce = await publicClient.getTransactionCount({ address: session.user.evmAddress as Hex })
    const now = Date.now()
    const answers = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const res = await stamped(
          i % 2 === 0 ? app : other.app,
          session,
          'POST',
          '/v1/auth/rpc',
          { namespace: 'eip155', chainId: 31337, method: 'eth_sendTransaction', params: [{ to, value: `0x${(i + 1).toString(16)}` }] },
          now + i,
        )
        return { status: res.status, body: (await res.json()) as { result?: Hex; error?: string } }
      }),
    )
    expect(
      answers.map((a) => a.status),
      JSON.stringify(answers.map((a) => a.body.error)),
    ).toEqual(Array(8).fill(200))
    const receipts = await Promise.all(answers.map((a) => publicClient.waitForTransactionReceipt({ hash: a.body.result as Hex })))
    expect(receipts.map((r) => r.status)).toEqual(Array(8).fill('success'))
    const nonces = await Promise.all(answers.map(async (a) => (await publicClient.getTransaction({ hash: a.body.result as Hex })).nonce))
    expect([...nonces].sort((a, b) => a - b)).toEqual(Array.from({ length: 8 }, (_, i) => nonce + i))
    expect(await publicClient.getTransactionCount({ address: session.user.evmAddress as Hex })).toBe(nonce + 8)
    expect((await publicClient.getBalance({ address: to })) - before).toBe(36n) // 1 + 2 + … + 8 wei
  })

  it('eth_sendTransaction beyond the balance is the caller’s 400, not a 500', async () => {
    const res = await stamped(
      app,
      session,
      'POST',
      '/v1/auth/rpc',
      {
        namespace: 'eip155',
        chainId: 31337,
        method: 'eth_sendTransaction',
        params: [{ to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: `0x${'f'.repeat(30)}` }],
      },
      Date.now(),
    )
    expect(res.status).toBe(400)
  })

  async function transferFromUser(amount: bigint) {
    const solana = createSolanaRpc(sol.rpcUrl)
    const { value: blockhash } = await solana.getLatestBlockhash().send()
    const from = address(session.user.solanaAddress)
    const to = address('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM') as Address
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayer(from, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
      (m) =>
        appendTransactionMessageInstructions(
          [getTransferSolInstruction({ source: { address: from } as never, destination: to, amount })],
          m,
        ),
    )
    return { solana, to, wire: getBase64EncodedWireTransaction(compileTransaction(message)) }
  }

  it('solana_signTransaction: the server signs a transfer from the user; the signature verifies', async () => {
    const { wire } = await transferFromUser(1000n)
    const out = (await rpc({
      namespace: 'solana',
      chainId: sol.caipNetworkId,
      method: 'solana_signTransaction',
      params: [{ transaction: wire }],
    })) as {
      transaction: string
      signature: string
    }
    const tx = getTransactionDecoder().decode(Buffer.from(out.transaction, 'base64'))
    const sig = tx.signatures[address(session.user.solanaAddress)]
    expect(sig).toBeTruthy()
    expect(getBase58Decoder().decode(sig!)).toBe(out.signature)
    const raw = Buffer.from(getBase58Encoder().encode(session.user.solanaAddress))
    const publicKey = createPublicKey({
      key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), raw]),
      format: 'der',
      type: 'spki',
    })
    expect(verifyEd25519(null, Buffer.from(tx.messageBytes), publicKey, Buffer.from(sig!))).toBe(true)
  })

  it('solana_signAndSendTransaction lands the transfer on the local Solana RPC', async () => {
    await sol.airdrop(address(session.user.solanaAddress), 2_000_000_000n)
    const { wire, solana, to } = await transferFromUser(123_456_789n)
    const before = (await solana.getBalance(to).send()).value
    const out = (await rpc({
      namespace: 'solana',
      chainId: sol.caipNetworkId,
      method: 'solana_signAndSendTransaction',
      params: [{ transaction: wire }],
    })) as {
      signature: string
    }
    expect(out.signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
    expect((await solana.getBalance(to).send()).value - before).toBe(123_456_789n)
    const status = await solana.getSignatureStatuses([out.signature as never]).send()
    expect(status.value[0]?.err).toBeNull()
  })

  it('a transaction that does not name the user as a signer is refused', async () => {
    const solana = createSolanaRpc(sol.rpcUrl)
    const { value: blockhash } = await solana.getLatestBlockhash().send()
    const someone = address('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM')
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayer(someone, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
    )
    const res = await stamped(
      app,
      session,
      'POST',
      '/v1/auth/rpc',
      {
        namespace: 'solana',
        chainId: sol.caipNetworkId,
        method: 'solana_signTransaction',
        params: [{ transaction: getBase64EncodedWireTransaction(compileTransaction(message)) }],
      },
      Date.now(),
    )
    expect(res.status).toBe(400)
  })
})
