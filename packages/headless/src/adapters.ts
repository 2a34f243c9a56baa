/**
 * The contract between @portico/headless and the chain adapter packages (@portico/evm, @portico/solana …).
 *
 * Life cycle:
 * 1. `createPortico({ adapters })` calls `adapter.setup(ctx)` once per adapter (no network request,
 *    no window access at import time; an adapter may look at `window` inside `setup` only when
 *    `typeof window !== 'undefined'`).
 * 2. The adapter reports its wallets with `ctx.setConnectors(list)` (call it again whenever the list
 *    changes, e.g. on an EIP-6963 announcement) and wallet events with `ctx.onAccountsChanged`,
 *    `ctx.onChainChanged` and `ctx.onDisconnect`.
 * 3. headless calls `connect`, `reconnect`, `disconnect`, `switchNetwork` … when the user asks.
 *
 * Errors: reject with the wallet's error as is (keep `code: 4001` for user rejection) — headless maps
 * it with `isUserRejection` to 'Connection rejected'.
 *
 * Capabilities: beyond connect/sign/send, an adapter lists what else it implements in `capabilities`
 * (transfers, contract writes, typed data, EIP-5792 calls, receipts) and provides the matching
 * method. headless checks the list before calling and refuses an undeclared one with
 * 'Requested RPC call is not allowed' (never a TypeError). A capability may still be refused at call
 * time for one wallet (a WalletConnect session that did not approve the method): reject with
 * PorticoError(ERRORS.rpcNotAllowed) then.
 *
 * Connector kinds: injected / announced (browser wallets), walletConnect (pairing), auth (the embedded
 * email / social wallet) and external. They share this one contract. Whatever a connector needs to
 * show the user while `connect` is pending (a pairing URI, "enter the code we emailed you") goes
 * through `ctx.emit(connectorId, event)`; what the user answers comes back through `adapter.respond`.
 *
 * Multi-namespace adapters (WalletConnect): `namespace` is the primary one; `namespaces` lists every
 * namespace the adapter can serve. headless routes each call to the adapter that registered the
 * connector in use, so several adapters may share a namespace (e.g. evm + walletConnect on eip155).
 * Accounts of other namespaces come back in `ConnectResult.namespaces` and through the namespace
 * argument of the context's events.
 */
import type { Locale } from './core/locale/locale'
import type { AccountType, CaipNetwork, ChainNamespace, SocialProvider } from './core/types'

export type ConnectorType = 'injected' | 'announced' | 'walletConnect' | 'auth' | 'external'

/** A way to connect a wallet, registered by an adapter. */
export interface Connector {
  /** Unique within the Portico instance, e.g. 'injected', the EIP-6963 rdns, 'walletConnect'. */
  id: string
  name: string
  type: ConnectorType
  namespace: ChainNamespace
  imageUrl?: string
  /** EIP-6963 reverse-DNS id of the wallet, when known. */
  rdns?: string
  /** The wallet's id in the wallet explorer, when known. */
  explorerId?: string
}

/** Per-connector state of SPEC §4: the one in use, one known/authorised earlier, or neither. */
export type ConnectorState = 'connected' | 'active' | 'disconnected'

/** What `connect` / `reconnect` resolve with. */
export interface ConnectResult {
  /** The selected account's address (checksummed for EVM). */
  address: string
  /** The chain the wallet is on: a number for EVM, the CAIP-2 reference string elsewhere. */
  chainId: number | string
  /** Every account the wallet exposed, selected one first. */
  accounts: string[]
  /**
   * Multi-namespace sessions: the namespace of the account above when it is not the adapter's
   * primary one (e.g. a WalletConnect session that approved no eip155 account). @default the adapter's namespace
   */
  namespace?: ChainNamespace
  /**
   * Multi-namespace sessions: the accounts of further namespaces (not the one above). headless
   * applies those whose namespace the app configured, without changing the active namespace.
   */
  namespaces?: Partial<Record<ChainNamespace, NamespaceAccounts>>
  /** Auth connectors: the signed-in email or social user name (SPEC §3 "auth name"). */
  authName?: string
  /** Auth connectors: the social provider used, if any. */
  socialProvider?: SocialProvider
  /** Type of the selected account. @default 'eoa' */
  accountType?: AccountType
  /**
   * The wallet behind the connector, when the connector is only the channel to it (a WalletConnect
   * session: the peer's own name and icon from its session metadata). headless shows it as the
   * account's wallet (`connectedWalletInfo` { name, icon, via: the connector's name }) instead of
   * the connector, on connect and on reconnect, and keeps it through the session's account events.
   * Untrusted wallet data: give a trimmed name and only an http(s) or data:image icon URL.
   * @default the connector (its name and image)
   */
  wallet?: ConnectedWallet
}

