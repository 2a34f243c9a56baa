import { ed25519 } from '@noble/curves/ed25519'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  type Address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createSolanaRpc,
  createTransactionMessage,
  getBase58Encoder,
  getBase64Decoder,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { solanaDevAddresses } from '../solana/keys.ts'
import { type SolanaDevnet, startSolanaDevnet } from '../solana/devnet.ts'
import { createDevWalletCore, type DevWalletCore, type PendingRequest } from './core.ts'
import { ProviderRpcError } from './errors.ts'
import { createSolanaDevWallet } from './solana-wallet.ts'
import { createMemoryStorage, type KeyValueStorage } from './storage.ts'

const SOL_0 = 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96'

let sol: SolanaDevnet
let addresses: Address[]
beforeAll(async () => {
  sol = await startSolanaDevnet({ accounts: 3 })
  addresses = await solanaDevAddresses(4)
})
afterAll(async () => {
  await sol?.stop()
})

/** Answers each new pending request with `decide`, records it (like the EVM core tests). */
function fakePrompt(core: DevWalletCore, decide: (p: PendingRequest) => boolean = () => true) {
  const seen: PendingRequest[] = []
  const answered = new Set<number>()
  core.subscribe((s) => {
    for (const p of s.pending) {
      if (answered.has(p.id)) continue
      answered.add(p.id)
      seen.push(p)
      queueMicrotask(() => (decide(p) ? core.approvePending(p.id) : core.rejectPending(p.id)))
    }
  })
  return seen
}

function make(opts: { storage?: KeyValueStorage; autoApprove?: boolean; rpcUrl?: string } = {}) {
  const storage = opts.storage ?? createMemoryStorage()
  const core = createDevWalletCore({
    chains: [{ chainId: 31337, name: 'Portico Local A', rpcUrl: 'http://127.0.0.1:9' }],
    accountCount: 4,
    autoApprove: opts.autoApprove,
    storage,
  })
  const solana = createSolanaDevWallet({
    core,
    solana: { rpcUrl: opts.rpcUrl ?? sol.rpcUrl, caipNetworkId: sol.caipNetworkId },
    name: 'Portico Dev Wallet',
    accountCount: 4,
    storage,
  })
  return { core, solana, wallet: solana.wallet, storage }
}

type F = Record<string, Record<string, (...a: never[]) => Promise<unknown>>>
const feature = (wallet: Wallet) => wallet.features as unknown as F
const connect = (w: Wallet, silent = false) =>
  feature(w)['standard:connect']!.connect!(...([silent ? { silent: true } : undefined] as never[])) as Promise<{
    accounts: WalletAccount[]
  }>
function onChange(w: Wallet) {
  const seen: string[][] = []
  const on = (w.features['standard:events'] as { on(e: 'change', l: (p: { accounts?: WalletAccount[] }) => void): () => void }).on
  const off = on('change', (p) => seen.push((p.accounts ?? []).map((a) => a.address)))
  return { seen, off }
}
async function rpcError(p: Promise<unknown>) {
  try {
    await p
  } catch (e) {
    expect(e).toBeInstanceOf(ProviderRpcError)
    return { code: (e as ProviderRpcError).code, message: (e as ProviderRpcError).message }
  }
  throw new Error('expected a failure')
}

async function transfer(from: string, to: string, lamports: bigint): Promise<Uint8Array> {
  const rpc = createSolanaRpc(sol.rpcUrl)
  const { value: latest } = await rpc.getLatestBlockhash().send()
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(from as Address, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(latest, m),
    (m) =>
      appendTransactionMessageInstructions(
        [getTransferSolInstruction({ source: createNoopSigner(from as Address), destination: to as Address, amount: lamports })],
        m,
      ),
  )
  return new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)))
}

describe('dev wallet, Solana side: keys and registration shape', () => {
  it("derives the same accounts as the Node key derivation (m/44'/501'/i'/0')", () => {
    const { solana, wallet } = make()
    expect(solana.getState().accounts).toEqual(addresses)
    expect(addresses[0]).toBe(SOL_0)
    expect(wallet).toMatchObject({ version: '1.0.0', name: 'Portico Dev Wallet', chains: [sol.caipNetworkId] })
    expect(wallet.icon).toMatch(/^data:image\/svg\+xml;base64,/)
    expect(Object.keys(wallet.features).sort()).toEqual([
      'solana:signAndSendTransaction',
      'solana:signMessage',
      'solana:signTransaction',
      'standard:connect',
      'standard:disconnect',
      'standard:events',
    ])
  })
})

