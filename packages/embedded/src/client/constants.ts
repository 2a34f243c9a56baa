/**
 * The secure frame's lifecycle constants (SPEC §4 / §9) and the event groups they apply to.
 */
import type { AppEventType } from '@portico/protocol/frame'

/** SPEC §9: the frame must signal READY within this time, else 'Unable to load email login dependency'. */
export const FRAME_LOAD_TIMEOUT_MS = 20_000
/** SPEC §4: after READY the client waits this long before it posts. */
export const FRAME_READY_DELAY_MS = 500
/** SPEC §9: how long email, device, OTP, social and social-redirect requests may take. */
export const FRAME_REQUEST_TIMEOUT_MS = 120_000
/** SPEC §9: disconnect stops waiting for the frame's sign-out after this long. */
export const FRAME_SIGN_OUT_WAIT_MS = 3_000

/** Events posted without the load timeout (they wait for READY as long as it takes). */
export const NO_LOAD_TIMEOUT_EVENTS: readonly AppEventType[] = ['SYNC_THEME', 'SYNC_DAPP_DATA', 'SET_PREFERRED_ACCOUNT']
/** Events with the 120 s request timeout (the email update's are email and OTP requests too). */
export const REQUEST_TIMEOUT_EVENTS: readonly AppEventType[] = [
  'CONNECT_EMAIL',
  'CONNECT_DEVICE',
  'CONNECT_OTP',
  'UPDATE_EMAIL',
  'UPDATE_EMAIL_PRIMARY_OTP',
  'UPDATE_EMAIL_SECONDARY_OTP',
  'CONNECT_SOCIAL',
  'GET_SOCIAL_REDIRECT_URI',
]
/** Events that an abort of the open requests leaves running (SPEC §8: the Farcaster URI). */
export const NOT_ABORTED_EVENTS: readonly AppEventType[] = ['GET_FARCASTER_URI']

/** What the timeout handler is told (SPEC §8). */
export type FrameTimeoutReason = 'iframe_load_failed' | 'iframe_request_timeout'
