/**
 * The embedded wallet's engine: the email login flow of SPEC §4 over the frame client, wallet calls
 * as frame RPC requests, and the SPEC §3 host storage. Loaded with import() by the adapter.
 */
import type {
  AdapterContext,
  CaipNetwork,
  ChainAdapter,
  ChainNamespace,
  ConnectorAnswer,
  ConnectorPrompt,
  ConnectParams,
  ConnectResult,
  EmbeddedPasskey,
  PasskeyMode,
  SocialProvider,
  TwoFactorState,
  ViewportRect,
} from '@portico/headless'
import {
  checkWalletCalls,
  defaultTimers,
  ERRORS,
  PorticoError,
  RECEIPT_TIMEOUT_MS,
  SDK_VERSION,
  type TransactionReceipt,
} from '@portico/headless'
import { erc20TransferData, evmReceiptOf, formatUnits, pollReceipt } from '@portico/headless/adapter-kit'
import { type AppEventPayload, PASSKEY_POPUP_PARAM, type FrameSuccess, type FrameUser } from '@portico/protocol/frame'
import { z } from 'zod/mini'
import { createFrameClient, type FrameClient } from './client/client'
import { decide } from './frame/policy'
import { base64Encode, jsonWithBigints, toQuantity, utf8, utf8ToHex } from './codec'
import { EMBEDDED_CONNECTOR_ID, type DappDataPayload, type EmbeddedAdapterOptions, type EmbeddedEngine, type ThemePayload } from './options'
import type { SocialPopup } from './popup'
import { isNavigableUri, trustedResultOrigin, watchPopup } from './social'
import type { HostStorage } from './storage'

const SOLANA_MAINNET = '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'

const hexResult = z.string().check(z.regex(/^0x[0-9a-fA-F]*$/))
const signatureResult = z.union([z.string(), z.object({ signature: z.string() })])
const sendCallsResult = z.union([z.string(), z.object({ id: z.string() })])
const callsStatusResult = z.object({
  id: z.optional(z.string()),
  status: z.number(),
  receipts: z.optional(z.array(z.object({ transactionHash: z.string(), status: z.string(), blockNumber: z.optional(z.string()) }))),
})
const capabilitiesResult = z.record(z.string(), z.record(z.string(), z.unknown()))
const RECEIPT_POLL_MS = 1_000
const rpcBalance = z.object({ result: z.union([z.string(), z.object({ value: z.number() })]) })

function parse<T>(schema: z.ZodMiniType<T>, value: unknown, method: string): T {
  const parsed = schema.safeParse(value)
  if (!parsed.success) throw new PorticoError(`Invalid response from ${method}`)
  return parsed.data
}

/** A prompt with the last error (a wrong code), for the UI to show beside the code field. */
type PromptWithError = ConnectorPrompt & { error?: string }

interface AnswerSlot {
  answer: ConnectorAnswer
  resolve(): void
  reject(error: unknown): void
}

