import '../../testing'
import { PorticoContextProvider } from '@portico/headless/react'
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { testPortico } from '../../testing'
import { ModalRoot } from '../../Modal/ModalRoot'

/** The modal with emailCapture on; the API answers the capture with `capture` (others: empty). */
async function setup(capture: { status?: number; body?: unknown }) {
  const posts: unknown[] = []
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input))
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
    if (url.pathname.endsWith('/v1/email-capture')) {
      posts.push(JSON.parse(String(init?.body)))
      return json(capture.body ?? {}, capture.status ?? 200)
    }
    if (url.pathname.endsWith('/projects/v1/origins')) return json({ allowedOrigins: [] })
    if (url.pathname.endsWith('/appkit/v1/config')) return json({ features: {} })
    return json({ message: 'not found' }, 404)
  }) as typeof globalThis.fetch
  const { portico } = testPortico({ fetch, features: { emailCapture: true } })
  await portico.ready
  render(
    <PorticoContextProvider portico={portico}>
      <ModalRoot />
    </PorticoContextProvider>,
  )
  await act(() => portico.modal.open())
  await act(async () => {
    await portico.load('capture')
  })
  await act(async () => {
    await portico.connection.connect(portico.connection.$connectors.get()[0]!.id)
  })
  await waitFor(() => expect(screen.getByTestId('portico-email-capture').dataset.step).toBe('form'))
  return { portico, posts }
}

const submit = async (email: string) => {
  fireEvent.change(screen.getByTestId('portico-email-capture-input'), { target: { value: email } })
  await act(async () => {
    fireEvent.submit(screen.getByTestId('portico-email-capture-form'))
  })
}

describe('EmailCapture in the modal (SPEC §1)', () => {
  it('after connecting: the prompt; an invalid email is refused; a valid one → Check your inbox → Done back to Account', async () => {
    const { posts } = await setup({ body: { status: 'pending' } })
    expect(screen.getByRole('heading', { name: 'Stay in the loop' })).toBeTruthy()
    await submit('ada@lovelace')
    expect(within(screen.getByTestId('portico-email-capture')).getByRole('alert').textContent).toBe('Invalid email. Try again.')
    expect(posts).toEqual([])
    await submit('ada@example.com')
    await waitFor(() => expect(screen.getByTestId('portico-email-capture').dataset.step).toBe('sent'))
    expect(screen.getByText('Check your inbox to confirm your email')).toBeTruthy()
    expect(posts).toHaveLength(1)
    fireEvent.click(screen.getByTestId('portico-email-capture-done'))
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Account' })).toBeTruthy())
  })

  it('a failure: its text and Try again (sent again); Skip leaves for Account', async () => {
    const { posts } = await setup({ status: 503, body: { error: 'down' } })
    await submit('ada@example.com')
    await waitFor(() => expect(screen.getByTestId('portico-email-capture').dataset.step).toBe('failed'))
    expect(within(screen.getByTestId('portico-email-capture')).getByRole('alert').textContent).toContain('HTTP status code: 503')
    await act(async () => {
      fireEvent.click(screen.getByTestId('portico-email-capture-retry'))
    })
    await waitFor(() => expect(posts).toHaveLength(2))
    await waitFor(() => expect(screen.getByTestId('portico-email-capture').dataset.step).toBe('failed'))
    fireEvent.click(screen.getByTestId('portico-email-capture-edit'))
    fireEvent.click(screen.getByTestId('portico-email-capture-skip'))
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Account' })).toBeTruthy())
  })
})
