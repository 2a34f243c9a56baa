// decodeRequest's table: which decoder reads which method, and what the simulation gets.
import { encodeFunctionData, erc20Abi, stringToHex } from 'viem'
import { describe, expect, it } from 'vitest'
import { decodeRequest, type PreviewRequest } from './request'

const USDC = '0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35'
const ALICE = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const transfer = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [BOB, 1n] })

describe('decodeRequest', () => {
  it.each([
    [
      'eth_sendTransaction: one call to simulate, the sender named',
      { method: 'eth_sendTransaction', params: [{ from: ALICE, to: USDC, data: transfer }] },
      { kind: 'tokenTransfer', calls: [{ to: USDC, data: transfer }], from: ALICE },
    ],
    [
      'wallet_sendCalls: every call to simulate',
      {
        method: 'wallet_sendCalls',
        params: [
          {
            from: ALICE,
            calls: [
              { to: BOB, value: '0x2' },
              { to: USDC, data: transfer },
            ],
          },
        ],
      },
      {
        kind: 'batch',
        calls: [
          { to: BOB, value: 2n },
          { to: USDC, data: transfer },
        ],
        from: ALICE,
      },
    ],
    ['personal_sign: nothing to simulate', { method: 'personal_sign', params: [stringToHex('hi'), ALICE] }, { kind: 'message', calls: [] }],
    ['solana_signMessage', { method: 'solana_signMessage', params: { message: 'hi' } }, { kind: 'message', calls: [] }],
    [
      'wallet_grantPermissions',
      {
        method: 'wallet_grantPermissions',
        params: [{ chainId: 1, expiry: 2_000_000_000, signer: { type: 'key', data: {} }, permissions: [] }],
      },
      { kind: 'grantPermissions', calls: [] },
    ],
  ] as [string, PreviewRequest, { kind: string; calls: object[]; from?: string }][])('%s', (_, request, expected) => {
    const decoded = decodeRequest(request, { now: () => 1_800_000_000 })
    expect(decoded.preview.kind).toBe(expected.kind)
    expect(decoded.calls).toEqual(expected.calls)
    expect(decoded.from).toBe(expected.from)
  })

  it('a Solana transaction: read by the decoder passed in, refused without one', () => {
    const request: PreviewRequest = { method: 'solana_signTransaction', params: { transaction: 'AQID' } }
    const seen: string[] = []
    const decoded = decodeRequest(request, {}, (wire) => {
      seen.push(wire)
      return { kind: 'solanaTransaction', instructions: [], flags: [] }
    })
    expect(seen).toEqual(['AQID'])
    expect(decoded).toEqual({
      preview: { kind: 'solanaTransaction', instructions: [], flags: [] },
      calls: [],
      authorizations: [],
      flags: [],
    })
    expect(() => decodeRequest(request)).toThrow('Solana transactions need the Solana decoder')
  })

  it('an unknown method throws', () => {
    expect(() => decodeRequest({ method: 'eth_sign', params: [] } as unknown as PreviewRequest)).toThrow('Unsupported method: eth_sign')
  })
})
