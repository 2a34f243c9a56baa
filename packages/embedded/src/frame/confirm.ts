/**
 * The frame's own confirmation (issue 23 §1): every unsafe request waits for the user's answer in a
 * window on the frame's origin (confirm-window.ts), which the host page can not read, restyle,
 * cover or click. This module is the frame's side: what a request is shown as (decoded with the
 * preview engine), and the channel to that window.
 *
 *   window → the frames of its opener:  { channel, type: 'CONFIRM_READY' }               (targetOrigin: this origin)
 *   frame → that window:                 { channel, type: 'REQUEST', id, view }          (targetOrigin: this origin)
 *   window → that frame:                 { channel, type: 'ANSWER', id, approved, code? } (targetOrigin: this origin; `code`: a step-up's)
 *   frame → that window:                 { channel, type: 'IDLE' }                       (nothing more to confirm)
 *
 * The window is opened by the host page in the user's click (a cross-origin frame gets no user
 * activation from a click in its parent, so a window the frame opened itself would be blocked).
 * Each side takes only this origin's messages: the host page can open the window, but can not
 * answer for it. Texts are in the host's locale (./texts.ts), and REQUEST carries the frame's look
 * (./look.ts) for the window to apply.
 */
import {
  type DecodedRequest,
  decodeRequest,
  decodeSolanaTransaction,
  type Preview,
  type PreviewFlag,
  signInDomain,
} from '@portico/headless/preview'
import { formatEther } from 'viem'
import type { Look } from './look'
import { ENGLISH, type FrameTexts } from './texts'

export const CONFIRM_CHANNEL = 'portico:confirm'
/** The frame URL opened with `?portico-confirm=request` is the confirmation window (the host opens it: ../popup.ts). */
export { CONFIRM_WINDOW_PARAM } from '../popup'
/** SPEC §8: what a rejected request fails with (the client maps it to code 4001). */
export const USER_REJECTED = 'User rejected the request'
/** A sign-in message (EIP-4361 / CAIP-122) for a domain that is not the host page's: refused without a prompt. */
export const FOREIGN_SIGN_IN = 'The sign-in message is for another domain than this page'
/** How long the frame waits for a confirmation window to show up (none opened: the request is rejected). */
export const CONFIRM_WINDOW_WAIT_MS = 30_000
/** How long the user has to answer once the window shows the request (SPEC §9's 120 s request timeout). */
export const CONFIRM_ANSWER_MS = 115_000

/**
 * What the chain says a transaction would do (issue 23 §2), from the preview engine's simulation
 * (eth_simulateV1 on the chain's RPC): the account's balance changes and the fee, or the revert's reason,
 * or that it could not be simulated. Amounts are formatted, signed ('-1', '+29.5').
 */
export type ConfirmSimulation =
  | {
      status: 'success' | 'reverted'
      changes: { amount: string; symbol: string }[]
      fee?: { amount: string; symbol: string }
      /** Why it reverts (the decoded error or the node's message). */
      reason?: string
    }
  | { status: 'unavailable' }

/** What waits for the user's answer. */
export type ConfirmRequest =
  | {
      kind: 'rpc'
      method: string
      params: unknown[]
      namespace: 'eip155' | 'solana'
      chainId: number | string
      /** The transaction's simulation, when the frame ran one. @default none */
      simulation?: ConfirmSimulation
      /**
       * The confirmation policy asks for a fresh second factor (its native value is above `above`, base units):
       * the window asks for a code with the answer, or (`passkey`: the request options of a step-up by one of
       * the user's passkeys) for the passkey, in the window itself. @default none
       */
      stepUp?: { above: string; passkey?: Record<string, unknown> }
    }
  | { kind: 'email'; email: string }
  /** Removing one of the user's passkeys (its label and when it was added, ISO 8601). */
  | { kind: 'removePasskey'; name: string; createdAt: string }

/**
 * What the user answered: confirmed or not; a request that asked for a step-up is confirmed with the code typed,
 * or with the passkey's assertion (its JSON, checked by the API after).
 */
export type ConfirmAnswer = boolean | { code: string } | { assertion: Record<string, unknown> }
/** The frame service's dependency: the user's answer to `request` in the window on this origin. */
export type Confirm = (request: ConfirmRequest) => Promise<ConfirmAnswer>

