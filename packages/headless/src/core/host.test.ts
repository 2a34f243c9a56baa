import { describe, expect, it } from 'vitest'
import { createHost, flowCycleError, type FlowTable, type LazyFlowTable } from './host'
import { fakeAdapter, jsonFetch, testPortico } from './test-utils'

const services = { options: {} as never, timers: {} as never, storage: {} as never, api: {} as never }

/** A table whose factories count their calls; `router` and `modal` refer to each other through closures. */
function countingTable() {
  const made: string[] = []
  const table = {
    router: (host: { get(n: string): { close(): string } }) => {
      made.push('router')
      return { goBack: () => host.get('modal').close() }
    },
    modal: () => {
      made.push('modal')
      return { close: () => 'closed' }
    },
  }
  return { made, table: table as unknown as FlowTable }
}

describe('flow host (one uniform registration)', () => {
  it('creates a flow on first use, once; flows that refer to each other resolve through closures', () => {
    const { made, table } = countingTable()
    const host = createHost(services, table, {} as LazyFlowTable)
    expect(made).toEqual([])
    const router = host.get('router' as never) as unknown as { goBack(): string }
    expect(made).toEqual(['router'])
    expect(router.goBack()).toBe('closed')
    expect(made).toEqual(['router', 'modal'])
    expect(host.get('router' as never)).toBe(router)
    expect(made).toEqual(['router', 'modal'])
  })

  it('a flow that needs itself while being created is refused with the chain of names', () => {
    const table = {
      chain: (host: { get(n: string): unknown }) => host.get('network'),
      network: (host: { get(n: string): unknown }) => host.get('chain'),
    } as unknown as FlowTable
    const host = createHost(services, table, {} as LazyFlowTable)
    expect(() => host.get('chain' as never)).toThrow(flowCycleError(['chain', 'network', 'chain']))
    expect(flowCycleError(['chain', 'network', 'chain'])).toBe('Flow cycle: chain → network → chain')
  })

  it('a lazy flow is imported once and shared; peek never loads; a failed import may be tried again', async () => {
    let imports = 0
    let fail = true
    const lazy = {
      activity: async () => {
        imports += 1
        if (fail) throw new Error('chunk failed')
        return { name: 'activity' }
      },
    } as unknown as LazyFlowTable
    const host = createHost(services, {} as FlowTable, lazy)
    expect(host.peek('activity')).toBeUndefined()
    expect(imports).toBe(0)
    await expect(host.load('activity')).rejects.toThrow('chunk failed')
    fail = false
    const [a, b] = await Promise.all([host.load('activity'), host.load('activity')])
    expect(a).toBe(b)
    expect(imports).toBe(2)
    expect(host.peek('activity')).toBe(a)
    await host.load('activity')
    expect(imports).toBe(2)
  })

  it('createPortico: the activity flow is not loaded until asked, then the same instance is returned', async () => {
    const f = jsonFetch(() => ({ body: { data: [], next: null } }))
    const portico = testPortico({
      adapters: [fakeAdapter()],
      fetch: f.fetch,
    })
    expect(portico.peek('activity')).toBeUndefined()
    const activity = await portico.load('activity')
    expect(portico.peek('activity')).toBe(activity)
    expect(await portico.load('activity')).toBe(activity)
    expect(f.calls).toEqual([])
  })

  it('createPortico makes no request and creates no explorer before it is used', async () => {
    const f = jsonFetch(() => ({ body: { count: 0, data: [] } }))
    const portico = testPortico({
      adapters: [fakeAdapter()],
      fetch: f.fetch,
    })
    await portico.ready
    expect(f.calls).toEqual([])
    expect(portico.peek('explorer')).toBeUndefined()
    const explorer = await portico.load('explorer')
    expect(await portico.load('explorer')).toBe(explorer)
    expect(f.calls).toEqual([])
  })
})
