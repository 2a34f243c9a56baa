/**
 * Send flow (SPEC §3 "Send state", §4 "Send", §5): a lazy flow (core/flows.ts `send`). One form:
 * a token from the account's balance list (tokens with a balance only), an amount under the SPEC §5
 * mask, a receiver (an address, or a name resolved after a 300 ms pause), the network fee estimate,
 * and send(): validate, transfer through the wallet, record the hash, refresh the balances past the
 * cache, reset the form. A change of the active network resets the form.
 */
import type { TokenBalance } from '@portico/protocol/account'
import type { NameRecord } from '@portico/protocol/profile'
import { atom, computed, type ReadableAtom } from 'nanostores'
import type { TransferParams } from '../../adapters'
import { codedError } from '../codes'
import { type CodedMessage, ERRORS, PorticoError } from '../errors'
import { validateSend } from '../format/validation'
import type { SimulationResult } from '../preview/simulate'
import type { EvmCall } from '../preview/types'
import type { Timers } from '../timers'
import type { CaipNetwork, ChainNamespace } from '../types'
import {
  amountUsd,
  balanceUnits,
  erc20TransferData,
  evmCoinTypeKey,
  formatUnits,
  isNativeToken,
  isReceiverAddress,
  maskSendAmount,
  maxAmount,
  parseUnits,
  searchTokens as searchList,
  sendButtonState,
  sendExplorerUrl,
  tokenContract,
  tokenDecimals,
  type SendButtonState,
} from './rules'

/** The pause after the last keystroke in the receiver field before a name is looked up (ms). */
export const NAME_DEBOUNCE_MS = 300
/** Solana's network fee: 5000 lamports per signature (one signature for a transfer). */
export const SOLANA_FEE_LAMPORTS = 5000n

/** The network fee of the send, in the native currency and in USD. */
export interface GasEstimate {
  /** Smallest native units (wei, lamports). */
  cost: bigint
  /** Whole native units ('0.000021'). */
  native: string
  symbol: string
  /** In USD, from the price the balances carry; undefined without a price. */
  usd?: number
}

/** What the last send sent: kept with its hash after the form is reset, for a success screen. */
export interface SentSummary {
  /** The amount as sent ('0.5'). */
  amount: string
  symbol: string
  /** The amount's value in USD then (undefined without a price). */
  usd?: number
  /** The address it went to. */
  to: string
  /** The receiver's name and avatar, when it was sent to a name. */
  receiverProfileName?: string
  receiverProfileImageUrl?: string
}

/** SPEC §3 "Send state", plus the form's own fields. */
export interface SendState {
  /** The token to send (an entry of `tokenBalances`). */
  token?: TokenBalance
  /** The amount text, masked (SPEC §5). */
  sendTokenAmount: string
  /** The receiver field as typed: an address or a name. */
  receiverInput: string
  /** The address the send goes to: the typed one, or the name's address. */
  receiverAddress?: string
  /** The resolved name's display, when the receiver is a name. */
  receiverProfileName?: string
  receiverProfileImageUrl?: string
  /** A name is being looked up. */
  resolving: boolean
  /** The receiver is a name that was looked up and has no address on this network (the button says 'Name not found'). @default false */
  nameNotFound?: boolean
  /** The receiver field was cleared after holding an invalid address (the button keeps saying 'Invalid address'). @default false */
  receiverInvalid?: boolean
  /** A send is in progress (the wallet is asked). */
  loading: boolean
  /** The tokens of the active account that have a balance. */
  tokenBalances: TokenBalance[]
  /** The hash of the last send. */
  hash?: string
  /** The last send's page on the network's block explorer (undefined when the network has none). */
  explorerUrl?: string
  /** What the last send sent (kept with `hash` after the reset). */
  sent?: SentSummary
  /** The amount's value in USD, live: the token's price × the amount (undefined without a price or an amount). */
  amountUsd?: number
  /** The network fee estimate (undefined until estimated). */
  gas?: GasEstimate
  gasLoading: boolean
  /** @deprecated The last failure's text; read `errorCode`. */
  error: string | null
  /**
   * The last failure (send, estimate or name lookup), coded: a catalogue text keeps its key ('userRejected',
   * 'resolveName'), any other text is 'otherError' ({ detail }).
   */
  errorCode: CodedMessage | null
  /** The button: its text, whether it can be pressed, whether to offer 'Fund wallet'. */
  button: SendButtonState
  /**
   * What the send does, simulated on the network's RPC (eth_simulateV1) by `simulate()`: the account's
   * balance changes and fee, or that it will fail. Null until simulated, off EVM, and once the token,
   * the amount or the receiver changes. @default null
   */
  simulation: SimulationResult | null
  /** `simulate()` is under way. @default false */
  simulating: boolean
}

