import { describe, expect, it, vi } from 'vitest'
import type { SiwxOption } from '../options/siwx'
import { porticoSiwx } from '../options/siwx'
import { createPortico } from '../portico'
import { fakeAdapter, jsonFetch, mainnet, mapStorage } from '../test-utils'

const make = (siwx: unknown) =>
  createPortico({ projectId: 'p', apiUrl: 'http://127.0.0.1:9', fetch: jsonFetch(() => ({ body: {} })).fetch, networks: [mainnet], adapters: [fakeAdapter('eip155')], storage: mapStorage(), siwx: siwx as SiwxOption })

describe('the siwx option', () => {
  it('a wrong shape is refused when the SIWX chunk loads, with the options error text', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const portico = make({ createMessage: () => undefined })
    await expect(portico.load('siwx')).rejects.toThrow('Invalid Portico options: siwx: must be porticoSiwx() or a SiwxConfig (createMessage, addSession, getSessions, revokeSession)')
    await vi.waitFor(() => expect(logged).toHaveBeenCalled())
    logged.mockRestore()
  })

  it('a non-object is refused by createPortico itself', () => {
    expect(() => make('yes')).toThrow(/^Invalid Portico options: siwx:/)
  })

  it('porticoSiwx() loads the flow at start: no account, idle', async () => {
    const portico = make(porticoSiwx({ required: true }))
    const flow = await portico.load('siwx')
    expect(flow.$siwx.get()).toEqual({ status: 'idle', required: true })
  })
})