/** What the window shows: plain text only (rendered with textContent). */
export interface ConfirmView {
  title: string
  /** Label and value, in order. */
  rows: { label: string; value: string }[]
  /** Plain warnings (the preview's flags). */
  warnings: string[]
  /** The page that asks. */
  origin?: string
  /** The confirm button's text when it is not the window's own 'Confirm' (a failing transaction: 'Send anyway'). */
  confirmLabel?: string
  /** A step-up: the label of the code field the window shows (Confirm needs a code in it). */
  code?: string
  /** A step-up by passkey: the request options the window asks the passkey with (Confirm runs the ceremony). */
  passkey?: Record<string, unknown>
}

/** The preview's flags as warnings, in English (./texts.ts has every locale's). */
export const FLAG_WARNINGS: Record<PreviewFlag, string> = ENGLISH.flags

const ethText = (wei: bigint) => `${formatEther(wei)} ETH`
const date = (seconds: number) => new Date(seconds * 1000).toISOString().replace('.000Z', 'Z')
type RequestTexts = FrameTexts['request']
const amount = (t: RequestTexts, value: bigint, flags: readonly PreviewFlag[]) =>
  flags.includes('unlimitedAmount') ? t.unlimited(String(value)) : String(value)

const utf8 = new TextDecoder()
function base64Text(value: string): string {
  const binary = atob(value)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return utf8.decode(bytes)
}

/** The preview request of a frame RPC request (Solana's params are `[{ transaction }]` / `[{ message, pubkey }]`). */
function decodedOf(method: string, params: unknown[], host: string | undefined): DecodedRequest {
  const config = host ? { host } : {}
  const first = params[0] as { transaction?: unknown; message?: unknown } | undefined
  if (method === 'solana_signMessage') {
    const message = typeof first?.message === 'string' ? base64Text(first.message) : ''
    return decodeRequest({ method, params: { message } }, config)
  }
  if (method === 'solana_signTransaction' || method === 'solana_signAndSendTransaction')
    return decodeRequest({ method, params: { transaction: String(first?.transaction ?? '') } }, config, decodeSolanaTransaction)
  return decodeRequest({ method, params } as never, config)
}

/** The text of a message request (personal_sign's hex or text, solana_signMessage's base64). */
function messageText(method: string, params: unknown[]): string | undefined {
  const first = params[0] as { message?: unknown } | string | undefined
  if (method === 'solana_signMessage')
    return typeof first === 'object' && typeof first?.message === 'string' ? base64Text(first.message) : undefined
  if (typeof first !== 'string') return undefined
  if (!/^0x([0-9a-fA-F]{2})*$/.test(first)) return first
  const bytes = new Uint8Array((first.length - 2) / 2)
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(first.slice(2 + i * 2, 4 + i * 2), 16)
  return utf8.decode(bytes)
}

/**
 * True when the request is a sign-in message for another domain than `host` (the host page's `host[:port]`).
 * The preview's decoder says so for a well-formed message; a message it does not read as a sign-in but whose
 * first line is one (e.g. one blank line where EIP-4361 has two, which viem's parseSiweMessage still reads)
 * is refused unless that line names this page's host.
 */
export function foreignSignIn(method: string, params: unknown[], host: string | undefined): boolean {
  if (!host || (method !== 'personal_sign' && method !== 'solana_signMessage')) return false
  try {
    const decoded = decodedOf(method, params, host)
    if (decoded.preview.kind === 'signIn') return decoded.flags.includes('foreignDomain')
  } catch {
    // not decodable: the first line decides below
  }
  let text: string | undefined
  try {
    text = messageText(method, params)
  } catch {
    return false
  }
  const domain = signInDomain(text ?? '')?.toLowerCase()
  if (domain === undefined) return false
  const page = host.toLowerCase()
  return domain !== page && domain !== page.replace(/:\d+$/, '')
}

