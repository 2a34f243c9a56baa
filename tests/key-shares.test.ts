/**
 * Key shares wired end to end (issue 22 §1): the frame's service (packages/embedded/src/frame) against
 * the real API (packages/server, PGlite) with `keyCustody: 'shares'`, on anvil and the local Solana RPC.
 * The frame makes the keys at a new user's login and keeps the device shares; the API keeps the auth
 * share sealed and a recovery blob; every signature is made in the frame; the API relays. A user of the
 * old custody (whole keys sealed by the API) is migrated at their next login.
 */
import { createPublicKey, verify as verifyEd25519 } from 'node:crypto'
import { type Devnet, startDevnet } from '@portico/devnet'
import { startSolanaRpc, type SolanaRpcServer } from '@portico/devnet/solana'
import { BatchExecutor } from '@portico/devnet/fixtures'
import { AUTH_ERRORS, deviceSplitMessage, KEYS_ERRORS, PERMISSION_DOMAIN_NAME, PERMISSION_EXECUTION_TYPES } from '@portico/protocol/auth'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createSolanaRpc,
  createTransactionMessage,
  getBase58Decoder,
  getBase58Encoder,
  getBase64EncodedWireTransaction,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import { combine } from 'shamir-secret-sharing'
import {
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  decodeFunctionData,
  encodeFunctionData,
  type Hex,
  http,
  parseEther,
  verifyMessage,
  verifyTypedData,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Secret, TOTP } from 'otpauth'
import { createAuthApi } from '../packages/embedded/src/frame/api'
import { exportedKeyText } from '../packages/embedded/src/frame/export-view'
import { memorySessionStore } from '../packages/embedded/src/frame/keys'
import { createFrameService } from '../packages/embedded/src/frame/service'
import { evmAddressOf } from '../packages/embedded/src/frame/shares/addresses'
import { fromBase64url } from '../packages/embedded/src/frame/shares/bytes'
import { loadDeviceShare } from '../packages/embedded/src/frame/shares/device'
import { type DeviceShareStore, memoryDeviceShareStore } from '../packages/embedded/src/frame/shares/device-store'
import { KeyShareError } from '../packages/embedded/src/frame/shares/errors'
import { generateRecoverySecret, openRecoveryShare } from '../packages/embedded/src/frame/shares/recovery'
import { deriveSecrets, open, parseKek } from '../packages/server/src/auth/crypto'
import { SESSION_EXECUTOR_ABI } from '../packages/server/src/auth/sessions'
import { authShareAad } from '../packages/server/src/auth/shares'
import { approveByPage, FRAME_ORIGIN, login, memoryMailbox, stamped, TEST_KEK } from '../packages/server/src/auth/test-support'
import { generateUserKeys, sealUserKeys } from '../packages/server/src/auth/keys'
import { loadMigrations, migrate } from '../packages/server/src/db/migrate'
import { openPglite } from '../packages/server/src/db/pglite'
import type { Database } from '../packages/server/src/db/types'
import { openTestApp, type TestApp } from '../packages/server/src/test-support'
import { type ApiRequester, FRAME_API_URL, FRAME_HOST, type FrameLoginOptions, frameLogin as frameLoginOn } from './support/frame-login'

const devnet = {
  id: 31337,
  name: 'Anvil',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [] as string[] } },
} as const
/** The API's relayer of permission executions (auth.permissions.relayerKey), funded in beforeAll. */
const RELAYER_KEY = generatePrivateKey()
const relayer = privateKeyToAccount(RELAYER_KEY)

let stack: Devnet
/** The devnet's chain 31337 (anvil, with the smart account's BatchExecutor). */
let anvil: { rpcUrl: string; executor: string }
let sol: SolanaRpcServer
let db: Database
/** The API with key shares, and one of the old custody over the same database (to make legacy users). */
let shares: TestApp
let legacy: TestApp
const mailbox = memoryMailbox()
/**
 * The clock of both APIs and of the frames' stamps: each login moves it 31 s on, past the resend
 * cooldown of the mails (several logins here are of one email).
 */
let offset = 0
const clock = () => Date.now() + offset
const nextLogin = () => {
  offset += 31_000
}
const limits = { mailsPerEmailPerHour: 50, deviceMailsPerEmailPerHour: 50, mailsPerIpPerHour: 500 }

async function jsonRpc(url: string, method: string, params: unknown[]) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await res.json()) as { result?: unknown; error?: { message: string } }
  if (body.error) throw new Error(body.error.message)
  return body.result
}

/** A frame (its service, as main.ts builds it) signed in by email on `app`; the clock moves on first. */
function frameLogin(
  app: ApiRequester,
  email: string,
  deviceShares: DeviceShareStore = memoryDeviceShareStore(),
  extra: FrameLoginOptions['extra'] = {},
) {
  nextLogin()
  return frameLoginOn(app, email, {
    mailbox,
    now: clock,
    rpcRead: (method, params) => jsonRpc(anvil.rpcUrl, method, params),
    deviceShares,
    extra,
  })
}

const userIdOf = async (email: string) =>
  (await db.query<{ id: string }>('SELECT id FROM portico_auth.users WHERE email = $1', [email])).rows[0]!.id

