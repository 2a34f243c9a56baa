// portico.getProvider('eip155') against real parts: two anvil chains of the devnet and the dev wallet
// core (EIP-6963, approval queue) connected through Portico's EVM adapter. Every answer is compared
// with the chain or the wallet, and every event with the Portico state change that caused it.
import type { Devnet } from '@portico/devnet'
import type { CaipNetwork, Eip1193Provider, Portico } from '@portico/headless'
import { BrowserProvider } from 'ethers'
import {
  type Address,
  BaseError,
  createPublicClient,
  createWalletClient,
  custom,
  defineChain,
  type Hex,
  http,
  parseEther,
  verifyMessage,
  verifyTypedData,
} from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ACCOUNT_0, ACCOUNT_1, ACCOUNT_3, devWallet, porticoWith, RDNS, settle, startChains, until } from './test-support'

let devnet: Devnet
let networks: CaipNetwork[]
beforeAll(async () => {
  ;({ devnet, networks } = await startChains())
})
afterAll(async () => {
  await devnet?.stop()
})

const node = (i = 0) => createPublicClient({ transport: http(devnet.chains[i]!.rpcUrl, { retryCount: 0 }) })
const [A, B] = [31337, 31338]

/** Every event the provider emits, in order, as [name, argument]. */
function record(provider: Eip1193Provider) {
  const events: [string, unknown][] = []
  for (const name of ['accountsChanged', 'chainChanged', 'connect', 'disconnect'] as const)
    provider.on(name, ((arg: unknown) => events.push([name, arg])) as never)
  return events
}

const instances: Portico[] = []
afterEach(() => {
  for (const p of instances.splice(0)) p.destroy()
})

/** A fresh Portico + dev wallet; `connect` connects it (as picking the dev wallet in the modal does). */
async function setup(opts: { connect?: boolean } = {}) {
  const wallet = devWallet(devnet)
  const portico = porticoWith(networks, wallet.core)
  instances.push(portico)
  await portico.ready
  const provider = portico.getProvider('eip155')
  const events = record(provider)
  if (opts.connect) {
    await portico.connection.connect(RDNS)
    await until(() => events.length >= 2, 'the connect events')
    events.length = 0
  }
  return { portico, provider, events, ...wallet }
}

describe('portico.getProvider("eip155") before a connection', () => {
  it('is one object per instance; eth_accounts is [], eth_chainId / net_version are the selected network; reads go to its node', async () => {
    const { portico, provider } = await setup()
    expect(portico.getProvider('eip155')).toBe(provider)
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
    expect(await provider.request({ method: 'net_version' })).toBe('31337')
    expect(await provider.request({ method: 'eth_coinbase' })).toBe(null)
    const block = await node().getBlockNumber({ cacheTime: 0 })
    expect(BigInt((await provider.request({ method: 'eth_blockNumber' })) as string)).toBe(block)
    const balance = await node().getBalance({ address: ACCOUNT_3 })
    expect(BigInt((await provider.request({ method: 'eth_getBalance', params: [ACCOUNT_3, 'latest'] })) as string)).toBe(balance)
    // A node error keeps its code: eth_call to a contract that reverts on unknown data is an RPC error, not a hang.
    await expect(provider.request({ method: 'eth_getBalance', params: ['not an address', 'latest'] })).rejects.toMatchObject({
      code: -32602,
    })
  })

  it('a wallet call without a connection is 4100; an unknown method is 4200; eth_sign is never forwarded (4200)', async () => {
    const { provider } = await setup()
    await expect(provider.request({ method: 'personal_sign', params: ['0x68656c6c6f', ACCOUNT_0] })).rejects.toMatchObject({
      code: 4100,
      message: 'No account connected',
    })
    await expect(provider.request({ method: 'wallet_watchAsset', params: {} })).rejects.toMatchObject({ code: 4200 })
    await expect(provider.request({ method: 'eth_sign', params: [ACCOUNT_0, '0x00'] })).rejects.toMatchObject({ code: 4200 })
  })
})

