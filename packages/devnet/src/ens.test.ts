import { createPublicClient, http, labelhash, namehash, type PublicClient, toHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Devnet, type DevnetChain, startDevnet } from './devnet.ts'
import { DEVNET_ENS_ADDRESSES, devnetViemChain, dnsEncodeName, registerEnsName, seedDevnetEnsNames } from './ens.ts'
import { ENSPublicResolver, ENSRegistry, ENSReverseRegistrar, ENSUniversalResolver } from './fixtures/index.ts'

const alice = privateKeyToAccount(`0x${'a1'.repeat(32)}`).address
const bob = privateKeyToAccount(`0x${'b2'.repeat(32)}`).address
const carol = privateKeyToAccount(`0x${'c3'.repeat(32)}`).address
const AVATAR = 'data:image/svg+xml;base64,PHN2Zy8+'

let devnet: Devnet
let chain: DevnetChain
let client: PublicClient
beforeAll(async () => {
  devnet = await startDevnet({ chains: [{ chainId: 31337 }] })
  chain = devnet.chains[0]!
  client = createPublicClient({ chain: devnetViemChain(chain), transport: http(chain.rpcUrl, { retryCount: 0 }) }) as PublicClient
  await registerEnsName(chain, { label: 'alice', address: alice, avatar: AVATAR, texts: { url: 'https://alice.example' } })
  // bob.eth points at bob, but bob's primary name is not set; carol claims bob.eth as hers (a lie the check catches).
  await registerEnsName(chain, { label: 'bob', address: bob, reverse: false })
}, 30_000)
afterAll(async () => {
  await devnet?.stop()
})

describe('devnet ENS deployment', () => {
  it('deploys the registry, resolver, reverse registrar and universal resolver at the documented addresses (deployer nonces 3…6)', async () => {
    const { manager, ...addresses } = chain.ens
    expect(addresses).toEqual(DEVNET_ENS_ADDRESSES)
    expect(manager).toBe(devnet.deployer)
    for (const address of Object.values(addresses)) expect((await client.getCode({ address }))?.length ?? 0).toBeGreaterThan(100)
    const owner = (node: `0x${string}`) =>
      client.readContract({ address: chain.ens.registry, abi: ENSRegistry.abi, functionName: 'owner', args: [node] })
    expect(await owner(namehash('eth'))).toBe(devnet.deployer)
    expect(await owner(namehash('addr.reverse'))).toBe(chain.ens.reverseRegistrar)
    expect(await owner(namehash('alice.eth'))).toBe(alice)
    expect(
      await client.readContract({
        address: chain.ens.registry,
        abi: ENSRegistry.abi,
        functionName: 'resolver',
        args: [namehash('alice.eth')],
      }),
    ).toBe(chain.ens.publicResolver)
  })

  it('keeps the tokens and the batch executor where they were (nonces 0…2)', () => {
    expect(chain.tokens.map((t) => t.address)).toEqual([
      '0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35',
      '0xA15BB66138824a1c7167f5E85b957d04Dd34E468',
    ])
    expect(chain.batchExecutor).toBe('0xb19b36b1456E65E3A6D514D3F715f204BD59f431')
  })

  it('the resolver answers EIP-165 for addr, multicoin addr, name and text', async () => {
    const supports = (id: `0x${string}`) =>
      client.readContract({ address: chain.ens.publicResolver, abi: ENSPublicResolver.abi, functionName: 'supportsInterface', args: [id] })
    for (const id of ['0x01ffc9a7', '0x3b3b57de', '0xf1cb7e06', '0x691f3431', '0x59d1d43c'] as const) expect(await supports(id)).toBe(true)
    expect(await supports('0x9061b923')).toBe(false)
    expect(await supports('0xffffffff')).toBe(false)
  })

  it('only the node owner may set records; the reverse registrar sets names only for the caller or a controller', async () => {
    await expect(
      client.simulateContract({
        account: carol,
        address: chain.ens.publicResolver,
        abi: ENSPublicResolver.abi,
        functionName: 'setText',
        args: [namehash('alice.eth'), 'avatar', 'x'],
      }),
    ).rejects.toThrow(/Unauthorized/)
    await expect(
      client.simulateContract({
        account: alice,
        address: chain.ens.publicResolver,
        abi: ENSPublicResolver.abi,
        functionName: 'setText',
        args: [namehash('alice.eth'), 'avatar', 'x'],
      }),
    ).resolves.toBeDefined()
    await expect(
      client.simulateContract({
        account: carol,
        address: chain.ens.registry,
        abi: ENSRegistry.abi,
        functionName: 'setSubnodeOwner',
        args: [namehash('eth'), labelhash('x'), carol],
      }),
    ).rejects.toThrow(/Unauthorized/)
    await expect(
      client.simulateContract({
        account: carol,
        address: chain.ens.reverseRegistrar,
        abi: ENSReverseRegistrar.abi,
        functionName: 'setNameForAddr',
        args: [alice, carol, chain.ens.publicResolver, 'x.eth'],
      }),
    ).rejects.toThrow(/Unauthorized/)
    const node = await client.readContract({
      address: chain.ens.reverseRegistrar,
      abi: ENSReverseRegistrar.abi,
      functionName: 'node',
      args: [alice],
    })
    expect(node).toBe(namehash(`${alice.slice(2).toLowerCase()}.addr.reverse`))
  })
})

