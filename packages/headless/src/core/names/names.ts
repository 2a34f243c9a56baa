/**
 * Names flow (SPEC §4 "Name registration", §5, §7 /v1/profile/*, §9), a lazy flow: a name for the
 * connected EVM address. The wanted name is checked as it is typed (SPEC §5: at least 4 characters,
 * only letters, digits and hyphen), its availability and suggestions are asked for after a short
 * pause (a later keystroke wins over a slower answer), and registration signs the SPEC §7 message
 * with the account, then posts it. On success the account shows the name at once.
 */
import { atom, type ReadableAtom } from 'nanostores'
import type { NameRecord, NameSuggestionsResponse } from '@portico/protocol/profile'
import { nameRegistrationMessage, registerNameError } from '../../api/profile'
import { ERRORS, isUserRejection, PorticoError } from '../errors'
import type { Router } from '../router/router'
import type { Timers } from '../timers'
import type { CaipNetwork, ChainNamespace } from '../types'
import {
  canRegisterName,
  cleanName,
  DEFAULT_NAME_ZONE,
  EVM_COIN_TYPE_BIT,
  emptyNamesState,
  labelOf,
  NAME_CHECK_DEBOUNCE_MS,
  nameRuleError,
  type NamesState,
  zoneOf,
} from './rules'

export * from './rules'

/** The ENSIP-11 coin type of an EVM chain; 'Invalid chainId' from 2^31 (SPEC §5). */
export function evmCoinType(chainId: number): number {
  if (!Number.isSafeInteger(chainId) || chainId <= 0 || chainId >= 2 ** 31) throw new PorticoError(ERRORS.invalidChainId)
  return (EVM_COIN_TYPE_BIT | chainId) >>> 0
}

export interface NamesDeps {
  getSuggestions(name: string): Promise<NameSuggestionsResponse>
  /** GET /v1/identity/{address}: the name and avatar of any EVM address (cached 5 min by the client). */
  getIdentity(address: string): Promise<{ name: string | null; avatar: string | null }>
  register(body: { coin_type: number; address: string; message: string; signature: string }): Promise<NameRecord>
  /** The connected EVM account and its network. */
  account(): { namespace?: ChainNamespace; address?: string; network?: CaipNetwork }
  signMessage(message: string): Promise<string>
  /** The account now has this name (profileName in the account state). */
  onRegistered(name: string): void
  timers: Timers
  /** Seconds since the epoch (the message timestamp). @default from timers.now() */
  nowSeconds?: () => number
  /** The zone shown before the service answers. @default DEFAULT_NAME_ZONE */
  zone?: string
  /** The modal's router, for `registerInModal` (SPEC §2 transaction stack). */
  router?: Pick<Router, '$route' | 'pushTransactionStack' | 'popTransactionStack' | 'replace'>
}

