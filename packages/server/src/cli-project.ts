/**
 * `portico-api project …`: the per-project config (allowed origins, feature flags) in the server's
 * database, read and written from the command line.
 */
import { parseArgs } from 'node:util'
import { z } from 'zod'
import { remoteFeaturesSchema, SOCIAL_PROVIDERS } from '@portico/protocol/common'
import { type ConfirmPolicy, confirmPolicySchema } from '@portico/protocol/confirm-policy'
import { openDatabase } from './db/index.ts'
import {
  createProjectsRepository,
  projectFeaturesSchema,
  projectIdSchema,
  type ProjectFeatures,
  type ProjectRecord,
} from './db/projects.ts'

export const PROJECT_CLI_USAGE = `Usage: portico-api project <command> [--data-dir <dir>]   (env DATABASE_URL / PORTICO_DATA_DIR, as the server)
  project set-origins <projectId> <origin…>       the origins the project may be embedded on (replaces its list;
                                                  rules as --allowed-origins: https://app.example, https://*.example, http://localhost:*)
  project set-features <projectId> key=value…     set feature flags over the project's (others kept); keys:
                                                  ${Object.keys(remoteFeaturesSchema.shape).join(', ')};
                                                  values true/false, socials a comma list (google,github) or false
  project set-policy <projectId> <json>|off       the embedded wallet's confirmation policy (replaces it; off removes it):
                                                  {"auto":{"methods":["eth_sendTransaction"],"chains":{"eip155:1":
                                                  {"targets":["0x…"],"perTx":"<wei>","perDay":"<wei>"}}},"stepUp":{"eip155:1":"<wei>"}}
                                                  (docs/embedded-wallet.md, "Confirmation policy")
  project show <projectId>                        what is stored for the project (null / absent: the server's config)`

/** An origin rule: scheme and host (with `*` for one run of letters, digits and hyphens) and an optional port, nothing else. */
const ORIGIN_RULE = /^https?:\/\/[A-Za-z0-9*.-]+(:(\d{1,5}|\*))?$/

/** `https://a.example https://*.b.example` → the rules, checked. */
export function parseOriginRules(values: readonly string[]): string[] {
  if (values.length === 0) throw new Error('set-origins needs at least one origin, e.g. https://app.example')
  return values.map((value) => {
    const rule = value.trim().replace(/\/+$/, '')
    if (!ORIGIN_RULE.test(rule))
      throw new Error(`"${value}" is not an origin rule such as https://app.example, https://*.preview.example or http://localhost:*`)
    return rule
  })
}

/** `swaps=false socials=google,github` → the flags, validated against the remote features schema. */
export function parseFeatureAssignments(values: readonly string[]): ProjectFeatures {
  if (values.length === 0) throw new Error('set-features needs at least one key=value, e.g. swaps=false')
  const keys = Object.keys(remoteFeaturesSchema.shape)
  const raw: Record<string, unknown> = {}
  for (const assignment of values) {
    const match = /^([A-Za-z]+)=(.*)$/.exec(assignment)
    if (!match) throw new Error(`"${assignment}" is not key=value`)
    const [, key, value] = match as unknown as [string, string, string]
    if (!keys.includes(key)) throw new Error(`Unknown feature "${key}"; one of ${keys.join(', ')}`)
    if (key === 'socials') {
      if (value === 'false') raw[key] = false
      else {
        const list = value
          .split(',')
          .map((v) => v.trim())
          .filter(Boolean)
        const unknown = list.find((p) => !(SOCIAL_PROVIDERS as readonly string[]).includes(p))
        if (unknown !== undefined)
          throw new Error(`socials: unknown provider "${unknown}"; a comma list of ${SOCIAL_PROVIDERS.join(', ')}, or false`)
        raw[key] = list
      }
    } else if (value === 'true' || value === 'false') raw[key] = value === 'true'
    else throw new Error(`${key} must be true or false, got "${value}"`)
  }
  const parsed = z.safeParse(projectFeaturesSchema, raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new Error(`Invalid ${issue?.path.join('.') || 'features'}: ${issue?.message}`)
  }
  return parsed.data
}