beforeAll(async () => {
  ;[stack, sol] = await Promise.all([startDevnet({ chains: [{ chainId: 31337 }] }), startSolanaRpc()])
  anvil = { rpcUrl: stack.chains[0]!.rpcUrl, executor: stack.chains[0]!.batchExecutor }
  const config = {
    chains: [{ chainId: 31337, name: 'Anvil', rpcUrl: anvil.rpcUrl, nativeCurrency: devnet.nativeCurrency }],
    solana: { caipNetworkId: sol.caipNetworkId, name: 'Solana Devnet', rpcUrl: sol.rpcUrl },
  }
  const first = await openTestApp({
    ...config,
    auth: {
      kek: TEST_KEK,
      mail: mailbox,
      frameOrigins: [FRAME_ORIGIN],
      clientIp: () => '10.2.0.1',
      keyCustody: 'shares',
      now: clock,
      limits,
      smartAccount: { executors: { 31337: anvil.executor } },
      permissions: { relayerKey: RELAYER_KEY },
    },
  })
  await createTestClient({ chain: devnet, transport: http(anvil.rpcUrl), mode: 'anvil' }).setBalance({
    address: relayer.address,
    value: parseEther('10'),
  })
  ;({ db, app: shares } = first)
  ;({ app: legacy } = await openTestApp({
    ...config,
    db,
    auth: {
      keyCustody: 'server',
      kek: TEST_KEK,
      mail: mailbox,
      frameOrigins: [FRAME_ORIGIN],
      clientIp: () => '10.2.0.2',
      now: clock,
      limits,
    },
  }))
}, 60_000)
afterAll(async () => {
  await Promise.all([stack?.stop(), sol?.stop(), db?.close()])
})

