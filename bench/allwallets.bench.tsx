// Benchmark (not a test): the AllWallets view over 1 000 explorer wallets in jsdom.
//   npx vitest bench --project 'dom (bench)' bench/allwallets.bench.tsx
// (Vitest 5: every project gets a "<name> (bench)" variant; `bench` is a test-context fixture.)
// Reports (console table at the end):
//   - rows mounted at the top, middle and end of the list against the bound (visible + 2 × overscan)
//   - per keystroke: the input event until React committed (sync part), and the keystroke until the
//     filtered list is rendered (debounce skipped with hand-driven timers; the fake explorer filters
//     the 1 000 wallets in memory, as the server does) — medians of every sample taken.
import { createPortico, type Portico, type Timers } from '@portico/headless'
import { PorticoContextProvider } from '@portico/headless/react'
import { act, fireEvent, render } from '@testing-library/react'
import { afterAll, beforeAll, describe, test } from 'vitest'
import { AllWallets } from '../packages/ui/src/views/AllWallets/AllWallets'
import { OVERSCAN, ROW_HEIGHT, VIEWPORT_HEIGHT } from '../packages/ui/src/views/AllWallets/AllWalletsView'
import { maxMountedRows } from '../packages/ui/src/views/AllWallets/virtual'

// React's act() outside a test runner.
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

const COUNT = 1000
const WORDS = ['Nova', 'Orbit', 'Pine', 'Quill', 'Raven', 'Slate', 'Tide', 'Vale', 'Wren', 'Zephyr']
const wallets = Array.from({ length: COUNT }, (_, i) => ({
  id: `w${i + 1}`,
  name: `${WORDS[i % WORDS.length]} ${i + 1}`,
  image_url: `data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'/%3E`,
  rdns: `dev.bench.w${i + 1}`,
}))

const explorerFetch = (async (input: string | URL | Request) => {
  const p = new URL(String(input)).searchParams
  const search = p.get('search')?.toLowerCase()
  const matches = search ? wallets.filter((w) => w.name.toLowerCase().includes(search)) : wallets
  const page = Number(p.get('page'))
  const entries = Number(p.get('entries'))
  return new Response(JSON.stringify({ count: matches.length, data: matches.slice((page - 1) * entries, page * entries) }), { status: 200 })
}) as typeof fetch

function manualTimers() {
  const pending = new Map<number, () => void>()
  let next = 1
  const timers: Timers & { flush(): void } = {
    now: () => 0,
    setTimeout(fn) {
      pending.set(next, fn)
      return next++
    },
    clearTimeout: (h) => void pending.delete(h as number),
    flush() {
      for (const [id, fn] of [...pending]) {
        pending.delete(id)
        fn()
      }
    },
  }
  return timers
}

const memory = () => {
  const m = new Map<string, string>()
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  const mid = Math.floor(s.length / 2)
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2
}

let portico: Portico
let timers: ReturnType<typeof manualTimers>
let view: ReturnType<typeof render>
const rowsMounted: Record<string, number> = {}
const syncMs: number[] = []
const renderedMs: number[] = []
const QUERIES = ['n', 'no', 'nov', 'nova', 'nova ', 'nova 1', 'nova 10', 'r', 'ra', 'rav', 'w', 'wr', 'wre', '1', '12', '']
let q = 0

const mounted = () => view.container.querySelectorAll('[data-testid="portico-all-wallets-item"]').length
const list = () => view.container.querySelector('[role="listbox"]') as HTMLElement
const input = () => view.container.querySelector('input') as HTMLInputElement

async function settle() {
  for (let i = 0; i < 5; i++) await act(async () => await Promise.resolve())
}

describe(`AllWallets with ${COUNT} wallets (jsdom)`, () => {
  beforeAll(async () => {
    timers = manualTimers()
    portico = createPortico({
      projectId: 'bench',
      apiUrl: 'http://127.0.0.1:9',
      networks: [
        {
          id: 1,
          caipNetworkId: 'eip155:1',
          chainNamespace: 'eip155',
          name: 'Ethereum',
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
        },
      ],
      storage: memory(),
      fetch: explorerFetch,
      timers,
    })
    const explorer = await portico.load('explorer')
    while (explorer.$hasMore.get()) await explorer.loadMore()
    portico.router.push('AllWallets')
    view = render(
      <PorticoContextProvider portico={portico}>
        <AllWallets />
      </PorticoContextProvider>,
    )
    await settle()
    rowsMounted.top = mounted()
    fireEvent.scroll(list(), { target: { scrollTop: (COUNT / 2) * ROW_HEIGHT } })
    rowsMounted.middle = mounted()
    fireEvent.scroll(list(), { target: { scrollTop: COUNT * ROW_HEIGHT } })
    rowsMounted.end = mounted()
    rowsMounted.bound = maxMountedRows(VIEWPORT_HEIGHT, ROW_HEIGHT, OVERSCAN)
    rowsMounted.images = view.container.querySelectorAll('img').length
    rowsMounted.wallets = explorer.$list.get().wallets.length
  })

  afterAll(() => {
    view.unmount()
    console.log('\nAllWallets benchmark (1 000 wallets, jsdom)')
    console.table({
      'rows mounted': {
        top: rowsMounted.top,
        middle: rowsMounted.middle,
        end: rowsMounted.end,
        bound: rowsMounted.bound,
        'img elements': rowsMounted.images,
        'wallets loaded': rowsMounted.wallets,
      },
    })
    console.table({
      'keystroke: input → commit (ms)': { median: +median(syncMs).toFixed(3), samples: syncMs.length },
      'keystroke → filtered list rendered (ms)': { median: +median(renderedMs).toFixed(3), samples: renderedMs.length },
    })
  })

  test('keystroke → filtered list rendered (debounce skipped)', async ({ bench }) => {
    const result = await bench('keystroke', async () => {
      const text = QUERIES[q++ % QUERIES.length] as string
      const t0 = performance.now()
      act(() => {
        fireEvent.change(input(), { target: { value: text } })
      })
      const t1 = performance.now()
      act(() => timers.flush())
      await settle()
      const t2 = performance.now()
      // Only a finished search counts: the answer for this text must be on screen.
      const search = portico.peek('explorer')!.$search.get()
      if (search.query !== text || search.loading) throw new Error(`search for "${text}" did not settle`)
      const shown = search.query.trim() ? search.results.length : COUNT
      if (mounted() > (rowsMounted.bound as number) || (shown > 0 && mounted() === 0))
        throw new Error(`unexpected rows for "${text}": ${mounted()}`)
      syncMs.push(t1 - t0)
      renderedMs.push(t2 - t0)
    }).run({ iterations: 200, warmupIterations: 20, time: 0 })
    console.log(`tinybench latency p50 ${result.latency.p50?.toFixed(3)} ms over ${result.latency.samplesCount} samples`)
  })
})