export function createNames(deps: NamesDeps) {
  const EMPTY = emptyNamesState(deps.zone ?? DEFAULT_NAME_ZONE)
  const $names = atom<NamesState>(EMPTY)
  const set = (patch: Partial<NamesState>) => {
    const next = { ...$names.get(), ...patch }
    $names.set({ ...next, canRegister: canRegisterName(next) })
  }
  let seq = 0
  let pending: unknown

  async function check(name: string, mine: number): Promise<void> {
    try {
      const { suggestions } = await deps.getSuggestions(name)
      if (mine !== seq) return
      const wanted = name.toLowerCase()
      const free = suggestions.filter((s) => !s.registered).map((s) => s.name)
      const zone = suggestions.map((s) => zoneOf(s.name)).find((z) => z !== null) ?? $names.get().zone
      set({
        zone,
        checking: false,
        available: free.some((s) => labelOf(s) === wanted),
        suggestions: free.filter((s) => labelOf(s) !== wanted).slice(0, 5),
        error: null,
      })
    } catch (error) {
      if (mine !== seq) return
      set({ checking: false, available: null, suggestions: [], error: error instanceof Error ? error.message : ERRORS.resolveName })
    }
  }

  /**
   * The user typed `input`: it is cleaned (cleanName: lower case, letters, digits and hyphens kept)
   * and kept so; the rule is checked at once, availability after NAME_CHECK_DEBOUNCE_MS.
   */
  function setName(typed: string): void {
    const mine = ++seq
    if (pending !== undefined) deps.timers.clearTimeout(pending)
    pending = undefined
    const input = cleanName(typed, $names.get().zone)
    const name = input
    const ruleError = name === '' ? null : nameRuleError(name)
    set({ input, ruleError, available: null, suggestions: [], error: null, checking: name !== '' && ruleError === null })
    if (name === '' || ruleError !== null) return
    pending = deps.timers.setTimeout(() => {
      pending = undefined
      void check(name, mine)
    }, NAME_CHECK_DEBOUNCE_MS)
  }

  /** A suggestion (a full name, 'alice1.portico.id') was chosen: its label becomes the input. */
  function chooseSuggestion(name: string): void {
    setName(labelOf(name))
  }

  /**
   * Register the typed name for the connected EVM account: sign the SPEC §7 message, post it.
   * Rejects with the service's first reason or 'Error registering name {name}'; a refusal in the
   * wallet rejects as the wallet did. The state keeps the input either way.
   */
  async function register(): Promise<NameRecord> {
    const { input } = $names.get()
    const name = input.trim()
    const rule = nameRuleError(name)
    if (rule !== null) throw new PorticoError(rule)
    const { namespace, address, network } = deps.account()
    if (namespace !== 'eip155' || !address || !network) throw new PorticoError(ERRORS.noAccount)
    const coinType = evmCoinType(Number(network.id))
    const mine = ++seq
    if (pending !== undefined) deps.timers.clearTimeout(pending)
    set({ registering: true, signing: true, error: null, checking: false })
    try {
      const message = nameRegistrationMessage(name, {}, deps.nowSeconds?.() ?? Math.floor(deps.timers.now() / 1000))
      const signature = await deps.signMessage(message)
      if (mine === seq) set({ signing: false })
      const record = await deps.register({ coin_type: coinType, address, message, signature })
      deps.onRegistered(record.name)
      if (mine === seq) set({ registering: false, signing: false, registered: record, zone: zoneOf(record.name) ?? $names.get().zone })
      return record
    } catch (error) {
      const text = error instanceof Error && error.message ? error.message : registerNameError(name)
      if (mine === seq) set({ registering: false, signing: false, error: text })
      throw error instanceof PorticoError ? error : new PorticoError(text, { cause: error })
    }
  }

  /**
   * SPEC §4 "Name registration" in the modal, on the router's transaction stack (SPEC §2): sign, then
   * register, then RegisterAccountNameSuccess with the full name (it replaces RegisterAccountName, so
   * Back leads where the user came from). Any failure, and a refusal in the wallet (cancel), leave
   * the user on RegisterAccountName with the error in the state. Resolves the record, or null when
   * it failed; never rejects.
   */
  async function registerInModal(): Promise<NameRecord | null> {
    const router = deps.router
    if (!router) throw new Error('registerInModal needs the router')
    let registered: NameRecord | null = null
    // No view is pushed for the signing: the form stays (busy) under the wallet's prompt, so an error
    // or a cancel pops back to it with nothing to undo (goBack false).
    router.pushTransactionStack({
      goBack: false,
      onSuccess: () => {
        // Only from the form: a user who left it (or closed the modal) is not taken anywhere; the
        // account shows the name all the same.
        if (registered && router.$route.get().view === 'RegisterAccountName')
          router.replace('RegisterAccountNameSuccess', { name: registered.name })
      },
    })
    try {
      registered = await register()
      router.popTransactionStack('success')
      return registered
    } catch (error) {
      router.popTransactionStack(isUserRejection(error) ? 'cancel' : 'error')
      return null
    }
  }

  function reset(): void {
    seq++
    if (pending !== undefined) deps.timers.clearTimeout(pending)
    pending = undefined
    // The zone the service named stays known.
    $names.set({ ...EMPTY, zone: $names.get().zone })
  }

  /** The name and avatar of an EVM address (Portico names and ENS, SPEC §7 /v1/identity); nulls when it has none or the lookup fails. */
  async function identityOf(address: string): Promise<{ name: string | null; avatar: string | null }> {
    try {
      return await deps.getIdentity(address)
    } catch {
      return { name: null, avatar: null }
    }
  }

  return { $names: $names as ReadableAtom<NamesState>, setName, chooseSuggestion, register, registerInModal, reset, identityOf }
}

export type NamesFlow = ReturnType<typeof createNames>
