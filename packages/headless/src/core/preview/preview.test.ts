// The preview flow against a real anvil chain of the devnet: requests as a wallet receives them in,
// the store's state out (decoded preview, chain checks, simulation, failing, level).
import { BatchExecutor, DEVNET_BATCH_EXECUTOR_ADDRESS, type Devnet, startDevnet, Token } from '@portico/devnet'
import { type Address, encodeFunctionData, erc20Abi, maxUint256, parseEther, parseUnits, stringToHex, toHex } from 'viem'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  address,
  appendTransactionMessageInstruction,
  type Blockhash,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPreview, type PreviewDeps, type PreviewTarget } from './preview'

let devnet: Devnet
let target: PreviewTarget
let usdc: Address
let from: Address
let bob: Address
beforeAll(async () => {
  devnet = await startDevnet({ chains: [{ chainId: 31337 }] })
  const chain = devnet.chains[0] as { rpcUrl: string; tokens: { address: Address }[] }
  usdc = chain.tokens[0]?.address as Address
  from = devnet.accounts[0] as Address
  bob = devnet.accounts[1] as Address
  target = { rpcUrl: chain.rpcUrl, from, chain: { id: 31337, nativeCurrency: { symbol: 'ETH', decimals: 18 } } }
})
afterAll(async () => {
  await devnet?.stop()
})

const flow = (deps: Partial<PreviewDeps> = {}) =>
  createPreview({ config: () => ({ host: 'app.example', executors: [DEVNET_BATCH_EXECUTOR_ADDRESS] }), target: () => target, ...deps })
const usdcCall = (functionName: 'transfer' | 'approve', to: Address, amount: bigint) =>
  encodeFunctionData({ abi: erc20Abi, functionName, args: [to, amount] })

