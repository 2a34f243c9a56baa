/**
 * The modal's fault-recovery scenarios (./faultScenarios) in Chromium (project 'browser'): the
 * stand-in (tests/support/fault-api.ts) runs in the Vitest process, started and driven through the
 * browser commands that vitest.config.ts registers; the page's own fetch talks to it over TCP
 * (CORS). The same scenarios run in jsdom in ModalFaults.test.tsx.
 */
import '../testing'
import { afterEach, beforeEach, expect } from 'vitest'
import { commands } from 'vitest/browser'
import { describeFaultRecovery } from './faultScenarios'

let url = ''
const escaped: unknown[] = []
const onUnhandled = (event: PromiseRejectionEvent) => void escaped.push(event.reason)
beforeEach(async () => {
  url = await commands.faultApiStart()
  window.addEventListener('unhandledrejection', onUnhandled)
})
afterEach(async () => {
  await commands.faultApiStop()
  await new Promise((r) => setTimeout(r, 10))
  window.removeEventListener('unhandledrejection', onUnhandled)
  expect(escaped.splice(0)).toEqual([])
})

describeFaultRecovery('the modal recovers from API faults (issue 15 gate; Chromium), real client, real local server', {
  url: () => url,
  set: (route, fault) => commands.faultApiSet(route, fault),
  count: (route) => commands.faultApiCount(route),
  urls: (route) => commands.faultApiUrls(route),
})
