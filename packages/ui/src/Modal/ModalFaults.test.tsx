/**
 * The modal's fault-recovery scenarios (./faultScenarios) in jsdom (projects dom and dom-react18):
 * the stand-in runs in this Node process; the headless client's fetch is Node's, over TCP. The same
 * scenarios run in Chromium in ModalFaults.browser.test.tsx.
 */
import '../testing'
import { afterEach, beforeEach, expect } from 'vitest'
import { startFaultApi, type FaultApi } from '../../../../tests/support/fault-api'
import { describeFaultRecovery } from './faultScenarios'

let api: FaultApi
const escaped: unknown[] = []
const onUnhandled = (reason: unknown) => void escaped.push(reason)
beforeEach(async () => {
  api = await startFaultApi()
  process.on('unhandledRejection', onUnhandled)
})
afterEach(async () => {
  await api.close()
  await new Promise((r) => setTimeout(r, 10))
  process.off('unhandledRejection', onUnhandled)
  expect(escaped.splice(0)).toEqual([])
})

describeFaultRecovery('the modal recovers from API faults (issue 15 gate; jsdom), real client, real local server', {
  url: () => api.url,
  set: async (route, fault) => {
    if (fault === null) api.faults.delete(route)
    else api.faults.set(route, fault)
  },
  count: async (route) => api.count(route),
  urls: async (route) => api.urls(route),
})
