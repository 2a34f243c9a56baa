/**
 * The preview flow (issue 23 §2): one store with the preview of the request last asked for — what it
 * does (decoded, with coded flags), the EIP-7702 authorizations it carries, and for transactions and
 * batches the simulation (balance changes, fee, revert). Its decisions (is it failing, how dangerous)
 * are here, so the modal, the frame and a custom UI read the same answer.
 */
import { atom, type ReadableAtom } from 'nanostores'
import { type Abi, type Address, type Client, createClient, erc20Abi, getAddress, http } from 'viem'
import { getCode, readContract } from 'viem/actions'
import { codeOf } from '../codes'
import type { CodedMessage } from '../errors'
import { checkPreview, decodeCall, mergeFlags, tokensOf } from './evm'
import { decodeRequest, type PreviewRequest } from './request'
import { type PriceOf, type SimulationResult, simulate, tokenInfo } from './simulate'
import type { AuthorizationPreview, Preview, PreviewConfig, PreviewFlag, PreviewReads } from './types'

/** Flags that make a request dangerous (the others warn). */
export const DANGER_FLAGS: readonly PreviewFlag[] = ['unknownDelegate', 'foreignDomain', 'approvalForAll', 'unlimitedAmount']

/** An ERC-20's symbol and decimals. */
export interface TokenMeta {
  symbol: string
  decimals: number
}

export interface PreviewState {
  /** idle: nothing asked; loading: decoding, reading and simulating; ready; error: the request could not be read. */
  status: 'idle' | 'loading' | 'ready' | 'error'
  /** The request's method. */
  method: string | null
  /** What the request does: decoded, with its flags. */
  decoded: Preview | null
  /** The EIP-7702 authorizations a type-4 transaction carries. */
  authorizations: AuthorizationPreview[]
  /**
   * Symbol and decimals of every ERC-20 the request names (by checksummed address), read on chain, to
   * show its amounts in the token's units. Empty without a network; '' and 0 for a token that does not answer.
   */
  tokens: Record<string, TokenMeta>
  /** Transactions and batches: the simulation's answer (null while loading and for other requests). */
  simulation: SimulationResult | null
  /** Every flag: the preview's (a batch's calls included), the authorizations'. */
  flags: PreviewFlag[]
  /** The simulation says it reverts: show it as failing, and send only if the user insists. */
  failing: boolean
  /** danger: failing or a DANGER_FLAGS flag; warning: any other flag; none. */
  level: 'none' | 'warning' | 'danger'
  /** Why the request could not be read ('otherError' with the decoder's text as `detail`). */
  error: CodedMessage | null
}

/** Where an EVM request is read and simulated. */
export interface PreviewTarget {
  /** A viem client of the chain; else one is made on `rpcUrl`. */
  client?: Client
  rpcUrl?: string
  /** The signing account (a request's own `from` wins). */
  from?: string
  chain?: { id?: number; nativeCurrency?: { symbol: string; decimals: number } }
}

export interface PreviewDeps {
  /** The engine's settings (executors, limits, the host page's domain). */
  config: () => PreviewConfig
  /** The EVM network for a chain id (a batch's, else the active one's when undefined). */
  target: (chainId?: number) => PreviewTarget | undefined
  /** USD prices for the balance changes and the fee. */
  price?: PriceOf
  /** The fetch of RPC calls. @default globalThis.fetch */
  fetch?: typeof fetch
}

/** What one preview call may change. */
export interface PreviewOptions {
  /** Simulate transactions and batches. @default true */
  simulate?: boolean
  /** Read the chain for `spenderNoCode` and `largeAmount`. @default true */
  checks?: boolean
  /** Settings over the flow's own for this request. */
  config?: PreviewConfig
  /** The network to read, over the flow's own. */
  target?: PreviewTarget
  price?: PriceOf
  /** More errors to decode a revert with (the called contracts' ABIs). */
  errorAbi?: Abi
}

export const IDLE_PREVIEW: PreviewState = {
  status: 'idle',
  method: null,
  decoded: null,
  authorizations: [],
  tokens: {},
  simulation: null,
  flags: [],
  failing: false,
  level: 'none',
  error: null,
}

export function levelOf(flags: readonly PreviewFlag[], failing: boolean): PreviewState['level'] {
  if (failing || flags.some((f) => DANGER_FLAGS.includes(f))) return 'danger'
  return flags.length ? 'warning' : 'none'
}

