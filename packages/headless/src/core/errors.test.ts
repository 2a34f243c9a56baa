import { describe, expect, it } from 'vitest'
import { registerNameError } from '../api/profile'
import { codedError, codeOf, errorKeyOf } from './codes'
import { coded, ERRORS, httpStatusError, isUserRejection, PorticoError } from './errors'
import { swappedMessage } from './swap/swap'

describe('error catalogue (SPEC §8)', () => {
  it.each([
    [404, 'HTTP status code: 404'],
    [500, 'HTTP status code: 500'],
  ])('HTTP %i -> %s', (status, text) => expect(httpStatusError(status)).toBe(text))

  it.each([
    ['alice', undefined, 'Error registering name alice'],
    ['alice', '', 'Error registering name alice'],
    ['alice', 'Name is taken', 'Name is taken'],
  ])('register %s with reason %s -> %s', (name, reason, text) => expect(registerNameError(name, reason)).toBe(text))

  it('formats the swap success banner', () => {
    expect(swappedMessage('0.01', 'ETH', '12.5', 'USDC')).toBe('Swapped 0.01 ETH to 12.5 USDC')
    expect(swappedMessage('1', 'ETH', '2962.647847', 'USDC')).toBe('Swapped 1 ETH to 2,962.647847 USDC')
  })

  it.each([
    [{ code: 4001, message: 'x' }, true],
    [{ code: -32000, message: 'User rejected the request.' }, true],
    [{ message: 'MetaMask Tx Signature: User denied transaction signature.' }, true],
    [new PorticoError('wrapped', { cause: { code: 4001 } }), true],
    [{ code: -32603, message: 'Internal error' }, false],
    [null, false],
    ['User rejected', false],
  ])('isUserRejection(%j) -> %s', (error, expected) => expect(isUserRejection(error)).toBe(expected))

  // Every text of SPEC §8 (and the §5/§6 messages), spelt out here once more: a typo in the
  // catalogue fails this table.
  it.each([
    ['tokenBalanceUnavailable', 'Token Balance Unavailable'],
    ['fetchTransactions', 'Failed to fetch transactions'],
    ['initSwap', 'Failed to initialize swap'],
    ['networkTokenPrice', 'Failed to fetch network token price'],
    ['checkAllowance', 'Failed to check allowance'],
    ['createApproval', 'Failed to create approval transaction'],
    ['createTransaction', 'Failed to create transaction'],
    ['transactionError', 'Transaction error'],
    ['getExchanges', 'Unable to get exchanges'],
    ['initiatePayment', 'Unable to initiate payment'],
    ['assetNotSupported', 'Asset not supported'],
    ['incorrectAmount', 'Incorrect amount'],
    ['insufficientBalance', 'Insufficient balance'],
    ['insufficientLiquidity', 'Insufficient liquidity'],
    ['approveLimit', 'Approve limit increase in your wallet'],
    ['confirmTransaction', 'Confirm transaction in your wallet'],
    ['swapping', 'Swapping ...'],
    ['gasPriceNetwork', 'Network not supported for Gas Price'],
    ['swapNetwork', 'Network not supported for Swaps'],
    ['networkNotFound', 'Network not found'],
    ['addressOrAuthConnector', 'Address or auth connector not found'],
    ['resolveName', 'Error resolving name'],
    ['nameSuggestions', 'Error fetching name suggestions'],
    ['namesForAddress', 'Error fetching names for address'],
    ['noAccount', 'No account connected'],
    ['noPaymentAsset', 'No payment asset selected'],
    ['createPopup', 'Could not create popup window'],
    ['depositStatus', 'Unable to get deposit status'],
    ['tokenPrice', 'Cannot get token price'],
    ['chainAdapterNotFound', 'Chain adapter not found'],
    ['networkClientNotSet', 'NetworkController client not set'],
    ['connectionClientNotSet', 'ConnectionController client not set'],
    ['noAuthConnector', 'No auth connector found'],
    ['notEmailOrSocial', 'Not connected to email or social'],
    ['unsupportedChain', 'Unsupported chain'],
    ['invalidChainId', 'Invalid chainId'],
    ['invalidCaipAddress', 'Invalid CAIP address'],
    ['invalidCaipNetworkId', 'Invalid CAIP network id'],
    ['unsupportedNamespace', 'Unsupported namespace for asset formatting'],
    ['adapterNamespace', 'Adapters must have a namespace'],
    ['sendAmountReceiver', 'An amount and receiver address are required'],
    ['sendToken', 'A token is required'],
    ['noSwapAddress', 'No address found to swap the tokens from.'],
    ['userRejected', 'User rejected the request'],
    ['modalClosed', 'Modal closed'],
    ['popupClosed', 'Popup closed'],
    ['failedToConnect', 'Failed to connect'],
    ['socialConnection', 'Failed to initiate social connection'],
    ['farcasterConnection', 'Failed to connect to farcaster'],
    // Passkey login (issue 22 §2): a passkey the wallet does not know.
    ['passkeyUnknown', 'This passkey is not registered here'],
    ['connectionRejected', 'Connection rejected'],
    ['rpcNotAllowed', 'Requested RPC call is not allowed'],
    ['actionNotAllowed', 'Action not allowed'],
    ['frameGeneric', 'An error occurred'],
    ['requestAborted', 'Request was aborted'],
    ['somethingWentWrong', 'Something went wrong'],
    ['frameLoad', 'Unable to load email login dependency'],
    ['frameNotSet', 'W3mFrame: iframe is not set'],
  ] as const)('ERRORS.%s is exactly %j', (key, text) => expect(ERRORS[key]).toBe(text))

  it('has no text besides those of the SPEC table, the React provider hint and the unknown passkey (issue 22 §2)', () => {
    expect(Object.keys(ERRORS).length).toBe(59)
  })

  it('keeps exact texts', () => {
    expect(ERRORS.userRejected).toBe('User rejected the request')
    expect(ERRORS.connectionRejected).toBe('Connection rejected')
    expect(new PorticoError(ERRORS.userRejected, { code: 4001 }).code).toBe(4001)
  })
})

