// The WalletConnect adapter's capabilities over the real local relay, with the Node WalletConnect dev
// wallet signing and sending to anvil (the devnet's ERC-20 tokens deployed): typed data, native and
// ERC-20 transfers, contract writes, EIP-5792 calls, receipts; methods the session did not approve
// are refused before they are sent; a refusal in the wallet keeps code 4001.
import { startDevnet, startRelay, toCaipNetwork, type Devnet, type Relay } from '@portico/devnet'
import { startWcWallet, WC_WALLET_METHODS, type WcWallet } from '@portico/devnet/wcwallet'
import { ADAPTER_CAPABILITIES, type AdapterContext, type CaipNetwork, type ChainAdapter } from '@portico/headless'
import { SignClient } from '@walletconnect/sign-client'
import { type Address, createPublicClient, erc20Abi, type Hex, http, parseUnits, verifyTypedData } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { walletConnectAdapter, WC_CAPABILITIES } from './adapter'
import { erc20TransferData } from './hex'
import { recordFetches, until } from './test-support'

const fetches = recordFetches()

const WALLET: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const OTHER: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const THIRD: Address = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
/** What the restricted wallet leaves out of its eip155 methods. */
const WITHHELD = ['eth_signTypedData_v4', 'eth_signTypedData', 'wallet_sendCalls', 'wallet_getCallsStatus', 'wallet_getCapabilities']