/** The wallet an account is connected with (`ConnectResult.wallet`). */
export interface ConnectedWallet {
  name: string
  /** Icon URL (http(s) or data:image). */
  icon?: string
}

/** One namespace's part of a multi-namespace session. */
export interface NamespaceAccounts {
  address: string
  chainId: number | string
  accounts: string[]
}

/** Given to `adapter.setup`. */
export interface AdapterContext {
  /** The app's networks of this adapter's namespace. */
  readonly networks: readonly CaipNetwork[]
  /** Every network the app configured, all namespaces (multi-namespace adapters build requests from it). */
  readonly allNetworks?: readonly CaipNetwork[]
  /** The Portico project id (for RPC URLs that need it). */
  readonly projectId: string
  /** The app's metadata as configured (an auth connector syncs it to its frame, SPEC §3). */
  readonly metadata?: { name: string; description: string; url: string; icons: readonly string[] }
  /**
   * The theme, now and on every change ('system' resolved to light or dark): an auth connector syncs
   * it to its frame (SPEC §3 theme payload). Returns the unsubscribe function.
   */
  watchTheme?(listener: (theme: AdapterTheme) => void): () => void
  /** The currently selected network of this namespace, if any. */
  getActiveNetwork(): CaipNetwork | undefined
  /** Replace this adapter's connectors (headless keeps them ordered across adapters). */
  setConnectors(list: Connector[]): void
  /**
   * The wallet's accounts changed; an empty list means it disconnected. `namespace` defaults to the
   * adapter's namespace.
   */
  onAccountsChanged(accounts: string[], namespace?: ChainNamespace): void
  /** The wallet moved to another chain (EVM chain id number, or the CAIP-2 reference). */
  onChainChanged(chainId: number | string, namespace?: ChainNamespace): void
  /** The wallet ended the session: in `namespace`, or in every namespace this adapter connected. */
  onDisconnect(namespace?: ChainNamespace): void
  /**
   * Tell headless what a pending connect needs to show: a pairing URI (undefined once used or gone),
   * or a step the user must take (undefined once done). One channel for every connector kind.
   */
  emit(connectorId: string, event: ConnectorEvent): void
}

/** What `AdapterContext.watchTheme` reports. */
export interface AdapterTheme {
  themeMode: 'light' | 'dark'
  themeVariables: Record<string, string | number>
  /** The modal's locale (useLocale), for the frame's own views. */
  locale?: Locale
}

/** Progress of a pending connect that the UI shows. */
export type ConnectorEvent =
  /** WalletConnect: the URI to show as a QR code / deep link; undefined once it is used or gone. */
  | { kind: 'pairingUri'; uri: string | undefined }
  /** A step the user must take before `connect` resolves; undefined once it is done. */
  | { kind: 'prompt'; prompt: ConnectorPrompt | undefined }

/** Steps an auth connector asks of the user mid-connect (SPEC §4 "Embedded frame" login actions). */
export type ConnectorPrompt =
  /** A link was emailed to approve this device. */
  | { kind: 'verifyDevice'; email: string }
  /** A one-time code was emailed; answer with `{ kind: 'otp', code }`. */
  | { kind: 'verifyOtp'; email: string }
  /** Finish the social sign-in in the window that opened. */
  | { kind: 'social'; provider: SocialProvider; url?: string }
  /**
   * Sign In With Farcaster: show `url` (the relay channel's) as a QR code, or open it on mobile,
   * and approve in the Farcaster app; the connector polls until it is signed. No answer is needed.
   */
  | { kind: 'farcaster'; url: string }
  /**
   * Passkey login: 'sign-in' waits for the browser's passkey prompt; 'sign-up' for the passkey to be
   * created in the window that opened (the connector opened it in the user's click). No answer is needed.
   */
  | { kind: 'passkey'; mode: PasskeyMode }

/** A passkey login's kind: use an existing passkey, or create one (and a new account). */
export type PasskeyMode = 'sign-in' | 'sign-up'

