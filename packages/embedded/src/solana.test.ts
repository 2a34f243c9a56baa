// The embedded wallet's SOL and SPL sends (engine → ./solana → @portico/solana/transactions). The
// frame is faked at its postMessage boundary (client/test-support) and the chain at its JSON-RPC
// boundary (a fetch that answers from a table); the transaction is built by the real builders and
// decoded here with @solana/kit. apps/demo/e2e/embedded-wallet.e2e.ts sends SOL on the real stack.
import type { AdapterContext, CaipNetwork } from '@portico/headless'
import {
  decompileTransactionMessage,
  generateKeyPairSigner,
  getBase58Decoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  type Instruction,
} from '@solana/kit'
import {
  ASSOCIATED_TOKEN_PROGRAM,
  associatedTokenAddress,
  SYSTEM_PROGRAM,
  TOKEN_2022_PROGRAM,
  TOKEN_PROGRAM,
} from '@portico/solana/transactions'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { FRAME_URL, fakeFrameEnvironment, type Posted } from './client/test-support'
import { createEngine } from './engine'
import { hostStorage } from './storage'

const EVM = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const SOL = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
const RPC_URL = 'http://127.0.0.1:8899'
const BLOCKHASH = 'EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N'
const SIGNATURE = getBase58Decoder().decode(new Uint8Array(64).fill(7))

const evmNet: CaipNetwork = {
  id: 31337,
  caipNetworkId: 'eip155:31337',
  chainNamespace: 'eip155',
  name: 'Local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
}
const solNet: CaipNetwork = {
  id: 'localnet',
  caipNetworkId: 'solana:localnet',
  chainNamespace: 'solana',
  name: 'Solana local',
  nativeCurrency: { name: 'Sol', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: [RPC_URL] } },
}

let TO: string
let MINT: string
beforeAll(async () => {
  ;[TO, MINT] = await Promise.all([generateKeyPairSigner(), generateKeyPairSigner()]).then((s) => s.map((k) => k.address))
  await import('./solana') // warm the module cache: the engine's import() then resolves in a few turns
})
beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] }))
afterEach(() => vi.useRealTimers())

type Chain = Record<string, (params: unknown[]) => unknown>

/** A JSON-RPC endpoint in a function: records each call, answers from `answers` (no answer: a node error). */
function chainStub(answers: Chain) {
  const calls: { url: string; method: string; params: unknown[] }[] = []
  const fetchStub = (async (url: string | URL | Request, init?: RequestInit) => {
    const { method, params } = JSON.parse(String(init?.body)) as { method: string; params: unknown[] }
    calls.push({ url: String(url), method, params })
    const answer = answers[method]
    const body = answer
      ? { jsonrpc: '2.0', id: 1, result: answer(params) }
      : { jsonrpc: '2.0', id: 1, error: { code: -32601, message: `Method not found: ${method}` } }
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } })
  }) as typeof fetch
  return { calls, fetch: fetchStub }
}

const blockhashAnswer = () => ({ context: { slot: 7 }, value: { blockhash: BLOCKHASH, lastValidBlockHeight: 157 } })

/** A signed-in engine on the Solana network, its frame answering RPC_REQUEST with `rpcAnswer`. */
async function signedIn(
  chain: Chain,
  rpcAnswer: (payload: Record<string, unknown>) => { ok: unknown } | { error: string } = () => ({
    ok: { result: { signature: SIGNATURE } },
  }),
) {
  const fake = fakeFrameEnvironment()
  const stub = chainStub(chain)
  const map = new Map<string, string>()
  const ctx: AdapterContext = {
    networks: [evmNet, solNet],
    allNetworks: [evmNet, solNet],
    projectId: 'proj',
    getActiveNetwork: () => solNet,
    setConnectors: vi.fn(),
    onAccountsChanged: vi.fn(),
    onChainChanged: vi.fn(),
    onDisconnect: vi.fn(),
    emit: vi.fn(),
  }
  const user = {
    email: 'ada@example.com',
    address: EVM,
    chainId: 31337,
    accounts: [{ address: EVM, type: 'eoa' }],
    preferredAccountType: 'eoa',
    solanaAddress: SOL,
  }
  const handlers: Record<string, (payload: Record<string, unknown>) => { ok: unknown } | { error: string }> = {
    CONNECT_EMAIL: () => ({ ok: { action: 'CONNECT' } }),
    GET_USER: () => ({ ok: user }),
    GET_SMART_ACCOUNT_ENABLED_NETWORKS: () => ({ ok: { smartAccountEnabledNetworks: [] } }),
    RPC_REQUEST: rpcAnswer,
  }
  fake.onPost((p: Posted) => {
    const answer = handlers[p.message.type]?.((p.message.payload ?? {}) as Record<string, unknown>)
    if (answer) queueMicrotask(() => ('ok' in answer ? fake.succeed(p, answer.ok) : fake.fail(p, answer.error)))
  })
  const engine = createEngine(
    { frameUrl: FRAME_URL, environment: fake.environment, fetch: stub.fetch },
    () => ctx,
    hostStorage({ getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) }),
    {},
    () => import('./solana'),
  )
  const connecting = engine.connect({ connectorId: 'auth', auth: { kind: 'email', email: 'ada@example.com' } })
  for (let i = 0; i < 500 && !fake.mounted; i++) await new Promise((r) => setImmediate(r))
  fake.ready()
  await vi.advanceTimersByTimeAsync(600)
  await connecting
  await vi.advanceTimersByTimeAsync(0)
  fake.posted.length = 0
  const rpcRequests = () =>
    fake.posted
      .filter((p) => p.message.type === 'RPC_REQUEST')
      .map((p) => p.message.payload as { method: string; params: [{ transaction: string }]; namespace: string; chainId: unknown })
  return { engine, stub, rpcRequests }
}

