import '../../testing'
import { PorticoContextProvider } from '@portico/headless/react'
import { act, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { testPortico } from '../../testing'
import { ModalRoot } from '../../Modal/ModalRoot'

function setup(allowedOrigins: string[]) {
  const fetch = (async (input: string | URL | Request) => {
    const url = new URL(String(input instanceof Request ? input.url : input))
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
    if (url.pathname.endsWith('/projects/v1/origins')) return json({ allowedOrigins })
    if (url.pathname.endsWith('/appkit/v1/config')) return json({ features: {} })
    if (url.pathname.endsWith('/getWallets')) return json({ count: 0, data: [] })
    return json({ message: 'not found' }, 404)
  }) as typeof globalThis.fetch
  const { portico } = testPortico({ fetch })
  render(
    <PorticoContextProvider portico={portico}>
      <ModalRoot />
    </PorticoContextProvider>,
  )
  return portico
}

afterEach(() => vi.restoreAllMocks())

describe('OriginNotAllowed in the modal (SPEC §8)', () => {
  it('a page whose origin the project does not allow: the not-allowed view in place of Connect, and a console error', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const portico = setup(['https://shop.example.com'])
    await act(() => portico.modal.open())
    await waitFor(() => expect(screen.getByTestId('portico-origin-not-allowed')).toBeTruthy())
    expect(screen.getByRole('heading', { name: 'Not available' })).toBeTruthy()
    expect(screen.queryByTestId('portico-connect-wallet-list')).toBeNull()
    expect(String(error.mock.calls[0]![0])).toContain(`origin ${globalThis.location.origin} is not allowed for project "test"`)
  })

  it('an allowed page keeps Connect', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const portico = setup([globalThis.location.origin])
    await act(() => portico.modal.open())
    await act(async () => {
      await (await portico.load('project')).check()
    })
    expect(screen.getByRole('heading', { name: 'Connect wallet' })).toBeTruthy()
    expect(screen.queryByTestId('portico-origin-not-allowed')).toBeNull()
    expect(error).not.toHaveBeenCalled()
  })
})
