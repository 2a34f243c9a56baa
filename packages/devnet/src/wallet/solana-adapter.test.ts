// The dev wallet's Solana side driven by the real @portico/solana adapter on the real local chain:
// connect through the prompt, silent reconnect, account change, signMessage, a SOL transfer with
// solana:signAndSendTransaction, and the balance read back through the adapter.
import { ed25519 } from '@noble/curves/ed25519'
import type { AdapterContext, CaipNetwork } from '@portico/headless'
import { solanaAdapter, solanaConnectorId } from '@portico/solana'
import { type Address, createSolanaRpc, getBase58Encoder, type Signature } from '@solana/kit'
import type { Wallets } from '@wallet-standard/app'
import type { Wallet } from '@wallet-standard/base'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SolanaDevnet, startSolanaDevnet } from '../solana/devnet.ts'
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
  const adapter = solanaAdapter({ wallets: registryOf(solana.wallet), reconnectWaitMs: 0 })
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
    expect(ed25519.verify(getBase58Encoder().encode(signature) as Uint8Array, new TextEncoder().encode('Sign in to Portico'), publicKey)).toBe(true)

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
      ['solanaSendTransaction', `Send 0.000000001 SOL to ${to.slice(0, 4)}…${to.slice(-4)}`],
    ])
    core.rejectPending()
    await expect(sending).rejects.toMatchObject({ code: 4001 })
    expect(await adapter.getBalance({ address: to, network: network() })).toEqual(before)
  })
})