function rowsOf(preview: Preview, t: RequestTexts): { title: string; rows: ConfirmView['rows'] } {
  switch (preview.kind) {
    case 'message':
      return { title: t.signMessage, rows: [{ label: t.message, value: preview.text }] }
    case 'signIn':
      return {
        title: t.signIn,
        rows: [
          { label: t.domain, value: preview.domain },
          { label: t.address, value: preview.address },
          ...(preview.statement ? [{ label: t.statement, value: preview.statement }] : []),
          { label: t.uri, value: preview.uri },
          { label: t.chain, value: preview.chainId },
        ],
      }
    case 'nativeTransfer':
      return {
        title: t.send,
        rows: [
          { label: t.to, value: preview.to },
          { label: t.amount, value: ethText(preview.value) },
        ],
      }
    case 'tokenTransfer':
      return {
        title: t.sendTokens,
        rows: [
          { label: t.token, value: preview.token },
          { label: t.to, value: preview.recipient },
          { label: t.baseUnits, value: String(preview.amount) },
        ],
      }
    case 'tokenTransferFrom':
      return {
        title: t.moveTokens,
        rows: [
          { label: t.token, value: preview.token },
          { label: t.from, value: preview.sender },
          { label: t.to, value: preview.recipient },
          { label: t.baseUnits, value: String(preview.amount) },
        ],
      }
    case 'tokenApproval':
      return {
        title: t.approve,
        rows: [
          { label: t.token, value: preview.token },
          { label: t.spender, value: preview.spender },
          { label: t.baseUnits, value: amount(t, preview.amount, preview.flags) },
        ],
      }
    case 'approvalForAll':
      return {
        title: preview.approved ? t.approveAll : t.revokeAll,
        rows: [
          { label: t.collection, value: preview.collection },
          { label: t.operator, value: preview.operator },
        ],
      }
    case 'contractCall':
      return {
        title: t.callContract,
        rows: [
          { label: t.contract, value: preview.to },
          { label: t.value, value: ethText(preview.value) },
          { label: t.function, value: preview.selector },
          { label: t.data, value: preview.data },
        ],
      }
    case 'deploy':
      return { title: t.deploy, rows: [{ label: t.value, value: ethText(preview.value) }] }
    case 'permit':
      return preview.standard === 'eip2612'
        ? {
            title: t.permit,
            rows: [
              { label: t.token, value: preview.token },
              { label: t.spender, value: preview.spender },
              { label: t.baseUnits, value: amount(t, preview.amount, preview.flags) },
              { label: t.deadline, value: date(preview.deadline) },
            ],
          }
        : {
            title: t.permit2(preview.primaryType),
            rows: [
              { label: t.spender, value: preview.spender },
              ...preview.tokens.map((token) => ({ label: t.tokenOf(token.token), value: amount(t, token.amount, preview.flags) })),
              { label: t.deadline, value: date(preview.deadline) },
            ],
          }
    case 'typedData':
      return {
        title: t.typedData(preview.primaryType),
        rows: [
          ...(preview.domain.name ? [{ label: t.app, value: preview.domain.name }] : []),
          ...(preview.domain.verifyingContract ? [{ label: t.contract, value: preview.domain.verifyingContract }] : []),
          ...(preview.domain.chainId !== undefined ? [{ label: t.chain, value: String(preview.domain.chainId) }] : []),
          { label: t.hash, value: preview.hash },
        ],
      }
    case 'authorization':
      return {
        title: t.delegateTitle,
        rows: [
          { label: t.delegate, value: preview.delegate },
          { label: t.chain, value: preview.chainId === 0 ? t.everyChain : String(preview.chainId) },
        ],
      }
    case 'batch':
      return {
        title: t.batch(preview.calls.length),
        rows: preview.calls.flatMap((call, i) =>
          rowsOf(call, t).rows.map((row) => ({ label: `${i + 1}. ${row.label}`, value: row.value })),
        ),
      }
    case 'grantPermissions':
      return {
        title: t.grant,
        rows: [
          { label: t.to, value: preview.signer },
          { label: t.until, value: date(preview.expiry) },
          ...preview.permissions.map((p) => ({
            label: t.permission,
            value:
              p.type === 'contractCall'
                ? t.callTarget(p.target, p.functions.length ? p.functions.join(', ') : undefined)
                : p.type === 'nativeTokenLimit'
                  ? t.spendUpTo(ethText(p.allowance))
                  : t.spendEvery(ethText(p.allowance), String(p.period)),
          })),
        ],
      }
    case 'solanaTransaction':
      return {
        title: t.solana,
        rows: preview.instructions.map((ix) =>
          ix.kind === 'solTransfer'
            ? { label: t.sendSol, value: t.solTo(String(Number(ix.lamports) / 1e9), ix.destination) }
            : ix.kind === 'splTransfer'
              ? { label: t.sendTokens, value: t.splTo(String(ix.amount), ix.destination) }
              : ix.kind === 'splTransferChecked'
                ? { label: t.sendTokens, value: t.splCheckedTo(String(ix.amount), ix.mint, ix.destination) }
                : { label: t.program, value: ix.program },
        ),
      }
  }
}

