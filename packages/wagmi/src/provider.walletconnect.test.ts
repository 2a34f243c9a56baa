// The same EIP-1193 provider when the wallet is connected over WalletConnect: the devnet's relay,
// the Node WalletConnect dev wallet (answering from the devnet mnemonic, sending to anvil) and
// Portico's WalletConnect adapter. Nothing in the provider knows which connector holds the session.
import { type Devnet, type Relay, startRelay } from '@portico/devnet'
import { startWcWallet, type WcWallet } from '@portico/devnet/wcwallet'
import { type CaipNetwork, createPortico, type Portico } from '@portico/headless'
import { walletConnectAdapter } from '@portico/walletconnect'
import { type Address, createPublicClient, createWalletClient, custom, http, parseEther, verifyMessage } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ACCOUNT_0, ACCOUNT_1, ACCOUNT_3, memoryStorage, settle, startChains, until } from './test-support'

let devnet: Devnet
let networks: CaipNetwork[]
let relay: Relay
let wallet: WcWallet
beforeAll(async () => {
  ;[{ devnet, networks }, relay] = await Promise.all([startChains(), startRelay()])
  wallet = await startWcWallet({
    relayUrl: relay.url,
    autoApprove: true,
    evm: { chains: devnet.chains.map((c) => ({ chainId: c.chainId, rpcUrl: c.rpcUrl })) },
  })
})
afterAll(async () => {
  await wallet?.stop()
  await Promise.all([relay?.stop(), devnet?.stop()])
})

const porticos: Portico[] = []
afterEach(async () => {
  for (const p of porticos.splice(0)) p.destroy()
  await wallet.disconnect().catch(() => undefined)
})

let prefix = 0
function make() {
  const portico = createPortico({
    projectId: 'wagmi-wc-test',
    apiUrl: 'http://127.0.0.1:9',
    networks,
    adapters: [
      walletConnectAdapter({
        relayUrl: relay.url,
        customStoragePrefix: `wagmi-dapp-${++prefix}`,
        storageOptions: { database: ':memory:' },
        metadata: { name: 'wagmi test', description: 'test', url: 'http://127.0.0.1:5173', icons: [] },
        receiptPollMs: 20,
      }),
    ],
    storage: memoryStorage(),
    isMobile: false,
    fetch: async () => new Response('{}', { status: 500 }),
  })
  porticos.push(portico)
  const provider = portico.getProvider('eip155')
  const events: [string, unknown][] = []
  for (const name of ['accountsChanged', 'chainChanged', 'connect', 'disconnect'] as const)
    provider.on(name, ((arg: unknown) => events.push([name, arg])) as never)
  return { portico, provider, events }
}

/** The user picks WalletConnect in the modal and the phone wallet approves the pairing. */
async function pair(portico: Portico) {
  const connecting = portico.connection.connect('walletConnect')
  const uri = await until(() => portico.connection.$wcUri.get(), 'the pairing URI')
  await wallet.pair(uri)
  await connecting
}

describe('the provider over a WalletConnect session', () => {
  it('eth_requestAccounts resolves once the pairing is approved; signs, sends on anvil, switches and follows the wallet, then its disconnect', async () => {
    const { portico, provider, events } = make()
    await portico.ready
    const requested = provider.request({ method: 'eth_requestAccounts' })
    await until(() => portico.modal.$modal.get().open, 'the modal to open')
    await pair(portico)
    expect(await requested).toEqual([ACCOUNT_0])
    await settle()
    expect(events).toEqual([
      ['connect', { chainId: '0x7a69' }],
      ['accountsChanged', [ACCOUNT_0]],
    ])
    events.length = 0

    const client = createWalletClient({ account: ACCOUNT_0 as Address, transport: custom(provider) })
    const signature = await client.signMessage({ message: 'over WalletConnect' })
    expect(await verifyMessage({ address: ACCOUNT_0, message: 'over WalletConnect', signature })).toBe(true)

    const node = createPublicClient({ transport: http(devnet.chains[0]!.rpcUrl, { retryCount: 0 }) })
    const before = await node.getBalance({ address: ACCOUNT_3 })
    const hash = await client.sendTransaction({ to: ACCOUNT_3, value: parseEther('0.2'), chain: null })
    expect((await node.waitForTransactionReceipt({ hash, pollingInterval: 20 })).status).toBe('success')
    expect(await node.getBalance({ address: ACCOUNT_3 })).toBe(before + parseEther('0.2'))
    expect(wallet.requestLog().map((r) => [r.method, r.chainId])).toEqual([
      ['personal_sign', 'eip155:31337'],
      ['eth_sendTransaction', 'eip155:31337'],
    ])

    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })
    await settle()
    expect(events).toEqual([['chainChanged', '0x7a6a']])
    expect(portico.chain.$global.get().activeCaipAddress).toBe(`eip155:31338:${ACCOUNT_0}`)
    // Requests now go to the session's chain B.
    await client.signMessage({ message: 'on B' })
    expect(wallet.requestLog().at(-1)).toMatchObject({ method: 'personal_sign', chainId: 'eip155:31338' })

    await wallet.emitAccountsChanged([ACCOUNT_1])
    await until(() => events.length === 2, 'accountsChanged from the wallet')
    expect(events[1]).toEqual(['accountsChanged', [ACCOUNT_1]])

    await wallet.disconnect()
    await until(() => events.length === 4, 'the disconnect events')
    expect(events.slice(2).map(([name]) => name)).toEqual(['accountsChanged', 'disconnect'])
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
  })

  it('closing the modal during the pairing rejects eth_requestAccounts with 4001', async () => {
    const { portico, provider } = make()
    await portico.ready
    const requested = provider.request({ method: 'eth_requestAccounts' })
    await until(() => portico.modal.$modal.get().open, 'the modal to open')
    const connecting = portico.connection.connect('walletConnect').catch((e: Error) => e.message)
    await until(() => portico.connection.$wcUri.get(), 'the pairing URI')
    portico.modal.close()
    await expect(requested).rejects.toMatchObject({ code: 4001 })
    expect(await connecting).toBe('Modal closed')
  })
})