describe('eth_requestAccounts', () => {
  it('opens the modal on Connect (eip155); resolves with the account once Portico connects, emits connect + accountsChanged once, and closes the modal', async () => {
    const { portico, provider, events, prompts } = await setup()
    const pending = provider.request({ method: 'eth_requestAccounts' })
    await until(() => portico.modal.$modal.get().open, 'the modal to open')
    expect(portico.router.$route.get().view).toBe('Connect')
    expect(portico.chain.$activeChain.get()).toBe('eip155')
    // The user picks the dev wallet in the modal; the wallet approves.
    await portico.connection.connect(RDNS)
    expect(await pending).toEqual([ACCOUNT_0])
    await settle()
    expect(portico.modal.$modal.get().open).toBe(false)
    expect(events).toEqual([
      ['connect', { chainId: '0x7a69' }],
      ['accountsChanged', [ACCOUNT_0]],
    ])
    expect(prompts.map((p) => p.kind)).toEqual(['connect'])
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([ACCOUNT_0])
    expect(await provider.request({ method: 'eth_coinbase' })).toBe(ACCOUNT_0)
    // Connected: no modal, the account at once.
    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([ACCOUNT_0])
    expect(portico.modal.$modal.get().open).toBe(false)
  })

  it('rejects with 4001 when the user closes the modal without connecting; two waiting calls share the modal', async () => {
    const { portico, provider, events } = await setup()
    const first = provider.request({ method: 'eth_requestAccounts' })
    const second = provider.request({ method: 'eth_requestAccounts' })
    await until(() => portico.modal.$modal.get().open, 'the modal to open')
    portico.modal.close()
    await expect(first).rejects.toMatchObject({ code: 4001, message: 'User rejected the request' })
    await expect(second).rejects.toMatchObject({ code: 4001 })
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
    expect(events).toEqual([])
  })

  it('a refusal in the wallet leaves the modal open (Connection rejected); closing it then rejects with 4001', async () => {
    const { portico, provider, setDecide } = await setup()
    setDecide(() => false)
    const pending = provider.request({ method: 'eth_requestAccounts' })
    await until(() => portico.modal.$modal.get().open, 'the modal to open')
    await expect(portico.connection.connect(RDNS)).rejects.toThrow('Connection rejected')
    expect(portico.modal.$modal.get().open).toBe(true)
    portico.modal.close()
    await expect(pending).rejects.toMatchObject({ code: 4001 })
  })
})

