import { useStore } from '@nanostores/react'
import { atom, type ReadableAtom } from 'nanostores'
import type { NameRecord } from '@portico/protocol/profile'
import { codeOf } from '../core/codes'
import type { CodedMessage } from '../core/errors'
import type { NamesState } from '../core/names/rules'
import { useLoadedFlow } from './lazy'
import { usePortico } from './usePortico'

export interface UseNamesOptions {
  /** Load the names module when mounted. @default true */
  enabled?: boolean
}

export interface UseNamesReturn extends NamesState {
  /** `ruleError` coded: nameTooShort { min }, nameTooLong { max }, nameChars; or null. @default null */
  ruleErrorCode: CodedMessage | null
  /** `error` coded: resolveName, registerName { name }, userRejected, otherError { detail } (the service's reason) …; or null. @default null */
  errorCode: CodedMessage | null
  /** The names module is still being fetched. @default true until it is loaded */
  pending: boolean
  /** The user typed a name: SPEC §5's rule at once, availability and suggestions after a short pause. */
  setName: (input: string) => void
  /** A suggestion (a full name, 'alice1.portico.id') was chosen: its label fills the input and is checked. */
  chooseSuggestion: (name: string) => void
  /**
   * Sign the registration message with the connected EVM account and register the typed name.
   * Rejects with the service's reason, 'Error registering name {name}', or the wallet's refusal.
   */
  register: () => Promise<NameRecord>
  /**
   * The modal's registration (SPEC §4, on the router's transaction stack): sign and register, then
   * RegisterAccountNameSuccess with the name; a failure or a refusal in the wallet stays on
   * RegisterAccountName with `error` set. Resolves the record or null; never rejects.
   */
  registerInModal: () => Promise<NameRecord | null>
  /** Back to an empty form. */
  reset: () => void
}

// The flow's empty state before its module loads (values only from there would bring the lazy module
// into an app's first load); the zone is core/names DEFAULT_NAME_ZONE (a test holds them equal).
const IDLE: ReadableAtom<NamesState> = atom<NamesState>({
  input: '',
  ruleError: null,
  checking: false,
  available: null,
  suggestions: [],
  error: null,
  registering: false,
  signing: false,
  registered: null,
  zone: 'portico.id',
  canRegister: false,
})

/** Registering a name for the connected EVM account (SPEC §4 "Name registration"), from a flow loaded on first use. */
export function useNames(options: UseNamesOptions = {}): UseNamesReturn {
  const portico = usePortico()
  const flow = useLoadedFlow(portico, 'names', options.enabled ?? true)
  const state = useStore(flow?.$names ?? IDLE)
  const setName = (input: string) => {
    if (flow) flow.setName(input)
    else void portico.load('names').then((f) => f.setName(input))
  }
  return {
    ...state,
    ruleErrorCode: codeOf(state.ruleError),
    errorCode: codeOf(state.error),
    pending: !flow,
    setName,
    chooseSuggestion: (name) => {
      if (flow) flow.chooseSuggestion(name)
      else void portico.load('names').then((f) => f.chooseSuggestion(name))
    },
    register: async () => (flow ?? (await portico.load('names'))).register(),
    registerInModal: async () => (flow ?? (await portico.load('names'))).registerInModal(),
    reset: () => flow?.reset(),
  }
}
