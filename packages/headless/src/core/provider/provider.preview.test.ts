// getProvider('eip155', { preview: true }) with a recorded wallet (the adapter's calls) on a real anvil
// chain of the devnet, where the previews are simulated: what reaches the wallet, when, and what the
// modal shows meanwhile (its route and the request-preview flow's state).
import { type Devnet, devnetCaipNetworks, startDevnet } from '@portico/devnet'
import type { ReadableAtom } from 'nanostores'
import { type Address, encodeFunctionData, erc20Abi, parseEther, parseUnits, stringToHex, toHex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Connector } from '../../adapters'
import type { RequestPreviewState } from '../preview/requests'
import { base, fakeAdapter, jsonFetch, testPortico } from '../test-utils'
import type { CaipNetwork } from '../types'

let devnet: Devnet
let network: CaipNetwork
let alice: Address
let bob: Address
let usdc: Address
beforeAll(async () => {
  devnet = await startDevnet({ chains: [{ chainId: 31337 }] })
  network = devnetCaipNetworks(devnet)[0] as CaipNetwork
  alice = devnet.accounts[0] as Address
  bob = devnet.accounts[1] as Address
  usdc = (devnet.chains[0] as { tokens: { address: Address }[] }).tokens[0]?.address as Address
})
afterAll(async () => {
  await devnet?.stop()
})

async function setup(connectors?: Omit<Connector, 'namespace'>[]) {
  const wallet = fakeAdapter('eip155', connectors)
  wallet.connectImpl = async () => ({ address: alice, chainId: 31337, accounts: [alice] })
  // The Portico API answers empty balances; the chain's RPC is the real anvil.
  const api = jsonFetch(() => ({ body: { balances: [] } }))
  const rpc = network.rpcUrls.default.http[0] as string
  const portico = testPortico({
    networks: [network, base],
    adapters: [wallet],
    fetch: (input, init) => (String(input).startsWith(rpc) ? globalThis.fetch(input, init) : api.fetch(input, init)),
  })
  await portico.connection.connect(connectors?.[0]?.id ?? 'io.metamask')
  wallet.calls.length = 0
  const walletCalls = () => wallet.calls.map((c) => c.method)
  return { portico, wallet, walletCalls }
}

/** The first value of `store` (now or later) that `ok` accepts. */
function when<T>(store: ReadableAtom<T>, ok: (value: T) => boolean): Promise<T> {
  return new Promise((resolve) => {
    const off = store.subscribe((value) => {
      if (!ok(value)) return
      queueMicrotask(() => off())
      resolve(value)
    })
  })
}

async function reviewOf(portico: Awaited<ReturnType<typeof setup>>['portico'], id?: number): Promise<RequestPreviewState> {
  const flow = await portico.load('requestPreview')
  return when(flow.$requestPreview, (s) => s.phase === 'review' && (id === undefined || s.request?.id === id))
}

const settled = (p: Promise<unknown>) =>
  p.then(
    (value) => ({ value }),
    (error: { code?: number; message?: string }) => ({ error: { code: error.code, message: error.message } }),
  )

