// The dev wallet's Solana side: a Wallet Standard wallet over the devnet mnemonic's Solana accounts
// (m/44'/501'/<i>'/0'), sharing the EVM core's approval queue (so the same prompt asks) and its
// selected account index. Sends go to the local Solana RPC only. No DOM, no node: imports.
import {
  getBase58Decoder,
  getBase58Encoder,
  getBase64Decoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  getTransactionEncoder,
} from '@solana/kit'
import type {
  SolanaSignAndSendTransactionFeature,
  SolanaSignAndSendTransactionInput,
  SolanaSignMessageFeature,
  SolanaSignMessageInput,
  SolanaSignTransactionFeature,
  SolanaSignTransactionInput,
} from '@solana/wallet-standard-features'
import type { IdentifierString, Wallet, WalletAccount } from '@wallet-standard/base'
import type {
  StandardConnectFeature,
  StandardDisconnectFeature,
  StandardEventsChangeProperties,
  StandardEventsFeature,
} from '@wallet-standard/features'
import { formatUnits } from '@portico/protocol/chain'
import { DEVNET_MNEMONIC } from '../constants.ts'
import { type DevWalletCore, isLoopbackUrl, shortAddress as short } from './core.ts'
import { DISCONNECTED, INTERNAL_ERROR, invalidParams, ProviderRpcError, unauthorized } from './errors.ts'
import { DEV_WALLET_ICON_BASE64 } from './icon.ts'
import { type SolanaKey, solanaKeys } from './solana-keys.ts'
import type { KeyValueStorage } from './storage.ts'

export interface DevWalletSolanaOptions {
  /** The local Solana JSON-RPC (loopback only unless allowNonLoopbackRpc). */
  rpcUrl: string
  /** `solana:<genesis reference>` of the local chain, e.g. 'solana:CdTVLPWPbyfapDkhQ9VtSSLdbrLSEuyS'. */
  caipNetworkId: string
  /** @default 'Portico Local Solana' */
  name?: string
  /** The Wallet Standard wallet's name. @default the EIP-6963 name ('Portico Dev Wallet') */
  walletName?: string
}

export interface SolanaDevWalletState {
  chain: IdentifierString
  accounts: readonly string[]
  /** The selected account (the EVM side's account index). */
  address: string
  authorized: boolean
}

export interface SolanaDevWallet {
  /** The Wallet Standard wallet object to register. */
  readonly wallet: Wallet
  getState(): SolanaDevWalletState
  /** Forget the site's authorisation (a change event with no accounts). */
  revoke(): void
  destroy(): void
}

export interface CreateSolanaDevWalletOptions {
  core: DevWalletCore
  solana: DevWalletSolanaOptions
  name: string
  mnemonic?: string
  accountCount?: number
  storage: KeyValueStorage
  /** @default 'portico-devwallet-solana' */
  storageKey?: string
  allowNonLoopbackRpc?: boolean
}

const SYSTEM_PROGRAM = '11111111111111111111111111111111'
const TOKEN_PROGRAMS = new Set(['TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'])
const ASSOCIATED_TOKEN_PROGRAM = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL'

const formatSol = (lamports: bigint) => formatUnits(lamports, 9)

type CompiledInstruction = { programAddressIndex: number; accountIndices?: readonly number[]; data?: Uint8Array }

/**
 * 'Send 1.5 SOL to oeYf…kq96' for a lone System transfer; 'Send 1.25 of EPjF…Dt1v to oeYf…kq96' for
 * an SPL TransferChecked (after an optional CreateIdempotent of the recipient's token account);
 * else a generic title.
 */
