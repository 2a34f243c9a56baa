/**
 * The confirmation policy's rules (issues 23 §1, 22 §2), pure: the project's policy narrowed by the app's
 * options, and what one request gets under it — 'prompt' (the user confirms in the window), 'auto' (let
 * through with no prompt) or 'stepUp' (the user confirms and types a fresh second factor). The frame
 * decides (./service.ts); the host's engine runs the same rules on the frame's answer to GET_CONFIRM_POLICY
 * only to know whether to open the window.
 */
import {
  AUTO_METHODS,
  type ChainRule,
  type ConfirmPolicy,
  confirmPolicySchema,
  type PolicyNarrowing,
  policyNarrowingSchema,
} from '@portico/protocol/confirm-policy'

/** `perDay`: the (narrowed) per-day cap the auto transfer counts against, when the rule has one. */
export type Decision =
  | { action: 'prompt' }
  | { action: 'auto'; chain?: string; value: bigint; perDay?: bigint }
  | { action: 'stepUp'; threshold: bigint }

const lower = (list: readonly string[]) => list.map((a) => a.toLowerCase())
const minAmount = (a: string | undefined, b: string | undefined): string | undefined =>
  a === undefined ? b : b === undefined ? a : BigInt(a) <= BigInt(b) ? a : b

function narrowRule(project: ChainRule, app: ChainRule | undefined): ChainRule {
  const targets =
    project.targets === undefined
      ? app?.targets
      : app?.targets === undefined
        ? project.targets
        : project.targets.filter((t) => lower(app.targets ?? []).includes(t.toLowerCase()))
  const perTx = minAmount(project.perTx, app?.perTx)
  const perDay = minAmount(project.perDay, app?.perDay)
  return { ...(targets ? { targets } : {}), ...(perTx ? { perTx } : {}), ...(perDay ? { perDay } : {}) }
}

/**
 * The project's policy narrowed by the app's: methods and chains in both, targets in both, the lower cap,
 * the lower step-up threshold (an app may add one). Nothing the app gives can let more through or ask less.
 */
export function narrowPolicy(project: ConfirmPolicy | null | undefined, app: PolicyNarrowing | undefined): ConfirmPolicy | null {
  if (!project) {
    // No project policy: nothing goes without a prompt; an app may still ask for step-ups.
    const asked = app === false ? undefined : app?.stepUp
    return asked ? { stepUp: { ...asked } } : null
  }
  const stepUp: Record<string, string> = { ...project.stepUp }
  if (app) for (const [chain, value] of Object.entries(app.stepUp ?? {})) stepUp[chain] = minAmount(stepUp[chain], value) as string
  let auto: ConfirmPolicy['auto']
  if (project.auto && app !== false) {
    const appAuto = app?.auto
    const methods = project.auto.methods.filter((m) => (appAuto === undefined ? true : appAuto.methods.includes(m)))
    const chains: Record<string, ChainRule> = {}
    for (const [chain, rule] of Object.entries(project.auto.chains ?? {})) {
      if (appAuto?.chains !== undefined && !(chain in appAuto.chains)) continue
      chains[chain] = narrowRule(rule, appAuto?.chains?.[chain])
    }
    auto = { methods, chains }
  }
  return { ...(auto ? { auto } : {}), ...(Object.keys(stepUp).length ? { stepUp } : {}) }
}

/** The app's narrowing from the frame URL's `policy` parameter; unreadable: everything off (the narrowest). */
export function parseNarrowing(text: string | undefined): PolicyNarrowing | undefined {
  if (text === undefined) return undefined
  try {
    const parsed = policyNarrowingSchema.safeParse(JSON.parse(text))
    return parsed.success ? parsed.data : false
  } catch {
    return false
  }
}

/** A project's policy as the API sent it (checked again here); anything else: none. */
export const parsePolicy = (value: unknown): ConfirmPolicy | null => {
  const parsed = confirmPolicySchema.safeParse(value)
  return parsed.success ? parsed.data : null
}

/**
 * The policy the frame applies: the project's (`fetchProject`, from this frame's API) narrowed by the app's,
 * fetched once; a failed fetch is not kept (the next call asks again).
 */
export function policyLoader(fetchProject: () => Promise<ConfirmPolicy | null>, narrowing: PolicyNarrowing | undefined) {
  let policy: Promise<ConfirmPolicy | null> | undefined
  return (): Promise<ConfirmPolicy | null> =>
    (policy ??= fetchProject()
      .then((project) => narrowPolicy(project, narrowing))
      .catch((error: unknown) => {
        policy = undefined
        throw error
      }))
}

type Call = { to?: unknown; value?: unknown }