/** `set-policy`'s argument: the policy as JSON, or `off` (none). */
export function parsePolicyArgument(values: readonly string[]): ConfirmPolicy | null {
  if (values.length !== 1) throw new Error('set-policy takes one argument: the policy as JSON (quoted), or off')
  const text = values[0] as string
  if (text === 'off') return null
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw new Error('set-policy: the policy is not JSON (quote it for the shell), e.g. \'{"stepUp":{"eip155:1":"100000000000000000"}}\'')
  }
  const parsed = z.safeParse(confirmPolicySchema, json)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new Error(`Invalid policy at ${issue?.path.join('.') || '(top)'}: ${issue?.message}`)
  }
  return parsed.data
}

export type ProjectCommand =
  | { action: 'set-origins'; projectId: string; origins: string[] }
  | { action: 'set-features'; projectId: string; features: ProjectFeatures }
  | { action: 'set-policy'; projectId: string; policy: ConfirmPolicy | null }
  | { action: 'show'; projectId: string }

/** `project …` arguments (after the word `project`) → the command and the database to run it on. Throws with a readable message. */
export function parseProjectCli(
  argv: string[],
  env: Record<string, string | undefined>,
): { command: ProjectCommand; dataDir?: string; databaseUrl?: string } {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { 'data-dir': { type: 'string' } },
    allowPositionals: true,
    strict: true,
  })
  const [action, rawId, ...rest] = positionals
  if (action !== 'set-origins' && action !== 'set-features' && action !== 'set-policy' && action !== 'show')
    throw new Error(`Unknown project command "${action ?? ''}": set-origins, set-features, set-policy or show`)
  const id = projectIdSchema.safeParse(rawId)
  if (!id.success) throw new Error(id.error.issues[0]?.message)
  const projectId = id.data
  if (action === 'show' && rest.length > 0) throw new Error('show takes only the project id')
  const command: ProjectCommand =
    action === 'set-origins'
      ? { action, projectId, origins: parseOriginRules(rest) }
      : action === 'set-features'
        ? { action, projectId, features: parseFeatureAssignments(rest) }
        : action === 'set-policy'
          ? { action, projectId, policy: parsePolicyArgument(rest) }
          : { action, projectId }
  const dataDir = values['data-dir'] ?? env.PORTICO_DATA_DIR
  const databaseUrl = env.DATABASE_URL
  if (!dataDir && !databaseUrl)
    throw new Error("The project commands write the server's database: give --data-dir (PGlite) or DATABASE_URL (Postgres)")
  return { command, ...(dataDir ? { dataDir } : {}), ...(databaseUrl ? { databaseUrl } : {}) }
}

const describeProject = (id: string, record: ProjectRecord | undefined) =>
  JSON.stringify(
    {
      projectId: id,
      allowedOrigins: record?.allowedOrigins ?? null,
      features: record?.features ?? {},
      confirmPolicy: record?.confirmPolicy ?? null,
      updatedAt: record?.updatedAt.toISOString() ?? null,
    },
    null,
    2,
  )

/**
 * `portico-api project …`: run one command on the configured database (migrated first, as the
 * server does) and print the project as stored. Resolves with the exit code.
 */
export async function runProjectCli(
  argv: string[],
  env: Record<string, string | undefined>,
  out: { log(text: string): void; error(text: string): void } = console,
): Promise<number> {
  let parsed: ReturnType<typeof parseProjectCli>
  try {
    parsed = parseProjectCli(argv, env)
  } catch (error) {
    out.error(error instanceof Error ? error.message : String(error))
    out.error(PROJECT_CLI_USAGE)
    return 2
  }
  const db = await openDatabase({ dataDir: parsed.dataDir, databaseUrl: parsed.databaseUrl })
  try {
    const projects = createProjectsRepository(db)
    const { command } = parsed
    const record =
      command.action === 'set-origins'
        ? await projects.setOrigins(command.projectId, command.origins)
        : command.action === 'set-features'
          ? await projects.setFeatures(command.projectId, command.features)
          : command.action === 'set-policy'
            ? await projects.setConfirmPolicy(command.projectId, command.policy)
            : await projects.get(command.projectId)
    out.log(describeProject(command.projectId, record))
    return 0
  } finally {
    await db.close()
  }
}
