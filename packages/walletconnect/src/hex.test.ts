// The engine's own EVM encoders against viem (tests only: the engine must not load viem).
import { encodeFunctionData, erc20Abi, getTypesForEIP712Domain, serializeTypedData } from 'viem'
import { describe, expect, it } from 'vitest'
import { erc20TransferData, typedDataJson } from './hex'

describe('erc20TransferData', () => {
  it.each([
    ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8', 0n],
    ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8', 1_234_567n],
    ['0x0000000000000000000000000000000000000001', 2n ** 256n - 1n],
  ] as const)('transfer(%s, %s) is what viem encodes', (to, amount) => {
    expect(erc20TransferData(to, amount)).toBe(encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }))
  })

  it.each([
    ['0x123', 1n, 'Not an EVM address: 0x123'],
    ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8', -1n, 'amount out of range: -1'],
    ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8', 2n ** 256n, 'amount out of range'],
  ])('refuses %s, %s', (to, amount, text) => {
    expect(() => erc20TransferData(to, amount)).toThrow(text)
  })
})

describe('typedDataJson', () => {
  const types = {
    Mail: [
      { name: 'to', type: 'address' },
      { name: 'amount', type: 'uint256' },
      { name: 'tag', type: 'bytes32' },
    ],
  }
  const message = { to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', amount: 2n ** 80n, tag: `0x${'11'.repeat(32)}` }
  it.each([
    [{ name: 'Portico', version: '1', chainId: 31337, verifyingContract: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' }],
    [{ name: 'Portico' }],
    [{ chainId: 1, salt: `0x${'22'.repeat(32)}` }],
    [{}],
  ])('is the JSON viem sends for domain %j (viem lowercases addresses; the signed bytes are the same)', (domain) => {
    const lowerAddresses = (json: string) => JSON.parse(json.replace(/0x[0-9a-fA-F]{40}(?![0-9a-fA-F])/g, (a) => a.toLowerCase()))
    const ours = typedDataJson({ domain, types, primaryType: 'Mail', message })
    const viems = serializeTypedData({
      domain,
      types: { EIP712Domain: getTypesForEIP712Domain({ domain: domain as never }), ...types },
      primaryType: 'Mail',
      message,
    } as never)
    expect(lowerAddresses(ours)).toEqual(lowerAddresses(viems))
    expect(JSON.parse(ours).message.amount).toBe('1208925819614629174706176')
  })
})