describe('codes for the ui (issue 21 §4)', () => {
  it('every catalogue text has its key as code, the text as message', () => {
    for (const key of Object.keys(ERRORS) as (keyof typeof ERRORS)[]) {
      expect(errorKeyOf(ERRORS[key])).toBe(key)
      expect(coded(key)).toEqual({ code: key, message: ERRORS[key] })
    }
    expect(new Set(Object.values(ERRORS)).size).toBe(Object.keys(ERRORS).length)
    expect(errorKeyOf('Insufficient ETH for gas')).toBeUndefined()
  })

  it.each([
    [new PorticoError('User rejected the request', { code: 4001 }), { code: 'userRejected', message: 'User rejected the request' }],
    ['Failed to create transaction', { code: 'createTransaction', message: 'Failed to create transaction' }],
    [new Error('HTTP status code: 502'), { code: 'httpStatus', params: { status: '502' }, message: 'HTTP status code: 502' }],
    [
      new Error('execution reverted: STF'),
      { code: 'otherError', params: { detail: 'execution reverted: STF' }, message: 'execution reverted: STF' },
    ],
    [new Error(''), { code: 'transactionError', message: 'Transaction error' }],
    [{ not: 'an error' }, { code: 'transactionError', message: 'Transaction error' }],
    // headless's own texts outside the catalogue (SPEC §5 rules) and the registration's parameterised one
    ['Invalid email. Try again.', { code: 'invalidEmail', message: 'Invalid email. Try again.' }],
    ['The code is 6 digits', { code: 'invalidOtp', message: 'The code is 6 digits' }],
    ['That is already your email', { code: 'sameEmail', message: 'That is already your email' }],
    ['Name must be at least 4 characters', { code: 'nameTooShort', params: { min: '4' }, message: 'Name must be at least 4 characters' }],
    ['Name must be at most 63 characters', { code: 'nameTooLong', params: { max: '63' }, message: 'Name must be at most 63 characters' }],
    [
      'Name may only contain letters, digits and hyphens',
      { code: 'nameChars', message: 'Name may only contain letters, digits and hyphens' },
    ],
    [
      new Error('Error registering name alice'),
      { code: 'registerName', params: { name: 'alice' }, message: 'Error registering name alice' },
    ],
    // a provider's own words for a refused address read as the modal's invalidEmail (issue 25 §4)
    ['Invalid email', { code: 'invalidEmail', message: 'Invalid email' }],
    [new Error('invalid email address'), { code: 'invalidEmail', message: 'invalid email address' }],
    ['Email address is not valid', { code: 'invalidEmail', message: 'Email address is not valid' }],
    ['INVALID_EMAIL', { code: 'invalidEmail', message: 'INVALID_EMAIL' }],
    // ... but not any text that names an email
    ['Email already in use', { code: 'otherError', params: { detail: 'Email already in use' }, message: 'Email already in use' }],
    // a text that only looks like a key is not one
    ['toString', { code: 'otherError', params: { detail: 'toString' }, message: 'toString' }],
  ])('codedError(%j) -> %j', (error, state) => {
    expect(codedError(error, 'transactionError')).toEqual(state)
  })

  it.each([
    [undefined, null],
    [null, null],
    ['', null],
    ['Popup closed', { code: 'popupClosed', message: 'Popup closed' }],
    ['HTTP status code: 503', { code: 'httpStatus', params: { status: '503' }, message: 'HTTP status code: 503' }],
  ])('codeOf(%j) -> %j', (text, state) => {
    expect(codeOf(text)).toEqual(state)
  })
})