describe('dev wallet, Solana side: connection', () => {
  it('silent connect shows nothing before approval; connect prompts once, then exposes the selected account', async () => {
    const { core, wallet } = make()
    const prompts = fakePrompt(core)
    const change = onChange(wallet)
    expect((await connect(wallet, true)).accounts).toEqual([])
    expect(prompts).toEqual([])
    const { accounts } = await connect(wallet)
    expect(accounts.map((a) => [a.address, a.chains, [...a.publicKey].length])).toEqual([[SOL_0, [sol.caipNetworkId], 32]])
    expect(wallet.accounts.map((a) => a.address)).toEqual([SOL_0])
    expect(prompts.map((p) => [p.kind, p.method, p.title])).toEqual([['connect', 'standard:connect', 'Connect to this site']])
    expect(prompts[0]?.details[0]).toBe(`Share Solana account ${SOL_0}`)
    await connect(wallet)
    expect(prompts).toHaveLength(1)
    expect(change.seen).toEqual([[SOL_0]])
    // The EVM side is not authorised by this.
    expect(core.getState().authorized).toBe(false)
  })

  it("a rejected prompt fails with 4001 'User rejected the request'", async () => {
    const { core, wallet } = make()
    fakePrompt(core, () => false)
    expect(await rpcError(connect(wallet))).toEqual({ code: 4001, message: 'User rejected the request' })
    expect(wallet.accounts).toEqual([])
  })

  it('keeps the authorisation across a reload; the widget account select and revoke/disconnect emit changes', async () => {
    const storage = createMemoryStorage()
    const first = make({ storage, autoApprove: true })
    await connect(first.wallet)
    const reloaded = make({ storage })
    expect((await connect(reloaded.wallet, true)).accounts.map((a) => a.address)).toEqual([SOL_0])
    const change = onChange(reloaded.wallet)
    reloaded.core.selectAccount(2)
    reloaded.solana.revoke()
    reloaded.core.selectAccount(1) // not authorised: nothing to tell
    expect(change.seen).toEqual([[addresses[2]], []])
    expect((await connect(make({ storage }).wallet, true)).accounts).toEqual([])
    // standard:disconnect forgets too, for the next reload as well.
    expect(first.wallet.accounts.map((a) => a.address)).toEqual([SOL_0])
    await feature(first.wallet)['standard:disconnect']!.disconnect!()
    expect(first.wallet.accounts).toEqual([])
    expect((await connect(make({ storage }).wallet, true)).accounts).toEqual([])
  })

  it("logs the features asked in the core's request log, telling a silent connect from a connection request", async () => {
    const storage = createMemoryStorage()
    const first = make({ storage, autoApprove: true })
    await connect(first.wallet, true)
    await connect(first.wallet)
    await feature(first.wallet)['solana:signMessage']!.signMessage!({
      account: first.wallet.accounts[0]!,
      message: new Uint8Array([1]),
    } as never)
    expect(first.core.requestLog()).toEqual(['standard:connect (silent)', 'standard:connect', 'solana:signMessage'])
    // After a reload both connects answer the authorised account without a prompt; only the log differs.
    const silent = make({ storage })
    expect((await connect(silent.wallet, true)).accounts.map((a) => a.address)).toEqual([SOL_0])
    expect(silent.core.requestLog()).toEqual(['standard:connect (silent)'])
    const asking = make({ storage })
    expect((await connect(asking.wallet)).accounts.map((a) => a.address)).toEqual([SOL_0])
    expect(asking.core.getState().pending).toEqual([])
    expect(asking.core.requestLog()).toEqual(['standard:connect'])
    await feature(asking.wallet)['standard:disconnect']!.disconnect!()
    expect(asking.core.requestLog()).toEqual(['standard:connect', 'standard:disconnect'])
  })
})

