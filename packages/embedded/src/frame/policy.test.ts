/**
 * The confirmation policy's rules (issues 23 §1, 22 §2): what a request gets under the project's policy
 * narrowed by the app's — prompt, auto (no prompt) or step-up (prompt and a fresh second factor) — with
 * the per-transaction and per-day caps at concrete values; the app only narrows; the tally per user and day.
 */
import type { ConfirmPolicy } from '@portico/protocol/confirm-policy'
import { describe, expect, it } from 'vitest'
import { decide, narrowPolicy, parseNarrowing, policyLoader, spentStore } from './policy'

const CHAIN = 'eip155:31337'
const SHOP = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const OTHER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const ETH = 10n ** 18n
const hexOf = (wei: bigint) => `0x${wei.toString(16)}`

/** Transfers under 0.01 ETH to SHOP, at most 0.05 ETH a day; a step-up above 0.5 ETH. */
const PROJECT: ConfirmPolicy = {
  auto: {
    methods: ['eth_sendTransaction', 'wallet_sendCalls'],
    chains: { [CHAIN]: { targets: [SHOP], perTx: String(ETH / 100n), perDay: String(ETH / 20n) } },
  },
  stepUp: { [CHAIN]: String(ETH / 2n) },
}
const send = (to: string, wei: bigint, chain = CHAIN) => ({ method: 'eth_sendTransaction', params: [{ to, value: hexOf(wei) }], chain })

describe('decide: prompt, auto, or prompt and a second factor', () => {
  it.each([
    ['0.005 ETH to the allowed target', send(SHOP, ETH / 200n), 0n, 'auto'],
    ['exactly the per-tx cap (0.01 ETH)', send(SHOP, ETH / 100n), 0n, 'auto'],
    ['0.02 ETH: above the per-tx cap', send(SHOP, ETH / 50n), 0n, 'prompt'],
    ['0.005 ETH to another address', send(OTHER, ETH / 200n), 0n, 'prompt'],
    ['0.005 ETH on another chain', send(SHOP, ETH / 200n, 'eip155:1'), 0n, 'prompt'],
    ['0.01 ETH after 0.04 ETH today: exactly the day cap', send(SHOP, ETH / 100n), (ETH * 4n) / 100n, 'auto'],
    ['0.01 ETH after 0.045 ETH today: above the day cap', send(SHOP, ETH / 100n), (ETH * 45n) / 1000n, 'prompt'],
    ['0.6 ETH: above the step-up threshold', send(SHOP, (ETH * 6n) / 10n), 0n, 'stepUp'],
    ['0.6 ETH to another address: a step-up too', send(OTHER, (ETH * 6n) / 10n), 0n, 'stepUp'],
    ['0.5 ETH: at the threshold, a plain prompt', send(SHOP, ETH / 2n), 0n, 'prompt'],
    ['a contract creation (no to)', { method: 'eth_sendTransaction', params: [{ value: '0x1' }], chain: CHAIN }, 0n, 'prompt'],
    ['an unreadable value', { method: 'eth_sendTransaction', params: [{ to: SHOP, value: 'lots' }], chain: CHAIN }, 0n, 'prompt'],
    ['personal_sign, not in the methods', { method: 'personal_sign', params: ['0x68', SHOP], chain: CHAIN }, 0n, 'prompt'],
    ['wallet_grantPermissions, never automatic', { method: 'wallet_grantPermissions', params: [{}], chain: CHAIN }, 0n, 'prompt'],
  ] as const)('%s → %s', (_name, request, spent, action) => {
    expect(decide(PROJECT, request, spent).action).toBe(action)
  })

  it('a batch counts the sum of its calls: 0.004 + 0.004 ETH passes, 0.006 + 0.006 ETH is above 0.01 ETH', () => {
    const batch = (wei: bigint) => ({
      method: 'wallet_sendCalls',
      params: [
        {
          calls: [
            { to: SHOP, value: hexOf(wei) },
            { to: SHOP, value: hexOf(wei) },
          ],
        },
      ],
      chain: CHAIN,
    })
    expect(decide(PROJECT, batch((ETH * 4n) / 1000n))).toEqual({
      action: 'auto',
      chain: CHAIN,
      value: (ETH * 8n) / 1000n,
      perDay: ETH / 20n,
    })
    expect(decide(PROJECT, batch((ETH * 6n) / 1000n)).action).toBe('prompt')
  })

  it('no policy: every unsafe method is prompted', () => {
    expect(decide(null, send(SHOP, 1n)).action).toBe('prompt')
    expect(decide(undefined, { method: 'personal_sign', params: [], chain: CHAIN }).action).toBe('prompt')
  })

  it('a message is let through only when the policy names personal_sign', () => {
    const policy: ConfirmPolicy = { auto: { methods: ['personal_sign'] } }
    expect(decide(policy, { method: 'personal_sign', params: ['0x68', SHOP], chain: CHAIN })).toEqual({ action: 'auto', value: 0n })
    expect(decide(policy, send(SHOP, 1n)).action).toBe('prompt')
  })

  it('a step-up applies whatever the methods, with no auto part at all', () => {
    expect(decide({ stepUp: { [CHAIN]: '1000' } }, send(OTHER, 1001n))).toEqual({ action: 'stepUp', threshold: 1000n })
    expect(decide({ stepUp: { [CHAIN]: '1000' } }, send(OTHER, 1000n)).action).toBe('prompt')
  })
})

