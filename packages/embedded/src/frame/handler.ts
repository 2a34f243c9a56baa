/**
 * The frame's receive handler, apart from the browser so a test can drive it: a message is taken
 * only when its source is the parent window AND its origin is the host origin AND that origin is
 * one of the project's allowed origins. The envelope is parsed with parseAppMessage (a malformed
 * one is ignored); a replayed request id is ignored; the payload is validated with appEventPayload
 * and, SPEC §5, an invalid one is still passed on: it is answered `<TYPE>_ERROR` with the message.
 * Every reply is posted to the parent with the host origin as targetOrigin, and its payload is
 * parsed with FRAME_SUCCESS_PAYLOADS first (only the protocol's fields leave the frame).
 */
import { appEventPayload, FRAME_CHANNEL, FRAME_SUCCESS_PAYLOADS, parseAppMessage, type AppEventType } from '@portico/protocol/frame'
import type { FrameHandlers } from './service'

export interface FrameHandlerDeps {
  /** window.parent (compared by identity with event.source). */
  parent: unknown
  /** The host page's origin (see hostOriginOf); undefined: nothing is accepted. */
  hostOrigin: string | undefined
  /** The project's allowed-origins check. */
  isAllowedOrigin(origin: string): boolean
  /** window.parent.postMessage */
  post(message: unknown, targetOrigin: string): void
  handlers: FrameHandlers
  log?: (message: string, detail?: unknown) => void
}

/** 'ignored': dropped unanswered; 'invalid': answered ERROR (payload failed validation); 'accepted': handled. */
export type ReceiveOutcome = 'ignored' | 'invalid' | 'accepted'

const SEEN_IDS_KEPT = 2048
const GENERIC = 'An error occurred'

export function createFrameHandler(deps: FrameHandlerDeps) {
  const seen = new Set<string>()
  const log = deps.log ?? (() => undefined)

  function reply(id: string, type: string, payload: unknown) {
    if (!deps.hostOrigin) return
    deps.post({ channel: FRAME_CHANNEL, id, type, payload }, deps.hostOrigin)
  }

  function answerError(id: string, type: AppEventType, error: unknown) {
    const text = error instanceof Error && error.message ? error.message.slice(0, 2000) : GENERIC
    reply(id, `${type}_ERROR`, { message: text })
  }

  async function run(id: string, type: AppEventType, value: unknown) {
    try {
      const handler = deps.handlers[type] as (p: unknown) => Promise<unknown>
      const result = await handler(value)
      const parsed = FRAME_SUCCESS_PAYLOADS[type].safeParse(result ?? {})
      if (!parsed.success) return answerError(id, type, new Error(GENERIC))
      reply(id, `${type}_SUCCESS`, parsed.data)
    } catch (error) {
      answerError(id, type, error)
    }
  }

  return {
    /** Post READY to the host (only when its origin is allowed). */
    ready(): boolean {
      if (!deps.hostOrigin || !deps.isAllowedOrigin(deps.hostOrigin)) return false
      deps.post({ channel: FRAME_CHANNEL, type: 'READY' }, deps.hostOrigin)
      return true
    },
    handleMessage(event: { origin: string; source: unknown; data: unknown }): ReceiveOutcome {
      try {
        if (!event || !deps.hostOrigin || event.source !== deps.parent || event.source == null) return 'ignored'
        if (event.origin !== deps.hostOrigin || !deps.isAllowedOrigin(event.origin)) return 'ignored'
        const message = parseAppMessage(event.data)
        if (!message) {
          log('ignored a malformed app message')
          return 'ignored'
        }
        if (seen.has(message.id)) {
          log('ignored a replayed request id', message.id)
          return 'ignored'
        }
        seen.add(message.id)
        if (seen.size > SEEN_IDS_KEPT) seen.delete(seen.values().next().value as string)
        const checked = appEventPayload(message.type, message.payload)
        if (!checked.ok) {
          reply(message.id, `${message.type}_ERROR`, { message: checked.message.slice(0, 2000) })
          return 'invalid'
        }
        void run(message.id, message.type, checked.value)
        return 'accepted'
      } catch (error) {
        log('ignored a message that could not be read', error)
        return 'ignored'
      }
    },
  }
}