describe("getProvider('eip155', { preview })", () => {
  it('one provider per namespace and option value; { preview: false } is the plain one', async () => {
    const { portico } = await setup()
    const plain = portico.getProvider('eip155')
    expect(portico.getProvider('eip155', { preview: false })).toBe(plain)
    const previewing = portico.getProvider('eip155', { preview: true })
    expect(previewing).not.toBe(plain)
    expect(portico.getProvider('eip155', { preview: true })).toBe(previewing)
  })

  it('preview off: personal_sign goes to the wallet at once; no modal, no request-preview code', async () => {
    const { portico, wallet } = await setup()
    const provider = portico.getProvider('eip155')
    expect(await provider.request({ method: 'personal_sign', params: [stringToHex('hi'), alice] })).toBe('0xsig')
    expect(wallet.calls).toEqual([{ method: 'signMessage', params: { message: 'hi', address: alice, connectorId: 'io.metamask' } }])
    expect(portico.modal.$modal.get().open).toBe(false)
    expect(portico.peek('requestPreview')).toBeUndefined()
  })

  it('on: a 0.01 ETH send opens RequestPreview with −0.01 ETH simulated; Continue forwards exactly the request and resolves with the hash', async () => {
    const { portico, wallet, walletCalls } = await setup()
    const provider = portico.getProvider('eip155', { preview: true })
    const sent = provider.request({ method: 'eth_sendTransaction', params: [{ from: alice, to: bob, value: toHex(parseEther('0.01')) }] })
    const review = await reviewOf(portico)
    expect(portico.modal.$modal.get().open).toBe(true)
    expect(portico.router.$route.get()).toEqual({ view: 'RequestPreview', data: { id: 1 } })
    expect(review).toMatchObject({
      request: { id: 1, method: 'eth_sendTransaction', params: [{ from: alice, to: bob, value: '0x2386f26fc10000' }] },
      queued: 0,
      action: 'continue',
      canContinue: true,
      canCancel: true,
      preview: {
        status: 'ready',
        decoded: { kind: 'nativeTransfer', to: bob, value: parseEther('0.01'), flags: [] },
        simulation: { simulation: 'ok', status: 'success', changes: [{ asset: 'native', formatted: '-0.01' }] },
        level: 'none',
      },
    })
    expect(walletCalls()).toEqual([])
    const flow = await portico.load('requestPreview')
    flow.approve()
    expect(flow.$requestPreview.get()).toMatchObject({ phase: 'confirming', canContinue: false, canCancel: false, request: { id: 1 } })
    expect(await sent).toBe('0xhash')
    expect(wallet.calls).toEqual([
      {
        method: 'sendTransaction',
        params: {
          to: bob,
          value: parseEther('0.01'),
          data: undefined,
          gas: undefined,
          gasPrice: undefined,
          network,
          address: alice,
          connectorId: 'io.metamask',
        },
      },
    ])
    expect(portico.modal.$modal.get().open).toBe(false)
    expect(flow.$requestPreview.get()).toMatchObject({ phase: 'idle', request: null })
  })

  it('Cancel rejects with 4001 and the wallet is never called', async () => {
    const { portico, walletCalls } = await setup()
    const provider = portico.getProvider('eip155', { preview: true })
    const signed = settled(provider.request({ method: 'personal_sign', params: [stringToHex('Hello app'), alice] }))
    const review = await reviewOf(portico)
    expect(review.preview).toMatchObject({ status: 'ready', decoded: { kind: 'message', text: 'Hello app' }, simulation: null })
    ;(await portico.load('requestPreview')).reject()
    expect(await signed).toEqual({ error: { code: 4001, message: 'User rejected the request' } })
    expect(walletCalls()).toEqual([])
    expect(portico.modal.$modal.get().open).toBe(false)
  })

  it('closing the modal (Escape, its close button) rejects with 4001; the wallet is never called', async () => {
    const { portico, walletCalls } = await setup()
    const provider = portico.getProvider('eip155', { preview: true })
    const sent = settled(provider.request({ method: 'eth_sendTransaction', params: [{ to: bob, value: '0x1' }] }))
    await reviewOf(portico)
    portico.modal.close()
    expect(await sent).toEqual({ error: { code: 4001, message: 'User rejected the request' } })
    expect(walletCalls()).toEqual([])
  })

  it('closed while still previewing: 4001 too', async () => {
    const { portico, walletCalls } = await setup()
    const provider = portico.getProvider('eip155', { preview: true })
    const sent = settled(provider.request({ method: 'eth_sendTransaction', params: [{ to: bob, value: '0x1' }] }))
    const flow = await portico.load('requestPreview')
    await when(flow.$requestPreview, (s) => s.phase === 'previewing')
    portico.modal.close()
    expect(await sent).toEqual({ error: { code: 4001, message: 'User rejected the request' } })
    expect(walletCalls()).toEqual([])
  })

  it('a transfer of more USDC than the account holds: failing with its reason, the button is continueAnyway', async () => {
    const { portico } = await setup()
    const provider = portico.getProvider('eip155', { preview: true })
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [bob, parseUnits('5000000', 6)] })
    const sent = settled(provider.request({ method: 'eth_sendTransaction', params: [{ from: alice, to: usdc, data }] }))
    const review = await reviewOf(portico)
    expect(review).toMatchObject({
      action: 'continueAnyway',
      canContinue: true,
      preview: { decoded: { kind: 'tokenTransfer', token: usdc, recipient: bob }, failing: true, level: 'danger' },
    })
    expect(review.preview.simulation).toMatchObject({ simulation: 'ok', status: 'reverted' })
    ;(await portico.load('requestPreview')).reject()
    expect(await sent).toMatchObject({ error: { code: 4001 } })
  })

  it('the embedded wallet (connector id auth) is not previewed: its frame confirms', async () => {
    const { portico, wallet } = await setup([{ id: 'auth', name: 'Email', type: 'auth' }])
    const provider = portico.getProvider('eip155', { preview: true })
    expect(await provider.request({ method: 'personal_sign', params: ['hi', alice] })).toBe('0xsig')
    expect(wallet.calls).toEqual([{ method: 'signMessage', params: { message: 'hi', address: alice, connectorId: 'auth' } }])
    expect(portico.modal.$modal.get().open).toBe(false)
    expect(portico.peek('requestPreview')).toBeUndefined()
  })

  it('two requests queue: one shown at a time; Continue on the first shows the second; Cancel on it rejects only it', async () => {
    const { portico, walletCalls } = await setup()
    const provider = portico.getProvider('eip155', { preview: true })
    const first = settled(provider.request({ method: 'personal_sign', params: [stringToHex('first'), alice] }))
    const second = settled(provider.request({ method: 'eth_sendTransaction', params: [{ to: bob, value: toHex(parseEther('1')) }] }))
    const flow = await portico.load('requestPreview')
    const one = await reviewOf(portico, 1)
    expect(one).toMatchObject({ request: { id: 1, method: 'personal_sign' }, queued: 1 })
    flow.approve()
    expect(await first).toEqual({ value: '0xsig' })
    const two = await reviewOf(portico, 2)
    expect(two).toMatchObject({
      request: { id: 2, method: 'eth_sendTransaction' },
      queued: 0,
      preview: { decoded: { kind: 'nativeTransfer', value: parseEther('1') } },
    })
    expect(portico.modal.$modal.get().open).toBe(true)
    expect(portico.router.$route.get()).toEqual({ view: 'RequestPreview', data: { id: 2 } })
    flow.reject()
    expect(await second).toMatchObject({ error: { code: 4001 } })
    expect(walletCalls()).toEqual(['signMessage'])
    expect(portico.modal.$modal.get().open).toBe(false)
  })

  it('wallet_sendCalls: a batch of two calls is previewed; bad params are refused before any modal', async () => {
    const { portico, walletCalls } = await setup()
    const provider = portico.getProvider('eip155', { preview: true })
    await expect(provider.request({ method: 'wallet_sendCalls', params: [{}] })).rejects.toMatchObject({ code: -32602 })
    expect(portico.modal.$modal.get().open).toBe(false)
    const approve = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [bob, parseUnits('10', 6)] })
    const sent = settled(
      provider.request({
        method: 'wallet_sendCalls',
        params: [
          {
            version: '2.0.0',
            chainId: '0x7a69',
            from: alice,
            calls: [
              { to: bob, value: '0x1' },
              { to: usdc, data: approve },
            ],
          },
        ],
      }),
    )
    const review = await reviewOf(portico)
    expect(review.preview.decoded).toMatchObject({
      kind: 'batch',
      calls: [
        { kind: 'nativeTransfer', to: bob, value: 1n },
        { kind: 'tokenApproval', token: usdc, spender: bob, amount: 10_000_000n },
      ],
    })
    portico.modal.close()
    expect(await sent).toMatchObject({ error: { code: 4001 } })
    expect(walletCalls()).toEqual([])
  })

  it("the wallet refuses after Continue: the provider rejects with the wallet's 4001; the modal closes", async () => {
    const { portico, wallet } = await setup()
    wallet.signMessage = async () => {
      throw Object.assign(new Error('User denied message signature'), { code: 4001 })
    }
    const provider = portico.getProvider('eip155', { preview: true })
    const signed = settled(provider.request({ method: 'personal_sign', params: ['hi', alice] }))
    await reviewOf(portico)
    ;(await portico.load('requestPreview')).approve()
    // A refusal is SPEC §8's 4001 'User rejected the request', whatever the wallet's words.
    expect(await signed).toEqual({ error: { code: 4001, message: 'User rejected the request' } })
    expect(portico.modal.$modal.get().open).toBe(false)
  })

  it('a request made while the first is with the wallet waits; closing the modal rejects it, the first settles with the answer', async () => {
    const { portico, wallet } = await setup()
    // The wallet holds the first request until the test answers for it.
    let asked: () => void = () => undefined
    const walletAsked = new Promise<void>((resolve) => (asked = resolve))
    let answer: (signature: string) => void = () => undefined
    wallet.signMessage = () =>
      new Promise<string>((resolve) => {
        answer = resolve
        asked()
      })
    const provider = portico.getProvider('eip155', { preview: true })
    const first = settled(provider.request({ method: 'personal_sign', params: ['first', alice] }))
    const flow = await portico.load('requestPreview')
    await reviewOf(portico, 1)
    flow.approve()
    const second = settled(provider.request({ method: 'personal_sign', params: ['second', alice] }))
    await when(flow.$requestPreview, (s) => s.queued === 1)
    expect(flow.$requestPreview.get()).toMatchObject({ phase: 'confirming', request: { id: 1 }, queued: 1 })
    portico.modal.close()
    expect(await second).toEqual({ error: { code: 4001, message: 'User rejected the request' } })
    await walletAsked
    answer('0xfirst')
    expect(await first).toEqual({ value: '0xfirst' })
    expect(flow.$requestPreview.get()).toMatchObject({ phase: 'idle', request: null })
  })

  it('the chain switched during the review: Continue refuses with 4901 and the wallet is never asked', async () => {
    const { portico, walletCalls } = await setup()
    const provider = portico.getProvider('eip155', { preview: true })
    const sent = settled(provider.request({ method: 'eth_sendTransaction', params: [{ to: bob, value: '0x1' }] }))
    await reviewOf(portico)
    await portico.network.switchNetwork(base)
    expect(portico.router.$route.get().view).toBe('RequestPreview')
    ;(await portico.load('requestPreview')).approve()
    expect(await sent).toEqual({ error: { code: 4901, message: 'The chain changed during the review: the request was not sent' } })
    expect(walletCalls()).toEqual(['switchNetwork'])
  })
})