/** The wire transaction the frame got: fee payer, blockhash, signers, each instruction. */
function decode(base64: string) {
  const tx = getTransactionDecoder().decode(Uint8Array.from(Buffer.from(base64, 'base64')))
  const message = decompileTransactionMessage(getCompiledTransactionMessageDecoder().decode(tx.messageBytes))
  return {
    feePayer: message.feePayer.address,
    blockhash: (message.lifetimeConstraint as { blockhash: string }).blockhash,
    // unsigned: one empty slot, for the user's key (the API signs)
    signatures: Object.entries(tx.signatures).map(([who, sig]) => [who, sig]),
    instructions: (message.instructions as readonly Instruction[]).map((ix) => ({
      program: ix.programAddress,
      accounts: ix.accounts?.map((a) => [a.address, a.role]),
      data: [...(ix.data ?? [])],
    })),
  }
}

/** u64 little-endian bytes. */
const u64 = (n: bigint) => [...new Uint8Array(new BigUint64Array([n]).buffer)]

describe('embedded wallet: SOL on a Solana network', () => {
  it.each(['sendTransaction', 'transfer'] as const)(
    '%s: one solana_signAndSendTransaction whose transaction is a System transfer of the lamports from the user to the recipient; the base58 signature',
    async (method) => {
      const s = await signedIn({ getLatestBlockhash: blockhashAnswer })
      const lamports = 1_500_000_000n
      const signature =
        method === 'sendTransaction'
          ? await s.engine.sendTransaction({ address: SOL, to: TO, value: lamports })
          : await s.engine.transfer({ address: SOL, to: TO, amount: lamports, network: solNet })
      expect(signature).toBe(SIGNATURE)
      // The host read the blockhash from the network's RPC; only the signing went to the frame.
      expect(s.stub.calls.map((c) => [c.url, c.method, c.params])).toEqual([[RPC_URL, 'getLatestBlockhash', [{ commitment: 'confirmed' }]]])
      const requests = s.rpcRequests()
      expect(requests).toHaveLength(1)
      expect(requests[0]).toMatchObject({ method: 'solana_signAndSendTransaction', namespace: 'solana', chainId: 'localnet' })
      expect(Object.keys(requests[0]!.params[0])).toEqual(['transaction'])
      expect(decode(requests[0]!.params[0].transaction)).toEqual({
        feePayer: SOL,
        blockhash: BLOCKHASH,
        signatures: [[SOL, null]],
        instructions: [
          {
            program: SYSTEM_PROGRAM,
            accounts: [
              [SOL, 3], // writable signer
              [TO, 1], // writable
            ],
            data: [2, 0, 0, 0, ...u64(lamports)],
          },
        ],
      })
    },
  )

  it("a failed chain read is 'Failed to create transaction' and the frame is not asked", async () => {
    const s = await signedIn({})
    await expect(s.engine.transfer({ address: SOL, to: TO, amount: 1n })).rejects.toThrow('Failed to create transaction')
    await expect(s.engine.transfer({ address: SOL, to: 'not-an-address', amount: 1n })).rejects.toThrow('Failed to create transaction')
    expect(s.rpcRequests()).toEqual([])
  })

  it("an answer without a signature is 'Transaction error'; the frame's error text passes through", async () => {
    const bad = await signedIn({ getLatestBlockhash: blockhashAnswer }, () => ({ ok: { result: { signature: '0xnope' } } }))
    await expect(bad.engine.transfer({ address: SOL, to: TO, amount: 1n })).rejects.toThrow('Transaction error')
    const refused = await signedIn({ getLatestBlockhash: blockhashAnswer }, () => ({
      error: 'Transaction simulation failed: insufficient lamports',
    }))
    await expect(refused.engine.transfer({ address: SOL, to: TO, amount: 1n })).rejects.toThrow(
      'Transaction simulation failed: insufficient lamports',
    )
  })

  it("an address that is not the user's Solana account is refused before anything is built", async () => {
    const s = await signedIn({ getLatestBlockhash: blockhashAnswer })
    await expect(s.engine.transfer({ address: TO, to: SOL, amount: 1n })).rejects.toThrow('Requested RPC call is not allowed')
    expect(s.stub.calls).toEqual([])
    expect(s.rpcRequests()).toEqual([])
  })
})

