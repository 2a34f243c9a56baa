// Requests and events outside eip155 through a WalletConnect session: the real local relay, the Node
// dev wallet, anvil and the litesvm Solana RPC. Each signature is checked against the account's own
// public key; the Solana transfers (SOL, SPL) are read back from the chain.
import { createHash, randomBytes } from 'node:crypto'
import { ed25519 } from '@noble/curves/ed25519'
import { secp256k1 } from '@noble/curves/secp256k1'
import {
  LAMPORTS_PER_SIGNATURE,
  startAnvil,
  startRelay,
  startSolanaDevnet,
  toCaipNetwork,
  type AnvilInstance,
  type Relay,
  type SolanaDevnet,
} from '@portico/devnet'
import {
  blake2b,
  cosmosAddress,
  deriveWcWalletAccounts,
  p2wpkhAddress,
  ss58Address,
  stacksAddress,
  startWcWallet,
  suiAddress,
  WC_WALLET_CHAINS,
  type WcWallet,
} from '@portico/devnet/wcwallet'
import { type CaipNetwork, createPortico, type Portico } from '@portico/headless'
import { address } from '@solana/kit'
import { SignClient } from '@walletconnect/sign-client'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { walletConnectAdapter } from './adapter'
import { base58Decode, base58Encode } from './codec'
import { mapStorage, recordFetches, testNetwork, until } from './test-support'

const fetches = recordFetches()

const SOL_0 = 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96'
const TEXT = 'hello portico'
const TEXT_BYTES = new TextEncoder().encode(TEXT)
const sha = (b: Uint8Array) => new Uint8Array(createHash('sha256').update(b).digest())
const b64 = (s: string) => new Uint8Array(Buffer.from(s, 'base64'))

const net = (ns: CaipNetwork['chainNamespace'], ref: string, symbol: string, decimals: number, rpcUrl?: string) =>
  testNetwork(ns, ref, { symbol, decimals, rpcUrl })
const ref = (chain: string) => chain.slice(chain.indexOf(':') + 1)

/** The owner's balance of `mint` in base units, over its token accounts (0 without one). */
async function splBalance(rpcUrl: string, owner: string, mint: string): Promise<bigint> {
  const body = {
    jsonrpc: '2.0',
    id: 1,
    method: 'getTokenAccountsByOwner',
    params: [owner, { mint }, { encoding: 'jsonParsed', commitment: 'confirmed' }],
  }
  const res = await fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  const { result } = (await res.json()) as {
    result: { value: { account: { data: { parsed: { info: { tokenAmount: { amount: string } } } } } }[] }
  }
  return result.value.reduce((n, a) => n + BigInt(a.account.data.parsed.info.tokenAmount.amount), 0n)
}

async function lamports(rpcUrl: string, address: string): Promise<bigint> {
  const res = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: [address] }),
  })
  return BigInt(((await res.json()) as { result: { value: number } }).result.value)
}