/** What `setPreferredAccountType` resolves with. */
export interface PreferredAccountResult {
  /** The type now in use ('eoa' after a fallback). */
  type: AccountType
  address: string
  /** The smart account is deployed on the current network (EIP-7702: the address delegates to it). */
  smartAccountDeployed?: boolean
  /** Why the smart account could not be set, when the type fell back to 'eoa'. */
  reason?: string
}

/** What the user answers to a prompt, passed to `adapter.respond`. */
export type ConnectorAnswer = { kind: 'otp'; code: string } | { kind: 'resend' } | { kind: 'cancel' }

/** SPEC §4 email update: the step the auth service asks for next (a code to the current, then the new address). */
export type EmailUpdateAction = 'VERIFY_PRIMARY_OTP' | 'VERIFY_SECONDARY_OTP'
/** Which address a code of the email update was mailed to: 'primary' the current one, 'secondary' the new one. */
export type EmailUpdateOtpStep = 'primary' | 'secondary'
/** What `confirmEmailUpdate` resolves with: the next step, or the new email once the update is done. */
export type EmailUpdateConfirmation = { action: 'VERIFY_SECONDARY_OTP'; newEmail?: undefined } | { action?: undefined; newEmail: string }

/** How an auth connector is asked to sign in (`ConnectParams.auth`). */
export type AuthRequest =
  | { kind: 'email'; email: string }
  | { kind: 'social'; provider: SocialProvider }
  | { kind: 'farcaster' }
  | { kind: 'passkey'; mode: PasskeyMode }

/** What `connect` receives. */
export interface ConnectParams {
  connectorId: string
  network?: CaipNetwork
  /**
   * Aborted when the user gives up (the modal closes during a pairing): reject with
   * `signal.reason` (PorticoError 'Modal closed') and clean up.
   */
  signal?: AbortSignal
  /** Auth connectors: sign in with this email or social provider. */
  auth?: AuthRequest
}

export interface SendTransactionParams {
  /** Recipient address. */
  to: string
  /** Native value in the smallest unit (wei, lamports). */
  value?: bigint
  /** Call data, hex, 0x-prefixed. */
  data?: `0x${string}`
  gas?: bigint
  gasPrice?: bigint
  network?: CaipNetwork
}

/** What an adapter can do beyond connect, sign a message and send a transaction. */
export const ADAPTER_CAPABILITIES = [
  /** `transfer` without a token: the native currency (ETH, SOL …). */
  'nativeTransfer',
  /** `transfer` with a token: ERC-20 on EVM, SPL on Solana. */
  'tokenTransfer',
  /** `writeContract`: a contract call from the account (an ERC-20 approval …). */
  'contractWrite',
  /** `signTypedData`: EIP-712 (eth_signTypedData_v4). */
  'typedData',
  /** `sendCalls`: EIP-5792 wallet_sendCalls. */
  'sendCalls',
  /** `getCallsStatus`: EIP-5792 wallet_getCallsStatus. */
  'callsStatus',
  /** `getCapabilities`: EIP-5792 wallet_getCapabilities. */
  'walletCapabilities',
  /** `waitForReceipt`: wait until a sent transaction is included. */
  'waitForReceipt',
  /** `request`: the wallet RPC calls Portico passes through as they are (WALLET_REQUEST_METHODS: ERC-7715 permissions, EIP-7811 assets). */
  'walletRequest',
] as const
export type AdapterCapability = (typeof ADAPTER_CAPABILITIES)[number]

/** Who performs a wallet call: the account, and the connector that holds it. */
export interface WalletCallContext {
  /** The sending / signing account. */
  address: string
  connectorId?: string
  /** The namespace of the account (multi-namespace adapters). @default the adapter's namespace */
  namespace?: ChainNamespace
}

export interface TransferParams {
  /** Recipient address. */
  to: string
  /** Amount in the smallest unit (wei, lamports, token base units). */
  amount: bigint
  /** The token to send: its contract (EVM) or mint (Solana) address. @default the native currency */
  token?: { address: string; decimals: number }
  network?: CaipNetwork
}

export interface WriteContractParams {
  /**
   * The contract. (Not `address`: in `WriteContractParams & WalletCallContext` that name is the
   * calling account's.)
   */
  contract: `0x${string}`
  /** The contract's ABI (viem / JSON ABI format; at least the called function). */
  abi: readonly unknown[]
  functionName: string
  args?: readonly unknown[]
  /** Native value sent with the call. @default 0n */
  value?: bigint
  network?: CaipNetwork
}