describe('wallet requests of a connected account (viem over the provider)', () => {
  it('eth_sendTransaction: the receipt is mined on anvil and the recipient gets exactly the value', async () => {
    const { provider, prompts } = await setup({ connect: true })
    const client = createWalletClient({ account: ACCOUNT_0 as Address, transport: custom(provider) })
    const value = parseEther('1.25')
    const before = await node().getBalance({ address: ACCOUNT_3 })
    const hash = await client.sendTransaction({ to: ACCOUNT_3, value, chain: null })
    const receipt = await node().waitForTransactionReceipt({ hash, pollingInterval: 20 })
    expect(receipt).toMatchObject({ status: 'success', from: ACCOUNT_0.toLowerCase(), to: ACCOUNT_3.toLowerCase() })
    expect(await node().getBalance({ address: ACCOUNT_3 })).toBe(before + value)
    expect(prompts.at(-1)).toMatchObject({ kind: 'sendTransaction', title: 'Send 1.25 ETH to 0x90F7…93b906' })
    // The same receipt through the provider's read path.
    const viaProvider = (await provider.request({ method: 'eth_getTransactionReceipt', params: [hash] })) as {
      status: string
      blockNumber: string
    }
    expect(viaProvider.status).toBe('0x1')
    expect(BigInt(viaProvider.blockNumber)).toBe(receipt.blockNumber)
  })

  it('a transaction for another chain id, from another account or without `to` is refused before the wallet sees it', async () => {
    const { provider, prompts } = await setup({ connect: true })
    const count = prompts.length
    await expect(
      provider.request({ method: 'eth_sendTransaction', params: [{ from: ACCOUNT_0, to: ACCOUNT_3, chainId: '0x7a6a' }] }),
    ).rejects.toMatchObject({ code: 4901 })
    await expect(provider.request({ method: 'eth_sendTransaction', params: [{ from: ACCOUNT_1, to: ACCOUNT_3 }] })).rejects.toMatchObject({
      code: 4100,
    })
    await expect(provider.request({ method: 'eth_sendTransaction', params: [{ from: ACCOUNT_0, data: '0x00' }] })).rejects.toMatchObject({
      code: 4200,
    })
    expect(prompts.length).toBe(count)
  })

  it('a refusal in the wallet rejects with 4001 (viem: UserRejectedRequestError)', async () => {
    const { provider, setDecide } = await setup({ connect: true })
    setDecide(() => false)
    const client = createWalletClient({ account: ACCOUNT_0 as Address, transport: custom(provider) })
    const error = await client.sendTransaction({ to: ACCOUNT_3, value: 1n, chain: null }).catch((e: BaseError) => e)
    expect(error).toBeInstanceOf(BaseError)
    expect((error as BaseError).walk((e) => (e as { code?: number }).code === 4001)).toMatchObject({
      name: 'UserRejectedRequestError',
      code: 4001,
    })
  })

  it('personal_sign (hex of UTF-8 text) and eth_signTypedData_v4 signatures verify against the account', async () => {
    const { provider, prompts } = await setup({ connect: true })
    const client = createWalletClient({ account: ACCOUNT_0 as Address, transport: custom(provider) })
    const message = 'Sign in to the wagmi app — ünïcödé ✓'
    const signature = await client.signMessage({ message })
    expect(await verifyMessage({ address: ACCOUNT_0, message, signature })).toBe(true)
    expect(prompts.at(-1)).toMatchObject({ kind: 'personalSign' })
    expect(prompts.at(-1)?.details[0]).toBe(message)
    // Bytes that are not UTF-8 text cannot pass through the adapters' text signing: refused, not mis-signed.
    await expect(client.signMessage({ message: { raw: '0xff00fe' } })).rejects.toMatchObject({ code: 4200 })

    const typed = {
      domain: { name: 'Portico', version: '1', chainId: A, verifyingContract: ACCOUNT_3 as Address },
      types: {
        Mail: [
          { name: 'to', type: 'address' },
          { name: 'amount', type: 'uint256' },
          { name: 'note', type: 'string' },
        ],
      },
      primaryType: 'Mail' as const,
      message: { to: ACCOUNT_1 as Address, amount: 12_345_678_901_234_567_890n, note: 'hi' },
    }
    const typedSignature = await client.signTypedData(typed)
    expect(await verifyTypedData({ address: ACCOUNT_0, ...typed, signature: typedSignature })).toBe(true)
    expect(
      await verifyTypedData({ address: ACCOUNT_0, ...typed, message: { ...typed.message, amount: 1n }, signature: typedSignature }),
    ).toBe(false)
  })

  it('wallet_sendCalls runs the batch on anvil; wallet_getCallsStatus answers EIP-5792 v2 with full receipts', async () => {
    const { provider } = await setup({ connect: true })
    const chain = defineChain({
      id: A,
      name: 'Portico Local A',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [devnet.chains[0]!.rpcUrl] } },
    })
    const client = createWalletClient({ account: ACCOUNT_0 as Address, chain, transport: custom(provider) })
    const before = await node().getBalance({ address: ACCOUNT_1 })
    const { id } = await client.sendCalls({
      calls: [
        { to: ACCOUNT_1, value: 5n },
        { to: ACCOUNT_1, value: 7n },
      ],
    })
    const status = await client.waitForCallsStatus({ id, pollingInterval: 20, timeout: 10_000 })
    expect(status.status).toBe('success')
    expect(status.receipts?.length).toBe(2)
    for (const r of status.receipts ?? []) {
      expect(r.status).toBe('success')
      expect(r.gasUsed).toBe(21_000n)
    }
    expect(await node().getBalance({ address: ACCOUNT_1 })).toBe(before + 12n)
  })
})

