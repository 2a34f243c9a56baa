// The dev wallet's Solana side driven by the real @portico/solana adapter on the real local chain:
// connect through the prompt, silent reconnect, account change, signMessage, a SOL transfer with
// solana:signAndSendTransaction, and the balance read back through the adapter; SPL transfers to a
// recipient without a token account, and receipts (signature status) of sent transactions.
import { ed25519 } from '@noble/curves/ed25519'
import { ADAPTER_CAPABILITIES, type AdapterContext, type CaipNetwork, type ChainAdapter } from '@portico/headless'
import {
  associatedTokenAddress,
  buildTokenTransferTransaction,
  createAssociatedTokenAccountIdempotent,
  SOLANA_CAPABILITIES,
  solanaAdapter,
  solanaConnectorId,
  TOKEN_PROGRAM,
  transferChecked,
} from '@portico/solana'
import {
  type Address,
  createNoopSigner,
  createSolanaRpc,
  generateKeyPairSigner,
  getBase58Encoder,
  getBase64Decoder,
  getTransactionDecoder,
  type Signature,
  signTransaction,
} from '@solana/kit'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import type { Wallets } from '@wallet-standard/app'
import type { Wallet } from '@wallet-standard/base'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SolanaDevnet, startSolanaDevnet } from '../solana/devnet.ts'
import { solanaDevSigner } from '../solana/keys.ts'
import { createDevWalletCore, type DevWalletCore } from './core.ts'
import { createSolanaDevWallet } from './solana-wallet.ts'
import { createMemoryStorage, type KeyValueStorage } from './storage.ts'

let sol: SolanaDevnet
beforeAll(async () => {
  sol = await startSolanaDevnet({ accounts: 2 })
})
afterAll(async () => {
  await sol?.stop()
})

const ID = solanaConnectorId('Portico Dev Wallet')
const network = (): CaipNetwork => ({
  id: sol.caipNetworkId.slice('solana:'.length),
  caipNetworkId: sol.caipNetworkId as `solana:${string}`,
  chainNamespace: 'solana',
  name: 'Portico Local Solana',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: [sol.rpcUrl] } },
})

/** Resolves once the wallet has a request waiting for the user. */
const asked = (core: DevWalletCore) =>
  new Promise<void>((resolve) => {
    if (core.getState().pending.length > 0) return resolve()
    const off = core.subscribe((s) => {
      if (s.pending.length === 0) return
      off()
      resolve()
    })
  })

function registryOf(...wallets: Wallet[]): Wallets {
  return { get: () => wallets, on: () => () => {}, register: () => () => {} }
}

function setup(storage: KeyValueStorage = createMemoryStorage()) {
  const core: DevWalletCore = createDevWalletCore({
    chains: [{ chainId: 31337, name: 'Portico Local A', rpcUrl: 'http://127.0.0.1:9' }],
    accountCount: 2,
    storage,
  })
  const solana = createSolanaDevWallet({
    core,
    solana: { rpcUrl: sol.rpcUrl, caipNetworkId: sol.caipNetworkId },
    name: 'Portico Dev Wallet',
    accountCount: 2,
    storage,
  })
  const accountsChanged: string[][] = []
  const ctx: AdapterContext = {
    networks: [network()],
    projectId: 'test',
    getActiveNetwork: () => network(),
    setConnectors: () => {},
    onAccountsChanged: (a) => accountsChanged.push(a),
    onChainChanged: () => {},
    onDisconnect: () => {},
    emit: () => {},
  }
  const adapter = solanaAdapter({ wallets: registryOf(solana.wallet), reconnectWaitMs: 0, receiptPollMs: 20 }) as Required<ChainAdapter>
  adapter.setup(ctx)
  return { core, solana, adapter, accountsChanged, storage }
}

