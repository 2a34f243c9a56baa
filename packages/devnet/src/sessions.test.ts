/**
 * Session grants of the batch executor (contracts/BatchExecutor.sol, issue 22 §1): the account
 * grants a session key limits that its own code enforces on chain. Every refusal below is a mined
 * transaction that reverted (explicit gas, no estimate in the way), whoever sent it.
 */
import { PERMISSION_DOMAIN_NAME, PERMISSION_EXECUTION_TYPES } from '@portico/protocol/auth'
import {
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  createPublicClient,
  createWalletClient,
  decodeFunctionData,
  defineChain,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  http,
  keccak256,
  parseEther,
  toFunctionSelector,
  toHex,
} from 'viem'
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AnvilInstance, startAnvil } from './anvil.ts'
import { BatchExecutor, Token } from './fixtures/index.ts'

const CHAIN_ID = 31337
const chain = defineChain({
  id: CHAIN_ID,
  name: 'sessions',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [] } },
})
const abi = BatchExecutor.abi
type Call = { to: Address; value: bigint; data: Hex }

let anvil: AnvilInstance
let pc: ReturnType<typeof makePublic>
const makePublic = (rpcUrl: string) => createPublicClient({ chain, transport: http(rpcUrl, { retryCount: 0 }) })
const wallet = (account: PrivateKeyAccount) => createWalletClient({ account, chain, transport: http(anvil.rpcUrl, { retryCount: 0 }) })

const user = privateKeyToAccount(generatePrivateKey())
const session = privateKeyToAccount(generatePrivateKey())
const stranger = privateKeyToAccount(generatePrivateKey())
const relayer = privateKeyToAccount(generatePrivateKey())
const payee = privateKeyToAccount(generatePrivateKey()).address
const recipient = privateKeyToAccount(generatePrivateKey()).address
let executor: Address
let token: Address
let otherToken: Address

const ID = keccak256(toHex('grant one'))
const SHORT_ID = keccak256(toHex('grant that expires'))
const nonce = (n: number) => toHex(n, { size: 32 })

async function deploy(bytecode: Hex, args?: Hex): Promise<Address> {
  const w = wallet(relayer)
  const hash = await w.sendTransaction({ data: (args ? `${bytecode}${args.slice(2)}` : bytecode) as Hex })
  const receipt = await pc.waitForTransactionReceipt({ hash, pollingInterval: 20 })
  if (!receipt.contractAddress) throw new Error('deployment failed')
  return receipt.contractAddress
}

async function deployToken(symbol: string): Promise<Address> {
  const args = encodeFunctionData({
    abi: [
      {
        type: 'function',
        name: 'c',
        inputs: [{ type: 'string' }, { type: 'string' }, { type: 'uint8' }, { type: 'address[]' }, { type: 'uint256' }],
        outputs: [],
        stateMutability: 'nonpayable',
      },
    ],
    functionName: 'c',
    args: [symbol, symbol, 18, [user.address], parseEther('100')],
  })
  return deploy(Token.bytecode, `0x${args.slice(10)}`)
}

/** A transaction from `from` with a fixed gas limit: mined either way; its receipt status. */
async function send(from: PrivateKeyAccount, to: Address, data: Hex): Promise<'success' | 'reverted'> {
  // The nonce as the chain has it now (all earlier transactions mined): the delegation's own authorization
  // moved the user's nonce by two, and a count read while that settled once gave one too few (CI).
  const nonce = await pc.getTransactionCount({ address: from.address, blockTag: 'latest' })
  const hash = await wallet(from).sendTransaction({ to, data, gas: 1_000_000n, nonce })
  return (await pc.waitForTransactionReceipt({ hash, pollingInterval: 20 })).status
}

/** The error `data` reverts with when `from` calls the account (by simulation). */
async function revertName(from: Address, data: Hex): Promise<string | undefined> {
  const { functionName, args } = decodeFunctionData({ abi, data })
  try {
    await pc.simulateContract({ address: user.address, abi, functionName, args, account: from } as never)
    return undefined
  } catch (error) {
    const reverted = error instanceof BaseError ? error.walk((e) => e instanceof ContractFunctionRevertedError) : null
    return reverted instanceof ContractFunctionRevertedError ? reverted.data?.errorName : 'no revert data'
  }
}

async function signExecution(signer: PrivateKeyAccount, id: Hex, calls: Call[], n: Hex): Promise<Hex> {
  return signer.signTypedData({
    domain: { name: PERMISSION_DOMAIN_NAME, version: '1', chainId: CHAIN_ID },
    types: PERMISSION_EXECUTION_TYPES,
    primaryType: 'Execution',
    message: { context: id, calls, nonce: n },
  })
}