describe('a new user under key shares', () => {
  let frame: Awaited<ReturnType<typeof frameLogin>>
  let userId: string
  beforeAll(async () => {
    frame = await frameLogin(shares, 'new-shares@example.com')
    userId = await userIdOf('new-shares@example.com')
  })

  it('the frame made the keys: the API keeps one sealed auth share and one recovery blob per key, and no whole key', async () => {
    expect(frame.user.address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(frame.user.solanaAddress).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
    const { rows } = await db.query<{ kind: string; address: string; auth_share: string; recovery: { type: string } }>(
      'SELECT kind, address, auth_share, recovery FROM portico_auth.key_shares WHERE user_id = $1 ORDER BY kind',
      [userId],
    )
    expect(rows.map((r) => [r.kind, r.address])).toEqual([
      ['evm', frame.user.address],
      ['solana', frame.user.solanaAddress],
    ])
    for (const row of rows) {
      expect(row.auth_share).toMatch(/^v1\./)
      expect(row.recovery.type).toBe('portico-recovery-share')
    }
    expect((await db.query('SELECT 1 FROM portico_auth.user_keys WHERE user_id = $1', [userId])).rows).toEqual([])
    expect(await frame.api.keys!(frame.session)).toEqual({
      custody: 'shares',
      evm: 'shares',
      solana: 'shares',
      executors: { 31337: anvil.executor },
    })
  })

  it('the auth share alone is not the key; with the recovery secret the frame kept for the user, the recovery share rebuilds it', async () => {
    const secrets = deriveSecrets(parseKek(TEST_KEK))
    const row = (
      await db.query<{ address: string; auth_share: string; recovery: unknown }>(
        "SELECT address, auth_share, recovery FROM portico_auth.key_shares WHERE user_id = $1 AND kind = 'evm'",
        [userId],
      )
    ).rows[0]!
    const auth = open(secrets.keyEncryption, row.auth_share, authShareAad(userId, 'evm', row.address))
    expect(auth).toHaveLength(33)
    const secret = frame.service.recoverySecret()
    expect(secret).toMatch(/^([A-Z2-7]{4}-){5}[A-Z2-7]{4}$/)
    const recovery = await openRecoveryShare(row.recovery, { secret: secret! }, { userId, purpose: 'evm' })
    const key = await combine([new Uint8Array(auth), recovery])
    expect(evmAddressOf(key)).toBe(frame.user.address)
  })

  it('a dump of every table, with the KEK, holds neither key nor the device share: only the auth share opens', async () => {
    // Sign once so every path that touches the shares has run.
    await frame.service.RPC_REQUEST({ method: 'personal_sign', params: ['dump', frame.user.address] })
    const { rows: tables } = await db.query<{ table_schema: string; table_name: string }>(
      "SELECT table_schema, table_name FROM information_schema.tables WHERE table_schema IN ('public', 'portico_auth') ORDER BY 1, 2",
    )
    let dump = ''
    for (const t of tables) {
      const { rows } = await db.query<{ row: string }>(`SELECT row_to_json(x)::text AS row FROM "${t.table_schema}"."${t.table_name}" x`)
      dump += `${rows.map((r) => r.row).join('\n')}\n`
    }
    expect(dump).toContain(frame.user.address)
    // The test rebuilds the keys from the device share (the frame's store) and the auth share (the KEK opens it).
    const secrets = deriveSecrets(parseKek(TEST_KEK))
    const forms = new Set<string>()
    const add = (bytes: Uint8Array) => {
      const b = Buffer.from(bytes)
      for (const f of [
        b.toString('hex'),
        b.toString('base64').replace(/=+$/, ''),
        b.toString('base64url'),
        JSON.stringify([...b]).slice(1, -1),
      ])
        forms.add(f)
    }
    for (const kind of ['evm', 'solana'] as const) {
      const row = (
        await db.query<{ address: string; auth_share: string }>(
          'SELECT address, auth_share FROM portico_auth.key_shares WHERE user_id = $1 AND kind = $2',
          [userId, kind],
        )
      ).rows[0]!
      const auth = open(secrets.keyEncryption, row.auth_share, authShareAad(userId, kind, row.address))
      const device = await loadDeviceShare(frame.deviceShares, `${userId}:${kind}`)
      const key = await combine([device.share, new Uint8Array(auth)])
      if (kind === 'evm') expect(evmAddressOf(key)).toBe(frame.user.address)
      add(key)
      add(device.share)
      add(auth)
    }
    for (const form of forms) expect(dump.includes(form), `dump contains ${form.slice(0, 12)}…`).toBe(false)
  })

  it('uploading keys again is refused (409): the shares are set once per user', async () => {
    const res = await frame.api.uploadKeys!(frame.session, {
      evm: { address: frame.user.address, authShare: 'A'.repeat(44), recovery: {} },
      solana: { address: frame.user.solanaAddress!, authShare: 'A'.repeat(44), recovery: {} },
    }).catch((error: Error) => error.message)
    expect(res).toBe(KEYS_ERRORS.alreadySet)
  })

  it('personal_sign and eth_signTypedData_v4 are signed in the frame and verify for the address', async () => {
    const address = frame.user.address as Hex
    const { result: signature } = await frame.service.RPC_REQUEST({ method: 'personal_sign', params: ['hello shares', address] })
    expect(await verifyMessage({ address, message: 'hello shares', signature: signature as Hex })).toBe(true)
    const typed = {
      types: {
        EIP712Domain: [{ name: 'name', type: 'string' }],
        Mail: [{ name: 'contents', type: 'string' }],
      },
      primaryType: 'Mail',
      domain: { name: 'Portico' },
      message: { contents: 'hi' },
    }
    const { result: typedSig } = await frame.service.RPC_REQUEST({
      method: 'eth_signTypedData_v4',
      params: [address, JSON.stringify(typed)],
    })
    expect(
      await verifyTypedData({
        address,
        domain: { name: 'Portico' },
        types: { Mail: [{ name: 'contents', type: 'string' }] },
        primaryType: 'Mail',
        message: { contents: 'hi' },
        signature: typedSig as Hex,
      }),
    ).toBe(true)
  })

  it("the API's own signing answers 400 for this user: it holds no key", async () => {
    const res = await frame.api
      .rpc(frame.session, { namespace: 'eip155', chainId: 31337, method: 'personal_sign', params: ['x', frame.user.address] })
      .catch((error: Error) => error.message)
    expect(res).toBe(KEYS_ERRORS.signInFrame)
  })

  it('eight concurrent eth_sendTransaction from the frame: signed there, relayed by the API, all mined with consecutive nonces', async () => {
    const from = frame.user.address as Hex
    const transport = http(anvil.rpcUrl)
    const chain = createPublicClient({ chain: devnet, transport })
    await createTestClient({ chain: devnet, transport, mode: 'anvil' }).setBalance({ address: from, value: parseEther('10') })
    const start = await chain.getTransactionCount({ address: from })
    const to = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'
    const before = await chain.getBalance({ address: to })
    const hashes = await Promise.all(
      Array.from({ length: 8 }, () =>
        frame.service.RPC_REQUEST({ method: 'eth_sendTransaction', params: [{ from, to, value: '0x38d7ea4c68000' }] }),
      ),
    )
    const receipts = await Promise.all(hashes.map(({ result }) => chain.waitForTransactionReceipt({ hash: result as Hex })))
    expect(receipts.map((r) => r.status)).toEqual(Array(8).fill('success'))
    const nonces = await Promise.all(hashes.map(async ({ result }) => (await chain.getTransaction({ hash: result as Hex })).nonce))
    expect([...nonces].sort((a, b) => a - b)).toEqual(Array.from({ length: 8 }, (_, i) => start + i))
    expect((await chain.getBalance({ address: to })) - before).toBe(parseEther('0.008'))
  })

  it('the relay takes only transactions signed by the signed-in account', async () => {
    const stranger = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
    const raw = await stranger.signTransaction({ chainId: 31337, to: stranger.address, nonce: 0, gas: 21000n, gasPrice: 1n })
    const res = await frame.api.relay!(frame.session, { namespace: 'eip155', chainId: 31337, transaction: raw }).catch(
      (error: Error) => error.message,
    )
    expect(res).toBe('The transaction is not signed by the signed-in account')
  })

  it('solana_signMessage verifies; solana_signAndSendTransaction lands a transfer on the local Solana RPC', async () => {
    const pubkey = frame.user.solanaAddress!
    const message = Buffer.from('hello solana shares')
    const { result } = await frame.service.RPC_REQUEST({
      method: 'solana_signMessage',
      namespace: 'solana',
      chainId: sol.caipNetworkId,
      params: [{ message: message.toString('base64'), pubkey }],
    })
    const spki = createPublicKey({
      key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), Buffer.from(getBase58Encoder().encode(pubkey))]),
      format: 'der',
      type: 'spki',
    })
    const signature = Buffer.from(getBase58Encoder().encode((result as { signature: string }).signature))
    expect(verifyEd25519(null, message, spki, signature)).toBe(true)

    await sol.airdrop(address(pubkey), 2_000_000_000n)
    const solana = createSolanaRpc(sol.rpcUrl)
    const { value: blockhash } = await solana.getLatestBlockhash().send()
    const to = address('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM')
    const tx = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayer(address(pubkey), m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
      (m) =>
        appendTransactionMessageInstructions(
          [getTransferSolInstruction({ source: { address: address(pubkey) } as never, destination: to, amount: 123_456_789n })],
          m,
        ),
    )
    const before = (await solana.getBalance(to).send()).value
    const sent = await frame.service.RPC_REQUEST({
      method: 'solana_signAndSendTransaction',
      namespace: 'solana',
      chainId: sol.caipNetworkId,
      params: [{ transaction: getBase64EncodedWireTransaction(compileTransaction(tx)) }],
    })
    expect((sent.result as { signature: string }).signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
    expect((await solana.getBalance(to).send()).value - before).toBe(123_456_789n)
  })

  it('another device (no device share) cannot sign, and says why', async () => {
    const other = await frameLogin(shares, 'new-shares@example.com')
    const outcome = await other.service
      .RPC_REQUEST({ method: 'personal_sign', params: ['x', frame.user.address] })
      .catch((error: Error) => error.message)
    expect(outcome).toBe('This device has no key share for this wallet: recover the wallet to sign here')
  })

  it('a new device recovers with the recovery secret: a split of its own, with which it signs; the first device still signs with its own', async () => {
    const address = frame.user.address as Hex
    const other = await frameLogin(shares, 'new-shares@example.com')
    const secret = frame.service.recoverySecret()!
    // Typed as a person might: lower case, spaces instead of dashes.
    await other.service.recoverWallet(secret.toLowerCase().replaceAll('-', ' '))
    const stored = await loadDeviceShare(other.deviceShares, `${userId}:evm`)
    expect(stored.split).toMatch(/^[A-Za-z0-9_-]{22}$/)
    const { result: signed } = await other.service.RPC_REQUEST({ method: 'personal_sign', params: ['recovered', address] })
    expect(await verifyMessage({ address, message: 'recovered', signature: signed as Hex })).toBe(true)
    const { result: solana } = await other.service.RPC_REQUEST({
      method: 'solana_signMessage',
      namespace: 'solana',
      chainId: sol.caipNetworkId,
      params: [{ message: Buffer.from('recovered').toString('base64'), pubkey: frame.user.solanaAddress! }],
    })
    const spki = createPublicKey({
      key: Buffer.concat([
        Buffer.from('302a300506032b6570032100', 'hex'),
        Buffer.from(getBase58Encoder().encode(frame.user.solanaAddress!)),
      ]),
      format: 'der',
      type: 'spki',
    })
    const solanaSignature = Buffer.from(getBase58Encoder().encode((solana as { signature: string }).signature))
    expect(verifyEd25519(null, Buffer.from('recovered'), spki, solanaSignature)).toBe(true)
    // The device that made the keys signs with its own split, as before.
    const first = await frameLogin(shares, 'new-shares@example.com', frame.deviceShares)
    const { result: again } = await first.service.RPC_REQUEST({ method: 'personal_sign', params: ['first device', address] })
    expect(await verifyMessage({ address, message: 'first device', signature: again as Hex })).toBe(true)
    // The API: an auth share per split and key, and two auth shares of different splits do not make the key.
    const { rows } = await db.query<{ kind: string; split: string; address: string; auth_share: string }>(
      'SELECT kind, split, address, auth_share FROM portico_auth.key_shares WHERE user_id = $1 ORDER BY kind, split',
      [userId],
    )
    expect(rows.map((r) => [r.kind, r.split])).toEqual(
      [
        ['evm', stored.split],
        ['evm', 'primary'],
        ['solana', stored.split],
        ['solana', 'primary'],
      ].sort((a, b) => (a[0] === b[0] ? (a[1]! < b[1]! ? -1 : 1) : a[0]! < b[0]! ? -1 : 1)),
    )
    const secrets = deriveSecrets(parseKek(TEST_KEK))
    const evmShares = rows
      .filter((r) => r.kind === 'evm')
      .map((r) => new Uint8Array(open(secrets.keyEncryption, r.auth_share, authShareAad(userId, 'evm', r.address, r.split))))
    expect(evmAddressOf(await combine(evmShares))).not.toBe(address)
  })

  it("through the frame's messages: GET_KEY_STATE says 'recover' on a new device; RECOVER_WALLET asks in the frame's view; then 'here'", async () => {
    const secret = frame.service.recoverySecret()!
    // The frame's own view (recovery-view.ts, in its document): here, the user types the secret into it.
    const typed: string[] = []
    const recoveryView = {
      ask: async (recover: (secret: string) => Promise<void>) => {
        typed.push(secret)
        await recover(secret)
        return true
      },
      showSecret: async () => true,
      hide: () => {},
      shown: () => false,
    }
    const other = await frameLogin(shares, 'new-shares@example.com', memoryDeviceShareStore(), { recoveryView })
    expect(await other.service.GET_KEY_STATE({})).toEqual({ state: 'recover', unsavedRecovery: false })
    // The reply says only whether it worked: nothing of the secret travels to the host.
    expect(await other.service.RECOVER_WALLET({})).toEqual({ recovered: true })
    expect(typed).toHaveLength(1)
    expect(await other.service.GET_KEY_STATE({})).toEqual({ state: 'here', unsavedRecovery: false })
    // The device that made the keys has their secret in memory to show, in its own view, until the user has
    // saved it: a view closed before "I have saved it" keeps it; "I have saved it" forgets it.
    const shown: string[] = []
    const answers = [false, true]
    const maker = await frameLogin(shares, 'new-maker@example.com', memoryDeviceShareStore(), {
      recoveryView: {
        ...recoveryView,
        showSecret: async (s: string) => {
          shown.push(s)
          return answers.shift() ?? false
        },
      },
    })
    const made = maker.service.recoverySecret()
    expect(await maker.service.GET_KEY_STATE({})).toEqual({ state: 'here', unsavedRecovery: true })
    expect(await maker.service.SHOW_RECOVERY_SECRET({})).toEqual({ saved: false })
    expect(await maker.service.GET_KEY_STATE({})).toEqual({ state: 'here', unsavedRecovery: true })
    expect(await maker.service.SHOW_RECOVERY_SECRET({})).toEqual({ saved: true })
    expect(shown).toEqual([made, made])
    expect(await maker.service.GET_KEY_STATE({})).toEqual({ state: 'here', unsavedRecovery: false })
    expect(maker.service.recoverySecret()).toBeUndefined()
    await expect(maker.service.SHOW_RECOVERY_SECRET({})).rejects.toThrow()
  })

  it('a wrong or a malformed recovery secret: said plainly, and nothing is kept', async () => {
    const other = await frameLogin(shares, 'new-shares@example.com')
    const splits = async () =>
      (await db.query('SELECT DISTINCT split FROM portico_auth.key_shares WHERE user_id = $1', [userId])).rows.length
    const before = await splits()
    const wrong = generateRecoverySecret()
    await expect(other.service.recoverWallet(wrong)).rejects.toThrow('This recovery secret does not open this wallet')
    await expect(other.service.recoverWallet('not a secret')).rejects.toThrow(
      'A recovery secret is 24 letters and digits, as it was shown to you',
    )
    expect(await splits()).toBe(before)
    await expect(loadDeviceShare(other.deviceShares, `${userId}:evm`)).rejects.toThrow(KeyShareError)
    const outcome = await other.service
      .RPC_REQUEST({ method: 'personal_sign', params: ['x', frame.user.address] })
      .catch((error: Error) => error.message)
    expect(outcome).toBe('This device has no key share for this wallet: recover the wallet to sign here')
  })

  it("a split is added only with the key's proof, once, for the wallet's own addresses", async () => {
    const other = await frameLogin(shares, 'new-shares@example.com')
    const share = Buffer.alloc(33, 7).toString('base64url')
    const forged = {
      split: 'forged-split-0000000001',
      evm: { address: frame.user.address, authShare: share, recovery: {}, proof: `0x${'11'.repeat(65)}` },
      solana: { address: frame.user.solanaAddress!, authShare: share, recovery: {}, proof: `0x${'22'.repeat(64)}` },
    }
    const post = (body: typeof forged) => other.api.addDevice!(other.session, body).catch((error: Error) => error.message)
    expect(await post(forged)).toBe(KEYS_ERRORS.badProof)
    // A proof signed by another key, of the right message, is refused too.
    const stranger = privateKeyToAccount(generatePrivateKey())
    const message = deviceSplitMessage(userId, forged.split, 'evm', share)
    expect(await post({ ...forged, evm: { ...forged.evm, proof: await stranger.signMessage({ message }) } })).toBe(KEYS_ERRORS.badProof)
    // Another wallet's address: refused before any proof is looked at.
    expect(await post({ ...forged, evm: { ...forged.evm, address: stranger.address } })).toBe(KEYS_ERRORS.addressMismatch)
    expect((await db.query("SELECT 1 FROM portico_auth.key_shares WHERE split = 'forged-split-0000000001'")).rows).toEqual([])
  })

  it("export after TOTP: the frame shows keys rebuilt from its device share and the auth share, whose addresses are the wallet's", async () => {
    const shown: Record<string, string> = {}
    const keyView = {
      show: (kind: 'evm' | 'solana', key: Uint8Array) => {
        shown[kind] = exportedKeyText(kind, key)
      },
      hide: () => {},
      shown: () => Object.keys(shown).length > 0,
    }
    // The TOTP set-up shows in the frame's own view (here the user reads its key off it); the reply has nothing.
    let secret = ''
    const totpView = {
      show: (_uri: string, key: string) => {
        secret = key
      },
      hide: () => {},
      shown: () => secret !== '',
    }
    // The device that made the keys: its device share, a new session.
    const device = await frameLogin(shares, 'new-shares@example.com', frame.deviceShares, { keyView, totpView })
    await expect(device.service.EXPORT_KEY({ kind: 'evm' })).rejects.toThrow(AUTH_ERRORS.stepUpRequired)
    expect(await device.service.TOTP_ENROLL({})).toEqual({})
    await device.service.TOTP_CONFIRM({
      code: TOTP.generate({ secret: Secret.fromBase32(secret), period: 30, digits: 6, timestamp: clock() }),
    })
    expect(await device.service.EXPORT_KEY({ kind: 'evm' })).toEqual({})
    expect(await device.service.EXPORT_KEY({ kind: 'solana' })).toEqual({})
    expect(privateKeyToAccount(shown.evm as Hex).address).toBe(frame.user.address)
    const secretKey = getBase58Encoder().encode(shown.solana as string)
    expect(secretKey).toHaveLength(64)
    expect(getBase58Decoder().decode(secretKey.slice(32))).toBe(frame.user.solanaAddress)
  })

  it('with a second factor on, a new device recovers only after this session verified it (403 before)', async () => {
    const other = await frameLogin(shares, 'new-shares@example.com')
    const secret = frame.service.recoverySecret()!
    await expect(other.service.recoverWallet(secret)).rejects.toThrow(AUTH_ERRORS.stepUpRequired)
    await expect(loadDeviceShare(other.deviceShares, `${userId}:evm`)).rejects.toThrow(KeyShareError)
  })

  it('a session without an encryption key gets no auth share', async () => {
    nextLogin()
    const plain = await login(shares, mailbox, 'new-shares@example.com', 'device-shares-plain-01', {}, clock())
    const res = await stamped(shares, plain, 'POST', '/v1/auth/keys/share', { kind: 'evm' }, clock())
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error: KEYS_ERRORS.noEncryptionKey })
  })
})

