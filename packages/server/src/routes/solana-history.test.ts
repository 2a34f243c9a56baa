import { historyResponseSchema } from '@portico/protocol/account'
import { type SolanaDevnet, solanaDevSigner, startSolanaDevnet } from '@portico/devnet/solana'
import {
  type Address,
  appendTransactionMessageInstructions,
  createSolanaRpc,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  type Instruction,
  type KeyPairSigner,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstructionAsync,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createApp } from '../app.ts'
import type { SolanaChainConfigInput } from '../config.ts'
import type { Database } from '../db/index.ts'
import { errorBodySchema, openTestDatabase } from '../test-support.ts'

let sol: SolanaDevnet
let db: Database
let app: ReturnType<typeof createApp>
let solana: SolanaChainConfigInput
let sender: KeyPairSigner
let receiver: KeyPairSigner
let solSignature: string
let usdcSignature: string

async function send(signer: KeyPairSigner, instructions: Instruction[], skipPreflight = false): Promise<string> {
  const rpc = createSolanaRpc(sol.rpcUrl)
  const { value: blockhash } = await rpc.getLatestBlockhash().send()
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(signer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  )
  const wire = getBase64EncodedWireTransaction(await signTransactionMessageWithSigners(message))
  return rpc.sendTransaction(wire, { encoding: 'base64', skipPreflight }).send()
}

async function usdcTransfer(from: KeyPairSigner, to: Address, amount: bigint): Promise<Instruction[]> {
  const [source] = await findAssociatedTokenPda({ owner: from.address, mint: sol.usdcMint, tokenProgram: TOKEN_PROGRAM_ADDRESS })
  const [destination] = await findAssociatedTokenPda({ owner: to, mint: sol.usdcMint, tokenProgram: TOKEN_PROGRAM_ADDRESS })
  return [
    await getCreateAssociatedTokenIdempotentInstructionAsync({ payer: from, owner: to, mint: sol.usdcMint }),
    getTransferCheckedInstruction({ source, mint: sol.usdcMint, destination, authority: from, amount, decimals: 6 }),
  ]
}

beforeAll(async () => {
  ;[sol, db] = await Promise.all([startSolanaDevnet({ accounts: 1 }), openTestDatabase()])
  solana = {
    caipNetworkId: sol.caipNetworkId,
    name: 'Portico Local Solana',
    rpcUrl: sol.rpcUrl,
    tokens: [{ mint: sol.usdcMint, symbol: 'USDC', name: 'USD Coin', decimals: 6 }],
  }
  app = createApp({ chains: [], solana, db, onError: () => undefined })
  sender = await solanaDevSigner(0)
  receiver = await solanaDevSigner(12)
  // Dev account 0 sends 1.25 SOL, then 7.5 USDC (creating the receiver's token account) to a fresh account.
  solSignature = await send(sender, [getTransferSolInstruction({ source: sender, destination: receiver.address, amount: 1_250_000_000n })])
  usdcSignature = await send(sender, await usdcTransfer(sender, receiver.address, 7_500_000n))
})

afterAll(async () => {
  await Promise.all([sol?.stop(), db?.close()])
})

async function get(path: string) {
  const res = await app.request(path)
  return { status: res.status, body: z.union([historyResponseSchema, errorBodySchema]).parse(await res.json()) }
}
const historyPath = (address: string, query = '') => `/v1/account/${address}/history?chainId=${sol.caipNetworkId}${query}`

const usdcInfo = { name: 'USD Coin', symbol: 'USDC', icon: { url: '/token-images/USDC' } }
const solInfo = { name: 'Solana', symbol: 'SOL', icon: { url: '/token-images/SOL' } }

