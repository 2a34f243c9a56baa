/** The history indexer's CLI settings (PORTICO_INDEXER, PORTICO_INDEXER_POLL_MS, PORTICO_INDEXER_FROM_BLOCK). */
import { describe, expect, it } from 'vitest'
import { parseCli } from '../cli.ts'

const indexerOf = (env: Record<string, string>) => {
  const options = parseCli([], env)
  if (options === 'help') throw new Error('help')
  return options.indexer
}

describe('parseCli: the history indexer', () => {
  it('is left to its default (on when chains are configured) unless the environment says otherwise', () => {
    expect(indexerOf({})).toBeUndefined()
    expect(indexerOf({ PORTICO_INDEXER: 'off' })).toEqual({ enabled: false })
    expect(indexerOf({ PORTICO_INDEXER: 'ON', PORTICO_INDEXER_POLL_MS: '250', PORTICO_INDEXER_FROM_BLOCK: '1200' })).toEqual({
      enabled: true,
      pollIntervalMs: 250,
      fromBlock: 1200,
    })
  })

  it('refuses bad values with the setting named', () => {
    expect(() => indexerOf({ PORTICO_INDEXER: 'maybe' })).toThrow('PORTICO_INDEXER must be on or off')
    expect(() => indexerOf({ PORTICO_INDEXER_POLL_MS: '5' })).toThrow('PORTICO_INDEXER_POLL_MS must be an integer of at least 10')
    expect(() => indexerOf({ PORTICO_INDEXER_FROM_BLOCK: '-1' })).toThrow('PORTICO_INDEXER_FROM_BLOCK must be an integer of at least 0')
  })
})
