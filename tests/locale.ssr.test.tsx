// Server rendering in two locales at once (issue 21 §4): two requests, one German and one French,
// rendered concurrently and interleaved (each waits in a Suspense boundary while the other renders),
// each show their own instance's language: the locale is read from the instance through context,
// not from a module-wide object.
import type { Portico } from '@portico/headless'
import { createElement, type ReactNode, Suspense } from 'react'
import { renderToReadableStream, renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'

/** A disconnected instance in `locale`, with no adapters and a fetch that fails the test if called. */
async function instance(locale: string): Promise<Portico> {
  const { createPortico } = await import('@portico/headless')
  return createPortico({
    projectId: 'ssr',
    apiUrl: 'http://127.0.0.1:9',
    locale,
    fetch: (async (url: string) => {
      throw new Error(`no fetch during SSR: ${url}`)
    }) as unknown as typeof fetch,
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
    adapters: [],
  })
}

/** Suspends until `gate` resolves: the request's render stops here and the other one runs. */
function Gate({ gate, children }: { gate: { promise: Promise<void>; done: boolean }; children: ReactNode }) {
  if (!gate.done) throw gate.promise
  return children
}
const gate = () => {
  const g = { done: false, promise: Promise.resolve(), release: () => {} }
  g.promise = new Promise<void>((resolve) => {
    g.release = () => {
      g.done = true
      resolve()
    }
  })
  return g
}

describe('server rendering in two locales at once', () => {
  it('a German and a French request, interleaved: each modal and its header in its own language, nothing mixed', async () => {
    const { PorticoContextProvider } = await import('@portico/headless/react')
    const { loadMessages } = await import('@portico/ui')
    const { PorticoModal } = await import('@portico/ui/modal')
    // An app that server-renders the modal loads its locales' strings first.
    await Promise.all([loadMessages('de'), loadMessages('fr')])
    const [de, fr] = await Promise.all([instance('de'), instance('fr')])
    const app = (portico: Portico, g: ReturnType<typeof gate>) => (
      <PorticoContextProvider portico={portico}>
        <Suspense fallback={<p>waiting</p>}>
          <Gate gate={g}>
            <PorticoModal inline />
          </Gate>
        </Suspense>
      </PorticoContextProvider>
    )
    const gates = { de: gate(), fr: gate() }
    const streams = await Promise.all([renderToReadableStream(app(de, gates.de)), renderToReadableStream(app(fr, gates.fr))])
    const html = streams.map((s) => new Response(s).text())
    // The German request resumes first, then the French one: each picks up where it stopped.
    gates.de.release()
    await Promise.resolve()
    gates.fr.release()
    const [german, french] = await Promise.all(html)
    expect(german).toContain('Wallet verbinden')
    expect(german).toContain('aria-label="Schließen"')
    expect(german).toContain('lang="de"')
    expect(french).toContain('Connecter un portefeuille')
    expect(french).toContain('aria-label="Fermer"')
    expect(french).toContain('lang="fr"')
    for (const text of ['Connecter un portefeuille', 'Fermer', 'lang="fr"', 'Connect wallet']) expect(german).not.toContain(text)
    for (const text of ['Wallet verbinden', 'Schließen', 'lang="de"', 'Connect wallet']) expect(french).not.toContain(text)
  }, 60_000) // the first import of the ui from source compiles every style module (seconds)

  it('renderToString of two instances on one page: each modal in its own language', async () => {
    const { PorticoContextProvider } = await import('@portico/headless/react')
    const { loadMessages } = await import('@portico/ui')
    const { PorticoModal } = await import('@portico/ui/modal')
    await Promise.all([loadMessages('ja'), loadMessages('es')])
    const [ja, es] = await Promise.all([instance('ja'), instance('es')])
    const html = renderToString(
      createElement(
        'main',
        null,
        <PorticoContextProvider portico={ja}>
          <PorticoModal inline />
        </PorticoContextProvider>,
        <PorticoContextProvider portico={es}>
          <PorticoModal inline />
        </PorticoContextProvider>,
      ),
    )
    // Each modal's root carries its lang: the HTML from one root to the next is that modal.
    const [, first, second] = html.split(' lang=')
    expect(first).toMatch(/^"ja"/)
    expect(first).toContain('aria-label="閉じる"')
    expect(second).toMatch(/^"es"/)
    expect(second).toContain('aria-label="Cerrar"')
    expect(first).not.toContain('Cerrar')
    expect(second).not.toContain('閉じる')
  }, 60_000)
})
