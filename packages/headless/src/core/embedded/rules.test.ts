import { OTP_LENGTH as WIRE_OTP_LENGTH, OTP_RESEND_COOLDOWN_MS as WIRE_COOLDOWN, emailConnectRequestSchema } from '@portico/protocol/auth'
import { describe, expect, it } from 'vitest'
import {
  INVALID_EMAIL,
  isCompleteOtp,
  isValidEmail,
  normalizeEmail,
  OTP_LENGTH,
  OTP_RESEND_COOLDOWN_MS,
  resendSecondsLeft,
  sanitizeOtp,
} from './rules'

describe('email login rules', () => {
  it('the cooldown and the code length are the auth service’s', () => {
    expect(OTP_RESEND_COOLDOWN_MS).toBe(WIRE_COOLDOWN)
    expect(OTP_RESEND_COOLDOWN_MS).toBe(30_000)
    expect(OTP_LENGTH).toBe(WIRE_OTP_LENGTH)
    expect(INVALID_EMAIL).toBe('Invalid email. Try again.')
  })

  it.each([
    ['me@mail.com', true],
    ['  me@mail.com ', true],
    ['first.last+tag@sub.example.co.uk', true],
    ["o'neil@example.org", true],
    ['a_b-c@x-y.io', true],
    ['', false],
    ['me', false],
    ['me@', false],
    ['@mail.com', false],
    ['me@mail', false],
    ['me@mail.c', false],
    ['me@@mail.com', false],
    ['me @mail.com', false],
    ['.me@mail.com', false],
    ['me.@mail.com', false],
    ['m..e@mail.com', false],
    ['me@-mail.com', false],
    ['me@mail-.com', false],
    ['me@mail..com', false],
    ['me@mail.com\n', true],
    ['me@mail.com<script>', false],
    [`${'a'.repeat(245)}@mail.com`, true],
    [`${'a'.repeat(246)}@mail.com`, false],
  ])('isValidEmail(%j) → %s', (email, valid) => expect(isValidEmail(email)).toBe(valid))

  it('an email it accepts, the auth service’s schema accepts too', () => {
    for (const email of ['me@mail.com', 'first.last+tag@sub.example.co.uk', 'a_b-c@x-y.io']) {
      const request = { email: normalizeEmail(email), deviceId: 'abcdefghijklmnop', sessionKeyHash: 'A'.repeat(43) }
      expect(emailConnectRequestSchema.safeParse(request).success).toBe(true)
    }
  })

  it.each([
    ['123456', '123456'],
    ['123 456', '123456'],
    [' 12-34-56 ', '123456'],
    ['Your code: 987654.', '987654'],
    ['1234567', '123456'],
    ['12a3', '123'],
    ['abc', ''],
    ['１２３４５６', '123456'],
    ['', ''],
  ])('sanitizeOtp(%j) → %j', (input, out) => expect(sanitizeOtp(input)).toBe(out))

  it.each([
    ['123456', true],
    ['12345', false],
    ['1234567', false],
    ['12345a', false],
    ['', false],
  ])('isCompleteOtp(%j) → %s', (code, complete) => expect(isCompleteOtp(code)).toBe(complete))

  it.each<[number | undefined, number, number]>([
    [undefined, 1000, 0],
    [31_000, 1000, 30],
    [31_000, 3_800, 28],
    [31_000, 30_001, 1],
    [31_000, 31_000, 0],
    [31_000, 99_000, 0],
  ])('resendSecondsLeft(%s, now %s) → %s', (at, now, left) => expect(resendSecondsLeft(at, now)).toBe(left))
})
