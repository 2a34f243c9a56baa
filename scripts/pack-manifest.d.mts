// Types of scripts/pack-manifest.mjs for the tests that import it.
import type { PackageJson } from './build.mjs'
export function publishedManifest(pkg: PackageJson, workspaceVersions: Map<string, string>): PackageJson
export function manifestTargets(pkg: PackageJson): string[]