describe('walletConnectAdapter capabilities (real relay, Node dev wallet, anvil with ERC-20s)', () => {
  let relay: Relay
  let devnet: Devnet
  let wallet: WcWallet
  let restricted: WcWallet
  let network: CaipNetwork
  let usdc: Address
  const adapters: ChainAdapter[] = []
  let prefix = 0

  beforeAll(async () => {
    ;[relay, devnet] = await Promise.all([startRelay(), startDevnet({ chains: [{ chainId: 31337 }] })])
    const chain = devnet.chains[0]!
    const evm = { chains: [{ chainId: 31337, rpcUrl: chain.rpcUrl }] }
    ;[wallet, restricted] = await Promise.all([
      startWcWallet({ relayUrl: relay.url, evm }),
      startWcWallet({ relayUrl: relay.url, evm, methods: { eip155: WC_WALLET_METHODS.eip155.filter((m) => !WITHHELD.includes(m)) } }),
    ])
    network = toCaipNetwork(chain) as CaipNetwork
    usdc = chain.tokens[0]!.address
  })
  afterEach(async () => {
    for (const a of adapters.splice(0)) await a.disconnect({ connectorId: 'walletConnect' })
  })
  afterAll(async () => {
    await Promise.all([wallet?.stop(), restricted?.stop()])
    await Promise.all([relay?.stop(), devnet?.stop()])
    fetches.restore()
    expect(fetches.offLoopback()).toEqual([])
  })

  const node = () => createPublicClient({ transport: http(devnet.chains[0]!.rpcUrl, { retryCount: 0 }) })
  const balanceOf = (who: Address) => node().readContract({ address: usdc, abi: erc20Abi, functionName: 'balanceOf', args: [who] })

  /** The adapter alone (no headless), paired with `by` through the relay; resolves with it and the address. */
  async function paired(by: WcWallet = wallet) {
    let uri: string | undefined
    const ctx: AdapterContext = {
      networks: [network],
      allNetworks: [network],
      projectId: 'local',
      getActiveNetwork: () => network,
      setConnectors: () => {},
      onAccountsChanged: () => {},
      onChainChanged: () => {},
      onDisconnect: () => {},
      emit: (_id, event) => {
        if (event.kind === 'pairingUri' && event.uri) uri = event.uri
      },
    }
    const adapter = walletConnectAdapter({
      relayUrl: relay.url,
      customStoragePrefix: `capabilities-${++prefix}`,
      storageOptions: { database: ':memory:' },
      metadata: { name: 'Portico test', description: 'test', url: 'http://127.0.0.1:5173', icons: [] },
      loadSignClient: async () => SignClient,
      receiptPollMs: 20,
    })
    adapter.setup(ctx)
    adapters.push(adapter)
    const connecting = adapter.connect({ connectorId: 'walletConnect' })
    await by.pair(await until(() => uri, 'the pairing URI'))
    await by.approveNext()
    const { address } = await connecting
    return { adapter: adapter as Required<ChainAdapter>, address: address as Address }
  }

  it.each(ADAPTER_CAPABILITIES.map((c) => [c]))('declares %s and implements it', (capability) => {
    const adapter = walletConnectAdapter({ relayUrl: 'ws://127.0.0.1:1' })
    expect(adapter.capabilities).toContain(capability)
    expect(WC_CAPABILITIES).toContain(capability)
    const method = {
      nativeTransfer: 'transfer',
      tokenTransfer: 'transfer',
      contractWrite: 'writeContract',
      typedData: 'signTypedData',
      sendCalls: 'sendCalls',
      callsStatus: 'getCallsStatus',
      walletCapabilities: 'getCapabilities',
      waitForReceipt: 'waitForReceipt',
      walletRequest: 'request',
    }[capability] as keyof ChainAdapter
    expect(typeof adapter[method]).toBe('function')
  })

  it('signTypedData sends eth_signTypedData_v4 [address, JSON]; the signature recovers to the account', async () => {
    const { adapter, address } = await paired()
    expect(address).toBe(WALLET)
    const typedData = {
      domain: { name: 'Portico', version: '1', chainId: 31337, verifyingContract: usdc },
      types: {
        Order: [
          { name: 'maker', type: 'address' },
          { name: 'amount', type: 'uint256' },
          { name: 'note', type: 'string' },
        ],
      },
      primaryType: 'Order',
      message: { maker: address, amount: 2n ** 70n + 1n, note: 'hello' },
    } as const
    const signature = (await adapter.signTypedData({ address, ...typedData })) as Hex
    expect(await verifyTypedData({ address, ...typedData, signature })).toBe(true)
    expect(await verifyTypedData({ address: OTHER, ...typedData, signature })).toBe(false)
    const entry = wallet.requestLog().at(-1)!
    expect([entry.method, entry.chainId, (entry.params as unknown[])[0]]).toEqual(['eth_signTypedData_v4', 'eip155:31337', WALLET])
    expect(JSON.parse((entry.params as string[])[1]!)).toMatchObject({
      types: { EIP712Domain: [{ name: 'name' }, { name: 'version' }, { name: 'chainId' }, { name: 'verifyingContract' }] },
      message: { amount: '1180591620717411303425' },
    })
  })

  it('transfer with a token sends ERC-20 transfer(to, N) through the session: balanceOf moves by exactly N', async () => {
    const { adapter, address } = await paired()
    const n = 4_321_000n
    const [fromBefore, toBefore] = await Promise.all([balanceOf(address), balanceOf(THIRD)])
    const hash = await adapter.transfer({ address, to: THIRD, amount: n, token: { address: usdc, decimals: 6 } })
    expect(await adapter.waitForReceipt({ hash, network })).toMatchObject({ hash, status: 'success' })
    expect(await balanceOf(address)).toBe(fromBefore - n)
    expect(await balanceOf(THIRD)).toBe(toBefore + n)
    expect(wallet.requestLog().at(-1)).toMatchObject({
      method: 'eth_sendTransaction',
      params: [{ from: WALLET, to: usdc, data: erc20TransferData(THIRD, n) }],
    })
  })

  it('transfer without a token moves exactly N wei; writeContract approve sets the allowance to N', async () => {
    const { adapter, address } = await paired()
    const n = 987_654_321n
    const before = await node().getBalance({ address: THIRD })
    const hash = await adapter.transfer({ address, to: THIRD, amount: n })
    const receipt = await adapter.waitForReceipt({ hash })
    expect(receipt).toEqual({
      hash,
      status: 'success',
      blockNumber: (await node().getTransactionReceipt({ hash: hash as Hex })).blockNumber,
    })
    expect(await node().getBalance({ address: THIRD })).toBe(before + n)

    const allowance = parseUnits('12.5', 6)
    const approval = await adapter.writeContract({
      address,
      contract: usdc,
      abi: erc20Abi,
      functionName: 'approve',
      args: [OTHER, allowance],
    })
    await adapter.waitForReceipt({ hash: approval, network })
    expect(await node().readContract({ address: usdc, abi: erc20Abi, functionName: 'allowance', args: [address, OTHER] })).toBe(allowance)
    await expect(adapter.writeContract({ address, contract: usdc, abi: erc20Abi, functionName: 'nope' })).rejects.toThrow(
      'Failed to create transaction',
    )
  })

  it('sendCalls / getCallsStatus / getCapabilities pass through: two calls executed, status 200 with both receipts', async () => {
    const { adapter, address } = await paired()
    const before = await balanceOf(OTHER)
    const { id } = await adapter.sendCalls({
      address,
      calls: [
        { to: usdc, data: erc20TransferData(OTHER, 1_000n) },
        { to: usdc, data: erc20TransferData(OTHER, 2_000n) },
      ],
    })
    expect(wallet.requestLog().at(-1)).toMatchObject({
      method: 'wallet_sendCalls',
      chainId: 'eip155:31337',
      params: [{ version: '2.0.0', from: WALLET, chainId: '0x7a69', atomicRequired: false }],
    })
    const status = await adapter.getCallsStatus({ id, address })
    expect([status.id, status.status, status.receipts?.map((r) => r.status)]).toEqual([id, 200, ['0x1', '0x1']])
    expect(await balanceOf(OTHER)).toBe(before + 3_000n)
    expect(await adapter.getCapabilities({ address })).toEqual({ '0x7a69': { atomic: { status: 'unsupported' } } })
    // SPEC §5 is checked before anything is sent.
    const sent = wallet.requestLog().length
    await expect(adapter.sendCalls({ address, calls: [{ to: 'abc' as Hex }] })).rejects.toThrow(
      "Invalid wallet call: calls.0.to: 'to' must start with 0x",
    )
    expect(wallet.requestLog().length).toBe(sent)
  })

  it("a reverted transaction's receipt says 'reverted'; an unknown hash times out with Transaction error", async () => {
    const { adapter, address } = await paired()
    const hash = await adapter.sendTransaction({ address, to: usdc, data: erc20TransferData(OTHER, 10n ** 15n) as Hex, gas: 100_000n })
    expect((await adapter.waitForReceipt({ hash, network })).status).toBe('reverted')
    await expect(adapter.waitForReceipt({ hash: `0x${'cd'.repeat(32)}`, network, timeoutMs: 120 })).rejects.toThrow('Transaction error')
  })

  it("methods the session did not approve are refused with 'Requested RPC call is not allowed' and never sent", async () => {
    const { adapter, address } = await paired(restricted)
    const before = restricted.requestLog().length
    const typed = { domain: { name: 'x' }, types: { M: [{ name: 'a', type: 'uint256' }] }, primaryType: 'M', message: { a: 1n } }
    await expect(adapter.signTypedData({ address, ...typed })).rejects.toThrow('Requested RPC call is not allowed')
    await expect(adapter.sendCalls({ address, calls: [{ to: OTHER, value: '0x1' }] })).rejects.toThrow('Requested RPC call is not allowed')
    await expect(adapter.getCallsStatus({ address, id: '0x01' })).rejects.toThrow('Requested RPC call is not allowed')
    expect(await adapter.getCapabilities({ address })).toEqual({})
    expect(restricted.requestLog().length).toBe(before)
    // What it did approve still works.
    const hash = await adapter.transfer({ address, to: OTHER, amount: 5n, token: { address: usdc, decimals: 6 } })
    expect((await adapter.waitForReceipt({ hash, network })).status).toBe('success')
  })

  it('a refusal in the wallet is code 4001 (User rejected the request) and moves nothing', async () => {
    const manual = await startWcWallet({
      relayUrl: relay.url,
      evm: { chains: [{ chainId: 31337, rpcUrl: devnet.chains[0]!.rpcUrl }] },
      autoApproveRequests: false,
    })
    try {
      const { adapter, address } = await paired(manual)
      const before = await balanceOf(OTHER)
      const sending = adapter.transfer({ address, to: OTHER, amount: 1n, token: { address: usdc, decimals: 6 } })
      await manual.rejectNextRequest()
      await expect(sending).rejects.toMatchObject({ code: 4001, message: 'User rejected the request' })
      const signing = adapter.signTypedData({
        address,
        domain: { name: 'x' },
        types: { M: [{ name: 'a', type: 'uint256' }] },
        primaryType: 'M',
        message: { a: 1n },
      })
      await manual.rejectNextRequest()
      await expect(signing).rejects.toMatchObject({ code: 4001 })
      expect(await balanceOf(OTHER)).toBe(before)
    } finally {
      await manual.stop()
    }
  })
})
