/**
 * The WalletConnect engine's wallet operations: balances, signatures, transactions and transfers
 * (eip155, Solana SPL, bip122, stacks), contract writes, typed data, EIP-5792 calls and receipt
 * waits, each sent through the session (./session) to the namespace and chain holding the account.
 * Part of the lazy engine chunk.
 */
import type { CaipNetwork, SendTransactionParams, TransferParams, WalletCallContext } from '@portico/headless'
import { checkWalletCalls, defaultTimers, ERRORS, PorticoError, RECEIPT_TIMEOUT_MS } from '@portico/headless'
import { chainRpc, erc20TransferData, evmReceiptOf, formatUnits, pollReceipt, solanaReceiptOf } from '@portico/headless/adapter-kit'
import type { SessionTypes } from '@walletconnect/types'
import { base58Encode, base64Encode, solanaTransferTransaction, utf8 } from './codec'
import { toHexQuantity, typedDataJson, utf8ToHex } from './hex'
import type { WalletConnectAdapterOptions } from './options'
import {
  aminoResult,
  callsStatus,
  capabilities as parseCapabilities,
  evmBalance,
  fieldResult,
  hexResult,
  latestBlockhash as latestBlockhashSchema,
  parse,
  sendCallsResult,
  solanaBalance,
} from './schemas'
import { refOf, type Session, type SessionLifecycle } from './session'
import type { WalletConnectEngine } from './options'

/**
 * The ADR-036 sign doc Cosmos wallets sign for an arbitrary message (Keplr's signArbitrary, sent as
 * cosmos_signAmino): no chain id, account number 0, one MsgSignData with the base64 data.
 */
export function adr036SignDoc(signer: string, message: string) {
  return {
    chain_id: '',
    account_number: '0',
    sequence: '0',
    fee: { gas: '0', amount: [] as never[] },
    msgs: [{ type: 'sign/MsgSignData', value: { signer, data: base64Encode(utf8(message)) } }],
    memo: '',
  }
}