describe('walletConnectAdapter: requests and events in every namespace (relay, Node wallet, anvil, litesvm)', () => {
  let relay: Relay
  let anvil: AnvilInstance
  let solana: SolanaDevnet
  let wallet: WcWallet
  let networks: CaipNetwork[]
  let solanaNet: CaipNetwork
  const porticos: Portico[] = []
  let prefix = 0

  beforeAll(async () => {
    ;[relay, anvil, solana] = await Promise.all([startRelay(), startAnvil({ chainId: 31337 }), startSolanaDevnet()])
    wallet = await startWcWallet({
      relayUrl: relay.url,
      evm: { chains: [{ chainId: 31337, rpcUrl: anvil.rpcUrl }] },
      solana: { rpcUrl: solana.rpcUrl },
    })
    solanaNet = net('solana', ref(solana.caipNetworkId), 'SOL', 9, solana.rpcUrl)
    networks = [
      toCaipNetwork({
        chainId: 31337,
        name: 'Devnet A',
        rpcUrl: anvil.rpcUrl,
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      }) as CaipNetwork,
      solanaNet,
      net('polkadot', ref(WC_WALLET_CHAINS.polkadot), 'DOT', 10),
      net('bip122', ref(WC_WALLET_CHAINS.bip122), 'BTC', 8),
      net('cosmos', ref(WC_WALLET_CHAINS.cosmos), 'ATOM', 6),
      net('sui', ref(WC_WALLET_CHAINS.sui), 'SUI', 9),
      net('stacks', ref(WC_WALLET_CHAINS.stacks), 'STX', 6),
    ]
  })
  afterEach(async () => {
    for (const p of porticos.splice(0)) p.destroy()
    await wallet.disconnect().catch(() => undefined)
  })
  afterAll(async () => {
    await wallet?.stop()
    await Promise.all([relay?.stop(), anvil?.stop(), solana?.stop()])
    fetches.restore()
    expect(fetches.offLoopback()).toEqual([])
  })

  async function connected(): Promise<Portico> {
    const adapter = walletConnectAdapter({
      relayUrl: relay.url,
      customStoragePrefix: `multichain-${++prefix}`,
      storageOptions: { database: ':memory:' },
      metadata: { name: 'Portico test', description: 'test', url: 'http://127.0.0.1:5173', icons: [] },
      loadSignClient: async () => SignClient,
    })
    const portico = createPortico({
      projectId: 'local',
      apiUrl: 'http://127.0.0.1:9',
      networks,
      adapters: [adapter],
      storage: mapStorage(),
      isMobile: false,
      fetch: async () => new Response('{}', { status: 500 }),
    })
    porticos.push(portico)
    await portico.ready
    const connecting = portico.connection.connect('walletConnect')
    await wallet.pair(await until(() => portico.connection.$wcUri.get(), 'the pairing URI'))
    const session = await wallet.approveNext()
    await connecting
    expect(Object.keys(session.namespaces).sort()).toEqual(['bip122', 'cosmos', 'eip155', 'polkadot', 'solana', 'stacks', 'sui'])
    return portico
  }

  it('on the Solana network, signMessage sends solana_signMessage and returns an ed25519 signature of the account', async () => {
    const portico = await connected()
    await portico.network.switchNetwork(solanaNet)
    expect(portico.chain.$activeChain.get()).toBe('solana')
    expect(portico.chain.$account.get().address).toBe(SOL_0)

    const signature = await portico.wallet.signMessage(TEXT)
    expect(base58Decode(signature)).toHaveLength(64)
    expect(ed25519.verify(base58Decode(signature), TEXT_BYTES, base58Decode(SOL_0))).toBe(true)
    expect(ed25519.verify(base58Decode(signature), new TextEncoder().encode('hello portic0'), base58Decode(SOL_0))).toBe(false)
    expect(wallet.requestLog().at(-1)).toMatchObject({
      method: 'solana_signMessage',
      chainId: solana.caipNetworkId,
      params: { message: '9hLF3DC56ytDdotRn6', pubkey: SOL_0 },
    })
  })

  it('sendTransaction on Solana: the wallet signs and submits a transfer; the lamports move on the local chain', async () => {
    const portico = await connected()
    const to = solana.accounts[2]!
    const [fromBefore, toBefore] = [await lamports(solana.rpcUrl, SOL_0), await lamports(solana.rpcUrl, to)]
    const signature = await portico.wallet.sendTransaction({ to, value: 1_234_567n }, { namespace: 'solana' })
    expect(base58Decode(signature)).toHaveLength(64)
    expect(await lamports(solana.rpcUrl, to)).toBe(toBefore + 1_234_567n)
    expect(await lamports(solana.rpcUrl, SOL_0)).toBe(fromBefore - 1_234_567n - LAMPORTS_PER_SIGNATURE)
    const entry = wallet.requestLog().at(-1)!
    expect(entry).toMatchObject({ method: 'solana_signAndSendTransaction', chainId: solana.caipNetworkId, result: { signature } })
    expect(Object.keys(entry.params as object)).toEqual(['transaction'])
  })

  it("transfer of an SPL token on Solana: the wallet signs and submits CreateIdempotent + TransferChecked; the receiver's token account is made and gets exactly N", async () => {
    const portico = await connected()
    await portico.network.switchNetwork(solanaNet)
    // Dev account 3 holds USDC; a fresh owner has no token account yet (the transfer creates it), then has one.
    for (const to of [address(base58Encode(new Uint8Array(randomBytes(32)))) as string, solana.accounts[3]!]) {
      const before = await splBalance(solana.rpcUrl, to, solana.usdcMint)
      const signature = await portico.wallet.transfer(
        { to, amount: 2_500_001n, token: { address: solana.usdcMint, decimals: 6 } },
        { namespace: 'solana' },
      )
      expect(base58Decode(signature)).toHaveLength(64)
      expect(await splBalance(solana.rpcUrl, to, solana.usdcMint)).toBe(before + 2_500_001n)
      expect(wallet.requestLog().at(-1)).toMatchObject({
        method: 'solana_signAndSendTransaction',
        chainId: solana.caipNetworkId,
        result: { signature },
      })
    }
  })

  it('signMessage in polkadot, sui, cosmos, bip122 and stacks: each signature verifies against the key of that address', async () => {
    const portico = await connected()
    const { accounts } = wallet
    const sign = (namespace: CaipNetwork['chainNamespace']) => portico.wallet.signMessage(TEXT, { namespace })

    // polkadot_signMessage: 0x-hex ed25519 over <Bytes>message</Bytes>, key = the one in the SS58 address.
    const dot = await sign('polkadot')
    const dotKey = base58Decode(accounts.polkadot).slice(1, 33)
    expect(ss58Address(dotKey, 0)).toBe(accounts.polkadot)
    expect(ed25519.verify(Buffer.from(dot.slice(2), 'hex'), new TextEncoder().encode(`<Bytes>${TEXT}</Bytes>`), dotKey)).toBe(true)
    expect(wallet.requestLog().at(-1)).toMatchObject({
      method: 'polkadot_signMessage',
      params: { address: accounts.polkadot, message: '0x68656c6c6f20706f727469636f' },
    })

    // sui_signPersonalMessage: base64(flag 0 ‖ signature ‖ key) over BLAKE2b-256(intent ‖ BCS bytes).
    const sui = b64(await sign('sui'))
    expect(sui[0]).toBe(0)
    expect(suiAddress(sui.slice(65))).toBe(accounts.sui)
    expect(ed25519.verify(sui.slice(1, 65), blake2b(new Uint8Array([3, 0, 0, TEXT_BYTES.length, ...TEXT_BYTES]), 32), sui.slice(65))).toBe(
      true,
    )
    expect(wallet.requestLog().at(-1)).toMatchObject({
      method: 'sui_signPersonalMessage',
      params: { message: 'aGVsbG8gcG9ydGljbw==', address: accounts.sui },
    })

    // cosmos: ADR-036 through cosmos_signAmino; secp256k1 over SHA-256 of the sorted sign doc.
    const cosmos = b64(await sign('cosmos'))
    const cosmosEntry = wallet.requestLog().at(-1)!
    expect(cosmosEntry.method).toBe('cosmos_signAmino')
    const cosmosKey = b64((cosmosEntry.result as { signature: { pub_key: { value: string } } }).signature.pub_key.value)
    expect(cosmosAddress(cosmosKey)).toBe(accounts.cosmos)
    const doc = `{"account_number":"0","chain_id":"","fee":{"amount":[],"gas":"0"},"memo":"","msgs":[{"type":"sign/MsgSignData","value":{"data":"aGVsbG8gcG9ydGljbw==","signer":"${accounts.cosmos}"}}],"sequence":"0"}`
    expect(secp256k1.verify(cosmos, sha(new TextEncoder().encode(doc)), cosmosKey)).toBe(true)

    // bip122 signMessage: BIP-137 recoverable signature; the recovered key's P2WPKH address is the account.
    const btc = b64(await sign('bip122'))
    const btcHash = sha(
      sha(new Uint8Array([24, ...new TextEncoder().encode('Bitcoin Signed Message:\n'), TEXT_BYTES.length, ...TEXT_BYTES])),
    )
    const btcKey = secp256k1.Signature.fromCompact(btc.slice(1))
      .addRecoveryBit(btc[0]! - 39)
      .recoverPublicKey(btcHash)
      .toRawBytes(true)
    expect(p2wpkhAddress(btcKey)).toBe(accounts.bip122)
    expect(wallet.requestLog().at(-1)).toMatchObject({
      method: 'signMessage',
      params: { account: accounts.bip122, address: accounts.bip122, message: TEXT, protocol: 'ecdsa' },
    })

    // stx_signMessage: RSV hex; the recovered key's address is the Stacks account.
    const stx = Buffer.from(await sign('stacks'), 'hex')
    const stxHash = sha(new Uint8Array([23, ...new TextEncoder().encode('Stacks Signed Message:\n'), TEXT_BYTES.length, ...TEXT_BYTES]))
    const stxKey = secp256k1.Signature.fromCompact(stx.subarray(0, 64)).addRecoveryBit(stx[64]!).recoverPublicKey(stxHash).toRawBytes(true)
    expect(stacksAddress(stxKey)).toBe(accounts.stacks)
  })

  it('a request whose method the wallet did not approve fails with "Requested RPC call is not allowed" and is never sent', async () => {
    const portico = await connected()
    const before = wallet.requestLog().length
    // The dev wallet approves no sendTransfer (bip122) nor stx_transferStx (stacks); polkadot has no send at all.
    await expect(portico.wallet.sendTransaction({ to: wallet.accounts.bip122, value: 1000n }, { namespace: 'bip122' })).rejects.toThrow(
      'Requested RPC call is not allowed',
    )
    await expect(portico.wallet.sendTransaction({ to: wallet.accounts.stacks, value: 1000n }, { namespace: 'stacks' })).rejects.toThrow(
      'Requested RPC call is not allowed',
    )
    await expect(portico.wallet.sendTransaction({ to: wallet.accounts.polkadot, value: 1000n }, { namespace: 'polkadot' })).rejects.toThrow(
      'Requested RPC call is not allowed',
    )
    expect(wallet.requestLog().length).toBe(before)
  })

  it('bip122_addressesChanged and Solana accountsChanged from the wallet reach the accounts in headless', async () => {
    const portico = await connected()
    const other = await deriveWcWalletAccounts(undefined, 1)
    expect(portico.chain.getAccount('bip122')?.address).toBe(wallet.accounts.bip122)
    await wallet.emitAccountsChanged([other.bip122], undefined, 'bip122')
    await until(() => portico.chain.getAccount('bip122')?.address === other.bip122, 'bip122_addressesChanged')
    expect(portico.chain.getAccount('bip122')).toMatchObject({ address: 'bc1qp533522veg9uyhpx3sva9vqrnfzmt262n4lsuq', status: 'connected' })

    await wallet.emitAccountsChanged([other.solana], undefined, 'solana')
    await until(() => portico.chain.getAccount('solana')?.address === other.solana, 'solana accountsChanged')
    // The other namespaces keep their accounts.
    expect(portico.chain.getAccount('eip155')?.address).toBe(wallet.accounts.eip155)
    expect(portico.chain.getAccount('polkadot')?.address).toBe(wallet.accounts.polkadot)
  })
})