function describeTransaction(messageBytes: Uint8Array): { title: string; details: string[] } {
  try {
    const message = getCompiledTransactionMessageDecoder().decode(messageBytes) as unknown as {
      staticAccounts: readonly string[]
      instructions: readonly CompiledInstruction[]
    }
    const keys = message.staticAccounts
    const program = (ix: CompiledInstruction) => keys[ix.programAddressIndex]
    const account = (ix: CompiledInstruction, i: number) => keys[ix.accountIndices?.[i] ?? -1]
    const details = message.instructions.map((ix) => `Program ${program(ix) ?? '?'}`)
    const [only] = message.instructions
    if (message.instructions.length === 1 && only && program(only) === SYSTEM_PROGRAM) {
      const data = only.data
      if (data && data.length === 12 && new DataView(data.buffer, data.byteOffset).getUint32(0, true) === 2) {
        const lamports = new DataView(data.buffer, data.byteOffset).getBigUint64(4, true)
        const to = account(only, 1)
        if (to) return { title: `Send ${formatSol(lamports)} SOL to ${short(to)}`, details: [`To ${to}`] }
      }
    }
    const transfer = message.instructions.at(-1)
    const create = message.instructions.length === 2 ? message.instructions[0] : undefined
    const data = transfer?.data
    if (
      transfer &&
      message.instructions.length <= 2 &&
      TOKEN_PROGRAMS.has(program(transfer) ?? '') &&
      data?.length === 10 &&
      data[0] === 12 &&
      (!create || (program(create) === ASSOCIATED_TOKEN_PROGRAM && create.data?.[0] === 1 && account(create, 1) === account(transfer, 2)))
    ) {
      const view = new DataView(data.buffer, data.byteOffset)
      const amount = formatUnits(view.getBigUint64(1, true), data[9] ?? 0)
      const mint = account(transfer, 1) ?? '?'
      const owner = create ? account(create, 2) : undefined
      const destination = account(transfer, 2) ?? '?'
      const lines = [`Token ${mint}`, owner ? `To ${owner}` : `To token account ${destination}`]
      if (create) lines.push(`Creates the recipient's token account ${destination}`)
      return { title: `Send ${amount} of ${short(mint)} to ${short(owner ?? destination)}`, details: lines }
    }
    return { title: 'Sign transaction', details }
  } catch {
    throw invalidParams('transaction bytes could not be decoded')
  }
}

function messageOf(transaction: Uint8Array): Uint8Array {
  try {
    return new Uint8Array(getTransactionDecoder().decode(transaction).messageBytes)
  } catch {
    throw invalidParams('transaction bytes could not be decoded')
  }
}

function readAuthorized(storage: KeyValueStorage, key: string): boolean {
  try {
    const raw = storage.getItem(key)
    const value = raw ? (JSON.parse(raw) as { authorized?: unknown }) : undefined
    return value?.authorized === true
  } catch {
    return false
  }
}