describe('viem ENS actions against the devnet', () => {
  it('getEnsAddress resolves alice.eth (coin type 60 and an EVM chain coin type through the default EVM address)', async () => {
    expect(await client.getEnsAddress({ name: 'alice.eth' })).toBe(alice)
    expect(await client.getEnsAddress({ name: 'ALICE.eth'.toLowerCase() })).toBe(alice)
    expect((await client.getEnsAddress({ name: 'alice.eth', coinType: BigInt(0x80000000 + 31337) }))?.toLowerCase()).toBe(
      alice.toLowerCase(),
    )
    expect(await client.getEnsAddress({ name: 'bob.eth' })).toBe(bob)
  })

  it('getEnsAddress: an unknown name, an unknown TLD and the bare TLD are null', async () => {
    expect(await client.getEnsAddress({ name: 'nobody.eth' })).toBeNull()
    expect(await client.getEnsAddress({ name: 'alice.com' })).toBeNull()
    expect(await client.getEnsAddress({ name: 'eth' })).toBeNull()
    expect(await client.getEnsAddress({ name: 'sub.alice.eth' })).toBeNull()
  })

  it('getEnsName answers the primary name, checked forward; none or a mismatch is null', async () => {
    expect(await client.getEnsName({ address: alice })).toBe('alice.eth')
    expect(await client.getEnsName({ address: alice, coinType: BigInt(0x80000000 + 31337) })).toBeNull()
    expect(await client.getEnsName({ address: bob })).toBeNull()
    expect(await client.getEnsName({ address: carol })).toBeNull()
    // carol claims bob.eth as her primary name: bob.eth points at bob, so the universal resolver refuses it.
    await registerEnsName(chain, { label: 'carol', address: carol })
    expect(await client.getEnsName({ address: carol })).toBe('carol.eth')
    const wallet = (await import('viem')).createWalletClient({
      account: carol,
      chain: devnetViemChain(chain),
      transport: http(chain.rpcUrl),
    })
    await client.request({ method: 'anvil_impersonateAccount' as never, params: [carol] as never })
    await client.request({ method: 'anvil_setBalance' as never, params: [carol, toHex(10n ** 18n)] as never })
    const hash = await wallet.writeContract({
      address: chain.ens.reverseRegistrar,
      abi: ENSReverseRegistrar.abi,
      functionName: 'setName',
      args: ['bob.eth'],
    })
    await client.waitForTransactionReceipt({ hash, pollingInterval: 20 })
    await expect(client.getEnsName({ address: carol, strict: true })).rejects.toThrow(/ReverseAddressMismatch/)
    expect(await client.getEnsName({ address: carol })).toBeNull()
  })

  it('getEnsText and getEnsAvatar read the text records', async () => {
    expect(await client.getEnsText({ name: 'alice.eth', key: 'avatar' })).toBe(AVATAR)
    expect(await client.getEnsText({ name: 'alice.eth', key: 'url' })).toBe('https://alice.example')
    expect(await client.getEnsText({ name: 'alice.eth', key: 'missing' })).toBeNull()
    expect(await client.getEnsText({ name: 'nobody.eth', key: 'avatar' })).toBeNull()
    expect(await client.getEnsAvatar({ name: 'alice.eth' })).toBe(AVATAR)
  })

  it('getEnsResolver finds the public resolver, findResolver walks up to the closest resolver', async () => {
    expect(await client.getEnsResolver({ name: 'alice.eth' })).toBe(chain.ens.publicResolver)
    const [resolver, node, offset] = (await client.readContract({
      address: chain.ens.universalResolver,
      abi: ENSUniversalResolver.abi,
      functionName: 'findResolver',
      args: [dnsEncodeName('sub.alice.eth')],
    })) as [string, string, bigint]
    expect([resolver, node, offset]).toEqual([chain.ens.publicResolver, namehash('sub.alice.eth'), 4n])
  })

  it('the universal resolver refuses bad DNS encodings with DNSDecodingFailed', async () => {
    for (const bad of ['0x', '0x05616c696365', '0x0561000000000000'] as const) {
      await expect(
        client.readContract({
          address: chain.ens.universalResolver,
          abi: ENSUniversalResolver.abi,
          functionName: 'findResolver',
          args: [bad],
        }),
      ).rejects.toThrow(/DNSDecodingFailed/)
    }
  })
})

describe('seedDevnetEnsNames (the local stack)', () => {
  it('registers portico-dev.eth for dev account 4, forward and reverse, with a data-URL avatar', async () => {
    expect(await seedDevnetEnsNames(devnet)).toEqual({ name: 'portico-dev.eth', address: '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65' })
    expect(await client.getEnsAddress({ name: 'portico-dev.eth' })).toBe('0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65')
    expect(await client.getEnsName({ address: '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65' })).toBe('portico-dev.eth')
    expect(await client.getEnsText({ name: 'portico-dev.eth', key: 'avatar' })).toMatch(/^data:image\/svg\+xml;base64,/)
    // The dev account itself sent nothing.
    expect(await client.getTransactionCount({ address: '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65' })).toBe(0)
  })
})
