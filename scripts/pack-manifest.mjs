// The package.json that `npm pack` / `npm publish` put in a tarball, without what only the
// workspace needs. Each published package runs it as its "prepack" and "postpack" script:
//
//   prepack:  node ../../scripts/pack-manifest.mjs prepare   (in the package's directory)
//   postpack: node ../../scripts/pack-manifest.mjs restore
//
// prepare saves package.json aside, then writes the published form:
//   - the "@portico/source" condition goes from every export (no src/ path is published),
//   - workspace dependencies given as "*" become "^<their version>",
//   - "scripts" and "devDependencies" go (they name repository files and private packages);
// and refuses to pack a package whose dist/ lacks a file its exports, or bin name (run `npm run build`).
// restore puts the saved package.json back. An interrupted pack is repaired by the next prepare.
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const SOURCE_CONDITION = '@portico/source'
const root = path.resolve(import.meta.dirname, '..')

/** The published form of a workspace package.json (pure: used by the pack step and by its test). */
export function publishedManifest(pkg, workspaceVersions) {
  const out = structuredClone(pkg)
  const strip = (target) => {
    if (target === null || typeof target !== 'object') return target
    return Object.fromEntries(
      Object.entries(target)
        .filter(([k]) => k !== SOURCE_CONDITION)
        .map(([k, v]) => [k, strip(v)]),
    )
  }
  if (out.exports) out.exports = strip(out.exports)
  for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies']) {
    for (const [dep, range] of Object.entries(out[field] ?? {})) {
      if (range === '*' && workspaceVersions.has(dep)) out[field][dep] = `^${workspaceVersions.get(dep)}`
    }
  }
  delete out.scripts
  delete out.devDependencies
  return out
}

/** Every file a manifest's exports and bin point at (relative to the package). */
export function manifestTargets(pkg) {
  const targets = []
  const walk = (t) => {
    if (typeof t === 'string') targets.push(t)
    else if (t && typeof t === 'object') Object.values(t).forEach(walk)
  }
  walk(pkg.exports)
  walk(pkg.bin)
  return targets
}

function workspaceVersions() {
  const versions = new Map()
  for (const base of ['packages', 'apps']) {
    const dir = path.join(root, base)
    if (!existsSync(dir)) continue
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name, 'package.json')
      if (!existsSync(file)) continue
      const pkg = JSON.parse(readFileSync(file, 'utf8'))
      versions.set(pkg.name, pkg.version)
    }
  }
  return versions
}

// Runs under whatever `node` npm finds (possibly the system's Node 20): no import.meta.main.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const command = process.argv[2]
  const dir = process.cwd()
  const file = path.join(dir, 'package.json')
  const name = JSON.parse(readFileSync(file, 'utf8')).name
  const backupDir = path.join(root, 'node_modules/.cache/portico-pack')
  const backup = path.join(backupDir, `${name.replace(/[@/]/g, '_')}.package.json`)
  if (command === 'prepare') {
    if (existsSync(backup)) copyFileSync(backup, file) // an earlier pack did not finish: start from the original
    const pkg = JSON.parse(readFileSync(file, 'utf8'))
    const published = publishedManifest(pkg, workspaceVersions())
    const missing = manifestTargets(published).filter((t) => t !== './package.json' && !existsSync(path.join(dir, t)))
    if (missing.length) {
      console.error(`${name}: not built (missing ${missing.join(', ')}); run \`npm run build\` first`)
      process.exit(1)
    }
    mkdirSync(backupDir, { recursive: true })
    copyFileSync(file, backup)
    writeFileSync(file, `${JSON.stringify(published, null, 2)}\n`)
  } else if (command === 'restore') {
    if (existsSync(backup)) {
      copyFileSync(backup, file)
      rmSync(backup)
    }
  } else {
    console.error('usage: node scripts/pack-manifest.mjs prepare|restore')
    process.exit(2)
  }
}
