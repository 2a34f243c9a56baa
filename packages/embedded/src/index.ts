/**
 * @portico/embedded: email and social login through an isolated secure frame on its own
 * origin. The app imports `embeddedAdapter` only; the frame client loads when the user picks email.
 */
export { embeddedAdapter, type EmbeddedAdapter } from './adapter'
export {
  EMBEDDED_CAPABILITIES,
  EMBEDDED_CONNECTOR_ID,
  type DappDataPayload,
  type EmbeddedAdapterOptions,
  type ThemePayload,
} from './options'
export { HOST_STORAGE_KEYS } from './storage'
export type { FrameEnvironment, MountedFrame, ReceivedMessage } from './client/client'
export type { FrameTimeoutReason } from './client/constants'
export { SOCIAL_POPUP_SIZE, type OpenPopup, type SocialPopup } from './popup'
