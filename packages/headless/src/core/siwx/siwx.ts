/**
 * Sign in with the wallet (SIWX): when to ask, the signing, and the session (issue 15).
 *
 * Prompt rules (the bug class of AppKit #5352/#5527 is a prompt where the app cannot sign in):
 * - after a connect (a reload's reconnect too) and after an account change: the backend's sessions
 *   for the account and network are looked up first, and a valid one signs the visitor in without
 *   asking (so a reload keeps the sign-in);
 * - after a network change only with `signInOnNetworkChange` (else the sign-in covers the account);
 * - never on a network the app does not list, nor in a namespace outside `namespaces`, nor for an
 *   account the backend says it can not verify (`supportsAccount`: porticoSiwx refuses Bitcoin
 *   taproot addresses); the first supported network the account reaches is where it is asked;
 * - an interrupted prompt (modal closed, Cancel, the wallet's refusal) ends in `error` with the
 *   reason; `signIn()` tries again. With `required`, Cancel and closing the modal disconnect.
 * Signing goes through the wallet facade (the connected connector's signMessage): injected,
 * WalletConnect and embedded wallets alike.
 */
import { atom, type ReadableAtom } from 'nanostores'
import { displayError, ERRORS } from '../errors'
import type { SiwxConfig, SiwxSession } from '../options/siwx'
import type { ChainNamespace } from '../types'
import { addressKey, formatSiwxMessage, splitChainId } from './message'

export type SiwxStatus = 'disabled' | 'idle' | 'checking' | 'prompting' | 'signing' | 'signed-in' | 'error'

export interface SiwxState {
  /**
   * - 'disabled': the app passed no `siwx` option;
   * - 'idle': nothing to do (no account, a network where no sign-in is asked, or signed out);
   * - 'checking': looking the account's session up;
   * - 'prompting': the visitor is asked to sign in (the modal shows SIWXSignMessage);
   * - 'signing': the wallet is asked to sign the message;
   * - 'signed-in': `session` is valid for the account;
   * - 'error': the sign-in was interrupted or failed (`error`); `signIn()` tries again.
   */
  status: SiwxStatus
  session?: SiwxSession
  /** Why the last sign-in did not happen ('User rejected the request', 'Modal closed', the backend's text). */
  error?: string
  /** The visitor must sign in (the config's `required`). */
  required: boolean
}

export interface SiwxDeps {
  config: SiwxConfig
  /** The active account as a CAIP-10 id ('eip155:1:0xAbc…'), undefined when none. */
  $account: ReadableAtom<string | undefined>
  /** Is this CAIP-2 network one of the app's networks? */
  isSupported(caipNetworkId: string): boolean
  /** Sign with the namespace's connected wallet; rejects with 'User rejected the request' (4001) on a refusal. */
  signMessage(message: string, namespace: ChainNamespace): Promise<string>
  /** Whether the modal is open. */
  $modalOpen: ReadableAtom<boolean>
  /** Open the modal on the sign-in view. */
  openPrompt(): void
  /** Close the modal if it shows the sign-in view. */
  closePrompt(): void
  /** Disconnect the wallet (required sign-in refused). */
  disconnect(): Promise<void>
  now(): number
}

/**
 * Namespaces asked by default: every namespace Portico connects in (eip155, solana, polkadot,
 * bip122, cosmos, sui, stacks). Each adapter signs messages in the namespaces it connects, and the
 * Portico API verifies each one's scheme (EIP-4361 / CAIP-122 text, the signature as the wallet
 * returns it). A literal, not CHAIN_NAMESPACES: importing that from this lazy chunk moved ~150 B
 * into the first load (the bundler split the module it lives in); siwx.test checks the two agree.
 */
export const SIWX_NAMESPACES: readonly ChainNamespace[] = ['eip155', 'solana', 'polkadot', 'bip122', 'cosmos', 'sui', 'stacks']

interface Account {
  chainId: string
  address: string
  namespace: ChainNamespace
}

/** 'eip155:1:0xAbc' → its network and address. */
function parseAccount(caip: string | undefined): Account | undefined {
  if (!caip) return undefined
  const at = caip.lastIndexOf(':')
  const chainId = caip.slice(0, at)
  if (at < 0 || !chainId.includes(':')) return undefined
  return { chainId, address: caip.slice(at + 1), namespace: splitChainId(chainId)[0] as ChainNamespace }
}

/** Hex addresses (eip155, sui) are case-insensitive; every other namespace's are not (base58, SS58, bech32 …). */
const sameAccount = (a: Account, b: Account) =>
  a.namespace === b.namespace && addressKey(a.namespace, a.address) === addressKey(b.namespace, b.address)

