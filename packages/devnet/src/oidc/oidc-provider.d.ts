// The part of oidc-provider 9 (which ships no types) that the dev OIDC provider uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http'

  export interface InteractionDetails {
    uid: string
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> }
    params: Record<string, unknown>
    session?: { accountId?: string }
  }

  export interface Grant {
    addOIDCScope(scope: string): void
    save(): Promise<string>
  }

  export interface OidcContext {
    oidc: { result?: { login?: unknown; consent?: unknown } }
  }

  export class Check {
    constructor(reason: string, description: string, check: (ctx: OidcContext) => boolean)
  }

  export interface Prompt {
    name: string
    checks: Check[] & { add(check: Check, index?: number): void }
  }

  export interface Prompts extends Array<Prompt> {
    get(name: string): Prompt | undefined
  }

  export const interactionPolicy: { base(): Prompts; Check: typeof Check }

  export class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>)
    callback(): (req: IncomingMessage, res: ServerResponse) => void
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>
    Grant: new (init: {
      accountId: string
      clientId: string
    }) => Grant
    on(event: string, listener: (...args: unknown[]) => void): this
  }

  export default Provider
}