describe('narrowPolicy: the app only narrows', () => {
  it('no app options: the project’s policy', () => {
    expect(narrowPolicy(PROJECT, undefined)).toEqual(PROJECT)
  })

  it('a host trying to widen (more methods, other targets, a higher cap, another chain, a higher threshold) gets the project’s', () => {
    const widen = {
      auto: {
        methods: ['eth_sendTransaction', 'wallet_sendCalls', 'personal_sign', 'eth_signTypedData_v4'] as const,
        chains: {
          [CHAIN]: { targets: [SHOP, OTHER], perTx: String(100n * ETH), perDay: String(1000n * ETH) },
          'eip155:1': { perTx: String(100n * ETH) },
        },
      },
      stepUp: { [CHAIN]: String(1000n * ETH) },
    }
    const narrowed = narrowPolicy(
      PROJECT,
      parseNarrowing(JSON.stringify({ ...widen, auto: { ...widen.auto, methods: [...widen.auto.methods] } })),
    )
    expect(narrowed).toEqual(PROJECT)
    expect(decide(narrowed, send(OTHER, 1n)).action).toBe('prompt')
    expect(decide(narrowed, send(SHOP, ETH / 50n)).action).toBe('prompt')
    expect(decide(narrowed, send(SHOP, 1n, 'eip155:1')).action).toBe('prompt')
    expect(decide(narrowed, { method: 'personal_sign', params: [], chain: CHAIN }).action).toBe('prompt')
    expect(decide(narrowed, send(SHOP, ETH)).action).toBe('stepUp')
  })

  it('the app lowers the caps and the threshold, and drops a method: those apply', () => {
    const narrowed = narrowPolicy(PROJECT, {
      auto: { methods: ['eth_sendTransaction'], chains: { [CHAIN]: { perTx: String(ETH / 1000n), perDay: String(ETH / 500n) } } },
      stepUp: { [CHAIN]: String(ETH / 10n) },
    })
    expect(narrowed).toEqual({
      auto: {
        methods: ['eth_sendTransaction'],
        chains: { [CHAIN]: { targets: [SHOP], perTx: String(ETH / 1000n), perDay: String(ETH / 500n) } },
      },
      stepUp: { [CHAIN]: String(ETH / 10n) },
    })
    expect(decide(narrowed, send(SHOP, ETH / 1000n)).action).toBe('auto')
    expect(decide(narrowed, send(SHOP, ETH / 200n)).action).toBe('prompt')
    expect(decide(narrowed, send(SHOP, ETH / 1000n), ETH / 1000n + 1n).action).toBe('prompt')
    expect(decide(narrowed, send(SHOP, ETH / 5n)).action).toBe('stepUp')
    expect(decide(narrowed, { method: 'wallet_sendCalls', params: [{ calls: [{ to: SHOP, value: '0x1' }] }], chain: CHAIN }).action).toBe(
      'prompt',
    )
  })

  it('false turns the automatic confirmations off; the step-ups stay', () => {
    expect(narrowPolicy(PROJECT, false)).toEqual({ stepUp: PROJECT.stepUp })
    expect(decide(narrowPolicy(PROJECT, false), send(SHOP, 1n)).action).toBe('prompt')
  })

  it('an app may ask for a step-up the project does not; without a project policy that is all it can do', () => {
    expect(narrowPolicy(null, { auto: { methods: ['eth_sendTransaction'] }, stepUp: { [CHAIN]: '5' } })).toEqual({
      stepUp: { [CHAIN]: '5' },
    })
    expect(narrowPolicy(null, { auto: { methods: ['eth_sendTransaction'] } })).toBeNull()
  })

  it('app options that do not parse are the narrowest: nothing automatic', () => {
    expect(parseNarrowing('{"auto":{"methods":["eth_sendTransaction"],"chains":{"eip155:31337":{"perTx":"-1"}}}}')).toBe(false)
    expect(parseNarrowing('not json')).toBe(false)
    expect(parseNarrowing(undefined)).toBeUndefined()
  })
})

describe('spentStore: the per-day tally on the frame’s origin', () => {
  it('adds per user and chain, and starts again on the next UTC day', () => {
    const items = new Map<string, string>()
    const storage = { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) }
    let now = Date.parse('2026-12-02T23:59:00Z')
    const store = spentStore(storage, () => now)
    store.add(SHOP, CHAIN, 4n)
    store.add(SHOP.toLowerCase(), CHAIN, 6n)
    store.add(OTHER, CHAIN, 1n)
    expect(store.spent(SHOP, CHAIN)).toBe(10n)
    expect(store.all(SHOP)).toEqual({ [CHAIN]: '10' })
    expect(store.spent(OTHER, CHAIN)).toBe(1n)
    // A second store on the same storage (the frame loaded again) reads the same tally.
    expect(spentStore(storage, () => now).spent(SHOP, CHAIN)).toBe(10n)
    now = Date.parse('2026-12-03T00:00:01Z')
    expect(store.spent(SHOP, CHAIN)).toBe(0n)
  })
})

describe('policyLoader: the project’s policy from the frame’s API, narrowed', () => {
  it('fetched once; a failed fetch is asked again on the next call', async () => {
    const answers = [Promise.reject(new Error('HTTP status code: 503')), Promise.resolve(PROJECT)]
    let fetched = 0
    const load = policyLoader(() => answers[fetched++] as Promise<ConfirmPolicy>, false)
    await expect(load()).rejects.toThrow('HTTP status code: 503')
    expect(await load()).toEqual({ stepUp: PROJECT.stepUp })
    expect(await load()).toEqual({ stepUp: PROJECT.stepUp })
    expect(fetched).toBe(2)
  })
})