export function createSiwx(deps: SiwxDeps) {
  const { config } = deps
  const required = config.required === true
  const namespaces = config.namespaces ?? SIWX_NAMESPACES
  const $siwx = atom<SiwxState>({ status: 'idle', required })
  const set = (patch: Omit<SiwxState, 'required'>) => $siwx.set({ ...patch, required })

  /** The account seen last. */
  let current: Account | undefined
  /** The account (and network) a check or prompt was decided for; undefined: still to decide. */
  let decided: Account | undefined
  /** Bumped by every new step: a late answer of an older one is dropped. */
  let generation = 0
  /** The modal was opened for the prompt (closing it is then an interruption). */
  let prompted = false

  const canSign = (a: Account) =>
    namespaces.includes(a.namespace) && deps.isSupported(a.chainId) && (config.supportsAccount?.(a.chainId, a.address) ?? true)
  const isValid = (s: SiwxSession) => !s.expiresAt || Date.parse(s.expiresAt) > deps.now()

  /** Look the account's session up; ask to sign in when there is none. */
  async function check(account: Account): Promise<void> {
    const mine = ++generation
    decided = account
    set({ status: 'checking' })
    let sessions: SiwxSession[]
    try {
      sessions = await config.getSessions(account.chainId, account.address)
    } catch {
      // The backend could not say: ask (a sign-in makes a fresh session either way).
      sessions = []
    }
    if (mine !== generation) return
    const session = sessions.find(isValid)
    if (session) {
      set({ status: 'signed-in', session })
      return
    }
    set({ status: 'prompting' })
    prompted = true
    deps.openPrompt()
  }

  /** Nothing to ask here (no account, a network or namespace where no sign-in is asked). */
  function stand(): void {
    generation++
    decided = undefined
    const s = $siwx.get().status
    if (s !== 'idle' && s !== 'signed-in') set({ status: 'idle' })
    if (prompted) {
      prompted = false
      deps.closePrompt()
    }
  }

  function onAccount(caip: string | undefined): void {
    const next = parseAccount(caip)
    const previous = current
    current = next
    if (!next) {
      if (previous) gone(previous)
      return
    }
    const session = $siwx.get().session
    const switched = !previous || !sameAccount(previous, next)
    if (!canSign(next)) {
      // A network where no sign-in is asked: no prompt, and a pending one goes away. A session of the
      // same account stays (it is the account's); the next supported network decides again.
      if (switched && session) set({ status: 'idle' })
      if ($siwx.get().status !== 'signed-in') stand()
      return
    }
    if (switched) return void check(next)
    if (previous.chainId === next.chainId) return
    // A network change of the same account.
    if (config.signInOnNetworkChange || !decided) return void check(next)
  }

  /** The account went away (disconnect): end the session when the config says so. */
  function gone(account: Account): void {
    const had = $siwx.get().session
    generation++
    decided = undefined
    prompted = false
    set({ status: 'idle' })
    if (had && config.signOutOnDisconnect !== false) void config.revokeSession(had.data.chainId, account.address).catch(() => undefined)
  }

  /** Ask the wallet to sign the account's message and keep the session. Resolves with it, or undefined (the reason in `error`). */
  async function signIn(): Promise<SiwxSession | undefined> {
    const account = current
    const mine = ++generation
    if (!account || !canSign(account)) {
      set({ status: 'error', error: account ? ERRORS.unsupportedChain : ERRORS.noAccount })
      return undefined
    }
    decided = account
    set({ status: 'signing' })
    try {
      const made = await config.createMessage({ accountAddress: account.address, chainId: account.chainId })
      if (mine !== generation) return undefined
      const { serializedMessage, ...data } = made
      const message = serializedMessage ?? formatSiwxMessage(data)
      const signature = await deps.signMessage(message, account.namespace)
      if (mine !== generation) return undefined
      const signed: SiwxSession = { data, message, signature }
      const kept = (await config.addSession(signed)) ?? signed
      if (mine !== generation) return undefined
      set({ status: 'signed-in', session: kept })
      if (prompted) {
        prompted = false
        deps.closePrompt()
      }
      return kept
    } catch (error) {
      if (mine === generation) set({ status: 'error', error: displayError(error) })
      return undefined
    }
  }

  /** Revoke the session (the backend forgets it); with `required`, the wallet disconnects too. */
  async function signOut(): Promise<void> {
    const session = $siwx.get().session
    const account = current
    generation++
    set({ status: 'idle' })
    if (session) await config.revokeSession(session.data.chainId, account?.address ?? session.data.accountAddress).catch(() => undefined)
    if (required && account) await deps.disconnect()
  }

  /** The visitor declined (the view's Cancel, or the modal closed): 'Modal closed', or a disconnect when required. */
  async function cancel(): Promise<void> {
    const s = $siwx.get().status
    if (s !== 'prompting' && s !== 'signing' && s !== 'error') return
    generation++
    const wasOpen = prompted
    prompted = false
    set({ status: 'error', error: ERRORS.modalClosed })
    if (wasOpen) deps.closePrompt()
    if (required) await deps.disconnect()
  }

  const offAccount = deps.$account.subscribe(onAccount)
  let wasOpen = deps.$modalOpen.get()
  const offModal = deps.$modalOpen.listen((open) => {
    const closed = wasOpen && !open
    wasOpen = open
    if (closed && prompted) {
      prompted = false
      void cancel()
    }
  })

  return {
    $siwx: $siwx as ReadableAtom<SiwxState>,
    signIn,
    signOut,
    cancel,
    /** Stop watching the account and the modal. */
    destroy(): void {
      offAccount()
      offModal()
    },
  }
}

export type SiwxFlow = ReturnType<typeof createSiwx>