export function createEngine(
  options: EmbeddedAdapterOptions,
  context: () => AdapterContext | undefined,
  storage: HostStorage,
  synced: { theme?: ThemePayload; dapp?: DappDataPayload },
  /**
   * The Solana send path and receipt wait (./solana, with @solana/kit), loaded on first use. The
   * adapter passes its import(): one made here would move the bundler's preload helper out of the
   * first-load chunk (~80 B gzip in every embedded app).
   */
  solanaModule: () => Promise<typeof import('./solana')>,
): EmbeddedEngine & Required<Pick<ChainAdapter, 'waitForReceipt'>> {
  const timers = options.timers ?? defaultTimers
  let client: FrameClient | undefined
  let user: FrameUser | undefined
  /** The connect waiting for the user's answer, if any. */
  let waiting: ((slot: AnswerSlot) => void) | undefined
  let cancelConnect: ((reason: unknown) => void) | undefined

  const allNetworks = (): readonly CaipNetwork[] => context()?.allNetworks ?? context()?.networks ?? []
  const evmNetwork = (): CaipNetwork | undefined => {
    const active = context()?.getActiveNetwork()
    if (active?.chainNamespace === 'eip155') return active
    return allNetworks().find((n) => n.chainNamespace === 'eip155')
  }
  const solanaChainId = (): string => String(allNetworks().find((n) => n.chainNamespace === 'solana')?.id ?? SOLANA_MAINNET)

  /** A request whose view shows in the frame, placed over `rect`, until the frame answers; hidden again either way. */
  async function shownUntilAnswered<T extends 'RECOVER_WALLET' | 'SHOW_RECOVERY_SECRET'>(type: T, rect: ViewportRect) {
    const c = getClient()
    const answer = c.request(type, {} as AppEventPayload<T>)
    c.setSize(rect)
    try {
      return await answer
    } finally {
      c.setSize(undefined)
    }
  }

  function getClient(): FrameClient {
    if (client) return client
    const network = evmNetwork()
    const rpcUrl = network?.rpcUrls.default.http[0]
    client = createFrameClient({
      frameUrl: options.frameUrl,
      projectId: context()?.projectId ?? '',
      chainId: network?.id ?? 1,
      version: options.version ?? SDK_VERSION,
      ...(rpcUrl ? { rpcUrl } : {}),
      ...(options.enableLogger ? { enableLogger: true } : {}),
      ...(options.confirmPolicy !== undefined ? { policy: JSON.stringify(options.confirmPolicy) } : {}),
      ...(options.onTimeout ? { onTimeout: options.onTimeout } : {}),
      ...(options.environment ? { environment: options.environment } : {}),
      timers,
    })
    const c = client
    if (synced.theme) void c.request('SYNC_THEME', synced.theme).catch(() => undefined)
    if (synced.dapp) void c.request('SYNC_DAPP_DATA', synced.dapp).catch(() => undefined)
    return c
  }

  const emit = (prompt: PromptWithError | undefined) => context()?.emit(EMBEDDED_CONNECTOR_ID, { kind: 'prompt', prompt })

  function resultOf(u: FrameUser): ConnectResult {
    const chainId = typeof u.chainId === 'string' && /^\d+$/.test(u.chainId) ? Number(u.chainId) : u.chainId
    const evmAccounts = u.accounts.filter((a) => (a.namespace ?? 'eip155') === 'eip155').map((a) => a.address)
    const accounts = [u.address, ...evmAccounts.filter((a) => a.toLowerCase() !== u.address.toLowerCase())]
    // A social user is shown by their user name (SPEC §3), an email user by the email.
    const authName = (u.socialProvider ? (u.userName ?? u.email) : (u.email ?? u.userName)) ?? undefined
    return {
      address: u.address,
      chainId,
      accounts,
      ...(authName ? { authName } : {}),
      ...(u.socialProvider ? { socialProvider: u.socialProvider } : {}),
      accountType: u.preferredAccountType ?? 'eoa',
      ...(u.solanaAddress
        ? { namespaces: { solana: { address: u.solanaAddress, chainId: solanaChainId(), accounts: [u.solanaAddress] } } }
        : {}),
    }
  }

  async function loadUser(c: FrameClient, signal?: AbortSignal): Promise<ConnectResult> {
    const network = evmNetwork()
    const u = await c.request('GET_USER', { ...(network ? { chainId: network.id } : {}), namespace: 'eip155' }, signal ? { signal } : {})
    user = u
    refreshPolicy(c)
    return resultOf(u)
  }

  /**
   * The frame's confirmation policy and the user's tally of today (GET_CONFIRM_POLICY): with it the adapter
   * opens no window for a request the frame will let through. Only a hint: the frame decides again.
   */
  let policyHint: FrameSuccess<'GET_CONFIRM_POLICY'> | undefined
  /** The RPC request an adapter call becomes, as the confirmation policy reads it (undefined: it always asks). */
  function quietRequest(call: string, p: unknown): { method: string; params: readonly unknown[]; network?: CaipNetwork } | undefined {
    const q = p as {
      address?: string
      to?: string
      value?: bigint
      amount?: bigint
      token?: unknown
      calls?: unknown
      network?: CaipNetwork
    }
    const on = q.network ? { network: q.network } : {}
    const evm = typeof q.address === 'string' && q.address.startsWith('0x')
    if (call === 'signMessage') return evm ? { method: 'personal_sign', params: [] } : undefined
    if (call === 'signTypedData') return { method: 'eth_signTypedData_v4', params: [] }
    if (call === 'sendCalls') return { method: 'wallet_sendCalls', params: [{ calls: q.calls }], ...on }
    if (call === 'request') {
      const r = p as { method: string; params: readonly unknown[] }
      return { method: r.method, params: r.params, ...on }
    }
    if (!evm || (call !== 'sendTransaction' && call !== 'transfer') || (call === 'transfer' && q.token)) return undefined
    return { method: 'eth_sendTransaction', params: [{ to: q.to, value: call === 'transfer' ? q.amount : q.value }], ...on }
  }
  function refreshPolicy(c: FrameClient = getClient()) {
    void c.request('GET_CONFIRM_POLICY', {}).then(
      (hint) => {
        policyHint = hint
      },
      () => {
        policyHint = undefined
      },
    )
  }

  /** Wait for the user's next answer to the prompt. */
  function nextAnswer(signal: AbortSignal): Promise<AnswerSlot> {
    return new Promise<AnswerSlot>((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason)
      const onAbort = () => {
        waiting = undefined
        reject(signal.reason)
      }
      signal.addEventListener('abort', onAbort, { once: true })
      waiting = (slot) => {
        waiting = undefined
        signal.removeEventListener('abort', onAbort)
        resolve(slot)
      }
    })
  }

  /** CONNECT_EMAIL, and CONNECT_DEVICE (asked until not pending) when the device must be approved first. Resolves with the next action. */
  async function startEmail(c: FrameClient, email: string, signal: AbortSignal): Promise<'VERIFY_OTP' | 'CONNECT'> {
    const { action } = await c.request('CONNECT_EMAIL', { email }, { signal })
    if (action !== 'VERIFY_DEVICE') return action
    emit({ kind: 'verifyDevice', email })
    // Each ask is bounded (the API answers pending within DEVICE_ASK_MS): ask again until the device
    // is approved, the API's wait is over (408), or the user cancels (the signal).
    while ((await c.request('CONNECT_DEVICE', {}, { signal })).state === 'pending') {}
    return 'VERIFY_OTP'
  }

  async function connectEmail(email: string, signal: AbortSignal): Promise<ConnectResult> {
    const c = getClient()
    let action = await startEmail(c, email, signal)
    let error: string | undefined
    while (action === 'VERIFY_OTP') {
      emit({ kind: 'verifyOtp', email, ...(error ? { error } : {}) })
      const slot = await nextAnswer(signal)
      const { answer } = slot
      if (answer.kind === 'cancel') {
        slot.resolve()
        throw new PorticoError(ERRORS.modalClosed)
      }
      try {
        if (answer.kind === 'resend') {
          action = await startEmail(c, email, signal)
          error = undefined
        } else {
          await c.request('CONNECT_OTP', { otp: answer.code }, { signal })
          action = 'CONNECT'
        }
        slot.resolve()
      } catch (e) {
        if (signal.aborted) {
          slot.reject(e)
          throw e
        }
        // A wrong or expired code, or a refused resend: ask again, with the error shown.
        error = e instanceof Error ? e.message : ERRORS.frameGeneric
        slot.reject(e)
      }
    }
    emit(undefined)
    const result = await loadUser(c, signal)
    storage.markLogin({ email: user?.email ?? email })
    void c
      .request('GET_SMART_ACCOUNT_ENABLED_NETWORKS', {})
      .then((r) => storage.setSmartAccountEnabledNetworks(r.smartAccountEnabledNetworks))
      .catch(() => undefined)
    return result
  }

  /**
   * SPEC §4 social sign-in, in the popup the adapter opened in the user's click: the frame's
   * authorization URL → the popup goes there (prompt `social`) → CONNECT_SOCIAL: the API's callback
   * page posts the result to the frame (its origin only; this page never sees the code, issue 22
   * §3) and the frame finishes → the user. The popup is closed when it ends, whatever the outcome;
   * closed before, it is 'Popup closed'.
   */
  async function connectSocial(
    provider: SocialProvider,
    popup: SocialPopup | null | undefined,
    signal: AbortSignal,
  ): Promise<ConnectResult> {
    if (!popup) throw new PorticoError(ERRORS.socialConnection)
    const c = getClient()
    const watch = watchPopup(popup, { timers, signal })
    try {
      if (provider === 'farcaster') throw new PorticoError(ERRORS.socialConnection)
      let uri: string
      try {
        ;({ uri } = await watch.guard(c.request('GET_SOCIAL_REDIRECT_URI', { provider }, { signal })))
      } catch (error) {
        if (signal.aborted || (error instanceof Error && error.message === ERRORS.popupClosed)) throw error
        throw new PorticoError(ERRORS.socialConnection, { cause: error })
      }
      const origin = trustedResultOrigin(uri, options.apiUrl)
      if (!origin || !isNavigableUri(uri)) throw new PorticoError(ERRORS.socialConnection)
      popup.location.href = uri
      emit({ kind: 'social', provider, url: uri })
      const done = await watch.guard(c.request('CONNECT_SOCIAL', {}, { signal }))
      watch.stop()
      emit(undefined)
      const result = await loadUser(c, signal)
      const userName = done.userName ?? user?.userName ?? done.email ?? user?.email
      storage.markLogin({ userName })
      return { ...result, ...(userName ? { authName: userName } : {}), socialProvider: provider }
    } finally {
      watch.stop()
      try {
        if (!popup.closed) popup.close()
      } catch {
        // already gone
      }
    }
  }

  /**
   * Sign In With Farcaster: the frame opens a relay channel (GET_FARCASTER_URI), its URL is the
   * prompt (QR code / deep link), CONNECT_FARCASTER waits until the signed message is verified, then
   * the user. Any failure but the user's own abort is 'Failed to connect to farcaster' (SPEC §8).
   */
  async function connectFarcaster(signal: AbortSignal): Promise<ConnectResult> {
    const c = getClient()
    try {
      const { url } = await c.request('GET_FARCASTER_URI', {}, { signal })
      emit({ kind: 'farcaster', url })
      const done = await c.request('CONNECT_FARCASTER', {}, { signal })
      emit(undefined)
      const result = await loadUser(c, signal)
      const userName = done.userName || user?.userName || undefined
      storage.markLogin({ userName })
      return { ...result, ...(userName ? { authName: userName } : {}), socialProvider: 'farcaster' }
    } catch (error) {
      if (signal.aborted) throw signal.reason ?? error
      throw new PorticoError(ERRORS.farcasterConnection, { cause: error })
    }
  }

  /**
   * Passkey login (issue 22 §2). 'sign-in': the frame asks the browser for a passkey of its own
   * origin (the hidden frame may: the page delegates WebAuthn to it). 'sign-up': a passkey is made
   * in a popup on the frame's origin, opened by the adapter in the user's click and sent here to the
   * frame page (?portico-passkey=create); the frame gives it the options and finishes with its
   * response (never through this page). Closed before the end: 'Popup closed'.
   */
  async function connectPasskey(mode: PasskeyMode, popup: SocialPopup | null | undefined, signal: AbortSignal): Promise<ConnectResult> {
    const c = getClient()
    const watch = mode === 'sign-up' && popup ? watchPopup(popup, { timers, signal }) : undefined
    try {
      if (mode === 'sign-up') {
        if (!popup || !watch) throw new PorticoError(ERRORS.failedToConnect)
        const url = new URL(options.frameUrl)
        url.search = `?${PASSKEY_POPUP_PARAM}=create`
        popup.location.href = url.href
      }
      emit({ kind: 'passkey', mode })
      const request = c.request('CONNECT_PASSKEY', { mode }, { signal })
      await (watch ? watch.guard(request) : request)
      watch?.stop()
      emit(undefined)
      const result = await loadUser(c, signal)
      storage.markLogin({ email: user?.email ?? null })
      return result
    } catch (error) {
      if (signal.aborted) throw signal.reason ?? error
      if (error instanceof Error && error.message === ERRORS.popupClosed) throw error
      // The API's text for a passkey it does not know (AUTH_ERRORS.passkeyUnknown) starts with the catalogue's.
      const unknown = error instanceof Error && error.message.startsWith(ERRORS.passkeyUnknown)
      throw new PorticoError(unknown ? ERRORS.passkeyUnknown : ERRORS.failedToConnect, { cause: error })
    } finally {
      watch?.stop()
      try {
        if (popup && !popup.closed) popup.close()
      } catch {
        // already gone
      }
    }
  }

  /**
   * Issue 22 §2: `ask` the frame while the frame page runs in the popup the adapter opened in the user's click
   * (?portico-passkey=`mode`: the frame gives it the options and sends its answer to the API, never through
   * this page). A window closed first: 'Popup closed', and the frame's request is given up too.
   */
  async function inPasskeyPopup<T>(
    popup: SocialPopup | null,
    mode: 'create' | 'verify',
    ask: (c: FrameClient, signal: AbortSignal) => Promise<T>,
  ): Promise<T> {
    try {
      requireUser()
      if (!popup) throw new PorticoError(ERRORS.createPopup)
      const c = getClient()
      const controller = new AbortController()
      const watch = watchPopup(popup, { timers, signal: controller.signal })
      try {
        const url = new URL(options.frameUrl)
        url.search = `?${PASSKEY_POPUP_PARAM}=${mode}`
        popup.location.href = url.href
        return await watch.guard(ask(c, controller.signal))
      } finally {
        watch.stop()
        controller.abort(new PorticoError(ERRORS.popupClosed))
      }
    } finally {
      try {
        if (popup && !popup.closed) popup.close()
      } catch {
        // already gone
      }
    }
  }

  /** Issue 22 §2: a step-up by one of the account's passkeys, in the popup (inPasskeyPopup). */
  const stepUpPasskey = (popup: SocialPopup | null): Promise<TwoFactorState> =>
    inPasskeyPopup(popup, 'verify', (c, signal) => c.request('STEP_UP_PASSKEY', {}, { signal }))

  /** Issue 22 §2: a passkey added to the signed-in account, created like a sign-up's, in the popup (inPasskeyPopup). */
  const addPasskey = (name: string | undefined, popup: SocialPopup | null): Promise<EmbeddedPasskey> =>
    inPasskeyPopup(popup, 'create', async (c, signal) => (await c.request('ADD_PASSKEY', name ? { name } : {}, { signal })).passkey)

  const namespaceOf = (address: string): ChainNamespace =>
    user?.solanaAddress && address === user.solanaAddress ? 'solana' : address.startsWith('0x') ? 'eip155' : 'solana'

  const requireUser = (): FrameUser => {
    if (!user) throw new PorticoError(ERRORS.notEmailOrSocial)
    return user
  }

  async function rpc(
    method: string,
    params: unknown[],
    network?: CaipNetwork,
    namespace: 'eip155' | 'solana' = 'eip155',
  ): Promise<unknown> {
    requireUser()
    const chainId = network?.id ?? (namespace === 'solana' ? solanaChainId() : evmNetwork()?.id)
    const sent = getClient().rpc(method, params, { namespace, ...(chainId === undefined ? {} : { chainId }) })
    // A send may have counted in the day's tally: the hint follows.
    if (method === 'eth_sendTransaction' || method === 'wallet_sendCalls') void sent.finally(() => refreshPolicy()).catch(() => undefined)
    return sent
  }

  /** Poll eth_getTransactionReceipt on the network's RPC every second until the transaction is included or `timeoutMs` passes. */
  function evmReceipt(hash: string, network: CaipNetwork, timeoutMs: number): Promise<TransactionReceipt> {
    const url = network.rpcUrls.default.http[0]
    if (!url) return Promise.reject(new PorticoError(ERRORS.networkNotFound))
    return pollReceipt({ hash, check: () => evmReceiptOf(doFetch, url, hash), timeoutMs, pollMs: RECEIPT_POLL_MS, timers })
  }

  async function evmSend(
    from: string,
    tx: { to: string; value?: bigint; data?: string; gas?: bigint; gasPrice?: bigint },
    network?: CaipNetwork,
  ) {
    if (namespaceOf(from) !== 'eip155') throw new PorticoError(ERRORS.rpcNotAllowed)
    const request = {
      from,
      to: tx.to,
      ...(tx.value !== undefined ? { value: toQuantity(tx.value) } : {}),
      ...(tx.data ? { data: tx.data } : {}),
      ...(tx.gas !== undefined ? { gas: toQuantity(tx.gas) } : {}),
      ...(tx.gasPrice !== undefined ? { gasPrice: toQuantity(tx.gasPrice) } : {}),
    }
    return parse(hexResult, await rpc('eth_sendTransaction', [request], network), 'eth_sendTransaction')
  }

  const doFetch: typeof fetch = (...args) => (options.fetch ?? globalThis.fetch)(...args)

  /** The Solana network of a call: the one given, else the active one, else the app's first Solana network. */
  function solanaNetwork(network?: CaipNetwork): { network: CaipNetwork; url: string } {
    const active = context()?.getActiveNetwork()
    const net = network ?? (active?.chainNamespace === 'solana' ? active : allNetworks().find((n) => n.chainNamespace === 'solana'))
    const url = net?.chainNamespace === 'solana' ? net.rpcUrls.default.http[0] : undefined
    if (!net || !url) throw new PorticoError(ERRORS.networkNotFound)
    return { network: net, url }
  }

  /**
   * SPEC §6 on Solana: ./solana builds the transaction from the network's RPC, the frame has the API
   * sign it with the user's key and send it (solana_signAndSendTransaction); the base58 signature.
   */
  async function solanaSend(
    from: string,
    p: { to: string; amount: bigint; token?: { address: string; decimals: number } },
    network?: CaipNetwork,
  ): Promise<string> {
    if (from !== requireUser().solanaAddress) throw new PorticoError(ERRORS.rpcNotAllowed)
    const { network: net, url } = solanaNetwork(network)
    const { sendSolana } = await solanaModule()
    return sendSolana(
      { fetch: doFetch, url, from, signAndSend: (transaction) => rpc('solana_signAndSendTransaction', [{ transaction }], net, 'solana') },
      p,
    )
  }

  /** A public read on the network's own RPC (not through the frame). */
  async function jsonRpc<T = string | { value: number }>(
    url: string,
    method: string,
    params: unknown[],
    schema: z.ZodMiniType<{ result: T }> = rpcBalance as never,
  ): Promise<T> {
    const f = options.fetch ?? globalThis.fetch
    const response = await f(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    })
    if (!response.ok) throw new PorticoError(`HTTP status code: ${response.status}`)
    return parse(schema, await response.json(), method).result
  }

  return {
    async connect(params: ConnectParams, popup?: SocialPopup | null) {
      const auth = params.auth
      if (auth?.kind !== 'email' && auth?.kind !== 'social' && auth?.kind !== 'farcaster' && auth?.kind !== 'passkey')
        throw new PorticoError(ERRORS.failedToConnect)
      cancelConnect?.(new PorticoError(ERRORS.modalClosed))
      const controller = new AbortController()
      const outer = params.signal
      const onOuterAbort = () => controller.abort(outer?.reason ?? new PorticoError(ERRORS.modalClosed))
      if (outer?.aborted) onOuterAbort()
      outer?.addEventListener('abort', onOuterAbort, { once: true })
      cancelConnect = (reason) => controller.abort(reason)
      try {
        if (auth.kind === 'farcaster') return await connectFarcaster(controller.signal)
        if (auth.kind === 'passkey') return await connectPasskey(auth.mode, popup, controller.signal)
        return auth.kind === 'social'
          ? await connectSocial(auth.provider, popup, controller.signal)
          : await connectEmail(auth.email, controller.signal)
      } catch (error) {
        emit(undefined)
        throw error
      } finally {
        outer?.removeEventListener('abort', onOuterAbort)
        cancelConnect = undefined
      }
    },

    async respond({ answer }) {
      if (!waiting) {
        if (answer.kind === 'cancel') cancelConnect?.(new PorticoError(ERRORS.modalClosed))
        return
      }
      const deliver = waiting
      await new Promise<void>((resolve, reject) => deliver({ answer, resolve, reject }))
    },

    async reconnect() {
      const c = getClient()
      try {
        const { isConnected } = await c.request('IS_CONNECTED', {})
        if (!isConnected) {
          storage.clearLogin()
          user = undefined
          return null
        }
      } catch {
        // SPEC §4: the connected check clears the cache on error too.
        storage.clearLogin()
        user = undefined
        return null
      }
      return loadUser(c)
    },

    async disconnect() {
      cancelConnect?.(new PorticoError(ERRORS.modalClosed))
      const c = client
      user = undefined
      storage.clearLogin()
      if (c) await c.signOut()
    },

    async switchNetwork({ network }) {
      if (network.chainNamespace !== 'eip155' && network.chainNamespace !== 'solana') throw new PorticoError(ERRORS.unsupportedChain)
      const { chainId } = await getClient().request('SWITCH_NETWORK', { chainId: network.id, namespace: network.chainNamespace })
      context()?.onChainChanged(typeof chainId === 'string' && /^\d+$/.test(chainId) ? Number(chainId) : chainId, network.chainNamespace)
    },

    async getBalance({ address, network }) {
      const url = network.rpcUrls.default.http[0]
      if (!url) throw new PorticoError(ERRORS.networkNotFound)
      if (network.chainNamespace === 'solana') {
        const result = await jsonRpc(url, 'getBalance', [address])
        const lamports = typeof result === 'string' ? Number(result) : result.value
        return { balance: formatUnits(BigInt(lamports), 9), symbol: network.nativeCurrency.symbol }
      }
      const result = await jsonRpc(url, 'eth_getBalance', [address, 'latest'])
      if (typeof result !== 'string') throw new PorticoError('Invalid response from eth_getBalance')
      return { balance: formatUnits(BigInt(result), network.nativeCurrency.decimals), symbol: network.nativeCurrency.symbol }
    },

    async signMessage({ message, address }) {
      if (namespaceOf(address) === 'solana') {
        const result = parse(
          signatureResult,
          await rpc('solana_signMessage', [{ message: base64Encode(utf8(message)), pubkey: address }], undefined, 'solana'),
          'solana_signMessage',
        )
        return typeof result === 'string' ? result : result.signature
      }
      return parse(hexResult, await rpc('personal_sign', [utf8ToHex(message), address]), 'personal_sign')
    },

    sendTransaction: ({ address, network, ...tx }) =>
      namespaceOf(address) === 'solana'
        ? solanaSend(address, { to: tx.to, amount: tx.value ?? 0n }, network)
        : evmSend(address, tx, network),

    async transfer({ address, to, amount, token, network }) {
      if (namespaceOf(address) === 'solana') return solanaSend(address, { to, amount, ...(token ? { token } : {}) }, network)
      if (!token) return evmSend(address, { to, value: amount }, network)
      // ERC-20: transfer(to, amount) on the token contract, signed by the API like any transaction.
      let data: `0x${string}`
      try {
        data = erc20TransferData(to, amount)
      } catch (cause) {
        throw new PorticoError(ERRORS.createTransaction, { cause })
      }
      if (!/^0x[0-9a-fA-F]{40}$/.test(token.address)) throw new PorticoError(ERRORS.createTransaction)
      return evmSend(address, { to: token.address, data }, network)
    },

    /**
     * On Solana: the signature's status on the network's RPC until confirmed. On EVM:
     * eth_getTransactionReceipt on the network's RPC (a public read) every second until there is one.
     */
    async waitForReceipt({ hash, network, timeoutMs }) {
      const net = network ?? context()?.getActiveNetwork()
      if (net?.chainNamespace === 'eip155') return evmReceipt(hash, net, timeoutMs ?? RECEIPT_TIMEOUT_MS)
      if (net?.chainNamespace !== 'solana') throw new PorticoError(ERRORS.rpcNotAllowed)
      const { url } = solanaNetwork(net)
      const { waitForSignature } = await solanaModule()
      return waitForSignature(doFetch, url, timeoutMs === undefined ? { hash } : { hash, timeoutMs }, { timers })
    },

    async signTypedData({ address, domain, types, primaryType, message }) {
      if (namespaceOf(address) !== 'eip155') throw new PorticoError(ERRORS.rpcNotAllowed)
      const typed = jsonWithBigints({ domain, types, primaryType, message })
      return parse(hexResult, await rpc('eth_signTypedData_v4', [address, typed]), 'eth_signTypedData_v4')
    },

    async sendCalls({ address, calls, capabilities, network }) {
      const checked = checkWalletCalls(calls)
      const chainId = network?.id ?? evmNetwork()?.id ?? 1
      const result = parse(
        sendCallsResult,
        await rpc(
          'wallet_sendCalls',
          [
            {
              version: '2.0.0',
              chainId: toQuantity(Number(chainId)),
              from: address,
              atomicRequired: true,
              calls: checked,
              capabilities: capabilities ?? {},
            },
          ],
          network,
        ),
        'wallet_sendCalls',
      )
      return { id: typeof result === 'string' ? result : result.id }
    },

    async getCallsStatus({ id }) {
      const result = parse(callsStatusResult, await rpc('wallet_getCallsStatus', [id]), 'wallet_getCallsStatus')
      return { id: result.id ?? id, status: result.status, ...(result.receipts ? { receipts: result.receipts } : {}) }
    },

    async getCapabilities({ address }) {
      try {
        return parse(capabilitiesResult, await rpc('wallet_getCapabilities', [address]), 'wallet_getCapabilities')
      } catch {
        return {} // SPEC §8
      }
    },

    // ERC-7715 permissions and EIP-7811 assets: the frame passes them to the API, which checks them.
    request: ({ method, params, network }) => rpc(method, [...params], network),

    /**
     * SPEC §3/§4: SET_PREFERRED_ACCOUNT (the frame sets the smart account up on its current EVM chain;
     * on failure it answers 'eoa' with the reason), then INIT_SMART_ACCOUNT for isDeployed, and the
     * smart-account-enabled networks remembered on the host (SPEC §3).
     */
    async setPreferredAccountType({ type }) {
      requireUser()
      if (type !== 'eoa' && type !== 'smartAccount') throw new PorticoError(`Unsupported account type: ${type}`)
      const c = getClient()
      const answer = await c.request('SET_PREFERRED_ACCOUNT', { type })
      let smartAccountDeployed: boolean | undefined
      try {
        smartAccountDeployed = (await c.request('INIT_SMART_ACCOUNT', {})).isDeployed
      } catch {
        // unknown: left out
      }
      if (user) {
        user = {
          ...user,
          preferredAccountType: answer.type,
          ...(smartAccountDeployed === undefined ? {} : { smartAccountDeployed }),
          accounts: user.accounts.map((a) => (a.address.toLowerCase() === answer.address.toLowerCase() ? { ...a, type: answer.type } : a)),
        }
      }
      try {
        storage.setSmartAccountEnabledNetworks((await c.request('GET_SMART_ACCOUNT_ENABLED_NETWORKS', {})).smartAccountEnabledNetworks)
      } catch {
        // kept as it was
      }
      return {
        type: answer.type,
        address: answer.address,
        ...(smartAccountDeployed === undefined ? {} : { smartAccountDeployed }),
        ...(answer.reason ? { reason: answer.reason } : {}),
      }
    },

    // SPEC §4 email update: a code to the current address, then one to the new address, which returns newEmail.
    async updateEmail({ email }) {
      if (!requireUser().email) throw new PorticoError(ERRORS.notEmailOrSocial)
      const { action } = await getClient().request('UPDATE_EMAIL', { email })
      return { action }
    },

    async confirmEmailUpdate({ step, otp }) {
      requireUser()
      const c = getClient()
      if (step === 'primary') {
        await c.request('UPDATE_EMAIL_PRIMARY_OTP', { otp })
        return { action: 'VERIFY_SECONDARY_OTP' as const }
      }
      const { newEmail } = await c.request('UPDATE_EMAIL_SECONDARY_OTP', { otp })
      if (user) user = { ...user, email: newEmail }
      // SPEC §4: on success the email-used flag is stored (with the new email) and last-login-time cleared.
      storage.markLogin({ email: newEmail })
      return { newEmail }
    },

    // Issue 22 §2: the second factor, through the frame (which calls the API's stamped 2FA routes).
    async getTwoFactor() {
      requireUser()
      return getClient().request('GET_TWO_FACTOR', {})
    },
    // The set-up's QR code and key show in the frame's own document; the frame is then placed over `rect`.
    async enrollTotp({ rect }) {
      requireUser()
      const c = getClient()
      await c.request('TOTP_ENROLL', {})
      c.setSize(rect)
    },
    async hideTotpEnrollment() {
      const c = client
      if (!c) return
      c.setSize(undefined)
      await c.request('TOTP_ENROLL_HIDE', {}).catch(() => undefined)
    },
    async submitTotp({ action, code }) {
      requireUser()
      const c = getClient()
      const type = action === 'confirm' ? 'TOTP_CONFIRM' : action === 'verify' ? 'TOTP_VERIFY' : 'TOTP_REMOVE'
      const state = await c.request(type, { code })
      // Confirmed: the frame took its set-up view down.
      if (action === 'confirm') c.setSize(undefined)
      return state
    },
    // The key shows in the frame's own document; the frame is then placed over `rect` (the modal's room for it).
    async showKeyExport({ kind, rect }) {
      requireUser()
      const c = getClient()
      await c.request('EXPORT_KEY', { kind })
      c.setSize(rect)
    },
    async hideKeyExport() {
      const c = client
      if (!c) return
      c.setSize(undefined)
      await c.request('EXPORT_KEY_HIDE', {}).catch(() => undefined)
    },

    // Issue 22 §2: recovery in the frame's own document, the frame placed over `rect` while it shows.
    async getKeyState() {
      requireUser()
      return getClient().request('GET_KEY_STATE', {})
    },
    async recoverWallet({ rect }) {
      requireUser()
      return shownUntilAnswered('RECOVER_WALLET', rect)
    },
    async showRecoverySecret({ rect }) {
      requireUser()
      return shownUntilAnswered('SHOW_RECOVERY_SECRET', rect)
    },
    async hideRecovery() {
      const c = client
      if (!c) return
      c.setSize(undefined)
      await c.request('RECOVERY_HIDE', {}).catch(() => undefined)
    },

    // Issue 22 §2: the signed-in user's passkeys, through the frame (which calls the API's stamped routes).
    async getPasskeys() {
      requireUser()
      return (await getClient().request('GET_PASSKEYS', {})).passkeys
    },
    addPasskey: ({ name }, popup) => addPasskey(name, popup),
    stepUpPasskey: (_params, popup) => stepUpPasskey(popup),
    async removePasskey({ id }) {
      requireUser()
      return (await getClient().request('REMOVE_PASSKEY', { id })).passkeys
    },

    quiet(call, p) {
      const request = quietRequest(call, p)
      if (!request) return false
      const { method, params, network } = request
      const id = network?.id ?? evmNetwork()?.id
      if (!policyHint?.policy || !user || id === undefined || (network && network.chainNamespace !== 'eip155')) return false
      const chain = `eip155:${id}`
      const spent = policyHint.spent[chain]
      const decision = decide(policyHint.policy, { method, params, chain }, spent && /^\d{1,78}$/.test(spent) ? BigInt(spent) : 0n)
      if (decision.action !== 'auto') return false
      // Counted here too, until the frame's own tally comes back (two requests in a row).
      if (decision.chain)
        policyHint = { ...policyHint, spent: { ...policyHint.spent, [chain]: String((spent ? BigInt(spent) : 0n) + decision.value) } }
      return true
    },

    async syncTheme(payload) {
      await getClient().request('SYNC_THEME', payload)
    },
    async syncDappData(payload) {
      await getClient().request('SYNC_DAPP_DATA', payload)
    },
    destroy() {
      cancelConnect?.(new PorticoError(ERRORS.modalClosed))
      client?.destroy()
      client = undefined
    },
  }
}