const executeData = (id: Hex, calls: Call[], n: Hex, signature: Hex) =>
  encodeFunctionData({ abi, functionName: 'executeAsSession', args: [id, calls, n, signature] })
const transfer = (to: Address, amount: bigint): Call => ({
  to: token,
  value: 0n,
  data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }),
})
const balanceOf = (t: Address, who: Address) => pc.readContract({ address: t, abi: erc20Abi, functionName: 'balanceOf', args: [who] })
const now = async () => (await pc.getBlock()).timestamp

/** Expect `data` to revert with `error` on chain, sent by each of `senders`. */
async function expectRevert(data: Hex, error: string, senders: PrivateKeyAccount[] = [relayer]) {
  for (const from of senders) {
    expect(await revertName(from.address, data)).toBe(error)
    expect(await send(from, user.address, data)).toBe('reverted')
  }
}

beforeAll(async () => {
  anvil = await startAnvil({ chainId: CHAIN_ID })
  pc = makePublic(anvil.rpcUrl)
  for (const a of [user.address, session.address, stranger.address, relayer.address]) {
    await pc.request({ method: 'anvil_setBalance' as never, params: [a, toHex(parseEther('10'))] as never })
  }
  executor = await deploy(BatchExecutor.bytecode)
  token = await deployToken('PTK')
  otherToken = await deployToken('OTH')

  // The user's key, used once: delegate (EIP-7702, executed by the account itself) and grant in
  // one transaction to itself.
  const now0 = await now()
  const authorization = await wallet(user).signAuthorization({ contractAddress: executor, executor: 'self' })
  const grant = (id: Hex, expiry: bigint) =>
    encodeFunctionData({
      abi,
      functionName: 'grant',
      args: [
        id,
        session.address,
        expiry,
        [
          { target: token, selectors: [toFunctionSelector('transfer(address,uint256)')] },
          { target: payee, selectors: [] },
        ],
        parseEther('1'),
        0n,
        0n,
      ],
    })
  const hash = await wallet(user).sendTransaction({
    to: user.address,
    data: grant(ID, now0 + 3600n),
    authorizationList: [authorization],
    gas: 1_000_000n,
  })
  expect((await pc.waitForTransactionReceipt({ hash, pollingInterval: 20 })).status).toBe('success')
  expect(await send(user, user.address, grant(SHORT_ID, now0 + 60n))).toBe('success')
}, 60_000)

afterAll(async () => {
  await anvil?.stop()
})

