/**
 * The modal's fault-recovery scenarios (issue 15 gate, "a UI that recovers with Retry"), shared by
 * ModalFaults.browser.test.tsx (Chromium, project 'browser') and ModalFaults.test.tsx (jsdom, projects
 * dom and dom-react18). The modal's data views run over the real headless client and the real fetch
 * against a real Portico API stand-in on 127.0.0.1 (tests/support/fault-api.ts). Each view gets a
 * fault (a 5xx, a 429, malformed JSON, the wrong shape, a dropped connection), shows its error with
 * its control, then the server heals and the control brings the data:
 * - Connect's wallet list and AllWallets: 'Try again';
 * - Activity: 'Retry';
 * - OnRamp: the options' 'Try again' and the quotes' 'Try again';
 * - PayWithExchange: the listing's 'Try again';
 * - the Account balance: the 'Token Balance Unavailable' banner, then SPEC §9's automatic retry 30 s
 *   later (the view has no Retry control: the balance flow blocks fetches for those 30 s);
 * - the Swap token list: 'Failed to initialize swap' and back to Account (SPEC §4); choosing Swap
 *   again lists the tokens.
 * A test helper (imported by the two test files only).
 */
import type { CaipNetwork } from '@portico/headless'
import { PorticoContextProvider } from '@portico/headless/react'
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Fault, Route } from '../../../../tests/support/fault-api'
import { mainnet, manualTimers, testAdapter, testPortico } from '../testing'
import { ModalRoot } from './ModalRoot'

/** The stand-in as the scenarios drive it. */
export interface FaultHandle {
  url(): string
  /** Sets the route's fault; null heals it. */
  set(route: Route, fault: Fault | null): Promise<void>
  /** Requests the route got. */
  count(route: Route): Promise<number>
  /** Requests per distinct URL of the route (projectId/st/sv left out). */
  urls(route: Route): Promise<Record<string, number>>
}

const ethereum: CaipNetwork = { ...mainnet, blockExplorers: { default: { name: 'Etherscan', url: 'https://etherscan.io' } } }

/** The modal over the real client (global fetch) and the stand-in; connected unless told otherwise. */
async function openModal(
  handle: FaultHandle,
  opts: { connect?: boolean; timers?: ReturnType<typeof manualTimers>; view?: 'PayWithExchange' } = {},
) {
  const adapter = Object.assign(testAdapter(), {
    capabilities: ['nativeTransfer', 'tokenTransfer'] as const,
    transfer: async () => '0xhash',
  })
  const { portico } = testPortico({
    adapters: [adapter],
    networks: [ethereum],
    apiUrl: handle.url(),
    explorerUrl: handle.url(),
    // Called as a plain function (a browser's fetch refuses another `this`).
    fetch: (input, init) => globalThis.fetch(input, init),
    termsConditionsUrl: 'https://example.com/terms',
    privacyPolicyUrl: 'https://example.com/privacy',
    ...(opts.timers ? { timers: opts.timers } : {}),
  })
  await portico.ready
  if (opts.connect !== false) await portico.connection.connect('io.test.wallet')
  render(
    <PorticoContextProvider portico={portico}>
      <ModalRoot />
    </PorticoContextProvider>,
  )
  await act(async () => {
    await portico.modal.open(opts.view ? { view: opts.view } : undefined)
  })
  return portico
}

const click = async (el: HTMLElement) => {
  await act(async () => {
    fireEvent.click(el)
  })
}
const listError = () => screen.getByTestId('portico-list-error')
/** Waits long enough for the client's retries (300 ms apart) and the request timeout of a loaded machine. */
const SLOW = { timeout: 5_000 }

/**
 * The scenarios, over `handle` (the stand-in of tests/support/fault-api.ts, reached directly in Node
 * or through browser commands in the browser project).
 */