/** EIP-712 typed data, as eth_signTypedData_v4 takes it. */
export interface TypedDataParams {
  domain: Record<string, unknown>
  types: Record<string, readonly { name: string; type: string }[]>
  primaryType: string
  message: Record<string, unknown>
}

/** One call of an EIP-5792 batch (SPEC §5: `to` and `data` start with 0x, `value` is a string). */
export interface WalletCall {
  to: `0x${string}`
  data?: `0x${string}`
  /** Hex quantity string, e.g. '0x0'. */
  value?: string
}

export interface SendCallsParams {
  calls: readonly WalletCall[]
  /** Capabilities requested from the wallet (paymasterService …). @default {} */
  capabilities?: Record<string, unknown>
  network?: CaipNetwork
}

/** EIP-5792 wallet_getCallsStatus result (status codes 1xx pending, 2xx confirmed, 4xx/5xx failed). */
export interface CallsStatus {
  id: string
  status: number
  receipts?: readonly { transactionHash: string; status: string; blockNumber?: string }[]
}

/** The wallet RPC methods an adapter's `request` passes through (SPEC §7 frame RPC list). */
export const WALLET_REQUEST_METHODS = ['wallet_grantPermissions', 'wallet_revokePermissions', 'wallet_getAssets'] as const
export type WalletRequestMethod = (typeof WALLET_REQUEST_METHODS)[number]

export interface WalletRequestParams {
  method: WalletRequestMethod
  params: readonly unknown[]
  network?: CaipNetwork
}

/** SPEC §9: how long `waitForReceipt` waits for a receipt unless told otherwise (ms). */
export const RECEIPT_TIMEOUT_MS = 25_000

/** An included transaction. */
export interface TransactionReceipt {
  hash: string
  status: 'success' | 'reverted'
  /** Block (EVM) or slot (Solana) that included it. */
  blockNumber?: bigint
}

export interface ChainAdapter {
  /** Required: the chain family this adapter serves. Adapters without it are refused. */
  readonly namespace: ChainNamespace
  /** Every namespace this adapter can connect, primary first. @default [namespace] */
  readonly namespaces?: readonly ChainNamespace[]
  /** Register connectors and subscribe to wallet events. May return a cleanup function. */
  // biome-ignore lint/suspicious/noConfusingVoidType: public API: `undefined` would refuse a setup written `(ctx) => ctx.setConnectors(…)`, whose type is void.
  setup(ctx: AdapterContext): void | (() => void) | Promise<void | (() => void)>
  /** Ask the wallet for access (a prompt). Resolves with the accounts, rejects on refusal. */
  connect(params: ConnectParams): Promise<ConnectResult>
  /**
   * Restore an earlier authorised session without a prompt (eth_accounts for EVM). Resolves null
   * when the wallet no longer exposes an account.
   */
  reconnect(params: { connectorId: string; network?: CaipNetwork }): Promise<ConnectResult | null>
  disconnect(params: { connectorId: string }): Promise<void>
  /** Move the connected wallet to `network` (adds it to the wallet when unknown, for EVM). */
  switchNetwork(params: { network: CaipNetwork; connectorId?: string }): Promise<void>
  /** Native balance of `address` on `network`, formatted in whole units ('1.5'). */
  getBalance(params: { address: string; network: CaipNetwork }): Promise<{ balance: string; symbol: string }>
  signMessage(params: { message: string; address: string; connectorId?: string }): Promise<string>
  /** Resolves with the transaction hash / signature. */
  sendTransaction(params: SendTransactionParams & { address: string; connectorId?: string }): Promise<string>