describe('the smart account under key shares (EIP-7702, signed in the frame, relayed by the API)', () => {
  it('SET_PREFERRED_ACCOUNT delegates the EOA; wallet_sendCalls runs an atomic batch', async () => {
    const frame = await frameLogin(shares, 'smart-shares@example.com')
    const self = frame.user.address as Hex
    const transport = http(anvil.rpcUrl)
    const chain = createPublicClient({ chain: devnet, transport })
    await createTestClient({ chain: devnet, transport, mode: 'anvil' }).setBalance({ address: self, value: parseEther('10') })

    expect(await frame.service.SET_PREFERRED_ACCOUNT({ type: 'smartAccount' })).toEqual({ type: 'smartAccount', address: self })
    expect((await chain.getCode({ address: self }))?.toLowerCase()).toBe(`0xef0100${anvil.executor.slice(2).toLowerCase()}`)
    expect(await frame.service.INIT_SMART_ACCOUNT({})).toEqual({ address: self, isDeployed: true })

    const a = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65'
    const b = '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc'
    const [beforeA, beforeB] = await Promise.all([chain.getBalance({ address: a }), chain.getBalance({ address: b })])
    const { result } = await frame.service.RPC_REQUEST({
      method: 'wallet_sendCalls',
      params: [
        {
          version: '2.0.0',
          chainId: '0x7a69',
          from: self,
          atomicRequired: true,
          calls: [
            { to: a, value: '0x2386f26fc10000' },
            { to: b, value: '0x470de4df820000' },
          ],
        },
      ],
    })
    const id = (result as { id: string }).id
    expect(id).toMatch(/^0x0{12}7a69[0-9a-f]{64}$/)
    const receipt = await chain.waitForTransactionReceipt({ hash: `0x${id.slice(18)}` as Hex })
    expect(receipt.status).toBe('success')
    expect(receipt.to?.toLowerCase()).toBe(self.toLowerCase())
    expect((await chain.getBalance({ address: a })) - beforeA).toBe(parseEther('0.01'))
    expect((await chain.getBalance({ address: b })) - beforeB).toBe(parseEther('0.02'))
    const status = await frame.service.RPC_REQUEST({ method: 'wallet_getCallsStatus', params: [id] })
    expect(status.result).toMatchObject({ status: 200, atomic: true })
  })

  it('wallet_grantPermissions: the frame signs grant(...) once; executions are relayed by the API and enforced on chain; revocation too', async () => {
    const frame = await frameLogin(shares, 'grants-shares@example.com')
    const self = frame.user.address as Address
    const transport = http(anvil.rpcUrl)
    const chain = createPublicClient({ chain: devnet, transport })
    await createTestClient({ chain: devnet, transport, mode: 'anvil' }).setBalance({ address: self, value: parseEther('10') })
    expect(await frame.service.SET_PREFERRED_ACCOUNT({ type: 'smartAccount' })).toEqual({ type: 'smartAccount', address: self })

    // The app's signer is the session key; it may send native value to `payee` (0.05 ETH in all).
    const signer = privateKeyToAccount(generatePrivateKey())
    const payee = privateKeyToAccount(generatePrivateKey()).address
    const other = privateKeyToAccount(generatePrivateKey()).address
    const expiry = Math.floor(clock() / 1000) + 3600
    const { result } = await frame.service.RPC_REQUEST({
      method: 'wallet_grantPermissions',
      params: [
        {
          chainId: '0x7a69',
          expiry,
          signer: { type: 'account', data: { id: signer.address } },
          permissions: [
            { type: 'contract-call', data: { address: payee } },
            { type: 'native-token-limit', data: { allowance: '0xb1a2bc2ec50000' } },
          ],
        },
      ],
    })
    const granted = result as { context: Hex; address: string; grantCall?: unknown }
    expect(granted.context).toMatch(/^0x[0-9a-f]{64}$/)
    expect(granted.address).toBe(self)
    expect(granted.grantCall).toBeUndefined()
    // The API holds no key of the user: the grant is in the account's own storage, signed by the frame.
    const onChain = (await chain.readContract({
      address: self,
      abi: BatchExecutor.abi,
      functionName: 'getGrant',
      args: [granted.context],
    })) as { sessionKey: string; expiry: bigint; revoked: boolean; allowance: bigint }
    expect(onChain).toMatchObject({ sessionKey: signer.address, expiry: BigInt(expiry), revoked: false, allowance: parseEther('0.05') })
    expect(
      (await db.query('SELECT 1 FROM portico_auth.user_keys WHERE user_id = $1', [await userIdOf('grants-shares@example.com')])).rows,
    ).toEqual([])

    let n = 0
    const signed = async (calls: { to: Address; value: bigint; data: Hex }[], by = signer) => {
      const nonce = `0x${(++n).toString(16).padStart(64, '0')}` as Hex
      const signature = await by.signTypedData({
        domain: { name: PERMISSION_DOMAIN_NAME, version: '1', chainId: 31337 },
        types: PERMISSION_EXECUTION_TYPES,
        primaryType: 'Execution',
        message: { context: granted.context, calls, nonce },
      })
      return { calls, nonce, signature }
    }
    const execute = async (e: Awaited<ReturnType<typeof signed>>) => {
      const res = await shares.request('/v1/permissions/execute', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          context: granted.context,
          chainId: 31337,
          calls: e.calls.map((c) => ({ to: c.to, value: `0x${c.value.toString(16)}`, data: c.data })),
          nonce: e.nonce,
          signature: e.signature,
        }),
      })
      return { status: res.status, ...((await res.json()) as { id?: string; error?: string }) }
    }
    /** The signed execution sent straight to the chain by someone else than the API (gas fixed: mined even if it reverts). */
    const sendDirectly = async (e: Awaited<ReturnType<typeof signed>>) => {
      const anyone = privateKeyToAccount(generatePrivateKey())
      await createTestClient({ chain: devnet, transport, mode: 'anvil' }).setBalance({ address: anyone.address, value: parseEther('1') })
      const hash = await createWalletClient({ account: anyone, chain: devnet, transport }).sendTransaction({
        to: self,
        gas: 500_000n,
        data: encodeFunctionData({
          abi: BatchExecutor.abi,
          functionName: 'executeAsSession',
          args: [granted.context, e.calls, e.nonce, e.signature],
        }),
      })
      return (await chain.waitForTransactionReceipt({ hash })).status
    }

    const ok = await execute(await signed([{ to: payee, value: parseEther('0.01'), data: '0x' }]))
    expect(ok.status).toBe(200)
    const receipt = await chain.waitForTransactionReceipt({ hash: `0x${ok.id!.slice(18)}` as Hex })
    expect(receipt.status).toBe('success')
    expect([receipt.from.toLowerCase(), receipt.to?.toLowerCase()]).toEqual([relayer.address.toLowerCase(), self.toLowerCase()])
    expect(await chain.getBalance({ address: payee })).toBe(parseEther('0.01'))

    // Outside the grant: the API refuses; sent to the chain by anyone else, the account's code reverts it.
    const outside = await signed([{ to: other, value: 1n, data: '0x' }])
    expect((await execute(outside)).status).toBe(400)
    expect(await sendDirectly(outside)).toBe('reverted')
    const over = await signed([{ to: payee, value: parseEther('0.05'), data: '0x' }])
    expect(await execute(over)).toMatchObject({ status: 400, error: 'The calls exceed the permission’s native token allowance' })
    expect(await sendDirectly(over)).toBe('reverted')
    const foreign = await signed([{ to: payee, value: 1n, data: '0x' }], privateKeyToAccount(generatePrivateKey()))
    expect((await execute(foreign)).status).toBe(401)
    expect(await sendDirectly(foreign)).toBe('reverted')
    expect(await chain.getBalance({ address: other })).toBe(0n)
    expect(await chain.getBalance({ address: payee })).toBe(parseEther('0.01'))

    // Revoked through the frame: the row and the account's storage both say so.
    const pending = await signed([{ to: payee, value: 1n, data: '0x' }])
    expect(await frame.service.RPC_REQUEST({ method: 'wallet_revokePermissions', params: [{ context: granted.context }] })).toEqual({
      result: {},
    })
    expect(
      await chain.readContract({ address: self, abi: BatchExecutor.abi, functionName: 'getGrant', args: [granted.context] }),
    ).toMatchObject({ revoked: true })
    expect(await execute(pending)).toMatchObject({ status: 400, error: 'The permission was revoked' })
    expect(await sendDirectly(pending)).toBe('reverted')
    expect(await chain.getBalance({ address: payee })).toBe(parseEther('0.01'))
  })
})

