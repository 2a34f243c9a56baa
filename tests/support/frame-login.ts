/**
 * An email login through the embedded wallet's frame (its service, as packages/embedded/src/frame/main.ts
 * builds it in the browser, here in Node with memory stores), against an API reached through `request`:
 * an app's `app.request` (Hono, in process) or a fetch to a running server. Shared by
 * tests/key-shares.test.ts and tests/key-shares-4a76ab1.pg.test.ts.
 */
import { expect } from 'vitest'
import { createAuthApi } from '../../packages/embedded/src/frame/api'
import { memorySessionStore } from '../../packages/embedded/src/frame/keys'
import { createFrameService } from '../../packages/embedded/src/frame/service'
import { type DeviceShareStore, memoryDeviceShareStore } from '../../packages/embedded/src/frame/shares/device-store'
import { approveByPage, type memoryMailbox } from '../../packages/server/src/auth/test-support'
import type { TestApp } from '../../packages/server/src/test-support'

/** The API's URL as the frame names it (an in-process app answers any host). */
export const FRAME_API_URL = 'http://127.0.0.1:4000'
/** The host page's origin. */
export const FRAME_HOST = 'http://127.0.0.1:5173'

/** What the frame's requests go to: `app.request` of an in-process app, or a fetch to a server. */
export type ApiRequester = Pick<TestApp, 'request'>

/** A requester that sends each request (a path or a URL) to the server at `baseUrl` over HTTP. */
export const httpRequester = (baseUrl: string): ApiRequester => ({
  request: (input: RequestInfo | URL, init?: RequestInit) => fetch(new URL(String(input), baseUrl), init),
})

export type FrameLoginOptions = {
  mailbox: ReturnType<typeof memoryMailbox>
  /** The frame's clock (its stamps). */
  now: () => number
  /** The API's URL the frame uses. @default FRAME_API_URL */
  apiUrl?: string
  /** The frame's chain reads (eth_call, balances…). @default none */
  rpcRead?: (method: string, params: unknown[]) => Promise<unknown>
  /** The frame origin's device shares (IndexedDB in the browser). @default a new memory store */
  deviceShares?: DeviceShareStore
  /** More of the frame service's dependencies. */
  extra?: Partial<Parameters<typeof createFrameService>[0]>
}

let devices = 0

/**
 * A frame signed in by email on `app` as a new device: CONNECT_EMAIL, the mailed approval link's page
 * when asked (VERIFY_DEVICE), CONNECT_DEVICE, then CONNECT_OTP with the mailed code.
 */
export async function frameLogin(app: ApiRequester, email: string, options: FrameLoginOptions) {
  const { mailbox, now, apiUrl = FRAME_API_URL, rpcRead, deviceShares = memoryDeviceShareStore(), extra = {} } = options
  const api = createAuthApi({
    apiUrl,
    fetch: ((input: string, init?: RequestInit) => app.request(input, init)) as typeof fetch,
    now,
  })
  const sessions = memorySessionStore()
  const deviceId = `device-shares-${String(++devices).padStart(6, '0')}`
  const service = createFrameService({
    api,
    sessions,
    deviceId: () => deviceId,
    chainId: '31337',
    hostOrigin: FRAME_HOST,
    ...(rpcRead ? { rpcRead } : {}),
    deviceShares,
    // The user confirms each request in the frame's window (packages/embedded/src/frame/confirm.test.ts tests it).
    confirm: async () => true,
    now,
    ...extra,
  })
  const connect = await service.CONNECT_EMAIL({ email })
  if (connect.action === 'VERIFY_DEVICE') {
    expect((await approveByPage(app, mailbox.lastLink(email))).status).toBe(200)
    await service.CONNECT_DEVICE({})
  }
  await service.CONNECT_OTP({ otp: mailbox.lastCode(email) })
  const user = await service.GET_USER({})
  const session = (await sessions.get())!
  return { service, sessions, session, deviceShares, user, api }
}
