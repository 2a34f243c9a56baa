import { remoteFeaturesSchema, type RemoteFeatures } from '@portico/protocol/common'
import { type ConfirmPolicy, confirmPolicySchema } from '@portico/protocol/confirm-policy'
import { z } from 'zod'
import * as zm from 'zod/mini'
import type { Queryable } from './types.ts'

/** A project id as clients send it (`?projectId=`): 1–128 letters, digits, `.`, `_` or `-`. */
export const PROJECT_ID = /^[A-Za-z0-9._-]{1,128}$/
export const projectIdSchema = z
  .string({ error: 'projectId is required' })
  .regex(PROJECT_ID, { error: 'projectId must be 1-128 letters, digits, ".", "_" or "-"' })

/** The flags a project may set: any subset of the remote features. */
export const projectFeaturesSchema = zm.strictObject(zm.partial(remoteFeaturesSchema).shape)
export type ProjectFeatures = zm.infer<typeof projectFeaturesSchema>

/** One stored project: only what was set for it (NULL / absent: the server's value). */
export type ProjectRecord = {
  id: string
  allowedOrigins: string[] | null
  features: ProjectFeatures
  /** The embedded wallet's confirmation policy (migration 024); null: none, every unsafe request is confirmed. */
  confirmPolicy: ConfirmPolicy | null
  updatedAt: Date
}

type Row = { id: string; allowed_origins: string[] | null; features: unknown; confirm_policy?: unknown; updated_at: Date | string }
const COLUMNS = 'id, allowed_origins, features, confirm_policy, updated_at'

/** The projects table (migration 009): read by the config routes, written by the admin CLI. */
export interface ProjectsRepository {
  get(id: string): Promise<ProjectRecord | undefined>
  /** Replace the project's allowed origins (creates the project). */
  setOrigins(id: string, origins: readonly string[]): Promise<ProjectRecord>
  /** Set these flags over the project's stored ones (creates the project); other flags are kept. */
  setFeatures(id: string, features: ProjectFeatures): Promise<ProjectRecord>
  /** Replace the project's confirmation policy (creates the project); null removes it. */
  setConfirmPolicy(id: string, policy: ConfirmPolicy | null): Promise<ProjectRecord>
}

function toRecord(row: Row): ProjectRecord {
  // A row written by hand with a bad flag falls back to the server's flags rather than failing every request.
  const features = projectFeaturesSchema.safeParse(typeof row.features === 'string' ? JSON.parse(row.features) : row.features)
  // A policy written by hand that does not parse is no policy: the frame then asks the user for everything.
  const raw = typeof row.confirm_policy === 'string' ? JSON.parse(row.confirm_policy) : row.confirm_policy
  const policy = raw === null || raw === undefined ? undefined : confirmPolicySchema.safeParse(raw)
  return {
    id: row.id,
    allowedOrigins: row.allowed_origins,
    features: features.success ? features.data : {},
    confirmPolicy: policy?.success ? policy.data : null,
    updatedAt: new Date(row.updated_at),
  }
}

export function createProjectsRepository(db: Queryable): ProjectsRepository {
  return {
    async get(id) {
      const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM portico_projects.projects WHERE id = $1`, [id])
      return rows[0] ? toRecord(rows[0]) : undefined
    },
    async setOrigins(id, origins) {
      const { rows } = await db.query<Row>(
        `INSERT INTO portico_projects.projects (id, allowed_origins) VALUES ($1, $2)
         ON CONFLICT (id) DO UPDATE SET allowed_origins = EXCLUDED.allowed_origins, updated_at = now()
         RETURNING ${COLUMNS}`,
        [id, [...origins]],
      )
      return toRecord(rows[0] as Row)
    },
    async setFeatures(id, features) {
      const json = JSON.stringify(projectFeaturesSchema.parse(features))
      const { rows } = await db.query<Row>(
        `INSERT INTO portico_projects.projects AS p (id, features) VALUES ($1, $2::jsonb)
         ON CONFLICT (id) DO UPDATE SET features = p.features || EXCLUDED.features, updated_at = now()
         RETURNING ${COLUMNS}`,
        [id, json],
      )
      return toRecord(rows[0] as Row)
    },
    async setConfirmPolicy(id, policy) {
      const json = policy === null ? null : JSON.stringify(confirmPolicySchema.parse(policy))
      const { rows } = await db.query<Row>(
        `INSERT INTO portico_projects.projects (id, confirm_policy) VALUES ($1, $2::jsonb)
         ON CONFLICT (id) DO UPDATE SET confirm_policy = EXCLUDED.confirm_policy, updated_at = now()
         RETURNING ${COLUMNS}`,
        [id, json],
      )
      return toRecord(rows[0] as Row)
    },
  }
}

/** The project's effective flags: the server's, with the project's own over them. */
export function effectiveFeatures(server: RemoteFeatures, project: ProjectRecord | undefined): RemoteFeatures {
  return { ...server, ...project?.features }
}
