/**
 * The per-day cap of the embedded wallet's confirmation policy, for a user across devices (issue 23 §1,
 * migration 026): what the frame lets through without a prompt is counted in the user's tally of the UTC
 * day on that chain. One conditional upsert counts it only if the tally stays within the cap, so two
 * requests at once — from two devices, through two instances — can not both pass it.
 */
import type { PolicySpendRequest, PolicySpendResponse } from '@portico/protocol/confirm-policy'
import type { ProjectsRepository } from '../db/projects.ts'
import type { Database } from '../db/types.ts'

/** The UTC day of `ms` ('2026-12-02'). */
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10)

export function createPolicySpend(options: { db: Database; projects: Pick<ProjectsRepository, 'get'>; now?: () => number }) {
  const now = options.now ?? Date.now
  return {
    /**
     * Count `value` in the user's tally of today on `chain` if it stays within the lower of `cap` and the
     * project's own per-day cap; `allowed: false` and nothing counted otherwise, or when the project lets
     * no transfer through on that chain.
     */
    async reserve(userId: string, request: PolicySpendRequest): Promise<PolicySpendResponse> {
      const day = dayOf(now())
      const tally = async () => {
        const { rows } = await options.db.query<{ spent: string }>(
          'SELECT spent::text AS spent FROM portico_auth.policy_spent WHERE user_id = $1 AND chain = $2 AND day = $3::date',
          [userId, request.chain, day],
        )
        return rows[0]?.spent ?? '0'
      }
      const project = await options.projects.get(request.projectId)
      const rule = project?.confirmPolicy?.auto?.methods.length ? project.confirmPolicy.auto.chains?.[request.chain] : undefined
      const own = rule?.perDay
      const cap = own === undefined || BigInt(request.cap) <= BigInt(own) ? BigInt(request.cap) : BigInt(own)
      const value = BigInt(request.value)
      if (!rule || value > cap) return { allowed: false, spent: await tally() }
      const { rows } = await options.db.query<{ spent: string }>(
        `INSERT INTO portico_auth.policy_spent (user_id, chain, day, spent) VALUES ($1, $2, $3::date, $4::numeric)
         ON CONFLICT (user_id, chain, day) DO UPDATE SET spent = portico_auth.policy_spent.spent + EXCLUDED.spent
           WHERE portico_auth.policy_spent.spent + EXCLUDED.spent <= $5::numeric
         RETURNING spent::text AS spent`,
        [userId, request.chain, day, value.toString(), cap.toString()],
      )
      const spent = rows[0]?.spent
      if (spent === undefined) return { allowed: false, spent: await tally() }
      // Earlier days are of no use: the user's rows of them go with this write.
      await options.db.query('DELETE FROM portico_auth.policy_spent WHERE user_id = $1 AND day < $2::date', [userId, day])
      return { allowed: true, spent }
    },
  }
}