/** A JSON-RPC quantity ('0x…') or a decimal / bigint: base units. */
function quantity(value: unknown): bigint {
  if (value === undefined || value === null) return 0n
  if (typeof value === 'bigint') return value
  if (typeof value === 'string' && /^0x[0-9a-fA-F]{1,64}$/.test(value)) return BigInt(value)
  if (typeof value === 'string' && /^\d{1,78}$/.test(value)) return BigInt(value)
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value)
  throw new Error('not a quantity')
}

/** The calls of a transaction request (undefined: not one, or not readable). */
function callsOf(method: string, params: readonly unknown[]): Call[] | undefined {
  const first = params[0] as { calls?: unknown } | undefined
  if (typeof first !== 'object' || first === null) return undefined
  if (method === 'eth_sendTransaction') return [first as Call]
  if (method === 'wallet_sendCalls' && Array.isArray(first.calls) && first.calls.length > 0) return first.calls as Call[]
  return undefined
}

export interface PolicyRequest {
  method: string
  params: readonly unknown[]
  /** CAIP-2 of the chain the request is for (`eip155:31337`). */
  chain: string
}

/**
 * What `request` gets under `policy` (already narrowed), `spentToday` being the native value (base units)
 * the user sent without a prompt on that chain today. A step-up wins over everything; a request the rules
 * can not read is prompted.
 */
export function decide(policy: ConfirmPolicy | null | undefined, request: PolicyRequest, spentToday = 0n): Decision {
  if (!policy) return { action: 'prompt' }
  const calls = callsOf(request.method, request.params)
  let value: bigint | undefined
  try {
    value = calls?.reduce((sum, call) => sum + quantity(call.value), 0n)
  } catch {
    return { action: 'prompt' }
  }
  const threshold = policy.stepUp?.[request.chain]
  if (value !== undefined && threshold !== undefined && value > BigInt(threshold)) return { action: 'stepUp', threshold: BigInt(threshold) }
  const auto = policy.auto
  if (!auto || !(auto.methods as readonly string[]).includes(request.method)) return { action: 'prompt' }
  if (!(AUTO_METHODS as readonly string[]).includes(request.method)) return { action: 'prompt' }
  if (request.method === 'personal_sign' || request.method === 'eth_signTypedData_v4') return { action: 'auto', value: 0n }
  const rule = auto.chains?.[request.chain]
  if (!rule || !calls || value === undefined) return { action: 'prompt' }
  const targets = rule.targets ? lower(rule.targets) : undefined
  for (const call of calls) {
    // A contract creation (no `to`) is always prompted.
    if (typeof call.to !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(call.to)) return { action: 'prompt' }
    if (targets && !targets.includes(call.to.toLowerCase())) return { action: 'prompt' }
  }
  if (rule.perTx !== undefined && value > BigInt(rule.perTx)) return { action: 'prompt' }
  if (rule.perDay !== undefined && spentToday + value > BigInt(rule.perDay)) return { action: 'prompt' }
  return { action: 'auto', chain: request.chain, value, ...(rule.perDay !== undefined ? { perDay: BigInt(rule.perDay) } : {}) }
}

/** The UTC day of `ms` ('2026-12-02'): the per-day cap's period. */
export const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10)

type Spent = Record<string, { day: string; chains: Record<string, string> }>
const SPENT_KEY = 'portico:policy-spent'

/**
 * What each user sent without a prompt today, per chain, kept on the frame's origin (localStorage: the host
 * page can not read or write it). This device's tally, a first check; the user's tally across devices is the
 * API's (POST /v1/auth/policy/spend), which every transfer under a per-day cap must pass too.
 */
export function spentStore(storage: Pick<Storage, 'getItem' | 'setItem'> | undefined, now: () => number = Date.now) {
  let memory: Spent = {}
  const read = (): Spent => {
    if (!storage) return memory
    try {
      const value = JSON.parse(storage.getItem(SPENT_KEY) ?? '{}') as unknown
      return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Spent) : {}
    } catch {
      return {}
    }
  }
  const write = (value: Spent) => {
    memory = value
    try {
      storage?.setItem(SPENT_KEY, JSON.stringify(value))
    } catch {
      // storage full or gone: the memory copy holds for this load
    }
  }
  /** The user's tally of today (other days are dropped). */
  const today = (user: string): Record<string, string> => {
    const entry = read()[user.toLowerCase()]
    return entry && entry.day === dayOf(now()) && typeof entry.chains === 'object' ? entry.chains : {}
  }
  return {
    spent(user: string, chain: string): bigint {
      const value = today(user)[chain]
      return typeof value === 'string' && /^\d{1,78}$/.test(value) ? BigInt(value) : 0n
    },
    all: (user: string): Record<string, string> => ({ ...today(user) }),
    add(user: string, chain: string, value: bigint) {
      const chains = { ...today(user), [chain]: String(this.spent(user, chain) + value) }
      write({ ...read(), [user.toLowerCase()]: { day: dayOf(now()), chains } })
    },
  }
}
export type SpentStore = ReturnType<typeof spentStore>