/** The engine's wallet operations over `session`. */
export function createOperations(
  options: WalletConnectAdapterOptions,
  session: Session,
): Omit<WalletConnectEngine, keyof SessionLifecycle> {
  const { need, locate, route, evmRoute, call, approved, networkOf, receiptNetwork } = session
  const timers = options.timers ?? defaultTimers

  const doFetch: typeof fetch = (...args) => (options.fetch ?? globalThis.fetch)(...args)
  const rpcUrl = (network: CaipNetwork): string => {
    const url = network.rpcUrls.default.http[0]
    if (!url) throw new PorticoError(ERRORS.networkNotFound)
    return url
  }

  async function latestBlockhash(network: CaipNetwork): Promise<string> {
    let raw: unknown
    try {
      raw = await chainRpc(doFetch, rpcUrl(network), 'getLatestBlockhash', [{ commitment: 'confirmed' }])
    } catch (cause) {
      throw cause instanceof PorticoError ? cause : new PorticoError(ERRORS.createTransaction, { cause })
    }
    const parsed = latestBlockhashSchema.safeParse(raw)
    if (!parsed.success) throw new PorticoError(ERRORS.createTransaction, { cause: raw })
    return parsed.data.value.blockhash
  }

  /** eth_sendTransaction on `chainId`; resolves with the hash. */
  async function evmSend(
    chainId: string,
    tx: { from: string; to: string; value?: bigint; data?: string; gas?: bigint; gasPrice?: bigint },
  ): Promise<string> {
    const request: Record<string, string> = { from: tx.from, to: tx.to }
    if (tx.value !== undefined) request.value = toHexQuantity(tx.value)
    if (tx.data) request.data = tx.data
    if (tx.gas !== undefined) request.gas = toHexQuantity(tx.gas)
    if (tx.gasPrice !== undefined) request.gasPrice = toHexQuantity(tx.gasPrice)
    return parse(hexResult, await call(chainId, 'eth_sendTransaction', [request]))
  }

  async function sendTransaction({
    address,
    to,
    value,
    data,
    gas,
    gasPrice,
    network,
  }: SendTransactionParams & { address: string }): Promise<string> {
    const { s } = need()
    const { ns, chainId } = route(address, network)
    switch (ns) {
      case 'eip155':
        return evmSend(chainId, { from: address, to, value, data, gas, gasPrice })
      case 'solana': {
        // A native SOL transfer; the wallet signs it and submits it to its cluster.
        if (data) throw new PorticoError(ERRORS.createTransaction)
        if (!approved(s, 'solana', 'solana_signAndSendTransaction')) throw new PorticoError(ERRORS.rpcNotAllowed)
        const rpcNetwork = network?.chainNamespace === 'solana' ? network : networkOf(chainId)
        let wire: Uint8Array
        try {
          wire = solanaTransferTransaction(address, to, value ?? 0n, await latestBlockhash(rpcNetwork))
        } catch (error) {
          throw error instanceof PorticoError ? error : new PorticoError(ERRORS.createTransaction, { cause: error })
        }
        return parse(fieldResult('signature'), await call(chainId, 'solana_signAndSendTransaction', { transaction: base64Encode(wire) }))
      }
      case 'bip122':
        return parse(
          fieldResult('txid'),
          await call(chainId, 'sendTransfer', { account: address, recipientAddress: to, amount: String(value ?? 0n) }),
        )
      case 'stacks':
        return parse(
          fieldResult('txid'),
          await call(chainId, 'stx_transferStx', { sender: address, recipient: to, amount: String(value ?? 0n) }),
        )
      default:
        // polkadot, cosmos, sui: sending needs chain-specific transaction building Portico does not do.
        throw new PorticoError(ERRORS.rpcNotAllowed)
    }
  }

  /** The program owning `mint`, read from the chain (./spl checks it is Token or Token-2022). */
  async function accountOwner(network: CaipNetwork, account: string): Promise<unknown> {
    const info = (await chainRpc(doFetch, rpcUrl(network), 'getAccountInfo', [
      account,
      { encoding: 'base64', commitment: 'confirmed' },
    ])) as { value?: { owner?: unknown } | null } | null
    return info?.value?.owner
  }

  /** An SPL transfer on Solana: built here (./spl, loaded on the first one), signed and submitted by the wallet. */
  async function splTransfer(
    s: SessionTypes.Struct,
    chainId: string,
    p: { address: string; to: string; amount: bigint; token: { address: string; decimals: number }; network?: CaipNetwork },
  ): Promise<string> {
    if (!approved(s, 'solana', 'solana_signAndSendTransaction')) throw new PorticoError(ERRORS.rpcNotAllowed)
    const rpcNetwork = p.network?.chainNamespace === 'solana' ? p.network : networkOf(chainId)
    let wire: Uint8Array
    try {
      const [spl, tokenProgram, recentBlockhash] = await Promise.all([
        import('./spl'),
        accountOwner(rpcNetwork, p.token.address),
        latestBlockhash(rpcNetwork),
      ])
      wire = await spl.splTransferTransaction({
        from: p.address,
        to: p.to,
        mint: p.token.address,
        amount: p.amount,
        decimals: p.token.decimals,
        tokenProgram,
        recentBlockhash,
      })
    } catch (error) {
      throw error instanceof PorticoError ? error : new PorticoError(ERRORS.createTransaction, { cause: error })
    }
    return parse(fieldResult('signature'), await call(chainId, 'solana_signAndSendTransaction', { transaction: base64Encode(wire) }))
  }

  async function transfer({ address, to, amount, token, network }: TransferParams & WalletCallContext): Promise<string> {
    if (!token) return sendTransaction({ address, to, value: amount, network })
    const located = route(address, network)
    if (located.ns === 'solana') return splTransfer(need().s, located.chainId, { address, to, amount, token, network })
    // Other tokens: ERC-20 only.
    const chainId = evmRoute(address, network, 'A token transfer through WalletConnect')
    let data: string
    try {
      data = erc20TransferData(to, amount)
    } catch (cause) {
      throw new PorticoError(ERRORS.createTransaction, { cause })
    }
    return evmSend(chainId, { from: address, to: token.address, data })
  }

  return {
    async getBalance({ address, network }) {
      const ns = network.chainNamespace
      if (ns !== 'eip155' && ns !== 'solana') throw new PorticoError(ERRORS.tokenBalanceUnavailable)
      let value: bigint
      try {
        const raw = await chainRpc(
          doFetch,
          rpcUrl(network),
          ns === 'eip155' ? 'eth_getBalance' : 'getBalance',
          ns === 'eip155' ? [address, 'latest'] : [address],
        )
        value = BigInt(ns === 'eip155' ? parse(evmBalance, raw) : parse(solanaBalance, raw).value)
      } catch (cause) {
        throw cause instanceof PorticoError && cause.message === ERRORS.networkNotFound
          ? cause
          : new PorticoError(ERRORS.tokenBalanceUnavailable, { cause })
      }
      return { balance: formatUnits(value, network.nativeCurrency.decimals), symbol: network.nativeCurrency.symbol }
    },

    async signMessage({ message, address }) {
      const { s } = need()
      const { ns, chainId } = locate(s, address)
      switch (ns) {
        case 'eip155':
          return parse(hexResult, await call(chainId, 'personal_sign', [utf8ToHex(message), address]))
        case 'solana':
          return parse(
            fieldResult('signature'),
            await call(chainId, 'solana_signMessage', { message: base58Encode(utf8(message)), pubkey: address }),
          )
        case 'polkadot':
          return parse(fieldResult('signature'), await call(chainId, 'polkadot_signMessage', { address, message: utf8ToHex(message) }))
        case 'sui':
          return parse(
            fieldResult('signature'),
            await call(chainId, 'sui_signPersonalMessage', { message: base64Encode(utf8(message)), address }),
          )
        case 'bip122':
          return parse(
            fieldResult('signature'),
            await call(chainId, 'signMessage', { account: address, address, message, protocol: 'ecdsa' }),
          )
        case 'cosmos':
          return parse(
            aminoResult,
            await call(chainId, 'cosmos_signAmino', { signerAddress: address, signDoc: adr036SignDoc(address, message) }),
          )
        case 'stacks':
          return parse(fieldResult('signature'), await call(chainId, 'stx_signMessage', { address, message }))
        default:
          throw new PorticoError(ERRORS.rpcNotAllowed)
      }
    },

    sendTransaction,
    transfer,

    async writeContract({ address, contract, abi, functionName, args, value, network }) {
      const chainId = evmRoute(address, network, 'A contract call')
      let data: string
      try {
        const { encodeFunctionData } = await import('./abi')
        data = encodeFunctionData({ abi: abi as never, functionName, args: (args ?? []) as never } as never)
      } catch (cause) {
        throw new PorticoError(ERRORS.createTransaction, { cause })
      }
      return evmSend(chainId, { from: address, to: contract, data, value })
    },

    async signTypedData({ address, domain, types, primaryType, message }) {
      const chainId = evmRoute(address, undefined, 'Typed data')
      let json: string
      try {
        json = typedDataJson({ domain, types, primaryType, message })
      } catch (cause) {
        throw new PorticoError(ERRORS.createTransaction, { cause })
      }
      return parse(hexResult, await call(chainId, 'eth_signTypedData_v4', [address, json]))
    },

    async sendCalls({ address, calls, capabilities, network }) {
      const valid = checkWalletCalls(calls)
      const chainId = evmRoute(address, network, 'wallet_sendCalls')
      const raw = await call(chainId, 'wallet_sendCalls', [
        {
          version: '2.0.0',
          from: address,
          chainId: toHexQuantity(Number(refOf(chainId))),
          atomicRequired: false,
          calls: valid,
          capabilities: capabilities ?? {},
        },
      ])
      return parse(sendCallsResult, raw)
    },

    async getCallsStatus({ id, address }) {
      const chainId = evmRoute(address, undefined, 'wallet_getCallsStatus')
      return callsStatus(id, await call(chainId, 'wallet_getCallsStatus', [id]))
    },

    async getCapabilities({ address }) {
      try {
        const chainId = evmRoute(address, undefined, 'wallet_getCapabilities')
        return parseCapabilities(await call(chainId, 'wallet_getCapabilities', [address]))
      } catch {
        // SPEC §8: an empty object on error (unapproved, refused, malformed).
        return {}
      }
    },

    /** ERC-7715 / EIP-7811 calls, when the session approved the method ('Requested RPC call is not allowed' otherwise). */
    request({ address, method, params, network }) {
      return call(evmRoute(address, network, method), method, [...params])
    },

    async waitForReceipt({ hash, network, timeoutMs }) {
      const net = receiptNetwork(network)
      const url = rpcUrl(net)
      const check =
        net.chainNamespace === 'eip155'
          ? () => evmReceiptOf(doFetch, url, hash)
          : net.chainNamespace === 'solana'
            ? () => solanaReceiptOf(doFetch, url, hash)
            : undefined
      if (!check) throw new PorticoError(ERRORS.rpcNotAllowed, { cause: new Error(`No receipts on ${net.chainNamespace}`) })
      return pollReceipt({ hash, check, timeoutMs: timeoutMs ?? RECEIPT_TIMEOUT_MS, pollMs: options.receiptPollMs ?? 1000, timers })
    },
  }
}