describe('the frame signs only the grant the app asked for', () => {
  it('an API answering with a grant for another session key gets nothing signed: no transaction leaves the account', async () => {
    const attacker = privateKeyToAccount(generatePrivateKey()).address
    // The API as a compromised one would answer: the same grant, but for the attacker's key.
    const tampering = {
      request: async (input: string, init?: RequestInit) => {
        const res = await shares.request(input, init)
        if (!input.endsWith('/v1/auth/rpc') || res.status !== 200) return res
        const body = (await res.json()) as { result?: { grantCall?: { data: Hex } } }
        const call = body.result?.grantCall
        if (call) {
          const { args } = decodeFunctionData({ abi: SESSION_EXECUTOR_ABI, data: call.data })
          const [id, , expiry, scopes, allowance, period, start] = args as unknown as [
            Hex,
            Address,
            bigint,
            { target: Address; selectors: Hex[] }[],
            bigint,
            bigint,
            bigint,
          ]
          call.data = encodeFunctionData({
            abi: SESSION_EXECUTOR_ABI,
            functionName: 'grant',
            args: [id, attacker, expiry, scopes, allowance, period, start],
          })
        }
        return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })
      },
    } as unknown as TestApp
    const frame = await frameLogin(tampering, 'tampered-grant@example.com')
    const self = frame.user.address as Address
    const transport = http(anvil.rpcUrl)
    const chain = createPublicClient({ chain: devnet, transport })
    await createTestClient({ chain: devnet, transport, mode: 'anvil' }).setBalance({ address: self, value: parseEther('1') })
    await frame.service.SET_PREFERRED_ACCOUNT({ type: 'smartAccount' })
    const sent = await chain.getTransactionCount({ address: self })

    const signer = privateKeyToAccount(generatePrivateKey())
    const answer = await frame.service
      .RPC_REQUEST({
        method: 'wallet_grantPermissions',
        params: [
          {
            chainId: '0x7a69',
            expiry: Math.floor(clock() / 1000) + 3600,
            signer: { type: 'account', data: { id: signer.address } },
            permissions: [{ type: 'contract-call', data: { address: privateKeyToAccount(generatePrivateKey()).address } }],
          },
        ],
      })
      .catch((error: Error) => error.message)
    expect(answer).toBe('The API answered with a transaction that is not this permission’s')
    expect(await chain.getTransactionCount({ address: self })).toBe(sent)
  })
})

