/**
 * The preview engine's objects (issue 23 §2): what a request does, decoded from its bytes, with
 * CODES for what deserves a warning. The ui maps each code to words through the active locale; no
 * English travels from here.
 */
import type { Address, Hex } from 'viem'

/**
 * Why a preview warns:
 * - `unlimitedAmount`: an approval or permit for the whole range (≥ 2^255 for uint256, ≥ 2^159 for Permit2's uint160);
 * - `largeAmount`: an approval for more than the holder's balance times `largeMultiple` (default 1);
 * - `spenderNoCode`: the spender (or operator) is an address with no code (not a contract);
 * - `approvalForAll`: `setApprovalForAll(operator, true)`: every item of a collection;
 * - `farDeadline`: a permit valid for longer than `maxDeadlineSeconds` (or one that never expires);
 * - `unknownDelegate`: an EIP-7702 delegate that is not one of the configured executors;
 * - `longDuration`: a permission grant that lasts longer than `maxGrantSeconds`;
 * - `foreignDomain`: a sign-in message for a domain other than the host page's;
 * - `unknownCall`: calldata that no decoder knows (its selector is shown).
 */
export type PreviewFlag =
  | 'unlimitedAmount'
  | 'largeAmount'
  | 'spenderNoCode'
  | 'approvalForAll'
  | 'farDeadline'
  | 'unknownDelegate'
  | 'longDuration'
  | 'foreignDomain'
  | 'unknownCall'

/** Every flag in the order the ui lists them (most dangerous first). */
export const PREVIEW_FLAGS: readonly PreviewFlag[] = [
  'unknownDelegate',
  'foreignDomain',
  'approvalForAll',
  'unlimitedAmount',
  'largeAmount',
  'spenderNoCode',
  'longDuration',
  'farDeadline',
  'unknownCall',
]

/** One EVM call as a wallet receives it (eth_sendTransaction, or one call of wallet_sendCalls). */
export interface EvmCall {
  /** Absent for a contract creation. */
  to?: Address
  /** Wei. @default 0n */
  value?: bigint
  /** @default '0x' */
  data?: Hex
}

interface CallBase {
  /** The called address (the token for token calls). */
  to: Address
  /** Native value sent with the call, in wei. */
  value: bigint
  flags: PreviewFlag[]
}

/** What one EVM call does. Token amounts are in the token's base units. */
export type CallPreview =
  /** A plain native transfer (no calldata). */
  | (CallBase & { kind: 'nativeTransfer' })
  /** ERC-20 `transfer(to, amount)`. */
  | (CallBase & { kind: 'tokenTransfer'; token: Address; recipient: Address; amount: bigint })
  /** ERC-20 `transferFrom(from, to, amount)` (same selector as ERC-721's, whose `amount` is the token id). */
  | (CallBase & { kind: 'tokenTransferFrom'; token: Address; sender: Address; recipient: Address; amount: bigint })
  /** ERC-20 `approve(spender, amount)`. */
  | (CallBase & { kind: 'tokenApproval'; token: Address; spender: Address; amount: bigint })
  /** ERC-721 / ERC-1155 `setApprovalForAll(operator, approved)`. */
  | (CallBase & { kind: 'approvalForAll'; collection: Address; operator: Address; approved: boolean })
  /** Calldata no decoder knows: its 4-byte selector. */
  | (CallBase & { kind: 'contractCall'; selector: Hex; data: Hex })
  /** A contract creation (no `to`): `to` is the zero address. */
  | (CallBase & { kind: 'deploy'; data: Hex })

/** One token of a permit. */
export interface PermitToken {
  token: Address
  /** Base units. */
  amount: bigint
  /** Unix seconds when the allowance ends (Permit2 PermitSingle/PermitBatch); absent for signature-transfers. */
  expiration?: number
}

/** EIP-2612 Permit, Uniswap Permit2 (allowance and signature-transfer) typed data, or any other EIP-712 data. */
export type TypedDataPreview =
  | {
      kind: 'permit'
      standard: 'eip2612'
      token: Address
      owner: Address
      spender: Address
      amount: bigint
      nonce: bigint
      /** Unix seconds. */
      deadline: number
      chainId?: number
      flags: PreviewFlag[]
    }
  | {
      kind: 'permit'
      standard: 'permit2'
      /** PermitSingle / PermitBatch set allowances; PermitTransferFrom / PermitBatchTransferFrom move tokens once. */
      primaryType: 'PermitSingle' | 'PermitBatch' | 'PermitTransferFrom' | 'PermitBatchTransferFrom'
      /** Permit2's address (the domain's verifyingContract). */
      verifyingContract?: Address
      spender: Address
      tokens: PermitToken[]
      nonce: bigint
      /** Unix seconds: the signature's deadline (sigDeadline or deadline). */
      deadline: number
      chainId?: number
      flags: PreviewFlag[]
    }
  | {
      kind: 'typedData'
      primaryType: string
      domain: { name?: string; version?: string; chainId?: number; verifyingContract?: Address }
      /** The EIP-712 digest that is signed. */
      hash: Hex
      flags: PreviewFlag[]
    }