export interface SendAccount {
  namespace?: ChainNamespace
  address?: string
  network?: CaipNetwork
}

export interface SendDeps {
  /** The active namespace's account and network. */
  account(): SendAccount
  /** The active account's token balances (the balance flow's list). */
  $tokenBalances: ReadableAtom<TokenBalance[]>
  /** The active network's CAIP-2 id: a change resets the form. */
  $networkId: ReadableAtom<string | undefined>
  /** The wallet's transfer (native, or a token when `token` is given); resolves with the hash. */
  transfer(params: TransferParams, namespace: ChainNamespace): Promise<string>
  /** Refresh the account's balances past the cache (the balance flow's fetchTokenBalances with forceUpdate). */
  refreshBalances(namespace: ChainNamespace): Promise<unknown>
  /** The name service's lookup: the record, or null for an unknown name. */
  lookupName(name: string): Promise<NameRecord | null>
  /** A JSON-RPC read on the network's node (EVM gas estimate). */
  rpc(network: CaipNetwork, method: string, params: unknown[]): Promise<unknown>
  /** Whether the on-ramp feature is on (the button then offers 'Fund wallet' when funds are short). */
  $onramp: ReadableAtom<boolean>
  /** Simulates EVM calls from the account on the active network (the preview engine, a lazy chunk). */
  simulate?(calls: EvmCall[]): Promise<SimulationResult>
  timers: Timers
}

type Form = Omit<SendState, 'tokenBalances' | 'button' | 'amountUsd' | 'simulation'> & {
  /** The last simulation, with the form it was made for. */
  simulated?: { key: string; result: SimulationResult }
}

const EMPTY: Form = {
  token: undefined,
  receiverAddress: undefined,
  receiverProfileName: undefined,
  receiverProfileImageUrl: undefined,
  hash: undefined,
  explorerUrl: undefined,
  sent: undefined,
  gas: undefined,
  simulated: undefined,
  simulating: false,
  sendTokenAmount: '',
  receiverInput: '',
  resolving: false,
  nameNotFound: false,
  receiverInvalid: false,
  loading: false,
  gasLoading: false,
  error: null,
  errorCode: null,
}

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error))
/** A failure in both forms: its text (the deprecated field) and coded. */
const failure = (e: unknown): Pick<Form, 'error' | 'errorCode'> => ({
  error: message(e),
  errorCode: codedError(message(e), 'transactionError'),
})
const NO_ERROR: Pick<Form, 'error' | 'errorCode'> = { error: null, errorCode: null }

/** An RPC quantity ('0x5208') as a bigint; anything else is refused. */
function quantity(value: unknown): bigint {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]+$/.test(value)) throw new Error('Invalid RPC quantity')
  return BigInt(value)
}

const sameToken = (a: TokenBalance, b: TokenBalance): boolean => a.chainId === b.chainId && a.address === b.address

/** What a simulation depends on: the token, the amount and the receiver. */
const formKey = (form: Form): string =>
  `${form.token?.chainId}|${form.token?.address ?? ''}|${form.sendTokenAmount}|${form.receiverAddress ?? ''}`

/** The EVM call of a send: a native transfer (value), or the ERC-20's transfer(to, amount). */
export function sendCall(token: TokenBalance, to: `0x${string}`, amount: bigint): EvmCall {
  const contract = isNativeToken(token) ? undefined : tokenContract(token)
  return contract
    ? { to: contract as `0x${string}`, value: 0n, data: erc20TransferData(to, amount) as `0x${string}` }
    : { to, value: amount }
}