describe('@portico/solana adapter with the dev wallet on the local chain', () => {
  it('connects after approval, reconnects silently after a reload, follows the account select', async () => {
    const first = setup()
    expect(await first.adapter.reconnect({ connectorId: ID })).toBeNull()
    const connecting = first.adapter.connect({ connectorId: ID })
    await asked(first.core)
    expect(first.core.getState().pending.map((p) => p.method)).toEqual(['standard:connect'])
    first.core.approvePending()
    const [a0, a1] = sol.accounts
    expect(await connecting).toEqual({ address: a0, chainId: sol.caipNetworkId.slice(7), accounts: [a0] })
    first.core.selectAccount(1)
    expect(first.accountsChanged).toEqual([[a1]])

    const reloaded = setup(first.storage)
    expect((await reloaded.adapter.reconnect({ connectorId: ID }))?.address).toBe(a1)
    expect(reloaded.core.getState().pending).toEqual([])
    await reloaded.adapter.disconnect({ connectorId: ID })
    expect(await setup(first.storage).adapter.reconnect({ connectorId: ID })).toBeNull()
  })

  it('signs a message and sends SOL; the balance reads back through the adapter', async () => {
    const { core, adapter } = setup()
    core.setAutoApprove(true)
    const [from, to] = sol.accounts as [Address, Address]
    await adapter.connect({ connectorId: ID })

    const signature = await adapter.signMessage({ message: 'Sign in to Portico', address: from })
    const publicKey = getBase58Encoder().encode(from) as Uint8Array
    expect(
      ed25519.verify(getBase58Encoder().encode(signature) as Uint8Array, new TextEncoder().encode('Sign in to Portico'), publicKey),
    ).toBe(true)

    const before = await adapter.getBalance({ address: to, network: network() })
    expect(before).toEqual({ balance: '100', symbol: 'SOL' })
    const txSignature = await adapter.sendTransaction({ address: from, to, value: 1_500_000_000n, network: network() })
    const rpc = createSolanaRpc(sol.rpcUrl)
    const { value: statuses } = await rpc.getSignatureStatuses([txSignature as Signature]).send()
    expect(statuses[0]?.err).toBeNull()
    expect(await adapter.getBalance({ address: to, network: network() })).toEqual({ balance: '101.5', symbol: 'SOL' })
    // The sender paid the amount and one signature fee (5000 lamports).
    expect(await adapter.getBalance({ address: from, network: network() })).toEqual({ balance: '98.499995', symbol: 'SOL' })
  })

  it('a rejected transfer fails with 4001 and moves nothing', async () => {
    const { core, adapter } = setup()
    core.setAutoApprove(true)
    const [from, to] = sol.accounts as [Address, Address]
    await adapter.connect({ connectorId: ID })
    core.setAutoApprove(false)
    const before = await adapter.getBalance({ address: to, network: network() })
    const sending = adapter.sendTransaction({ address: from, to, value: 1n, network: network() })
    await asked(core)
    expect(core.getState().pending.map((p) => [p.kind, p.title])).toEqual([
      ['solanaSendTransaction', `Send 0.000000001 SOL to ${to.slice(0, 4)}…${to.slice(-6)}`],
    ])
    core.rejectPending()
    await expect(sending).rejects.toMatchObject({ code: 4001 })
    expect(await adapter.getBalance({ address: to, network: network() })).toEqual(before)
  })
})

/** Approves every request the wallet asks (connections included) and records what it asked. */
function approveAll(core: DevWalletCore) {
  const seen: { kind: string; title: string; details: readonly string[] }[] = []
  core.subscribe((s) => {
    for (const p of s.pending) {
      if (seen.some((q) => (q as { id?: number }).id === p.id)) continue
      seen.push(p)
      queueMicrotask(() => core.approvePending(p.id))
    }
  })
  return seen
}

const rpc = () => createSolanaRpc(sol.rpcUrl)
const tokenAmount = async (account: Address): Promise<bigint> =>
  BigInt((await rpc().getTokenAccountBalance(account, { commitment: 'confirmed' }).send()).value.amount)
const instructionCount = async (signature: string) => {
  const tx = await rpc()
    .getTransaction(signature as Signature, { maxSupportedTransactionVersion: 0, encoding: 'json' })
    .send()
  return tx?.transaction.message.instructions.length
}