describe('BatchExecutor session grants on anvil (EIP-7702)', () => {
  it('stores the grant in the account (ERC-7201 storage): session key, expiry, allowance', async () => {
    const code = await pc.getCode({ address: user.address })
    expect(code).toBe(`0xef0100${executor.slice(2).toLowerCase()}`)
    const g = (await pc.readContract({ address: user.address, abi, functionName: 'getGrant', args: [ID] })) as {
      sessionKey: Address
      revoked: boolean
      allowance: bigint
      spent: bigint
    }
    expect([g.sessionKey, g.revoked, g.allowance, g.spent]).toEqual([session.address, false, parseEther('1'), 0n])
  })

  it('only the account itself may grant or revoke', async () => {
    const grant = encodeFunctionData({
      abi,
      functionName: 'grant',
      args: [keccak256(toHex('stolen')), stranger.address, (await now()) + 3600n, [{ target: otherToken, selectors: [] }], 0n, 0n, 0n],
    })
    await expectRevert(grant, 'Unauthorized', [relayer, stranger])
    await expectRevert(encodeFunctionData({ abi, functionName: 'revoke', args: [ID] }), 'Unauthorized', [session])
  })

  it('a grant may not name the account itself as a target', async () => {
    const data = encodeFunctionData({
      abi,
      functionName: 'grant',
      args: [keccak256(toHex('self')), session.address, (await now()) + 3600n, [{ target: user.address, selectors: [] }], 0n, 0n, 0n],
    })
    expect(await revertName(user.address, data)).toBe('InvalidGrant')
    expect(await send(user, user.address, data)).toBe('reverted')
  })

  it('runs a session-signed batch inside the grant, relayed by another account (transfer 5 PTK + 0.1 ETH)', async () => {
    const calls = [transfer(recipient, parseEther('5')), { to: payee, value: parseEther('0.1'), data: '0x' as Hex }]
    const data = executeData(ID, calls, nonce(1), await signExecution(session, ID, calls, nonce(1)))
    expect(await send(relayer, user.address, data)).toBe('success')
    expect(await balanceOf(token, recipient)).toBe(parseEther('5'))
    expect(await balanceOf(token, user.address)).toBe(parseEther('95'))
    expect(await pc.getBalance({ address: payee })).toBe(parseEther('0.1'))
    expect(await pc.readContract({ address: user.address, abi, functionName: 'isNonceUsed', args: [ID, nonce(1)] })).toBe(true)

    // The same signed execution again: the nonce is used, whoever sends it.
    await expectRevert(data, 'NonceUsed', [relayer, session, user])
    expect(await balanceOf(token, recipient)).toBe(parseEther('5'))
  })

  it('reverts a call to a target outside the grant, whoever sends it', async () => {
    const calls = [{ ...transfer(recipient, 1n), to: otherToken }]
    await expectRevert(executeData(ID, calls, nonce(2), await signExecution(session, ID, calls, nonce(2))), 'TargetNotAllowed', [
      relayer,
      session,
      user,
    ])
    expect(await balanceOf(otherToken, recipient)).toBe(0n)
  })

  it('reverts a function outside the grant (approve on the granted token)', async () => {
    const calls = [
      { to: token, value: 0n, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [stranger.address, 1n] }) },
    ]
    await expectRevert(executeData(ID, calls, nonce(3), await signExecution(session, ID, calls, nonce(3))), 'SelectorNotAllowed', [
      relayer,
      session,
    ])
    expect(
      await pc.readContract({ address: token, abi: erc20Abi, functionName: 'allowance', args: [user.address, stranger.address] }),
    ).toBe(0n)
  })

  it('reverts native value beyond the allowance (1 ETH in all, 0.1 spent: 0.95 more is over)', async () => {
    const calls = [{ to: payee, value: parseEther('0.95'), data: '0x' as Hex }]
    await expectRevert(executeData(ID, calls, nonce(4), await signExecution(session, ID, calls, nonce(4))), 'AllowanceExceeded')
    // Value on a granted function call counts too.
    const withValue = [{ ...transfer(recipient, 1n), value: parseEther('0.95') }]
    await expectRevert(executeData(ID, withValue, nonce(5), await signExecution(session, ID, withValue, nonce(5))), 'AllowanceExceeded')
    expect(await pc.getBalance({ address: payee })).toBe(parseEther('0.1'))
  })

  it('reverts an execution signed by another key, or with calls other than the signed ones', async () => {
    const calls = [transfer(recipient, 1n)]
    await expectRevert(executeData(ID, calls, nonce(6), await signExecution(stranger, ID, calls, nonce(6))), 'InvalidSignature', [
      relayer,
      stranger,
    ])
    // The user's own key is not the session key either.
    await expectRevert(executeData(ID, calls, nonce(7), await signExecution(user, ID, calls, nonce(7))), 'InvalidSignature')
    const signed = await signExecution(session, ID, calls, nonce(8))
    await expectRevert(executeData(ID, [transfer(stranger.address, parseEther('50'))], nonce(8), signed), 'InvalidSignature')
    expect(await balanceOf(token, recipient)).toBe(parseEther('5'))
  })

  it('reverts after the expiry', async () => {
    const calls = [transfer(recipient, 1n)]
    const data = executeData(SHORT_ID, calls, nonce(1), await signExecution(session, SHORT_ID, calls, nonce(1)))
    expect(await revertName(relayer.address, data)).toBeUndefined()
    await pc.request({ method: 'evm_increaseTime' as never, params: [120] as never })
    await pc.request({ method: 'evm_mine' as never, params: [] as never })
    await expectRevert(data, 'GrantExpired', [relayer, session])
  })

  it('reverts after the account revokes the grant (a self-call)', async () => {
    const calls = [transfer(recipient, 1n)]
    const data = executeData(ID, calls, nonce(9), await signExecution(session, ID, calls, nonce(9)))
    expect(await revertName(relayer.address, data)).toBeUndefined()
    expect(await send(user, user.address, encodeFunctionData({ abi, functionName: 'revoke', args: [ID] }))).toBe('success')
    await expectRevert(data, 'GrantRevoked', [relayer, session, user])
    expect(await balanceOf(token, recipient)).toBe(parseEther('5'))
  })

  it('keeps execute for the account alone', async () => {
    const data = encodeFunctionData({ abi, functionName: 'execute', args: [[transfer(stranger.address, 1n)]] })
    await expectRevert(data, 'Unauthorized', [relayer, session])
    expect(await send(user, user.address, data)).toBe('success')
    expect(await balanceOf(token, stranger.address)).toBe(1n)
  })
})