export function describeFaultRecovery(name: string, handle: FaultHandle): void {
  describe(name, { timeout: 20_000 }, () => {
    afterEach(() => {
      vi.unstubAllGlobals()
    })

    it("Connect's wallet list: 503 (retried twice), 'Try again' after the server heals lists the wallets", async () => {
      await handle.set('wallets', { status: 503 })
      await openModal(handle, { connect: false })
      await waitFor(() => expect(listError().textContent).toContain('HTTP status code: 503'), SLOW)
      // both explorer queries (the 4 recommended, the first page of 40) are retried twice (the error may
      // show when the first has given up while the other is still on its last attempt)
      await waitFor(
        async () =>
          expect(await handle.urls('wallets')).toEqual({
            '/getWallets?page=1&entries=4&chains=eip155%3A1': 3,
            '/getWallets?page=1&entries=40&chains=eip155%3A1': 3,
          }),
        SLOW,
      )
      expect(screen.queryAllByRole('button', { name: /Explorer \d+/ })).toEqual([])
      await handle.set('wallets', null)
      await click(within(listError()).getByRole('button', { name: 'Try again' }))
      await waitFor(() => expect(screen.getAllByRole('button', { name: /Explorer \d+/ }).length).toBeGreaterThan(0), SLOW)
      expect(screen.queryByTestId('portico-list-error')).toBeNull()
    })

    it("AllWallets: a dropped connection, 'Try again' after the server heals shows the wallets", async () => {
      await handle.set('wallets', 'dropped')
      await openModal(handle, { connect: false })
      await waitFor(() => expect(listError().textContent).toContain('Something went wrong'), SLOW)
      await click(screen.getByTestId('portico-connect-all-wallets'))
      expect(screen.getByRole('dialog', { name: 'All wallets' })).toBeTruthy()
      await waitFor(() => expect(listError().textContent).toContain('Something went wrong'), SLOW)
      await handle.set('wallets', null)
      await click(within(listError()).getByRole('button', { name: 'Try again' }))
      await waitFor(() => expect(screen.getAllByRole('option').map((o) => o.getAttribute('data-wallet-id'))).toContain('w1'), SLOW)
    })

    it("Account balance: 500 shows 'Token Balance Unavailable'; 30 s later (SPEC §9) the balance comes back by itself", async () => {
      await handle.set('balance', { status: 500 })
      const timers = manualTimers(1_700_000_000_000)
      await openModal(handle, { timers })
      await waitFor(() => expect(screen.getByTestId('portico-snackbar').textContent).toContain('Token Balance Unavailable'), SLOW)
      // no balance known (the test wallet's own RPC balance is not asked here); one request, a 500 is not retried
      expect(screen.getByTestId('portico-account-balance').textContent).toBe('—')
      expect(await handle.count('balance')).toBe(1)
      await handle.set('balance', null)
      const before = await handle.count('balance')
      await act(async () => {
        timers.advance(30_000)
      })
      await waitFor(() => expect(screen.getByTestId('portico-account-balance').textContent).toBe('2.000 ETH'), SLOW)
      expect(await handle.count('balance')).toBe(before + 1)
    })

    it("Activity: malformed JSON shows 'Failed to fetch transactions' with Retry; after the server heals Retry lists the transaction", async () => {
      await handle.set('history', 'malformed JSON')
      await openModal(handle)
      await click(screen.getByRole('tab', { name: 'Activity' }))
      await waitFor(() => expect(screen.getByTestId('portico-activity-error').textContent).toBe('Failed to fetch transactionsRetry'), SLOW)
      expect(await handle.count('history')).toBe(1) // a body that is not JSON is not retried
      await handle.set('history', null)
      await click(within(screen.getByTestId('portico-activity-error')).getByRole('button', { name: 'Retry' }))
      await waitFor(
        () => expect(screen.getAllByTestId('portico-activity-description').map((d) => d.textContent)).toEqual(['Sent 1.500 ETH']),
        SLOW,
      )
      expect(screen.queryByTestId('portico-activity-error')).toBeNull()
    })

    it("Swap token list: 500 on the tokens shows 'Failed to initialize swap' and goes back; Swap again lists the tokens", async () => {
      await handle.set('tokens', { status: 500 })
      await openModal(handle)
      await click(screen.getByTestId('portico-account-feature-swaps'))
      await waitFor(() => expect(screen.getByTestId('portico-snackbar').textContent).toContain('Failed to initialize swap'), SLOW)
      await waitFor(() => expect(screen.getByTestId('portico-account-feature-swaps')).toBeTruthy())
      expect(await handle.count('tokens')).toBe(1)
      await handle.set('tokens', null)
      await click(screen.getByTestId('portico-account-feature-swaps'))
      await waitFor(
        () => expect(screen.getByTestId('portico-swap-source-token').getAttribute('aria-label')).toBe('You pay: ETH. Change token'),
        SLOW,
      )
      await click(screen.getByTestId('portico-swap-to-token'))
      const popular = within(screen.getByRole('list', { name: 'Popular' })).getAllByRole('button')
      expect(popular.map((b) => b.getAttribute('data-token'))).toEqual(['ETH', 'USDC'])
    })

    it("OnRamp: 429 on the options and a quote cut mid-body, each with 'Try again'; after the server heals the form and the quotes show", async () => {
      vi.stubGlobal('open', () => null)
      await handle.set('onrampOptions', { status: 429 })
      await handle.set('onrampQuote', 'dropped mid-body')
      await openModal(handle)
      await click(screen.getByTestId('portico-account-feature-onramp'))
      await waitFor(() => expect(listError().textContent).toContain('HTTP status code: 429'), SLOW)
      expect(await handle.count('onrampOptions')).toBe(1) // a 429 is not retried
      await handle.set('onrampOptions', null)
      await click(within(listError()).getByRole('button', { name: 'Try again' }))
      await waitFor(() => expect(screen.getByTestId('portico-onramp-token').textContent).toBe('UUSDCUSD Coin on Ethereum'), SLOW)
      await click(screen.getByRole('button', { name: 'Pay $50' }))
      await waitFor(
        () =>
          expect(screen.getAllByTestId('portico-onramp-quote-error').map((e) => e.textContent)).toEqual([
            'No quote: Something went wrong',
            'No quote: Something went wrong',
          ]),
        SLOW,
      )
      expect(await handle.count('onrampQuote')).toBe(2) // one POST per provider, not retried
      await handle.set('onrampQuote', null)
      await click(screen.getByTestId('portico-onramp-retry-quotes'))
      await waitFor(
        () =>
          expect(screen.getAllByTestId('portico-onramp-provider').map((r) => r.textContent)).toEqual([
            'CCoinbaseBestYou get 49.5 USDCFee $0.50',
            'MMeldYou get 49 USDCFee $1.00',
          ]),
        SLOW,
      )
    })

    it("PayWithExchange: a listing of the wrong shape shows 'Unable to get exchanges' with 'Try again'; after the server heals the exchanges show", async () => {
      await handle.set('exchange', 'wrong shape')
      await openModal(handle, { view: 'PayWithExchange' })
      await waitFor(
        () => expect(screen.getByTestId('portico-exchange-list-error').textContent).toBe('Unable to get exchangesTry again'),
        SLOW,
      )
      await handle.set('exchange', null)
      await click(within(screen.getByTestId('portico-exchange-list-error')).getByRole('button', { name: 'Try again' }))
      await waitFor(() => expect(screen.getAllByRole('button', { name: /^Deposit with / })).toHaveLength(2), SLOW)
    })
  })
}
