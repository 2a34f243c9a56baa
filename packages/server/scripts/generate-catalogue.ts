/**
 * Regenerate src/catalogue/wallets.json from the word lists in src/catalogue/generate.ts:
 *   node packages/server/scripts/generate-catalogue.ts
 */
import { writeFileSync } from 'node:fs'
import { generateCatalogue, serialiseCatalogue } from '../src/catalogue/generate.ts'

const target = new URL('../src/catalogue/wallets.json', import.meta.url)
const wallets = generateCatalogue()
writeFileSync(target, serialiseCatalogue(wallets))
console.log(`wrote ${wallets.length} wallets to ${target.pathname}`)