  /** What this adapter implements beyond the methods above; each one names an optional method below. @default [] */
  readonly capabilities?: readonly AdapterCapability[]
  /** 'nativeTransfer' / 'tokenTransfer': send the native currency or a token. Resolves with the hash / signature. */
  transfer?(params: TransferParams & WalletCallContext): Promise<string>
  /** 'contractWrite': call a contract function from the account. Resolves with the transaction hash. */
  writeContract?(params: WriteContractParams & WalletCallContext): Promise<string>
  /** 'typedData': sign EIP-712 typed data. Resolves with the signature. */
  signTypedData?(params: TypedDataParams & WalletCallContext): Promise<string>
  /** 'sendCalls': EIP-5792 wallet_sendCalls. Resolves with the batch id. */
  sendCalls?(params: SendCallsParams & WalletCallContext): Promise<{ id: string }>
  /** 'callsStatus': EIP-5792 wallet_getCallsStatus. */
  getCallsStatus?(params: { id: string } & WalletCallContext): Promise<CallsStatus>
  /** 'walletCapabilities': EIP-5792 wallet_getCapabilities, per chain id (hex). Resolves {} when the wallet fails (SPEC §8). */
  getCapabilities?(params: WalletCallContext): Promise<Record<string, Record<string, unknown>>>
  /**
   * 'walletRequest': one of WALLET_REQUEST_METHODS, sent to the wallet as it is (the params are the
   * wallet's to check); resolves with the wallet's result.
   */
  request?(params: WalletRequestParams & WalletCallContext): Promise<unknown>
  /** 'waitForReceipt': resolves when `hash` is included (rejects after `timeoutMs`, default RECEIPT_TIMEOUT_MS = 25 000, SPEC §9). */
  waitForReceipt?(params: { hash: string; network?: CaipNetwork; timeoutMs?: number }): Promise<TransactionReceipt>
  /** Auth connectors: the user's answer to a prompt the adapter emitted. */
  respond?(params: { connectorId: string; answer: ConnectorAnswer }): Promise<void>
  /**
   * Auth connectors, email logins (SPEC §4 "Email update"): start changing the signed-in email to
   * `email`. A code is mailed to the current address; resolves with the next step (VERIFY_PRIMARY_OTP:
   * confirm the current address). Called again, it starts over with a new code to the current address.
   * Rejects with the connector's text (an email already in use, too many requests …).
   */
  updateEmail?(params: { connectorId: string; email: string }): Promise<{ action: EmailUpdateAction }>
  /**
   * Auth connectors: confirm a step of the email update with the code mailed for it. 'primary' (the
   * current address) resolves `{ action: 'VERIFY_SECONDARY_OTP' }`: a code went to the new address.
   * 'secondary' (the new address) resolves `{ newEmail }`: the email changed; the connector has stored
   * it (SPEC §3 host keys) and headless shows it as the account's auth name. A wrong code rejects with
   * the connector's text and may be tried again.
   */
  confirmEmailUpdate?(params: { connectorId: string; step: EmailUpdateOtpStep; otp: string }): Promise<EmailUpdateConfirmation>
  /**
   * Auth connectors (SPEC §3/§4): make `type` the user's preferred account. 'smartAccount' sets the
   * smart account up on the current EVM network first (the embedded wallet: an EIP-7702 delegation of
   * the same address); if that fails the connector falls back to 'eoa' and resolves with it and the
   * `reason` — it does not reject for that. Resolves with the account now used and whether the smart
   * account is deployed on the current network.
   */
  setPreferredAccountType?(params: { connectorId: string; type: AccountType }): Promise<PreferredAccountResult>
  /**
   * Auth connectors (issue 22 §2): the signed-in user's second factor. `totp`: 'off', 'pending'
   * (enrolled, not confirmed) or 'on'; `stepUp`: a code was verified in this session within the last
   * minutes (key export needs it). Rejects with the connector's text.
   */
  getTwoFactor?(params: { connectorId: string }): Promise<TwoFactorState>
  /**
   * Auth connectors: start setting up TOTP. The set-up's QR code and key show inside the connector's own secure
   * frame, placed over `rect` (viewport px): never on the page, whose scripts could otherwise compute the codes.
   */
  enrollTotp?(params: { connectorId: string; rect: ViewportRect }): Promise<void>
  /** Auth connectors: take the TOTP set-up off the frame and hide the frame again. */
  hideTotpEnrollment?(params: { connectorId: string }): Promise<void>
  /** Auth connectors: a code from the authenticator app, to confirm the setup, step up, or remove TOTP. */
  submitTotp?(params: { connectorId: string; action: TotpAction; code: string }): Promise<TwoFactorState>
  /**
   * Auth connectors: step this session up with one of the user's passkeys instead of a code (`passkey` in
   * TwoFactorState). Call it in the user's click: the connector opens the window where the passkey is used (on its
   * frame's origin) in this same call, before any await. Rejects with 'Popup closed' when that window is closed
   * first, else with the connector's text.
   */
  stepUpPasskey?(params: { connectorId: string }): Promise<TwoFactorState>
  /**
   * Auth connectors: show the private key of `kind` inside the connector's own secure frame, placed
   * over `rect` (viewport px). The key never reaches the page. Rejects with the connector's text
   * ('Confirm with your second factor first' without a fresh step-up).
   */
  showKeyExport?(params: { connectorId: string; kind: ExportKeyKind; rect: ViewportRect }): Promise<void>
  /** Auth connectors: remove the key from the frame and hide the frame again. */
  hideKeyExport?(params: { connectorId: string }): Promise<void>
  /**
   * Auth connectors (issue 22 §2): where the signed-in wallet's signatures are made for this device:
   * 'here', 'recover' (a new device: recover the wallet before it signs here), or 'server'.
   * `unsavedRecovery`: the keys were made on this device in this visit, and their recovery secret can be shown.
   */
  getKeyState?(params: { connectorId: string }): Promise<EmbeddedKeyState>
  /**
   * Auth connectors: recover the wallet on this device. The connector's secure frame, placed over `rect`,
   * asks for the recovery secret itself (it never reaches the page). Resolves `recovered: false` when the
   * user cancels; the frame hides again either way.
   */
  recoverWallet?(params: { connectorId: string; rect: ViewportRect }): Promise<{ recovered: boolean }>
  /**
   * Auth connectors: show the recovery secret in the secure frame over `rect`, until the user has saved it
   * (`saved: true`: it is then forgotten) or it is hidden (`saved: false`).
   */
  showRecoverySecret?(params: { connectorId: string; rect: ViewportRect }): Promise<{ saved: boolean }>
  /** Auth connectors: remove a recovery view from the frame and hide the frame again. */
  hideRecovery?(params: { connectorId: string }): Promise<void>
  /**
   * Auth connectors (issue 22 §2): the signed-in user's passkeys (the relying party is the connector's secure
   * frame's origin). Rejects with the connector's text.
   */
  getPasskeys?(params: { connectorId: string }): Promise<readonly EmbeddedPasskey[]>
  /**
   * Auth connectors: add a passkey, named `name`. Call it in the user's click: the connector opens the window where
   * the passkey is created (on its frame's origin) in this same call, before any await. Resolves with the new
   * passkey; rejects with 'Popup closed' when that window is closed first, else with the connector's text.
   */
  addPasskey?(params: { connectorId: string; name?: string }): Promise<EmbeddedPasskey>
  /**
   * Auth connectors: remove the passkey `id`; resolves with the passkeys left. The only way to sign in of an
   * account is refused with the API's text ('This passkey is your only way to sign in. …').
   */
  removePasskey?(params: { connectorId: string; id: string }): Promise<readonly EmbeddedPasskey[]>
  /**
   * Optional: call `onBlock` with each new block number (slot) of `network`, from the next one on,
   * until the returned function is called. headless refreshes the shown balances with it (SPEC §9
   * caches still apply). Never throws; a failed read is skipped.
   */
  watchBlocks?(params: { network: CaipNetwork; onBlock: (block: bigint) => void }): () => void
}