describe('a user of the old custody migrates at their next login', () => {
  it('whole keys released once, split in the frame, the sealed keys deleted; the same addresses sign after', async () => {
    const email = 'legacy-user@example.com'
    nextLogin()
    const old = await login(legacy, mailbox, email, 'device-legacy-000001', {}, clock())
    const userId = old.user.userId
    expect((await db.query('SELECT kind FROM portico_auth.user_keys WHERE user_id = $1', [userId])).rows).toHaveLength(2)

    const frame = await frameLogin(shares, email)
    expect(frame.user.address).toBe(old.user.evmAddress)
    expect(frame.user.solanaAddress).toBe(old.user.solanaAddress)
    expect((await db.query('SELECT 1 FROM portico_auth.user_keys WHERE user_id = $1', [userId])).rows).toEqual([])
    const kinds = await db.query<{ kind: string; address: string }>(
      'SELECT kind, address FROM portico_auth.key_shares WHERE user_id = $1 ORDER BY kind',
      [userId],
    )
    expect(kinds.rows).toEqual([
      { kind: 'evm', address: old.user.evmAddress },
      { kind: 'solana', address: old.user.solanaAddress },
    ])
    const { result } = await frame.service.RPC_REQUEST({ method: 'personal_sign', params: ['migrated', old.user.evmAddress] })
    expect(await verifyMessage({ address: old.user.evmAddress as Hex, message: 'migrated', signature: result as Hex })).toBe(true)
    // Nothing left to release.
    expect(await frame.api.legacyKeys!(frame.session).catch((error: Error) => error.message)).toBe(KEYS_ERRORS.notLegacy)
  })

  it('a legacy key is released at most once to a session', async () => {
    const email = 'legacy-twice@example.com'
    nextLogin()
    await login(legacy, mailbox, email, 'device-legacy-000002', {}, clock())
    nextLogin()
    // A frame without a device-share store leaves the migration to the test.
    const api = createAuthApi({
      apiUrl: FRAME_API_URL,
      fetch: ((input: string, init?: RequestInit) => shares.request(input, init)) as typeof fetch,
      now: clock,
    })
    const sessions = memorySessionStore()
    const service = createFrameService({
      api,
      sessions,
      deviceId: () => 'device-legacy-000003',
      chainId: '31337',
      hostOrigin: FRAME_HOST,
      now: clock,
    })
    await service.CONNECT_EMAIL({ email })
    expect((await approveByPage(shares, mailbox.lastLink(email))).status).toBe(200)
    await service.CONNECT_DEVICE({})
    await service.CONNECT_OTP({ otp: mailbox.lastCode(email) })
    const session = (await sessions.get())!
    const first = await api.legacyKeys!(session)
    expect(first.evm).toMatchObject({ v: 1 })
    expect(fromBase64url((first.evm as { epk: string }).epk)).toHaveLength(65)
    expect(await api.legacyKeys!(session).catch((error: Error) => error.message)).toBe(KEYS_ERRORS.released)
  })
})

