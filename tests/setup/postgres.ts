// Global setup of the `node-pg` project (issue 24 §1): one real PostgreSQL server for the run
// (initdb in a temp directory, 127.0.0.1, a free port; stopped and deleted at the end), with the
// migrated database `portico_migrated` that every test database is a copy of. The tests' workers
// find it through PORTICO_TEST_POSTGRES (packages/server/src/test-support.ts openTestDatabase).
import { openDatabase } from '../../packages/server/src/db/index.ts'
import { startPostgresCluster } from '../../packages/server/src/db/pg-cluster.ts'
import { TEST_POSTGRES_ENV, TEST_POSTGRES_TEMPLATE } from '../../packages/server/src/test-support.ts'

export default async function setup() {
  const cluster = await startPostgresCluster()
  try {
    const db = await openDatabase({ databaseUrl: await cluster.createDatabase(TEST_POSTGRES_TEMPLATE) })
    await db.close()
  } catch (error) {
    await cluster.stop()
    throw error
  }
  process.env[TEST_POSTGRES_ENV] = cluster.url
  return async () => {
    delete process.env[TEST_POSTGRES_ENV]
    await cluster.stop()
  }
}