/** The Solana (Wallet Standard) side of the dev wallet. */
export function createSolanaDevWallet(options: CreateSolanaDevWalletOptions): SolanaDevWallet {
  const { core, solana, storage } = options
  const storageKey = options.storageKey ?? 'portico-devwallet-solana'
  if (!/^solana:[1-9A-HJ-NP-Za-km-z]{1,32}$/.test(solana.caipNetworkId))
    throw new Error(`solana.caipNetworkId must be solana:<genesis reference>, got ${solana.caipNetworkId}`)
  const chain = solana.caipNetworkId as IdentifierString
  const chainName = solana.name ?? 'Portico Local Solana'
  const accountCount = options.accountCount ?? 4
  let keys: SolanaKey[] | undefined
  // Deriving (PBKDF2, 2048 rounds) waits until the keys are first needed.
  const allKeys = () => (keys ??= solanaKeys(options.mnemonic ?? DEVNET_MNEMONIC, accountCount))
  const selectedKey = () => allKeys()[core.getState().accountIndex] as SolanaKey

  let authorized = readAuthorized(storage, storageKey)
  let destroyed = false
  const listeners = new Set<(p: StandardEventsChangeProperties) => void>()

  const walletAccount = (key: SolanaKey): WalletAccount =>
    Object.freeze({
      address: key.address,
      publicKey: key.publicKey.slice(),
      chains: [chain] as const,
      features: ['solana:signAndSendTransaction', 'solana:signTransaction', 'solana:signMessage'] as const,
    })
  const exposed = (): WalletAccount[] => (authorized && !destroyed ? [walletAccount(selectedKey())] : [])

  const emitChange = () => {
    const accounts = exposed()
    for (const l of [...listeners]) {
      try {
        l({ accounts })
      } catch (e) {
        console.error('[portico dev wallet] solana change listener threw', e)
      }
    }
  }
  const setAuthorized = (on: boolean) => {
    if (authorized === on) return
    authorized = on
    try {
      storage.setItem(storageKey, JSON.stringify({ authorized }))
    } catch {}
    emitChange()
  }

  // The widget's account select drives both sides.
  let lastIndex = core.getState().accountIndex
  const unsubscribe = core.subscribe((s) => {
    if (s.accountIndex === lastIndex) return
    lastIndex = s.accountIndex
    if (authorized) emitChange()
  })

  /** The selected account if `account` names it and the site is authorised, else 4100. */
  const keyFor = (account: WalletAccount): SolanaKey => {
    if (destroyed) throw new ProviderRpcError(DISCONNECTED, 'The dev wallet was uninstalled')
    const key = selectedKey()
    if (!authorized || account?.address !== key.address) throw unauthorized()
    return key
  }
  const checkChain = (wanted: IdentifierString | undefined) => {
    if (wanted !== undefined && wanted !== chain) throw invalidParams(`Unsupported chain ${wanted}; the dev wallet has ${chain}`)
  }

  /** Signs the wire transaction as `key`: its slot must be among the required signers. */
  function signWire(key: SolanaKey, transaction: Uint8Array): Uint8Array {
    let tx: ReturnType<ReturnType<typeof getTransactionDecoder>['decode']>
    try {
      tx = getTransactionDecoder().decode(transaction)
    } catch {
      throw invalidParams('transaction bytes could not be decoded')
    }
    if (!(key.address in tx.signatures)) throw invalidParams(`${key.address} is not a signer of this transaction`)
    const signature = key.sign(new Uint8Array(tx.messageBytes))
    const signed = { ...tx, signatures: Object.freeze({ ...tx.signatures, [key.address]: signature }) }
    return new Uint8Array(getTransactionEncoder().encode(signed as typeof tx))
  }

  async function rpc<T>(method: string, params: unknown[]): Promise<T> {
    if (!options.allowNonLoopbackRpc && !isLoopbackUrl(solana.rpcUrl))
      throw new ProviderRpcError(DISCONNECTED, `The dev wallet only talks to loopback RPC URLs; ${chainName} uses ${solana.rpcUrl}`)
    let body: { result?: T; error?: { code?: unknown; message?: unknown; data?: unknown } }
    try {
      const res = await fetch(solana.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      })
      body = (await res.json()) as typeof body
    } catch (e) {
      throw new ProviderRpcError(INTERNAL_ERROR, `RPC request to ${solana.rpcUrl} failed: ${e instanceof Error ? e.message : e}`)
    }
    if (body.error) {
      const { code, message, data } = body.error
      throw new ProviderRpcError(typeof code === 'number' ? code : INTERNAL_ERROR, String(message ?? 'RPC error'), data)
    }
    return body.result as T
  }

  const connect: StandardConnectFeature['standard:connect'] = {
    version: '1.0.0',
    async connect(input) {
      core.recordRequest(input?.silent ? 'standard:connect (silent)' : 'standard:connect')
      if (destroyed) throw new ProviderRpcError(DISCONNECTED, 'The dev wallet was uninstalled')
      if (!authorized && !input?.silent) {
        const address = selectedKey().address
        await core.prompt({
          kind: 'connect',
          method: 'standard:connect',
          title: 'Connect to this site',
          details: [`Share Solana account ${address}`, `Network: ${chainName} (${chain})`],
        })
        setAuthorized(true)
      }
      return { accounts: exposed() }
    },
  }
  const disconnect: StandardDisconnectFeature['standard:disconnect'] = {
    version: '1.0.0',
    async disconnect() {
      core.recordRequest('standard:disconnect')
      setAuthorized(false)
    },
  }
  const events: StandardEventsFeature['standard:events'] = {
    version: '1.0.0',
    on(event, listener) {
      if (event !== 'change') return () => {}
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
  const signMessage: SolanaSignMessageFeature['solana:signMessage'] = {
    version: '1.0.0',
    async signMessage(...inputs: readonly SolanaSignMessageInput[]) {
      core.recordRequest('solana:signMessage')
      const out = []
      for (const { account, message } of inputs) {
        const key = keyFor(account)
        let text: string
        try {
          text = new TextDecoder('utf-8', { fatal: true }).decode(message)
        } catch {
          text = `0x${Array.from(message, (b) => b.toString(16).padStart(2, '0')).join('')}`
        }
        await core.prompt({
          kind: 'solanaSignMessage',
          method: 'solana:signMessage',
          title: 'Sign message',
          details: [text, `Account ${key.address}`],
        })
        out.push({ signedMessage: message, signature: key.sign(message) })
      }
      return out
    },
  }
  const signTransaction: SolanaSignTransactionFeature['solana:signTransaction'] = {
    version: '1.0.0',
    supportedTransactionVersions: ['legacy', 0],
    async signTransaction(...inputs: readonly SolanaSignTransactionInput[]) {
      core.recordRequest('solana:signTransaction')
      const out = []
      for (const { account, transaction, chain: wanted } of inputs) {
        const key = keyFor(account)
        checkChain(wanted)
        const { title, details } = describeTransaction(messageOf(transaction))
        await core.prompt({
          kind: 'solanaSignTransaction',
          method: 'solana:signTransaction',
          title: title === 'Sign transaction' ? title : `Sign: ${title}`,
          details: [...details, `Account ${key.address}`],
        })
        out.push({ signedTransaction: signWire(key, transaction) })
      }
      return out
    },
  }
  const signAndSendTransaction: SolanaSignAndSendTransactionFeature['solana:signAndSendTransaction'] = {
    version: '1.0.0',
    supportedTransactionVersions: ['legacy', 0],
    async signAndSendTransaction(...inputs: readonly SolanaSignAndSendTransactionInput[]) {
      core.recordRequest('solana:signAndSendTransaction')
      const out = []
      for (const { account, transaction, chain: wanted, options: sendOptions } of inputs) {
        const key = keyFor(account)
        checkChain(wanted)
        const { title, details } = describeTransaction(messageOf(transaction))
        await core.prompt({
          kind: 'solanaSendTransaction',
          method: 'solana:signAndSendTransaction',
          title,
          details: [`Network: ${chainName} (${chain})`, `From ${key.address}`, ...details],
        })
        const wire = getBase64Decoder().decode(signWire(key, transaction))
        const signature = await rpc<string>('sendTransaction', [
          wire,
          {
            encoding: 'base64',
            skipPreflight: sendOptions?.skipPreflight ?? false,
            preflightCommitment: sendOptions?.preflightCommitment ?? 'confirmed',
          },
        ])
        out.push({ signature: new Uint8Array(getBase58Encoder().encode(signature)) })
      }
      return out
    },
  }

  const wallet: Wallet = Object.freeze({
    version: '1.0.0' as const,
    name: solana.walletName ?? options.name,
    icon: DEV_WALLET_ICON_BASE64,
    chains: [chain] as const,
    features: Object.freeze({
      'standard:connect': connect,
      'standard:disconnect': disconnect,
      'standard:events': events,
      'solana:signMessage': signMessage,
      'solana:signTransaction': signTransaction,
      'solana:signAndSendTransaction': signAndSendTransaction,
    }),
    get accounts() {
      return exposed()
    },
  })

  return {
    wallet,
    getState: () => {
      const all = allKeys()
      return { chain, accounts: all.map((k) => k.address), address: selectedKey().address, authorized }
    },
    revoke: () => setAuthorized(false),
    destroy() {
      if (destroyed) return
      destroyed = true
      unsubscribe()
      listeners.clear()
    },
  }
}

/** base58 of signature bytes (for tests and the prompt). */
export const toBase58 = (bytes: Uint8Array): string => getBase58Decoder().decode(bytes)