function chainIdOf(request: PreviewRequest, preview: Preview): number | undefined {
  if (preview.kind === 'batch') return preview.chainId
  if (request.method === 'eth_sendTransaction' || request.method === 'eth_signTransaction') {
    const id = (request.params[0] as { chainId?: unknown } | null)?.chainId
    if (typeof id === 'number') return id
    if (typeof id === 'string' && /^(0x[0-9a-fA-F]+|\d+)$/.test(id)) return Number(BigInt(id))
  }
  return undefined
}

function readsOf(client: Client): PreviewReads {
  return {
    getCode: (address) => getCode(client, { address }),
    balanceOf: (token, holder) => readContract(client, { address: token, abi: erc20Abi, functionName: 'balanceOf', args: [holder] }),
  }
}

export interface PreviewFlow {
  $preview: ReadableAtom<PreviewState>
  /** Previews a request; resolves with the state it ends in (a newer call's answer replaces an older one's). */
  preview: (request: PreviewRequest, options?: PreviewOptions) => Promise<PreviewState>
  /** Back to idle (a preview under way is dropped). */
  reset: () => void
}

export function createPreview(deps: PreviewDeps): PreviewFlow {
  const $preview = atom<PreviewState>(IDLE_PREVIEW)
  let run = 0

  async function preview(request: PreviewRequest, options: PreviewOptions = {}): Promise<PreviewState> {
    const mine = ++run
    const set = (state: PreviewState): PreviewState => {
      if (mine === run) $preview.set(state)
      return state
    }
    const config = { ...deps.config(), ...options.config }
    set({ ...IDLE_PREVIEW, status: 'loading', method: request.method })
    try {
      // @solana/kit and the programs' parsers are a chunk of their own, loaded by the first Solana transaction.
      const solana =
        request.method.endsWith('Transaction') && request.method.startsWith('solana_')
          ? (await import('./solana')).decodeSolanaTransaction
          : undefined
      const decoded = decodeRequest(request, config, solana)
      const evm = !request.method.startsWith('solana_')
      const target = evm ? (options.target ?? deps.target(chainIdOf(request, decoded.preview))) : undefined
      const client =
        target?.client ??
        (target?.rpcUrl
          ? createClient({ transport: http(target.rpcUrl, { retryCount: 0, ...(deps.fetch ? { fetchFn: deps.fetch } : {}) }) })
          : undefined)
      const fromText = decoded.from ?? target?.from
      const from = fromText ? getAddress(fromText) : undefined
      const [checked, simulation, tokens] = await Promise.all([
        client && options.checks !== false
          ? checkPreview(decoded.preview, readsOf(client), config, from as Address | undefined)
          : decoded.preview,
        decoded.calls.length && options.simulate !== false
          ? client && from
            ? simulate({
                client,
                from,
                calls: decoded.calls,
                ...(target?.chain ? { chain: target.chain } : {}),
                ...((options.price ?? deps.price) ? { price: options.price ?? deps.price } : {}),
                ...(options.errorAbi ? { errorAbi: options.errorAbi } : {}),
                // A type-4 transaction runs with the code its (last) authorization installs.
                ...(decoded.authorizations.length ? { delegate: decoded.authorizations[decoded.authorizations.length - 1]?.delegate } : {}),
              })
            : Promise.resolve<SimulationResult>({
                simulation: 'unavailable',
                reason: 'noNetwork',
                calls: decoded.calls.map((c) => decodeCall(c)),
              })
          : Promise.resolve(null),
        client
          ? Promise.all(tokensOf(decoded.preview).map(async (t) => [t, await tokenInfo(client, t)] as const)).then(Object.fromEntries)
          : Promise.resolve({}),
      ])
      const flags = mergeFlags(checked.flags, ...decoded.authorizations.map((a) => a.flags))
      const failing = simulation?.simulation === 'ok' && simulation.status === 'reverted'
      return set({
        status: 'ready',
        method: request.method,
        decoded: checked,
        authorizations: decoded.authorizations,
        tokens,
        simulation,
        flags,
        failing,
        level: levelOf(flags, failing),
        error: null,
      })
    } catch (error) {
      return set({ ...IDLE_PREVIEW, status: 'error', method: request.method, error: codeOf(error) ?? codeOf('Invalid request') })
    }
  }

  return {
    $preview,
    preview,
    reset: () => {
      run++
      $preview.set(IDLE_PREVIEW)
    },
  }
}
