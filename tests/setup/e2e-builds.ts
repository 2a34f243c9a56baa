// Global setup of the e2e project: the demo and the frame are built once per run (scripts/stack-builds.ts),
// and every journey's stack serves those builds (its config goes into the pages as they are served).
// Before, each of the ~30 journey files built both itself.
import { rm } from 'node:fs/promises'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { buildStackApps, type StackBuilds } from '../../scripts/stack-builds.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    porticoStackBuilds: StackBuilds
  }
}

export default async function setup(project: TestProject) {
  const dir = path.resolve(import.meta.dirname, '../../dist/e2e-builds')
  project.provide('porticoStackBuilds', await buildStackApps(dir))
  return async () => {
    await rm(dir, { recursive: true, force: true })
  }
}