describe('@portico/solana capabilities', () => {
  it.each(ADAPTER_CAPABILITIES.map((c) => [c, ['nativeTransfer', 'tokenTransfer', 'waitForReceipt'].includes(c)]))(
    'declares %s: %s',
    (capability, declared) => {
      const adapter = solanaAdapter({ wallets: registryOf() })
      expect(adapter.capabilities?.includes(capability)).toBe(declared)
      expect((SOLANA_CAPABILITIES as readonly string[]).includes(capability)).toBe(declared)
      const method = { nativeTransfer: 'transfer', tokenTransfer: 'transfer', waitForReceipt: 'waitForReceipt' }[capability as string] as
        | keyof ChainAdapter
        | undefined
      if (method) expect(typeof adapter[method]).toBe('function')
      for (const absent of ['writeContract', 'signTypedData', 'sendCalls', 'getCallsStatus', 'getCapabilities'] as const)
        expect(adapter[absent]).toBeUndefined()
    },
  )

  it('encodes CreateIdempotent and TransferChecked exactly as @solana-program/token does, with the same associated token accounts', async () => {
    const [owner, other] = sol.accounts as [Address, Address]
    const mint = sol.usdcMint
    const [reference] = await findAssociatedTokenPda({ owner: other, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS })
    expect(await associatedTokenAddress(other, mint)).toBe(reference)
    const [source] = await findAssociatedTokenPda({ owner, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS })
    const create = createAssociatedTokenAccountIdempotent({ payer: owner, ata: reference, owner: other, mint, tokenProgram: TOKEN_PROGRAM })
    const expectedCreate = getCreateAssociatedTokenIdempotentInstruction({
      payer: createNoopSigner(owner),
      ata: reference,
      owner: other,
      mint,
    })
    expect([create.programAddress, [...(create.data ?? [])], create.accounts?.map((a) => [a.address, a.role])]).toEqual([
      expectedCreate.programAddress,
      [...expectedCreate.data],
      expectedCreate.accounts.map((a) => [a.address, a.role]),
    ])
    const transfer = transferChecked({
      source,
      mint,
      destination: reference,
      authority: owner,
      amount: 1_234_567n,
      decimals: 6,
      tokenProgram: TOKEN_PROGRAM,
    })
    const expected = getTransferCheckedInstruction({
      source,
      mint,
      destination: reference,
      authority: createNoopSigner(owner),
      amount: 1_234_567n,
      decimals: 6,
    })
    expect([transfer.programAddress, [...(transfer.data ?? [])], transfer.accounts?.map((a) => [a.address, a.role])]).toEqual([
      expected.programAddress,
      [...expected.data],
      expected.accounts.map((a) => [a.address, a.role]),
    ])
  })
})

