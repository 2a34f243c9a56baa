import { useStore } from '@nanostores/react'
import { atom, type ReadableAtom } from 'nanostores'
import type { EmailCaptureState } from '../core/capture/capture'
import { codeOf } from '../core/codes'
import type { CodedMessage } from '../core/errors'
import { useLoadedFlow } from './lazy'
import { usePortico } from './usePortico'

export interface UseEmailCaptureOptions {
  /** Load the email capture module when the `emailCapture` flag is on. @default true */
  enabled?: boolean
}

export interface UseEmailCaptureReturn extends EmailCaptureState {
  /** The merged `emailCapture` flag (SPEC §1). @default false */
  enabled: boolean
  /** `error` coded: invalidEmail on the form; httpStatus { status }, otherError { detail } … after a failed send; or null. @default null */
  errorCode: CodedMessage | null
  /** Send the email for the connected account (checked first: 'Invalid email. Try again.'); then `sent` ("Check your inbox") or `failed`. Never rejects. */
  submit: (email: string) => Promise<void>
  /** Send the failed email again. */
  retry: () => Promise<void>
  /** From a failure back to the form. */
  edit: () => void
  /** No email for this account (remembered: not asked again); the prompt leaves. */
  skip: () => void
  /** Close the prompt after "Check your inbox" (back to Account). */
  finish: () => void
}

const IDLE: ReadableAtom<EmailCaptureState> = atom<EmailCaptureState>({
  step: 'idle',
  account: null,
  email: '',
  error: null,
  confirmed: false,
})

/**
 * Email capture (SPEC §1): after a wallet connects in the modal, an optional email prompt whose email
 * the server confirms by a mailed link (double opt-in). The prompt opens itself (the modal's
 * EmailCapture view); a custom UI reads `step` to draw its own.
 */
export function useEmailCapture(options: UseEmailCaptureOptions = {}): UseEmailCaptureReturn {
  const portico = usePortico()
  const on = useStore(portico.features.$features).emailCapture
  const flow = useLoadedFlow(portico, 'capture', on && (options.enabled ?? true))
  const state = useStore(flow?.$capture ?? IDLE)
  return {
    ...state,
    errorCode: codeOf(state.error),
    enabled: on,
    submit: async (email) => (flow ?? (await portico.load('capture'))).submit(email),
    retry: async () => (flow ?? (await portico.load('capture'))).retry(),
    edit: () => flow?.edit(),
    skip: () => flow?.skip(),
    finish: () => flow?.finish(),
  }
}