describe('embedded wallet: SPL tokens on a Solana network', () => {
  it.each([
    [TOKEN_PROGRAM, false],
    [TOKEN_2022_PROGRAM, true],
  ])(
    'mint of %s, recipient token account exists: %s → [create the ATA when missing,] TransferChecked between the ATAs',
    async (tokenProgram, exists) => {
      const recipientAta = await associatedTokenAddress(TO, MINT, tokenProgram)
      const sourceAta = await associatedTokenAddress(SOL, MINT, tokenProgram)
      const s = await signedIn({
        getLatestBlockhash: blockhashAnswer,
        getAccountInfo: ([address]) => ({
          context: { slot: 7 },
          value: address === MINT ? { owner: tokenProgram } : exists && address === recipientAta ? { owner: tokenProgram } : null,
        }),
      })
      const signature = await s.engine.transfer({
        address: SOL,
        to: TO,
        amount: 1_234_567n,
        token: { address: MINT, decimals: 6 },
        network: solNet,
      })
      expect(signature).toBe(SIGNATURE)
      expect(s.stub.calls.map((c) => [c.method, c.params[0]])).toEqual([
        ['getAccountInfo', MINT],
        ['getAccountInfo', recipientAta],
        ['getLatestBlockhash', { commitment: 'confirmed' }],
      ])
      const requests = s.rpcRequests()
      expect(requests.map((r) => r.method)).toEqual(['solana_signAndSendTransaction'])
      const tx = decode(requests[0]!.params[0].transaction)
      expect(tx.feePayer).toBe(SOL)
      const create = {
        program: ASSOCIATED_TOKEN_PROGRAM,
        accounts: [
          [SOL, 3],
          [recipientAta, 1],
          [TO, 0],
          [MINT, 0],
          [SYSTEM_PROGRAM, 0],
          [tokenProgram, 0],
        ],
        data: [1], // CreateIdempotent
      }
      const transferChecked = {
        program: tokenProgram,
        accounts: [
          [sourceAta, 1],
          [MINT, 0],
          [recipientAta, 1],
          [SOL, 3], // the owner signs (a writable signer in the message: it is the fee payer too)
        ],
        data: [12, ...u64(1_234_567n), 6],
      }
      expect(tx.instructions).toEqual(exists ? [transferChecked] : [create, transferChecked])
    },
  )

  it("a mint no token program owns is 'Failed to create transaction' before the frame is asked", async () => {
    const s = await signedIn({
      getLatestBlockhash: blockhashAnswer,
      getAccountInfo: () => ({ context: { slot: 7 }, value: { owner: SYSTEM_PROGRAM } }),
    })
    await expect(s.engine.transfer({ address: SOL, to: TO, amount: 1n, token: { address: MINT, decimals: 6 } })).rejects.toThrow(
      'Failed to create transaction',
    )
    expect(s.rpcRequests()).toEqual([])
  })
})

describe('embedded wallet: waitForReceipt', () => {
  it("on Solana: getSignatureStatuses on the network's RPC until confirmed", async () => {
    const answers = [
      null,
      { slot: 41, confirmations: 0, err: null, confirmationStatus: 'processed' },
      { slot: 42, confirmations: 1, err: null, confirmationStatus: 'confirmed' },
    ]
    const s = await signedIn({ getSignatureStatuses: () => ({ context: { slot: 50 }, value: [answers.shift() ?? null] }) })
    const receipt = s.engine.waitForReceipt({ hash: SIGNATURE, network: solNet })
    await vi.advanceTimersByTimeAsync(1_000)
    await expect(receipt).resolves.toEqual({ hash: SIGNATURE, status: 'success', blockNumber: 42n })
    expect(s.stub.calls.map((c) => [c.url, c.method, c.params])).toEqual(
      Array(3).fill([RPC_URL, 'getSignatureStatuses', [[SIGNATURE], { searchTransactionHistory: true }]]),
    )
  })

  it("rejects with 'Transaction error' after the timeout (EVM receipts: adapter.test.ts)", async () => {
    const s = await signedIn({ getSignatureStatuses: () => ({ context: { slot: 50 }, value: [null] }) })
    const receipt = s.engine.waitForReceipt({ hash: SIGNATURE, network: solNet, timeoutMs: 2_000 }).catch((e: Error) => e.message)
    await vi.advanceTimersByTimeAsync(2_000)
    expect(await receipt).toBe('Transaction error')
  })
})
