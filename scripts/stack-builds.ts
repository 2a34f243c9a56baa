// The stack's two browser apps, built once for any number of 'preview' stacks: the demo (production
// build, no stack config inside: scripts/stack.ts puts each stack's config into its pages when it
// serves them) and the embedded wallet's frame. The e2e project's global setup
// (tests/setup/e2e-builds.ts) builds them once per run instead of once per journey file.
import path from 'node:path'
import { build } from 'vite'
import { buildFrame } from '../packages/embedded/scripts/build-frame.mjs'

const demoRoot = path.resolve(import.meta.dirname, '../apps/demo')

/** The demo's production build and the embedded wallet's frame build, made once (see `buildStackApps`). */
export interface StackBuilds {
  demoDir: string
  frameDir: string
}

/** Builds the demo for 'preview' mode (with no stack config inside: it is put in when served). */
export async function buildDemo(outDir: string): Promise<void> {
  // A Vite dev server started earlier in this process (bench:stack) leaves NODE_ENV=development
  // behind, and a build under it ships React's development bundle: build as production.
  const nodeEnv = process.env.NODE_ENV
  const demoConfig = process.env.PORTICO_DEMO_CONFIG
  process.env.NODE_ENV = 'production'
  delete process.env.PORTICO_DEMO_CONFIG
  try {
    await build({
      root: demoRoot,
      configFile: path.join(demoRoot, 'vite.config.ts'),
      logLevel: 'warn',
      mode: 'production',
      build: { outDir, emptyOutDir: true },
    })
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV
    else process.env.NODE_ENV = nodeEnv
    if (demoConfig !== undefined) process.env.PORTICO_DEMO_CONFIG = demoConfig
  }
}

/** Builds the demo and the frame once, for any number of 'preview' stacks (`prebuilt`). */
export async function buildStackApps(dir: string): Promise<StackBuilds> {
  const builds = { demoDir: path.join(dir, 'demo'), frameDir: path.join(dir, 'frame') }
  await buildDemo(builds.demoDir)
  await buildFrame({ outDir: builds.frameDir })
  return builds
}