describe('createPreview on anvil', () => {
  it('eth_sendTransaction of 1 ETH: a native transfer, −1 ETH and a fee, nothing flagged', async () => {
    const f = flow()
    const state = await f.preview({ method: 'eth_sendTransaction', params: [{ from, to: bob, value: toHex(parseEther('1')) }] })
    expect(state).toMatchObject({
      status: 'ready',
      method: 'eth_sendTransaction',
      decoded: { kind: 'nativeTransfer', to: bob, value: parseEther('1'), flags: [] },
      authorizations: [],
      simulation: { simulation: 'ok', status: 'success', changes: [{ asset: 'native', formatted: '-1' }], fee: { gas: 21000n } },
      flags: [],
      failing: false,
      level: 'none',
      error: null,
    })
    expect(f.$preview.get()).toBe(state)
  })

  it('an unlimited USDC approval to an address with no code: flagged, danger; the simulation moves nothing', async () => {
    const state = await flow().preview({
      method: 'eth_sendTransaction',
      params: [{ from, to: usdc, data: usdcCall('approve', bob, maxUint256) }],
    })
    expect(state).toMatchObject({
      status: 'ready',
      decoded: { kind: 'tokenApproval', token: usdc, spender: bob, amount: maxUint256 },
      simulation: { simulation: 'ok', status: 'success', changes: [] },
      flags: ['unlimitedAmount', 'spenderNoCode'],
      level: 'danger',
      tokens: { [usdc]: { symbol: 'USDC', decimals: 6 } },
    })
  })

  it('an approval of 2000 USDC (the holder has 1000) to the USDC contract itself: largeAmount, a warning', async () => {
    const state = await flow().preview({
      method: 'eth_sendTransaction',
      params: [{ from, to: usdc, data: usdcCall('approve', usdc, parseUnits('2000', 6)) }],
    })
    expect(state).toMatchObject({ flags: ['largeAmount'], level: 'warning', failing: false })
  })

  it('a transfer that reverts: failing, the revert decoded, danger', async () => {
    const request = {
      method: 'eth_sendTransaction',
      params: [{ from, to: usdc, data: usdcCall('transfer', bob, parseUnits('5000', 6)) }],
    } as const
    const state = await flow().preview(request, { errorAbi: Token.abi })
    expect(state).toMatchObject({
      status: 'ready',
      failing: true,
      level: 'danger',
      simulation: {
        simulation: 'ok',
        status: 'reverted',
        changes: [],
        revert: { callIndex: 0, error: { name: 'InsufficientBalance', args: [from, '1000000000', '5000000000'] } },
      },
    })
    // Without the token's ABI: the raw revert data, still failing.
    expect((await flow().preview(request)).simulation).toMatchObject({
      status: 'reverted',
      revert: { callIndex: 0, data: expect.stringMatching(/^0xdb42144d/) },
    })
  })

  it('wallet_sendCalls of 1 ETH and 5 USDC: both calls decoded, both changes', async () => {
    const state = await flow().preview({
      method: 'wallet_sendCalls',
      params: [
        {
          version: '2.0.0',
          chainId: '0x7a69',
          from,
          atomicRequired: true,
          calls: [
            { to: bob, value: toHex(parseEther('1')) },
            { to: usdc, data: usdcCall('transfer', bob, 5_000_000n) },
          ],
        },
      ],
    })
    expect(state.decoded).toMatchObject({
      kind: 'batch',
      chainId: 31337,
      atomic: true,
      calls: [{ kind: 'nativeTransfer' }, { kind: 'tokenTransfer', amount: 5_000_000n }],
    })
    expect(state.simulation?.simulation === 'ok' && state.simulation.changes.map((c) => `${c.formatted} ${c.symbol}`)).toEqual([
      '-1 ETH',
      '-5 USDC',
    ])
    expect(state.level).toBe('none')
    expect(state.tokens).toEqual({ [usdc]: { symbol: 'USDC', decimals: 6 } })
  })

  it('a type-4 transaction: its authorizations read, an unknown delegate is danger', async () => {
    const tx = { from, to: from, value: '0x0', authorizationList: [{ address: bob, chainId: '0x7a69', nonce: '0x0' }] }
    const state = await flow().preview({ method: 'eth_sendTransaction', params: [tx] }, { simulate: false })
    expect(state).toMatchObject({
      authorizations: [{ kind: 'authorization', delegate: bob, chainId: 31337, nonce: 0, flags: ['unknownDelegate'] }],
      flags: ['unknownDelegate'],
      level: 'danger',
      simulation: null,
    })
    const known = await flow().preview({
      method: 'eip7702_authorization',
      params: [{ address: DEVNET_BATCH_EXECUTOR_ADDRESS, chainId: 31337, nonce: 0 }],
    })
    expect(known).toMatchObject({ decoded: { kind: 'authorization', flags: [] }, level: 'none' })
  })

  it('a type-4 transaction to the batch executor: simulated with the delegate installed, its transfers shown, nothing flagged', async () => {
    const data = encodeFunctionData({
      abi: BatchExecutor.abi,
      functionName: 'execute',
      args: [[{ to: usdc, value: 0n, data: usdcCall('transfer', bob, 5_000_000n) }]],
    })
    const tx = { from, to: from, data, authorizationList: [{ address: DEVNET_BATCH_EXECUTOR_ADDRESS, chainId: 31337, nonce: 0 }] }
    const state = await flow().preview({ method: 'eth_sendTransaction', params: [tx] })
    expect(state).toMatchObject({
      authorizations: [{ delegate: DEVNET_BATCH_EXECUTOR_ADDRESS, flags: [] }],
      flags: ['unknownCall'],
      level: 'warning',
    })
    expect(state.simulation?.simulation === 'ok' && state.simulation.changes.map((c) => `${c.formatted} ${c.symbol}`)).toEqual(['-5 USDC'])
  })

  it('personal_sign of a sign-in message for another domain: foreignDomain, no simulation', async () => {
    const message = [
      'evil.example wants you to sign in with your Ethereum account:',
      from,
      '',
      '',
      'URI: https://evil.example',
      'Version: 1',
      'Chain ID: 1',
      'Nonce: k2f9Xv0aQ1',
      'Issued At: 2026-11-23T22:00:00.000Z',
    ].join('\n')
    const state = await flow().preview({ method: 'personal_sign', params: [stringToHex(message), from] })
    expect(state).toMatchObject({
      decoded: { kind: 'signIn', domain: 'evil.example' },
      flags: ['foreignDomain'],
      level: 'danger',
      simulation: null,
    })
  })

  it('no EVM network: the call decoded, the simulation unavailable (noNetwork)', async () => {
    const state = await flow({ target: () => undefined }).preview({ method: 'eth_sendTransaction', params: [{ to: bob, value: '0x1' }] })
    expect(state).toMatchObject({
      status: 'ready',
      simulation: { simulation: 'unavailable', reason: 'noNetwork', calls: [{ kind: 'nativeTransfer', to: bob, value: 1n }] },
      tokens: {},
      level: 'none',
    })
  })

  it('solana_signTransaction: the SOL transfer read (the Solana decoder loads on demand), nothing simulated', async () => {
    const payer = address('7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv')
    const to = address('9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin')
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayer(payer, m),
      (m) =>
        setTransactionMessageLifetimeUsingBlockhash(
          { blockhash: 'EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N' as Blockhash, lastValidBlockHeight: 1n },
          m,
        ),
      (m) =>
        appendTransactionMessageInstruction(
          getTransferSolInstruction({ source: createNoopSigner(payer), destination: to, amount: 2_000_000_000n }),
          m,
        ),
    )
    const transaction = getBase64EncodedWireTransaction(compileTransaction(message))
    const state = await flow().preview({ method: 'solana_signTransaction', params: { transaction } })
    expect(state).toEqual({
      status: 'ready',
      method: 'solana_signTransaction',
      decoded: {
        kind: 'solanaTransaction',
        feePayer: payer,
        instructions: [{ kind: 'solTransfer', source: payer, destination: to, lamports: 2_000_000_000n }],
        flags: [],
      },
      authorizations: [],
      tokens: {},
      simulation: null,
      flags: [],
      failing: false,
      level: 'none',
      error: null,
    })
  })

  it('params a method does not take: status error, coded otherError', async () => {
    const state = await flow().preview({ method: 'wallet_sendCalls', params: [{ calls: [] }] })
    expect(state).toMatchObject({ status: 'error', method: 'wallet_sendCalls', decoded: null, error: { code: 'otherError' } })
  })

  it('a newer request wins over an older one still simulating; reset drops both', async () => {
    let release: () => void = () => {}
    const held = new Promise<void>((r) => {
      release = r
    })
    const oneEth = toHex(parseEther('1')).slice(2)
    // The first request's simulation waits until the second one is done.
    const fetcher: typeof fetch = async (input, init) => {
      if (String(init?.body).includes(oneEth)) await held
      return fetch(input, init)
    }
    const f = flow({ fetch: fetcher })
    const first = f.preview({ method: 'eth_sendTransaction', params: [{ from, to: bob, value: toHex(parseEther('1')) }] })
    const second = await f.preview({ method: 'eth_sendTransaction', params: [{ from, to: bob, value: toHex(parseEther('2')) }] })
    release()
    const firstState = await first
    expect(firstState.simulation?.simulation === 'ok' && firstState.simulation.changes[0]?.formatted).toBe('-1')
    expect(f.$preview.get()).toBe(second)
    f.reset()
    expect(f.$preview.get()).toMatchObject({ status: 'idle', decoded: null })
  })
})