/**
 * The simulation's verdict on the view: the balance changes and the fee as rows; a failing transaction
 * titled so, its reason first among the warnings and its button 'Send anyway' (it is sent only if the
 * user insists); no simulation, said as a warning.
 */
function withSimulation(view: ConfirmView, simulation: ConfirmSimulation, t: RequestTexts): ConfirmView {
  if (simulation.status === 'unavailable') return { ...view, warnings: [...view.warnings, t.notSimulated] }
  const changes = simulation.changes.map((c) => `${c.amount} ${c.symbol}`).join(', ') || t.noChanges
  const rows = [
    ...view.rows,
    { label: t.balanceChanges, value: changes },
    ...(simulation.fee ? [{ label: t.networkFee, value: `${simulation.fee.amount} ${simulation.fee.symbol}` }] : []),
  ]
  if (simulation.status === 'success') return { ...view, rows }
  return {
    ...view,
    title: t.willFail,
    rows,
    warnings: [t.reverts(simulation.reason ?? 'execution reverted'), ...view.warnings],
    confirmLabel: t.sendAnyway,
  }
}

/** A step-up (the confirmation policy's): first among the warnings, and a code field (or the passkey's options). */
function withStepUp(view: ConfirmView, stepUp: { above: string; passkey?: Record<string, unknown> }, texts: FrameTexts): ConfirmView {
  const amount = /^\d{1,78}$/.test(stepUp.above) ? ethText(BigInt(stepUp.above)) : stepUp.above
  if (stepUp.passkey)
    return {
      ...view,
      warnings: [texts.request.stepUpPasskey(amount), ...view.warnings],
      passkey: stepUp.passkey,
      confirmLabel: texts.window.passkey,
    }
  return { ...view, warnings: [texts.request.stepUp(amount), ...view.warnings], code: texts.window.code }
}

/**
 * What the window shows for `request` (`host`: the host page's `host[:port]`, for the sign-in check), in
 * the texts of the host's locale (English by default).
 */
export function describeRequest(request: ConfirmRequest, host?: string, texts: FrameTexts = ENGLISH): ConfirmView {
  const t = texts.request
  if (request.kind === 'email') return { title: t.changeEmail, rows: [{ label: t.newEmail, value: request.email }], warnings: [] }
  if (request.kind === 'removePasskey')
    return {
      title: t.removePasskey,
      rows: [
        { label: t.passkey, value: request.name },
        { label: t.added, value: request.createdAt.slice(0, 10) },
      ],
      warnings: [],
    }
  const chain = { label: t.network, value: `${request.namespace}:${request.chainId}` }
  try {
    const decoded = decodedOf(request.method, request.params, host)
    const { title, rows } = rowsOf(decoded.preview, t)
    const authorizations = decoded.authorizations.flatMap((a) => rowsOf(a, t).rows)
    const view = { title, rows: [...rows, ...authorizations, chain], warnings: decoded.flags.map((f) => texts.flags[f]) }
    const simulated = request.simulation ? withSimulation(view, request.simulation, t) : view
    return request.stepUp ? withStepUp(simulated, request.stepUp, texts) : simulated
  } catch {
    // Not decodable: the request as it came (the user can still refuse).
    let raw: string
    try {
      raw = JSON.stringify(request.params, (_k, v) => (typeof v === 'bigint' ? String(v) : v)).slice(0, 4000)
    } catch {
      raw = '(unreadable)'
    }
    return {
      title: request.method,
      rows: [{ label: t.request, value: raw }, chain],
      warnings: [t.undecodable],
    }
  }
}

type Message =
  | { channel: typeof CONFIRM_CHANNEL; type: 'CONFIRM_READY' }
  | { channel: typeof CONFIRM_CHANNEL; type: 'REQUEST'; id: number; view: ConfirmView; look?: Look }
  | { channel: typeof CONFIRM_CHANNEL; type: 'ANSWER'; id: number; approved: boolean; code?: string; assertion?: unknown }
  | { channel: typeof CONFIRM_CHANNEL; type: 'IDLE' }

export const isConfirmMessage = (data: unknown): data is Message =>
  typeof data === 'object' && data !== null && (data as { channel?: unknown }).channel === CONFIRM_CHANNEL

type WindowLike = { postMessage(message: unknown, targetOrigin: string): void; readonly closed?: boolean }

interface Pending {
  id: number
  view: ConfirmView
  resolve(answer: ConfirmAnswer): void
}