/**
 * Where an embedded wallet's signatures are made for this device (issue 22 §2): 'here' (this device holds its
 * key share), 'recover' (a new device: the wallet must be recovered here before it signs), 'server' (the API
 * holds the keys: a wallet from before key shares). `unsavedRecovery`: the keys were made on this device in
 * this visit and their recovery secret has not been saved yet (it can be shown).
 */
export interface EmbeddedKeyState {
  state: 'here' | 'recover' | 'server'
  unsavedRecovery: boolean
}

/** A passkey of an auth connector's user (issue 22 §2): no key material, its id, label and dates (ISO 8601). */
export interface EmbeddedPasskey {
  /** The credential id. */
  id: string
  name: string
  createdAt: string
  /** null: never used to sign in. */
  lastUsedAt: string | null
  /** Synced by its provider (a password manager, the platform's keychain). */
  backedUp: boolean
}

/** The second factor of an auth connector's user (issue 22 §2). */
export interface TwoFactorState {
  totp: 'off' | 'pending' | 'on'
  /** The user has a passkey: it steps the session up as a code does (stepUpPasskey). */
  passkey: boolean
  /** A code or a passkey was verified in this session within the last minutes. */
  stepUp: boolean
}
export type TotpAction = 'confirm' | 'verify' | 'remove'
/** Whose key an export shows: the EVM private key or the Solana secret key. */
export type ExportKeyKind = 'evm' | 'solana'
/** A box in viewport pixels (getBoundingClientRect's). */
export interface ViewportRect {
  left: number
  top: number
  width: number
  height: number
}
