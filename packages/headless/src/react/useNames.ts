import { useStore } from '@nanostores/react'
import { atom, type ReadableAtom } from 'nanostores'
import type { NameRecord } from '@portico/protocol/profile'
import type { NamesState } from '../core/names/names'
import { useLoadedFlow } from './lazy'
import { usePortico } from './usePortico'

export interface UseNamesOptions {
  /** Load the names module when mounted. @default true */
  enabled?: boolean
}

export interface UseNamesReturn extends NamesState {
  /** The names module is still being fetched. @default true until it is loaded */
  pending: boolean
  /** The user typed a name: SPEC §5's rule at once, availability and suggestions after a short pause. */
  setName: (input: string) => void
  /**
   * Sign the registration message with the connected EVM account and register the typed name.
   * Rejects with the service's reason, 'Error registering name {name}', or the wallet's refusal.
   */
  register: () => Promise<NameRecord>
  /** Back to an empty form. */
  reset: () => void
}

const IDLE: ReadableAtom<NamesState> = atom<NamesState>({ input: '', ruleError: null, checking: false, available: null, suggestions: [], error: null, registering: false, registered: null })

/** Registering a name for the connected EVM account (SPEC §4 "Name registration"), from a flow loaded on first use. */
export function useNames(options: UseNamesOptions = {}): UseNamesReturn {
  const portico = usePortico()
  const flow = useLoadedFlow(portico, 'names', options.enabled ?? true)
  const state = useStore(flow?.$names ?? IDLE)
  return {
    ...state,
    pending: !flow,
    setName: (input) => {
      if (flow) flow.setName(input)
      else void portico.load('names').then((f) => f.setName(input))
    },
    register: async () => (flow ?? (await portico.load('names'))).register(),
    reset: () => flow?.reset(),
  }
}
