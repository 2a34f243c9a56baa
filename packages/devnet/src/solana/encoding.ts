// JSON shapes of the Solana JSON-RPC (errors, accounts, token accounts) built from litesvm values.
import { getBase58Decoder, getBase64Decoder } from '@solana/kit'
import { getMintDecoder, getTokenDecoder } from '@solana-program/token'

export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'
/** What the RPC reports as rentEpoch for rent-exempt accounts (u64::MAX). */
export const RENT_EPOCH_MAX = 18446744073709551615n

export const base58 = (bytes: Uint8Array): string => getBase58Decoder().decode(bytes)
export const base64 = (bytes: Uint8Array): string => getBase64Decoder().decode(bytes)

/** Names of litesvm's TransactionErrorFieldless values, by number (solana-sdk's TransactionError). */
const TRANSACTION_ERRORS = [
  'AccountInUse',
  'AccountLoadedTwice',
  'AccountNotFound',
  'ProgramAccountNotFound',
  'InsufficientFundsForFee',
  'InvalidAccountForFee',
  'AlreadyProcessed',
  'BlockhashNotFound',
  'CallChainTooDeep',
  'MissingSignatureForFee',
  'InvalidAccountIndex',
  'SignatureFailure',
  'InvalidProgramForExecution',
  'SanitizeFailure',
  'ClusterMaintenance',
  'AccountBorrowOutstanding',
  'WouldExceedMaxBlockCostLimit',
  'UnsupportedVersion',
  'InvalidWritableAccount',
  'WouldExceedMaxAccountCostLimit',
  'WouldExceedAccountDataBlockLimit',
  'TooManyAccountLocks',
  'AddressLookupTableNotFound',
  'InvalidAddressLookupTableOwner',
  'InvalidAddressLookupTableData',
  'InvalidAddressLookupTableIndex',
  'InvalidRentPayingAccount',
  'WouldExceedMaxVoteCostLimit',
  'WouldExceedAccountDataTotalLimit',
  'MaxLoadedAccountsDataSizeExceeded',
  'ResanitizationNeeded',
  'InvalidLoadedAccountsDataSizeLimit',
  'UnbalancedTransaction',
  'ProgramCacheHitMaxLimit',
  'CommitCancelled',
] as const

/** Names of litesvm's InstructionErrorFieldless values, by number (solana-sdk's InstructionError). */
const INSTRUCTION_ERRORS = [
  'GenericError',
  'InvalidArgument',
  'InvalidInstructionData',
  'InvalidAccountData',
  'AccountDataTooSmall',
  'InsufficientFunds',
  'IncorrectProgramId',
  'MissingRequiredSignature',
  'AccountAlreadyInitialized',
  'UninitializedAccount',
  'UnbalancedInstruction',
  'ModifiedProgramId',
  'ExternalAccountLamportSpend',
  'ExternalAccountDataModified',
  'ReadonlyLamportChange',
  'ReadonlyDataModified',
  'DuplicateAccountIndex',
  'ExecutableModified',
  'RentEpochModified',
  'NotEnoughAccountKeys',
  'AccountDataSizeChanged',
  'AccountNotExecutable',
  'AccountBorrowFailed',
  'AccountBorrowOutstanding',
  'DuplicateAccountOutOfSync',
  'InvalidError',
  'ExecutableDataModified',
  'ExecutableLamportChange',
  'ExecutableAccountNotRentExempt',
  'UnsupportedProgramId',
  'CallDepth',
  'MissingAccount',
  'ReentrancyNotAllowed',
  'MaxSeedLengthExceeded',
  'InvalidSeeds',
  'InvalidRealloc',
  'ComputationalBudgetExceeded',
  'PrivilegeEscalation',
  'ProgramEnvironmentSetupFailure',
  'ProgramFailedToComplete',
  'ProgramFailedToCompile',
  'Immutable',
  'IncorrectAuthority',
  'AccountNotRentExempt',
  'InvalidAccountOwner',
  'ArithmeticOverflow',
  'UnsupportedSysvar',
  'IllegalOwner',
  'MaxAccountsDataAllocationsExceeded',
  'MaxAccountsExceeded',
  'MaxInstructionTraceLengthExceeded',
  'BuiltinProgramsMustConsumeComputeUnits',
  'BorshIoError',
] as const

export type TransactionErrorJson = string | Record<string, unknown>

function instructionErrorJson(e: unknown): unknown {
  if (typeof e === 'number') return INSTRUCTION_ERRORS[e] ?? 'InvalidError'
  if (e && typeof e === 'object') {
    if ('code' in e && typeof e.code === 'number') return { Custom: e.code }
    if ('msg' in e) return { BorshIoError: String(e.msg) }
  }
  return 'InvalidError'
}

/** litesvm's error value → the RPC's TransactionError JSON, e.g. { InstructionError: [0, { Custom: 1 }] }. */
export function transactionErrorJson(e: unknown): TransactionErrorJson {
  if (typeof e === 'number') return TRANSACTION_ERRORS[e] ?? 'SanitizeFailure'
  if (e && typeof e === 'object') {
    if ('index' in e && 'err' in e && typeof e.err === 'function') {
      return { InstructionError: [e.index, instructionErrorJson((e.err as () => unknown).call(e))] }
    }
    if ('index' in e) return { DuplicateInstruction: e.index }
    if ('accountIndex' in e) {
      const name = e.constructor?.name?.includes('Restricted') ? 'ProgramExecutionTemporarilyRestricted' : 'InsufficientFundsForRent'
      return { [name]: { account_index: e.accountIndex } }
    }
  }
  return 'SanitizeFailure'
}