describe('GET /v1/account/{address}/history on Solana (read from the local chain)', () => {
  it("lists the receiver's two incoming transfers, newest first, from the sender", async () => {
    const { status, body } = await get(historyPath(receiver.address))
    expect(status).toBe(200)
    expect(body).toEqual({
      data: [
        {
          id: `${sol.caipNetworkId}:${usdcSignature}`,
          metadata: {
            minedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
            chain: sol.caipNetworkId,
            operationType: 'receive',
            status: 'confirmed',
            sentFrom: sender.address,
            sentTo: receiver.address,
          },
          transfers: [{ direction: 'in', quantity: { numeric: '7.5' }, fungible_info: usdcInfo }],
        },
        {
          id: `${sol.caipNetworkId}:${solSignature}`,
          metadata: {
            minedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
            chain: sol.caipNetworkId,
            operationType: 'receive',
            status: 'confirmed',
            sentFrom: sender.address,
            sentTo: receiver.address,
          },
          transfers: [{ direction: 'in', quantity: { numeric: '1.25' }, fungible_info: solInfo }],
        },
      ],
      next: null,
    })
  })

  it("lists the sender's sends: the fee and the new token account's rent are not transfers", async () => {
    const { body } = await get(historyPath(sender.address, '&limit=2'))
    expect('data' in body && body.data.map((t) => [t.id, t.metadata.operationType, t.metadata.sentTo, t.transfers])).toEqual([
      [
        `${sol.caipNetworkId}:${usdcSignature}`,
        'send',
        receiver.address,
        [{ direction: 'out', quantity: { numeric: '7.5' }, fungible_info: usdcInfo }],
      ],
      [
        `${sol.caipNetworkId}:${solSignature}`,
        'send',
        receiver.address,
        [{ direction: 'out', quantity: { numeric: '1.25' }, fungible_info: solInfo }],
      ],
    ])
    // The devnet funded the sender (an airdrop and a mint) before: the next page starts before the SOL send.
    expect('next' in body && body.next).toBe(solSignature)
  })

  it('pages with the cursor: limit 1 gives the USDC transfer, then the SOL transfer and the end', async () => {
    const first = await get(historyPath(receiver.address, '&limit=1'))
    expect('data' in first.body && [first.body.data.map((t) => t.transfers[0]?.fungible_info?.symbol), first.body.next]).toEqual([
      ['USDC'],
      usdcSignature,
    ])
    const second = await get(historyPath(receiver.address, `&limit=1&cursor=${usdcSignature}`))
    expect('data' in second.body && [second.body.data.map((t) => t.transfers[0]?.fungible_info?.symbol), second.body.next]).toEqual([
      ['SOL'],
      null,
    ])
  })

  it('names a known sender (AppConfig.knownAddresses) on Solana too', async () => {
    const named = createApp({ chains: [], solana, db, knownAddresses: [{ address: sender.address, name: 'On-ramp treasury' }] })
    const res = await named.request(historyPath(receiver.address, '&limit=1'))
    const page = historyResponseSchema.parse(await res.json())
    expect(page.data.map((t) => [t.metadata.sentFrom, t.metadata.sentFromName, t.metadata.sentToName])).toEqual([
      [sender.address, 'On-ramp treasury', undefined],
    ])
  })

  it('lists a failed transaction as failed, without transfers', async () => {
    const failed = await send(
      receiver,
      [getTransferSolInstruction({ source: receiver, destination: sender.address, amount: 1_000_000_000_000n })],
      true,
    )
    const { body } = await get(historyPath(receiver.address, '&limit=1'))
    expect('data' in body && body.data.map((t) => [t.id, t.metadata.status, t.metadata.operationType, t.transfers])).toEqual([
      [`${sol.caipNetworkId}:${failed}`, 'failed', 'execute', []],
    ])
  })

  it('answers an account without transactions with an empty page (base58 address, no chainId)', async () => {
    const fresh = (await solanaDevSigner(13)).address
    expect(await get(`/v1/account/${fresh}/history`)).toEqual({ status: 200, body: { data: [], next: null } })
  })

  it.each([
    ['a cursor that is no signature', '&cursor=abc', 'Invalid cursor'],
    ['an EVM cursor', '&cursor=WzE3MDAwMDAwMDAsMzEzMzcsIjEyIiwwXQ', 'Invalid cursor'],
    ['limit 51', '&limit=51', 'limit must be an integer between 1 and 50'],
  ])('answers 400 for %s', async (_label, query, error) => {
    expect(await get(historyPath(receiver.address, query))).toEqual({ status: 400, body: { error } })
  })

  it('answers 502 when the Solana RPC is down', async () => {
    const down = createApp({ chains: [], solana: { ...solana, rpcUrl: 'http://127.0.0.1:9' }, db, onError: () => undefined })
    const res = await down.request(historyPath(receiver.address))
    expect([res.status, await res.json()]).toEqual([502, { error: `RPC request to ${sol.caipNetworkId} failed` }])
  })
})