/**
 * The frame's side: `confirm` queues a request and resolves with the user's answer in the window on
 * `origin` (false when no window shows up within `windowWaitMs`, when it is closed, or when nobody
 * answers within `answerMs`); `receive` takes the window's messages (true when taken).
 */
export function confirmer(options: {
  origin: string
  /** The host page's origin: shown as the page that asks, and its host for the sign-in check of the view. */
  hostOrigin?: string
  windowWaitMs?: number
  answerMs?: number
  /** How often a shown window is checked for being closed. @default 500 */
  pollMs?: number
  /** The texts of the host's locale, read when a request is queued. @default English */
  texts?: () => FrameTexts
  /** The frame's look (theme and locale), sent with each request for the window to apply. @default none */
  look?: () => Look
}) {
  const host = options.hostOrigin ? new URL(options.hostOrigin).host : undefined
  const queue: Pending[] = []
  let nextId = 1
  let target: WindowLike | undefined
  let shownId: number | undefined
  let timer: ReturnType<typeof setTimeout> | undefined
  let poll: ReturnType<typeof setInterval> | undefined

  function stopTimers() {
    if (timer) clearTimeout(timer)
    if (poll) clearInterval(poll)
    timer = undefined
    poll = undefined
  }

  function settle(id: number, approved: ConfirmAnswer) {
    const index = queue.findIndex((p) => p.id === id)
    if (index < 0) return
    const [done] = queue.splice(index, 1)
    if (shownId === id) shownId = undefined
    stopTimers()
    done?.resolve(approved)
    next()
  }

  /** Show the head of the queue in the window (or wait for one), with its timers. */
  function next() {
    const head = queue[0]
    if (!head) {
      if (target && !target.closed) target.postMessage({ channel: CONFIRM_CHANNEL, type: 'IDLE' }, options.origin)
      return
    }
    if (shownId === head.id) return
    stopTimers()
    if (!target || target.closed) {
      target = undefined
      timer = setTimeout(() => settle(head.id, false), options.windowWaitMs ?? CONFIRM_WINDOW_WAIT_MS)
      return
    }
    shownId = head.id
    const look = options.look?.()
    target.postMessage(
      { channel: CONFIRM_CHANNEL, type: 'REQUEST', id: head.id, view: head.view, ...(look ? { look } : {}) },
      options.origin,
    )
    timer = setTimeout(() => settle(head.id, false), options.answerMs ?? CONFIRM_ANSWER_MS)
    const shown = target
    poll = setInterval(() => {
      if (shown.closed) settle(head.id, false)
    }, options.pollMs ?? 500)
  }

  return {
    confirm(request: ConfirmRequest): Promise<ConfirmAnswer> {
      const view = {
        ...describeRequest(request, host, options.texts?.() ?? ENGLISH),
        ...(options.hostOrigin ? { origin: options.hostOrigin } : {}),
      }
      return new Promise<ConfirmAnswer>((resolve) => {
        queue.push({ id: nextId++, view, resolve })
        next()
      })
    },

    /** A message that is not the host page's: the window's. True when taken. */
    receive(event: { origin: string; source: unknown; data: unknown }): boolean {
      if (event.origin !== options.origin || !isConfirmMessage(event.data)) return false
      const source = event.source as WindowLike | null
      if (source === null || typeof source?.postMessage !== 'function') return false
      const message = event.data
      if (message.type === 'CONFIRM_READY') {
        // A window (new, or the same one loaded again) shows the head of the queue.
        target = source
        shownId = undefined
        next()
        return true
      }
      if (message.type === 'ANSWER' && source === target && message.id === shownId) {
        const head = queue.find((p) => p.id === message.id)
        // A step-up's confirmation counts only with a code, or the passkey's assertion (checked by the API after).
        if (head?.view.code !== undefined)
          settle(message.id, message.approved === true && typeof message.code === 'string' ? { code: message.code.slice(0, 16) } : false)
        else if (head?.view.passkey !== undefined) {
          const assertion = message.assertion
          const ok = message.approved === true && typeof assertion === 'object' && assertion !== null && !Array.isArray(assertion)
          settle(message.id, ok ? { assertion: assertion as Record<string, unknown> } : false)
        } else settle(message.id, message.approved === true)
        return true
      }
      return false
    },

    /** Reject every request waiting (sign-out). */
    rejectAll() {
      for (const p of [...queue]) settle(p.id, false)
    },
  }
}