/** The agave-style preflight message, e.g. "Error processing Instruction 0: custom program error: 0x1". */
export function transactionErrorMessage(err: TransactionErrorJson): string {
  if (typeof err === 'string') return err
  const ie = err.InstructionError
  if (Array.isArray(ie)) {
    const [index, detail] = ie as [number, unknown]
    if (detail && typeof detail === 'object' && 'Custom' in detail) {
      return `Error processing Instruction ${index}: custom program error: 0x${Number(detail.Custom).toString(16)}`
    }
    return `Error processing Instruction ${index}: ${typeof detail === 'string' ? detail : JSON.stringify(detail)}`
  }
  return JSON.stringify(err)
}

/** "1.5" for 1500000 with 6 decimals; no trailing zeros. */
export function uiAmountString(amount: bigint, decimals: number): string {
  const negative = amount < 0n
  const abs = negative ? -amount : amount
  const base = 10n ** BigInt(decimals)
  const whole = abs / base
  const fraction = (abs % base).toString().padStart(decimals, '0').replace(/0+$/, '')
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}

export function tokenAmountJson(amount: bigint, decimals: number) {
  const ui = uiAmountString(amount, decimals)
  return { amount: amount.toString(), decimals, uiAmount: Number(ui), uiAmountString: ui }
}

export interface RawAccount {
  lamports: bigint
  data: Uint8Array
  owner: string
  executable: boolean
}

const optionAddress = (o: { __option: 'Some'; value: string } | { __option: 'None' }): string | null =>
  o.__option === 'Some' ? o.value : null

/** jsonParsed data of SPL token mints and accounts (both token programs); undefined for anything else. */
export function parseTokenData(account: RawAccount, mintDecimals: (mint: string) => number | undefined): unknown {
  if (account.owner !== TOKEN_PROGRAM && account.owner !== TOKEN_2022_PROGRAM) return undefined
  const program = account.owner === TOKEN_PROGRAM ? 'spl-token' : 'spl-token-2022'
  try {
    if (account.data.length === 82) {
      const m = getMintDecoder().decode(account.data)
      return {
        program,
        space: 82,
        parsed: {
          type: 'mint',
          info: {
            decimals: m.decimals,
            freezeAuthority: optionAddress(m.freezeAuthority),
            isInitialized: m.isInitialized,
            mintAuthority: optionAddress(m.mintAuthority),
            supply: m.supply.toString(),
          },
        },
      }
    }
    if (account.data.length >= 165) {
      const t = getTokenDecoder().decode(account.data.subarray(0, 165))
      const decimals = mintDecimals(t.mint) ?? 0
      const state = ['uninitialized', 'initialized', 'frozen'][t.state] ?? 'initialized'
      const info: Record<string, unknown> = {
        isNative: t.isNative.__option === 'Some',
        mint: t.mint,
        owner: t.owner,
        state,
        tokenAmount: tokenAmountJson(t.amount, decimals),
      }
      if (t.delegate.__option === 'Some') {
        info.delegate = t.delegate.value
        info.delegatedAmount = tokenAmountJson(t.delegatedAmount, decimals)
      }
      if (t.closeAuthority.__option === 'Some') info.closeAuthority = t.closeAuthority.value
      if (t.isNative.__option === 'Some') info.rentExemptReserve = tokenAmountJson(t.isNative.value, 9)
      return { program, space: account.data.length, parsed: { type: 'account', info } }
    }
  } catch {
    return undefined
  }
  return undefined
}

export type AccountEncoding = 'base58' | 'base64' | 'base64+zstd' | 'jsonParsed' | undefined

export function accountJson(
  account: RawAccount,
  encoding: AccountEncoding,
  mintDecimals: (mint: string) => number | undefined,
  dataSlice?: { offset: number; length: number },
) {
  const data = dataSlice ? account.data.subarray(dataSlice.offset, dataSlice.offset + dataSlice.length) : account.data
  let encoded: unknown
  if (encoding === 'jsonParsed') encoded = parseTokenData(account, mintDecimals) ?? [base64(data), 'base64']
  else if (encoding === 'base64') encoded = [base64(data), 'base64']
  else if (encoding === 'base58') encoded = [base58(data), 'base58']
  else encoded = base58(data) // legacy "binary" form when no encoding is given
  return {
    data: encoded,
    executable: account.executable,
    lamports: account.lamports,
    owner: account.owner,
    rentEpoch: RENT_EPOCH_MAX,
    space: BigInt(account.data.length),
  }
}

/** JSON.stringify that writes bigints as plain JSON numbers (the RPC's u64 values). */
export function stringifyJson(value: unknown): string {
  const marker = '__bigint__'
  return JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? `${marker}${v}` : v)).replace(
    new RegExp(`"${marker}(-?\\d+)"`, 'g'),
    '$1',
  )
}