describe('events follow Portico state, once per change', () => {
  it('wallet_switchEthereumChain goes through portico.network: Portico, the wallet and eth_chainId agree; chainChanged once', async () => {
    const { portico, provider, events, core } = await setup({ connect: true })
    expect(await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })).toBe(null)
    await settle()
    expect(portico.chain.$global.get().activeCaipNetwork?.caipNetworkId).toBe('eip155:31338')
    expect(portico.chain.$global.get().activeCaipAddress).toBe(`eip155:31338:${ACCOUNT_0}`)
    expect(core.getState().chainId).toBe(B)
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a6a')
    expect(events).toEqual([['chainChanged', '0x7a6a']])
    // Reads now go to chain B's node.
    expect(BigInt((await provider.request({ method: 'eth_blockNumber' })) as string)).toBe(await node(1).getBlockNumber({ cacheTime: 0 }))
    // The same chain again: nothing happens.
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })
    await settle()
    expect(events.length).toBe(1)
    // A chain Portico was not configured with: 4902, nothing changes.
    await expect(provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] })).rejects.toMatchObject({
      code: 4902,
    })
    expect(core.getState().chainId).toBe(B)
  })

  it('a refused switch rejects with 4001 and changes nothing', async () => {
    const { provider, events, setDecide, portico } = await setup({ connect: true })
    setDecide(() => false)
    await expect(provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })).rejects.toMatchObject({
      code: 4001,
    })
    await settle()
    expect(events).toEqual([])
    expect(portico.chain.$global.get().activeCaipNetwork?.caipNetworkId).toBe('eip155:31337')
  })

  it('a switch made in Portico (its modal) and one made in the wallet each emit one chainChanged', async () => {
    const { portico, provider, events, core } = await setup({ connect: true })
    await portico.network.switchNetwork(networks[1]!)
    await settle()
    expect(events).toEqual([['chainChanged', '0x7a6a']])
    core.switchChain(A)
    await until(() => events.length === 2, 'the second chainChanged')
    await settle()
    expect(events).toEqual([
      ['chainChanged', '0x7a6a'],
      ['chainChanged', '0x7a69'],
    ])
    expect(portico.chain.$global.get().activeCaipNetwork?.caipNetworkId).toBe('eip155:31337')
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
  })

  it('an account change in the wallet emits accountsChanged with the new account, once', async () => {
    const { provider, events, core } = await setup({ connect: true })
    core.selectAccount(1)
    await until(() => events.length > 0, 'accountsChanged')
    await settle()
    expect(events).toEqual([['accountsChanged', [ACCOUNT_1]]])
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([ACCOUNT_1])
  })

  it('a disconnect in Portico emits accountsChanged([]) then disconnect (4900), once; listeners removed hear nothing', async () => {
    const { portico, provider, events } = await setup({ connect: true })
    const late: unknown[] = []
    const listener = (a: string[]) => late.push(a)
    provider.on('accountsChanged', listener)
    provider.removeListener('accountsChanged', listener)
    await portico.connection.disconnect()
    await settle()
    expect(events.map(([name]) => name)).toEqual(['accountsChanged', 'disconnect'])
    expect(events[0]![1]).toEqual([])
    expect(events[1]![1]).toMatchObject({ code: 4900 })
    expect(late).toEqual([])
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
  })

  it('the wallet ending the session (EIP-1193 disconnect) reaches the provider as accountsChanged([]) + disconnect', async () => {
    const { provider, events, core } = await setup({ connect: true })
    core.disconnect()
    await until(() => events.length >= 2, 'the disconnect events')
    expect(events.map(([name]) => name)).toEqual(['accountsChanged', 'disconnect'])
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
  })

  it('wallet_revokePermissions disconnects Portico', async () => {
    const { portico, provider, events } = await setup({ connect: true })
    expect(await provider.request({ method: 'wallet_getPermissions' })).toMatchObject([
      { parentCapability: 'eth_accounts', caveats: [{ value: [ACCOUNT_0] }] },
    ])
    await provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })
    await settle()
    expect(portico.chain.isConnected('eip155')).toBe(false)
    expect(events.map(([name]) => name)).toEqual(['accountsChanged', 'disconnect'])
  })
})

describe('ethers v6 BrowserProvider over the same provider', () => {
  it('reads the network and account; a signer sends ETH on anvil and the balance moves by exactly the amount', async () => {
    const { provider } = await setup({ connect: true })
    const browser = new BrowserProvider(provider)
    expect((await browser.getNetwork()).chainId).toBe(31337n)
    const signer = await browser.getSigner()
    expect(await signer.getAddress()).toBe(ACCOUNT_0)
    const amount = parseEther('0.75')
    const before = await node().getBalance({ address: ACCOUNT_1 })
    const response = await signer.sendTransaction({ to: ACCOUNT_1, value: amount })
    const receipt = await response.wait()
    expect(receipt?.status).toBe(1)
    expect(await node().getBalance({ address: ACCOUNT_1 })).toBe(before + amount)
    expect(await browser.getBalance(ACCOUNT_1)).toBe(before + amount)
    // Signing through ethers as well.
    const signature = (await signer.signMessage('from ethers')) as Hex
    expect(await verifyMessage({ address: ACCOUNT_0, message: 'from ethers', signature })).toBe(true)
  })
})
