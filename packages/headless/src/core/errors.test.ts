import { describe, expect, it } from 'vitest'
import { ERRORS, httpStatusError, isUserRejection, PorticoError, registerNameError, swappedMessage } from './errors'

describe('error catalogue (SPEC §8)', () => {
  it.each([
    [404, 'HTTP status code: 404'],
    [500, 'HTTP status code: 500'],
  ])('HTTP %i -> %s', (status, text) => expect(httpStatusError(status)).toBe(text))

  it.each([
    ['alice', undefined, 'Error registering name alice'],
    ['alice', '', 'Error registering name alice'],
    ['alice', 'Name is taken', 'Name is taken'],
  ])('register %s with reason %s -> %s', (name, reason, text) =>
    expect(registerNameError(name, reason)).toBe(text))

  it('formats the swap success banner', () => {
    expect(swappedMessage('ETH', '12.5', 'USDC')).toBe('Swapped ETH to 12.5 USDC')
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

  it('keeps exact texts', () => {
    expect(ERRORS.userRejected).toBe('User rejected the request')
    expect(ERRORS.connectionRejected).toBe('Connection rejected')
    expect(new PorticoError(ERRORS.userRejected, { code: 4001 }).code).toBe(4001)
  })
})
