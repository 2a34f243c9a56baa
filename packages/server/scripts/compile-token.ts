/**
 * Compile test-fixtures/Token.sol with solc-js into test-fixtures/Token.json ({ abi, bytecode }):
 *   node packages/server/scripts/compile-token.ts
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'

type SolcOutput = {
  errors?: { severity: string; formattedMessage: string }[]
  contracts: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>
}
const solc = createRequire(import.meta.url)('solc') as { compile(input: string): string; version(): string }

const source = readFileSync(new URL('../test-fixtures/Token.sol', import.meta.url), 'utf8')
const output = JSON.parse(
  solc.compile(
    JSON.stringify({
      language: 'Solidity',
      sources: { 'Token.sol': { content: source } },
      settings: {
        optimizer: { enabled: true, runs: 200 },
        evmVersion: 'paris',
        outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
      },
    }),
  ),
) as SolcOutput
const errors = (output.errors ?? []).filter((e) => e.severity === 'error')
if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'))
const token = output.contracts['Token.sol']?.['Token']
if (token === undefined) throw new Error('Token not in solc output')
writeFileSync(
  new URL('../test-fixtures/Token.json', import.meta.url),
  `${JSON.stringify({ compiler: `solc ${solc.version()}`, abi: token.abi, bytecode: `0x${token.evm.bytecode.object}` }, null, 2)}\n`,
)
console.log('wrote test-fixtures/Token.json')