describe('@portico/solana SPL transfers and receipts with the dev wallet on the local chain', () => {
  it('transfer with a token moves exactly N base units to a recipient without a token account, creating it in the same transaction', async () => {
    const { core, adapter } = setup()
    const prompts = approveAll(core)
    const [from] = sol.accounts as [Address]
    const recipient = (await generateKeyPairSigner()).address
    const token = { address: sol.usdcMint, decimals: 6 }
    await adapter.connect({ connectorId: ID })
    const [sourceAta, recipientAta] = await Promise.all([
      associatedTokenAddress(from, sol.usdcMint),
      associatedTokenAddress(recipient, sol.usdcMint),
    ])
    expect((await rpc().getAccountInfo(recipientAta, { encoding: 'base64' }).send()).value).toBeNull()
    const before = await tokenAmount(sourceAta)

    const signature = await adapter.transfer({ address: from, to: recipient, amount: 1_234_567n, token, network: network() })
    const receipt = await adapter.waitForReceipt({ hash: signature, network: network() })
    const { value: statuses } = await rpc()
      .getSignatureStatuses([signature as Signature])
      .send()
    expect(receipt).toEqual({ hash: signature, status: 'success', blockNumber: statuses[0]!.slot })
    expect(await tokenAmount(recipientAta)).toBe(1_234_567n)
    expect(await tokenAmount(sourceAta)).toBe(before - 1_234_567n)
    expect(await instructionCount(signature)).toBe(2)
    expect(prompts.at(-1)).toMatchObject({
      kind: 'solanaSendTransaction',
      title: `Send 1.234567 of ${sol.usdcMint.slice(0, 4)}…${sol.usdcMint.slice(-6)} to ${recipient.slice(0, 4)}…${recipient.slice(-6)}`,
    })
    expect(prompts.at(-1)?.details).toContain(`Creates the recipient's token account ${recipientAta}`)

    // Now that the account exists, the next transfer is TransferChecked alone.
    const again = await adapter.transfer({ address: from, to: recipient, amount: 5n, token, network: network() })
    await adapter.waitForReceipt({ hash: again, network: network() })
    expect(await instructionCount(again)).toBe(1)
    expect(await tokenAmount(recipientAta)).toBe(1_234_572n)
    expect(await tokenAmount(sourceAta)).toBe(before - 1_234_572n)
  })

  it('transfer without a token is the SOL transfer; the recipient gets exactly N lamports', async () => {
    const { core, adapter } = setup()
    approveAll(core)
    const [from] = sol.accounts as [Address]
    const recipient = (await generateKeyPairSigner()).address
    await adapter.connect({ connectorId: ID })
    const signature = await adapter.transfer({ address: from, to: recipient, amount: 2_000_000n, network: network() })
    expect((await adapter.waitForReceipt({ hash: signature, network: network() })).status).toBe('success')
    expect((await rpc().getBalance(recipient, { commitment: 'confirmed' }).send()).value).toBe(2_000_000n)
  })

  it('a wrong mint or decimals never moves tokens: not a mint fails before the wallet, wrong decimals are refused by the chain', async () => {
    const { core, adapter } = setup()
    approveAll(core)
    const [from, to] = sol.accounts as [Address, Address]
    await adapter.connect({ connectorId: ID })
    const asked = core.getState().pending.length
    await expect(
      adapter.transfer({ address: from, to, amount: 1n, token: { address: to, decimals: 6 }, network: network() }),
    ).rejects.toThrow('Failed to create transaction')
    expect(core.getState().pending.length).toBe(asked)
    const before = await tokenAmount(await associatedTokenAddress(to, sol.usdcMint))
    await expect(
      adapter.transfer({ address: from, to, amount: 1n, token: { address: sol.usdcMint, decimals: 9 }, network: network() }),
    ).rejects.toThrow(/simulation failed/i)
    expect(await tokenAmount(await associatedTokenAddress(to, sol.usdcMint))).toBe(before)
  })

  it('a refused SPL transfer fails with 4001 and moves nothing', async () => {
    const { core, adapter } = setup()
    core.setAutoApprove(true)
    const [from, to] = sol.accounts as [Address, Address]
    await adapter.connect({ connectorId: ID })
    core.setAutoApprove(false)
    const recipientAta = await associatedTokenAddress(to, sol.usdcMint)
    const before = await tokenAmount(recipientAta)
    const sending = adapter.transfer({ address: from, to, amount: 10n, token: { address: sol.usdcMint, decimals: 6 }, network: network() })
    await asked(core)
    core.rejectPending()
    await expect(sending).rejects.toMatchObject({ code: 4001 })
    expect(await tokenAmount(recipientAta)).toBe(before)
  })

  it("waitForReceipt reports a transaction that failed on chain as 'reverted' with its slot; an unknown signature times out", async () => {
    const { adapter } = setup()
    const signer = await solanaDevSigner(1)
    const latest = (await rpc().getLatestBlockhash({ commitment: 'confirmed' }).send()).value
    // More USDC than the account holds, sent without preflight so the chain records the failure.
    const wire = await buildTokenTransferTransaction({
      from: signer.address,
      to: sol.accounts[0]!,
      mint: sol.usdcMint,
      amount: 10n ** 15n,
      decimals: 6,
      tokenProgram: TOKEN_PROGRAM,
      createDestination: false,
      blockhash: latest.blockhash,
      lastValidBlockHeight: latest.lastValidBlockHeight,
    })
    const signed = await signTransaction([signer.keyPair], getTransactionDecoder().decode(wire))
    const { getTransactionEncoder } = await import('@solana/kit')
    const base64 = getBase64Decoder().decode(getTransactionEncoder().encode(signed))
    const signature = await rpc()
      .sendTransaction(base64 as never, { encoding: 'base64', skipPreflight: true })
      .send()
    const receipt = await adapter.waitForReceipt({ hash: signature, network: network() })
    const { value: statuses } = await rpc().getSignatureStatuses([signature]).send()
    expect(statuses[0]?.err).not.toBeNull()
    expect(receipt).toEqual({ hash: signature, status: 'reverted', blockNumber: statuses[0]!.slot })

    const unknown = '5'.repeat(88)
    const error = await adapter.waitForReceipt({ hash: unknown, network: network(), timeoutMs: 150 }).catch((e: Error) => e)
    expect((error as Error).message).toBe('Transaction error')
    expect(((error as Error).cause as Error).message).toBe(`${unknown} was not confirmed within 150 ms`)
  })
})