describe('dev wallet, Solana side: signing and sending', () => {
  it('solana:signMessage returns an ed25519 signature by the selected account after approval', async () => {
    const { core, wallet } = make()
    const prompts = fakePrompt(core)
    const [account] = (await connect(wallet)).accounts
    const message = new TextEncoder().encode('Sign in to Portico')
    const [out] = (await feature(wallet)['solana:signMessage']!.signMessage!({ account, message } as never)) as {
      signature: Uint8Array
      signedMessage: Uint8Array
    }[]
    expect(out!.signedMessage).toEqual(message)
    expect(ed25519.verify(out!.signature, message, getBase58Encoder().encode(SOL_0) as Uint8Array)).toBe(true)
    expect(prompts.at(-1)).toMatchObject({ kind: 'solanaSignMessage', title: 'Sign message' })
    expect(prompts.at(-1)?.details[0]).toBe('Sign in to Portico')
    // Another account, or before authorisation: 4100.
    const other = { ...account!, address: addresses[1]! }
    expect((await rpcError(feature(wallet)['solana:signMessage']!.signMessage!({ account: other, message } as never))).code).toBe(4100)
    const fresh = make()
    expect((await rpcError(feature(fresh.wallet)['solana:signMessage']!.signMessage!({ account, message } as never))).code).toBe(4100)
  })

  it('solana:signAndSendTransaction signs the wire bytes, sends them to the local RPC and SOL moves', async () => {
    const { core, wallet } = make()
    const prompts = fakePrompt(core)
    const [account] = (await connect(wallet)).accounts
    const to = addresses[1]!
    const rpc = createSolanaRpc(sol.rpcUrl)
    const before = (await rpc.getBalance(to).send()).value
    const transaction = await transfer(SOL_0, to, 1_500_000_000n)
    const [out] = (await feature(wallet)['solana:signAndSendTransaction']!.signAndSendTransaction!({
      account,
      chain: sol.caipNetworkId,
      transaction,
    } as never)) as { signature: Uint8Array }[]
    expect(out!.signature).toHaveLength(64)
    expect((await rpc.getBalance(to).send()).value).toBe(before + 1_500_000_000n)
    expect(prompts.at(-1)).toMatchObject({ kind: 'solanaSendTransaction', title: `Send 1.5 SOL to ${to.slice(0, 4)}…${to.slice(-6)}` })

    // Wrong chain: -32602; rejected: 4001; the node's refusal keeps its code.
    expect(
      (
        await rpcError(
          feature(wallet)['solana:signAndSendTransaction']!.signAndSendTransaction!({
            account,
            chain: 'solana:devnet',
            transaction,
          } as never),
        )
      ).code,
    ).toBe(-32602)
    const tooMuch = await transfer(SOL_0, to, 10_000n * 1_000_000_000n)
    const failed = await rpcError(
      feature(wallet)['solana:signAndSendTransaction']!.signAndSendTransaction!({
        account,
        chain: sol.caipNetworkId,
        transaction: tooMuch,
      } as never),
    )
    expect(failed.code).toBe(-32002)
    // A transaction this account does not sign.
    const foreign = await transfer(addresses[2]!, to, 1n)
    expect(
      (
        await rpcError(
          feature(wallet)['solana:signAndSendTransaction']!.signAndSendTransaction!({
            account,
            chain: sol.caipNetworkId,
            transaction: foreign,
          } as never),
        )
      ).message,
    ).toContain('is not a signer of this transaction')
  })

  it('solana:signTransaction returns signed bytes the RPC accepts', async () => {
    const { core, wallet } = make({ autoApprove: true })
    core.selectAccount(2)
    const [account] = (await connect(wallet)).accounts
    expect(account?.address).toBe(addresses[2])
    const to = addresses[0]!
    const rpc = createSolanaRpc(sol.rpcUrl)
    const before = (await rpc.getBalance(to).send()).value
    const [out] = (await feature(wallet)['solana:signTransaction']!.signTransaction!({
      account,
      chain: sol.caipNetworkId,
      transaction: await transfer(addresses[2]!, to, 250_000_000n),
    } as never)) as { signedTransaction: Uint8Array }[]
    await rpc.sendTransaction(getBase64Decoder().decode(out!.signedTransaction) as never, { encoding: 'base64' }).send()
    expect((await rpc.getBalance(to).send()).value).toBe(before + 250_000_000n)
  })

  it('never sends to a non-loopback RPC URL', async () => {
    const { wallet } = make({ autoApprove: true, rpcUrl: 'https://api.devnet.solana.com' })
    const [account] = (await connect(wallet)).accounts
    const err = await rpcError(
      feature(wallet)['solana:signAndSendTransaction']!.signAndSendTransaction!({
        account,
        chain: sol.caipNetworkId,
        transaction: await transfer(SOL_0, addresses[1]!, 1n),
      } as never),
    )
    expect(err).toEqual({
      code: 4900,
      message: 'The dev wallet only talks to loopback RPC URLs; Portico Local Solana uses https://api.devnet.solana.com',
    })
  })
})