/** An EIP-7702 authorization: the account's code becomes the delegate's. */
export interface AuthorizationPreview {
  kind: 'authorization'
  delegate: Address
  /** 0 means every chain. */
  chainId: number
  nonce: number
  flags: PreviewFlag[]
}

/** A `wallet_sendCalls` batch: each call decoded; `flags` is every call's flags. */
export interface BatchPreview {
  kind: 'batch'
  chainId?: number
  from?: Address
  calls: CallPreview[]
  /** The wallet must run the calls all or none. */
  atomic: boolean
  flags: PreviewFlag[]
}

/** One permission of a grant (ERC-7715 as the Portico API takes it). */
export type GrantedPermission =
  | { type: 'contractCall'; target: Address /** Selectors or function names; empty = every function. */; functions: string[] }
  | { type: 'nativeTokenLimit' /** Wei, over the whole grant. */; allowance: bigint }
  | { type: 'nativeTokenRecurringAllowance' /** Wei per period. */; allowance: bigint /** Seconds. */; period: number }

/** `wallet_grantPermissions`: who may act, on what, for how long. */
export interface GrantPreview {
  kind: 'grantPermissions'
  chainId: number
  /** The key or account that receives the permissions. */
  signer: string
  permissions: GrantedPermission[]
  /** Every contract the grant lets the signer call. */
  targets: Address[]
  /** Unix seconds. */
  expiry: number
  /** Seconds from now until the expiry (negative when past). */
  duration: number
  flags: PreviewFlag[]
}

/** A sign-in message (EIP-4361 / CAIP-122), or any other text to sign. */
export type MessagePreview =
  | {
      kind: 'signIn'
      domain: string
      uri: string
      address: string
      /** CAIP-2. */
      chainId: string
      statement?: string
      issuedAt: string
      expirationTime?: string
      resources?: string[]
      flags: PreviewFlag[]
    }
  | { kind: 'message'; text: string; flags: PreviewFlag[] }

/** One instruction of a Solana transaction. Amounts in lamports / base units. */
export type SolanaInstructionPreview =
  | { kind: 'solTransfer'; source: string; destination: string; lamports: bigint }
  | { kind: 'splTransfer'; source: string; destination: string; authority: string; amount: bigint }
  | { kind: 'splTransferChecked'; source: string; mint: string; destination: string; authority: string; amount: bigint; decimals: number }
  | { kind: 'solanaInstruction'; program: string }

/** A Solana wire transaction's transfers. */
export interface SolanaTransactionPreview {
  kind: 'solanaTransaction'
  feePayer?: string
  instructions: SolanaInstructionPreview[]
  flags: PreviewFlag[]
}

/** Anything the engine previews. */
export type Preview =
  | CallPreview
  | TypedDataPreview
  | AuthorizationPreview
  | BatchPreview
  | GrantPreview
  | MessagePreview
  | SolanaTransactionPreview

/** What the checks and rules are set to (all optional). */
export interface PreviewConfig {
  /** EIP-7702 delegates that are expected (the batch executors). @default [] (every delegate is flagged) */
  executors?: readonly string[]
  /** An approval above balance × this is `largeAmount`. @default 1 */
  largeMultiple?: number
  /** A permit valid longer than this (seconds) is `farDeadline`. @default 30 days */
  maxDeadlineSeconds?: number
  /** A grant longer than this (seconds) is `longDuration`. @default 7 days */
  maxGrantSeconds?: number
  /** The host page's domain (`host` or `host:port`): a sign-in for another domain is `foreignDomain`. */
  host?: string
  /** The current time, unix seconds. @default Date.now() / 1000 */
  now?: () => number
}

/** Reads for the checks that need the chain (injected: the engine opens no connection of its own here). */
export interface PreviewReads {
  /** The code at an address ('0x' or undefined for none). */
  getCode?: (address: Address) => Promise<Hex | undefined>
  /** The holder's balance of an ERC-20 token. */
  balanceOf?: (token: Address, holder: Address) => Promise<bigint>
}