describe('a database from before key shares (migrations up to 013), with a user and their sealed whole keys', () => {
  it('upgrades (014 and later), and the user is migrated at their login: the same addresses sign, no sealed whole key remains', async () => {
    const old = await openPglite()
    try {
      await migrate(
        old,
        loadMigrations().filter((m) => m.version <= '013'),
      )
      // The user as the API of that time made them: keys generated and sealed by the server.
      const keys = generateUserKeys()
      const id = crypto.randomUUID()
      const sealed = sealUserKeys(deriveSecrets(parseKek(TEST_KEK)).keyEncryption, id, keys)
      await old.query('INSERT INTO portico_auth.users (id, email, evm_address, solana_address) VALUES ($1, $2, $3, $4)', [
        id,
        'before-shares@example.com',
        keys.evmAddress,
        keys.solanaAddress,
      ])
      for (const kind of ['evm', 'solana'] as const) {
        await old.query('INSERT INTO portico_auth.user_keys (user_id, kind, sealed) VALUES ($1, $2, $3)', [id, kind, sealed[kind]])
      }
      expect(await migrate(old)).toEqual(
        loadMigrations()
          .filter((m) => m.version > '013')
          .map((m) => m.version),
      )

      const { app } = await openTestApp({
        db: old,
        chains: [{ chainId: 31337, name: 'Anvil', rpcUrl: anvil.rpcUrl, nativeCurrency: devnet.nativeCurrency }],
        auth: {
          kek: TEST_KEK,
          mail: mailbox,
          frameOrigins: [FRAME_ORIGIN],
          clientIp: () => '10.2.0.3',
          keyCustody: 'shares',
          now: clock,
          limits,
        },
      })
      const frame = await frameLogin(app, 'before-shares@example.com')
      expect(frame.user.address).toBe(keys.evmAddress)
      expect(frame.user.solanaAddress).toBe(keys.solanaAddress)
      expect((await old.query('SELECT 1 FROM portico_auth.user_keys')).rows).toEqual([])
      expect((await old.query('SELECT kind FROM portico_auth.key_shares WHERE user_id = $1 ORDER BY kind', [id])).rows).toEqual([
        { kind: 'evm' },
        { kind: 'solana' },
      ])
      const { result } = await frame.service.RPC_REQUEST({ method: 'personal_sign', params: ['after the upgrade', keys.evmAddress] })
      expect(await verifyMessage({ address: keys.evmAddress as Hex, message: 'after the upgrade', signature: result as Hex })).toBe(true)
    } finally {
      await old.close()
    }
  })
})
