// Smoke run of `npm run bench:open` (bench/open.mjs): it still builds the page, serves it, opens the
// modal once in Chromium and reports every figure. No timing is asserted (timings are the bench's job).
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '..')
const dir = mkdtempSync(path.join(tmpdir(), 'portico-bench-open-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['bench/open.mjs', ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d) => (stdout += d))
    child.stderr.on('data', (d) => (stderr += d))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
}

const stat = { n: 1, min: expect.any(Number), median: expect.any(Number), max: expect.any(Number) }

describe('bench:open (smoke, n = 1)', () => {
  it('builds the page, opens the modal once and prints and writes the figures; no API request before the click', async () => {
    const json = path.join(dir, 'out.json')
    const result = await run([
      '--n',
      '1',
      '--warmup',
      '0',
      '--paths',
      'plain',
      '--after-ms',
      '500',
      '--quiet-ms',
      '300',
      '--out',
      path.join(dir, 'page'),
      '--json',
      json,
    ])
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toMatch(/^plain: app's button, idle preload on \(1\/1 opened\)/m)
    expect(result.stdout).toMatch(/click → Connect view visible, ms +[\d.]+ +[\d.]+ +[\d.]+/)
    const out = JSON.parse(readFileSync(json, 'utf8'))
    expect(out.meta).toMatchObject({ n: 1, afterMs: 500, chromium: expect.stringMatching(/^\d+\./) })
    expect(out.runs.plain).toHaveLength(1)
    const s = out.summary.plain
    expect(s).toMatchObject({ visibleMs: stat, presentMs: stat, domMs: stat, failed: 0 })
    // Zero requests to the API before the first open; the page's own JS did load before it.
    expect(s.apiRequestsBefore).toEqual({ n: 1, min: 0, median: 0, max: 0 })
    expect(s.jsGzBytesBefore.min).toBeGreaterThan(10_000)
    expect(out.runs.plain[0].requests.externalAnswered).toBe(0)
  }, 90_000)
})