export function createSend(deps: SendDeps) {
  const $form = atom<Form>({ ...EMPTY })
  const patch = (p: Partial<Form>): void => $form.set({ ...$form.get(), ...p })
  /** Tokens with a balance above zero. */
  const $tokens = computed(deps.$tokenBalances, (list) => list.filter((t) => balanceUnits(t) > 0n))

  // The active network is a source too: the namespace the receiver is checked against follows it.
  const $send: ReadableAtom<SendState> = computed(
    [$form, $tokens, deps.$onramp, deps.$networkId],
    ({ simulated, ...form }, tokenBalances, onramp) => ({
      ...form,
      simulation: simulated && simulated.key === formKey(form) ? simulated.result : null,
      tokenBalances,
      amountUsd: amountUsd(form.token, form.sendTokenAmount),
      button: sendButtonState({
        token: form.token,
        amount: form.sendTokenAmount,
        receiverInput: form.receiverInput,
        receiverAddress: form.receiverAddress,
        namespace: deps.account().namespace,
        resolving: form.resolving,
        nameNotFound: form.nameNotFound ?? false,
        receiverInvalid: form.receiverInvalid ?? false,
        gasCost: form.gas?.cost,
        onramp,
      }),
    }),
  )

  // Name lookups: each keystroke cancels the pending one; an answer for an older input is dropped.
  let lookupTimer: unknown
  let lookupSeq = 0
  let estimateSeq = 0

  function cancelLookup(): void {
    if (lookupTimer !== undefined) deps.timers.clearTimeout(lookupTimer)
    lookupTimer = undefined
    lookupSeq++
  }

  /** Choose the token to send; only a token of the balance list with a balance. Returns false otherwise. */
  function setToken(token: TokenBalance): boolean {
    const found = $tokens.get().find((t) => sameToken(t, token))
    if (!found) return false
    const { sendTokenAmount } = $form.get()
    patch({ token: found, sendTokenAmount: maskSendAmount(sendTokenAmount, tokenDecimals(found)), gas: undefined, ...NO_ERROR })
    void estimateGas()
    return true
  }

  /** The amount as typed; SPEC §5 mask with the token's decimals. Returns the kept text. */
  function setAmount(text: string): string {
    const { token } = $form.get()
    const masked = maskSendAmount(text, token ? tokenDecimals(token) : undefined)
    patch({ sendTokenAmount: masked, ...NO_ERROR })
    return masked
  }

  /** Max: the whole token balance, or for the native currency the balance minus the estimated gas. */
  async function setMax(): Promise<string> {
    const { token } = $form.get()
    if (!token) return ''
    const gas = isNativeToken(token) ? ($form.get().gas ?? (await estimateGas())) : undefined
    const current = $form.get().token
    if (!current || !sameToken(current, token)) return $form.get().sendTokenAmount
    const amount = maxAmount(token, gas?.cost)
    patch({ sendTokenAmount: amount })
    return amount
  }

  /** The receiver field: an address is taken at once; a name is looked up after a 300 ms pause (EVM). */
  function setReceiver(text: string): void {
    cancelLookup()
    const input = text.trim()
    const { namespace, network } = deps.account()
    const before = $form.get()
    const base = {
      receiverInput: text,
      receiverProfileName: undefined,
      receiverProfileImageUrl: undefined,
      resolving: false,
      nameNotFound: false,
      receiverInvalid: false,
      ...NO_ERROR,
    }
    if (input === '' || isReceiverAddress(namespace, input)) {
      // Cleared after an invalid address (or while still clear after one): it keeps saying so.
      const receiverInvalid =
        input === '' &&
        (before.receiverInvalid === true ||
          (before.receiverInput.trim() !== '' && !before.receiverAddress && !before.resolving && !before.nameNotFound))
      patch({ ...base, receiverAddress: input || undefined, receiverInvalid })
      // The fee depends on the receiver (an ERC-20 transfer to a new holder costs more): estimate it again.
      if (input && $form.get().token) void estimateGas()
      return
    }
    // Names are EVM only (SPEC §9), and 0x… text is a mistyped address, not a name.
    const coinType = namespace === 'eip155' && network ? evmCoinTypeKey(Number(network.id)) : undefined
    if (!coinType || input.startsWith('0x')) {
      patch({ ...base, receiverAddress: undefined })
      return
    }
    patch({ ...base, receiverAddress: undefined, resolving: true })
    const seq = lookupSeq
    lookupTimer = deps.timers.setTimeout(() => {
      lookupTimer = undefined
      void resolveName(input, coinType, seq)
    }, NAME_DEBOUNCE_MS)
  }

  async function resolveName(name: string, coinType: string, seq: number): Promise<void> {
    let record: NameRecord | null = null
    let error: Pick<Form, 'error' | 'errorCode'> = NO_ERROR
    try {
      record = await deps.lookupName(name)
    } catch (e) {
      error = failure(e)
    }
    if (seq !== lookupSeq) return
    const address = record?.addresses[coinType]?.address
    patch({
      resolving: false,
      // Looked up and answered, but no address here: say the name was not found (a failed lookup says its error).
      nameNotFound: !address && error === NO_ERROR,
      receiverAddress: address,
      receiverProfileName: address ? record?.name : undefined,
      receiverProfileImageUrl: address ? record?.attributes?.avatar : undefined,
      ...error,
    })
    if (address && $form.get().token) void estimateGas()
  }

  /**
   * The network fee of the send: EVM eth_estimateGas × eth_gasPrice on the network's node; Solana a
   * fixed 5000 lamports. Shown in the native currency and in USD (the native entry's price).
   */
  async function estimateGas(): Promise<GasEstimate | undefined> {
    const { namespace, address, network } = deps.account()
    const { token, sendTokenAmount, receiverAddress } = $form.get()
    if (!namespace || !address || !network) return undefined
    const seq = ++estimateSeq
    patch({ gasLoading: true })
    try {
      let cost: bigint
      if (namespace === 'solana') cost = SOLANA_FEE_LAMPORTS
      else if (namespace === 'eip155') {
        const to = receiverAddress && isReceiverAddress(namespace, receiverAddress) ? receiverAddress : address
        const contract = token && !isNativeToken(token) ? tokenContract(token) : undefined
        // At most the balance: a larger amount would make the node refuse the estimate (the button says so already).
        const typed = token && contract ? parseUnits(sendTokenAmount, tokenDecimals(token)) : 0n
        const amount = token && typed > balanceUnits(token) ? balanceUnits(token) : typed
        const tx = contract ? { from: address, to: contract, data: erc20TransferData(to, amount) } : { from: address, to, value: '0x0' }
        const [gas, price] = await Promise.all([deps.rpc(network, 'eth_estimateGas', [tx]), deps.rpc(network, 'eth_gasPrice', [])])
        cost = quantity(gas) * quantity(price)
      } else {
        if (seq === estimateSeq) patch({ gasLoading: false })
        return undefined
      }
      const { decimals, symbol } = network.nativeCurrency
      const native = formatUnits(cost, decimals)
      const price = deps.$tokenBalances.get().find((t) => isNativeToken(t) && t.chainId === network.caipNetworkId)?.price
      const gas: GasEstimate = { cost, native, symbol, ...(price ? { usd: Number(native) * price } : {}) }
      if (seq === estimateSeq) patch({ gas, gasLoading: false })
      return gas
    } catch (e) {
      if (seq === estimateSeq) patch({ gasLoading: false, ...failure(e) })
      return undefined
    }
  }

  let simulateSeq = 0
  /**
   * The preview's simulation (issue 23 §2): the send as the wallet will get it, run with eth_simulateV1
   * on the network's RPC from the account: what leaves and arrives, the fee, or that it will fail and
   * why. EVM only (undefined elsewhere, or when the form is not complete); it never rejects (a node
   * without the method, or out of reach, gives `simulation: 'unavailable'`).
   */
  async function simulate(): Promise<SimulationResult | undefined> {
    const form = $form.get()
    const { namespace } = deps.account()
    const { token, receiverAddress } = form
    if (!deps.simulate || namespace !== 'eip155' || !token || !receiverAddress || !isReceiverAddress(namespace, receiverAddress))
      return undefined
    if (validateSend({ amount: form.sendTokenAmount, receiverAddress, token })) return undefined
    const key = formKey(form)
    const seq = ++simulateSeq
    patch({ simulating: true })
    let result: SimulationResult
    try {
      result = await deps.simulate([
        sendCall(token, receiverAddress as `0x${string}`, parseUnits(form.sendTokenAmount, tokenDecimals(token))),
      ])
    } catch {
      // The engine's chunk could not load: no simulation to show.
      result = { simulation: 'unavailable', reason: 'unreachable', calls: [] }
    }
    if (seq === simulateSeq) patch({ simulating: false, simulated: { key, result } })
    return result
  }

  /**
   * Send: validate (SPEC §5 texts), transfer through the wallet, record the hash, refresh the balances
   * past the cache, reset the form. A failure (a refusal: 'User rejected the request') keeps the form
   * and sets `error`, and rejects.
   */
  async function send(): Promise<string> {
    const form = $form.get()
    const { namespace, network } = deps.account()
    const invalid = validateSend({ amount: form.sendTokenAmount, receiverAddress: form.receiverAddress, token: form.token })
    if (invalid) throw new PorticoError(invalid)
    // validateSend has checked both; the checks here narrow the types.
    const { receiverAddress, token } = form
    if (!namespace || !receiverAddress || !isReceiverAddress(namespace, receiverAddress)) throw new PorticoError(ERRORS.sendAmountReceiver)
    if (!token) throw new PorticoError(ERRORS.sendToken)
    const contract = isNativeToken(token) ? undefined : tokenContract(token)
    const decimals = tokenDecimals(token)
    patch({ loading: true, ...NO_ERROR })
    let hash: string
    try {
      hash = await deps.transfer(
        {
          to: receiverAddress,
          amount: parseUnits(form.sendTokenAmount, decimals),
          ...(contract ? { token: { address: contract, decimals } } : {}),
          ...(network ? { network } : {}),
        },
        namespace,
      )
    } catch (e) {
      patch({ loading: false, ...failure(e) })
      throw e
    }
    // SPEC §4: the hash is recorded, then the balances refreshed, then the form reset (the hash, its
    // explorer page and what was sent stay, for the success screen).
    const usd = amountUsd(token, form.sendTokenAmount)
    const last: Partial<Form> = {
      hash,
      explorerUrl: sendExplorerUrl(hash, network),
      sent: {
        amount: form.sendTokenAmount,
        symbol: token.symbol,
        to: receiverAddress,
        ...(usd === undefined ? {} : { usd }),
        ...(form.receiverProfileName ? { receiverProfileName: form.receiverProfileName } : {}),
        ...(form.receiverProfileImageUrl ? { receiverProfileImageUrl: form.receiverProfileImageUrl } : {}),
      },
    }
    patch(last)
    await deps.refreshBalances(namespace).catch(() => undefined)
    reset()
    patch(last)
    return hash
  }

  /** The token list's search: the tokens with a balance whose name or symbol contains `query`, letter case ignored. */
  function searchTokens(query: string): TokenBalance[] {
    return searchList($tokens.get(), query)
  }

  /** Back to an empty form. */
  function reset(): void {
    cancelLookup()
    estimateSeq++
    simulateSeq++
    $form.set({ ...EMPTY })
  }

  // SPEC §4: a change of the active network resets the send state.
  let lastNetwork = deps.$networkId.get()
  const unwatch = deps.$networkId.listen((id) => {
    if (id === lastNetwork) return
    lastNetwork = id
    reset()
  })

  return {
    $send,
    setToken,
    setAmount,
    setMax,
    setReceiver,
    estimateGas,
    simulate,
    send,
    reset,
    searchTokens,
    /** Stop following the network (tests; an instance lives as long as the page). */
    destroy: (): void => {
      unwatch()
      cancelLookup()
    },
  }
}

export type SendFlow = ReturnType<typeof createSend>
