/** @portico/embedded/client: the frame client on its own (the adapter loads it with import()). */
export {
  createFrameClient,
  domEnvironment,
  frameSrc,
  type FrameClient,
  type FrameClientOptions,
  type FrameEnvironment,
  type FrameWindow,
  type MountedFrame,
  type ReceivedMessage,
  type RequestOptions,
} from './client'
export * from './constants'
