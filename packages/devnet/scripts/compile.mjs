#!/usr/bin/env node
// Compiles packages/devnet/contracts/*.sol with solc-js (standard JSON, no download) and writes
// src/fixtures/<Name>.json = { abi, bytecode }.
//   node scripts/compile.mjs          write the fixtures
//   node scripts/compile.mjs --check  exit 1 if a committed fixture differs from a fresh compile
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const contracts = [
  'Token',
  'BatchExecutor',
  'IdRegistry',
  'ENSRegistry',
  'ENSPublicResolver',
  'ENSReverseRegistrar',
  'ENSUniversalResolver',
  'WETH9',
  'PorticoPair',
  'PorticoFactory',
  'PorticoRouter',
]

export function compileContracts() {
  const solc = createRequire(import.meta.url)('solc')
  const sources = Object.fromEntries(
    contracts.map((name) => [`${name}.sol`, { content: readFileSync(path.join(root, 'contracts', `${name}.sol`), 'utf8') }]),
  )
  const input = {
    language: 'Solidity',
    sources,
    settings: {
      evmVersion: 'cancun',
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  }
  const output = JSON.parse(solc.compile(JSON.stringify(input)))
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error')
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'))
  return Object.fromEntries(
    contracts.map((name) => {
      const c = output.contracts[`${name}.sol`][name]
      return [name, `${JSON.stringify({ abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` }, null, 2)}\n`]
    }),
  )
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes('--check')
  const compiled = compileContracts()
  let stale = 0
  for (const [name, json] of Object.entries(compiled)) {
    const file = path.join(root, 'src', 'fixtures', `${name}.json`)
    if (check) {
      let current = ''
      try {
        current = readFileSync(file, 'utf8')
      } catch {}
      if (current !== json) {
        stale++
        console.error(`${path.relative(root, file)} is stale: run npm run compile-contracts -w @portico/devnet`)
      }
    } else {
      writeFileSync(file, json)
      console.log(`wrote ${path.relative(root, file)}`)
    }
  }
  process.exitCode = stale > 0 ? 1 : 0
}
