// Issue 11: ConnectingFarcaster (Sign In With Farcaster) in the real modal — opening the channel, the
// channel URL as a QR code waiting for the approval, the failure with Try again — light and dark, and
// on a 375×812 phone (the bottom sheet) where the URL is an "Open Farcaster" deep link. The auth
// connector is a fixture that prompts `farcaster` with a channel URL like the embedded one, or fails
// with 'Failed to connect to farcaster'. No request leaves the page.
import type { AdapterContext, ChainAdapter, Portico, ThemeMode } from '@portico/headless'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor, within } from 'storybook/test'
import { authPortico, bothModes } from './support/embedded'
import { fixtureAdapter } from './support/fixtures'
import { PHONE, type PhoneArgs, renderOnPhone } from './support/phone'

const URL_F = 'https://warpcast.com/~/siwf?channelToken=Zm9yLXRoZS1zdG9yeWJvb2stb25seQ'

type Behaviour = 'starting' | 'waiting' | 'failed'

function authAdapter(behaviour: Behaviour): ChainAdapter {
  const base = fixtureAdapter()
  let ctx: AdapterContext | undefined
  return {
    ...base,
    setup(c) {
      ctx = c
      return base.setup(c)
    },
    connect(params) {
      if (params.connectorId !== 'auth') return base.connect(params)
      if (behaviour === 'failed') return Promise.reject(new Error('Failed to connect to farcaster'))
      // The channel URL arrives with the connect (no state in between), so the sheet's first measured
      // height is the waiting view's and the screenshot does not depend on timing.
      if (behaviour === 'waiting') ctx?.emit('auth', { kind: 'prompt', prompt: { kind: 'farcaster', url: URL_F } })
      return new Promise(() => {})
    },
  }
}

async function make(mode: ThemeMode, behaviour: Behaviour, open: boolean, isMobile: boolean): Promise<Portico> {
  const portico = await authPortico(mode, authAdapter(behaviour), { isMobile })
  if (open) await portico.modal.open()
  portico.router.push('ConnectingFarcaster')
  return portico
}

const loader = (behaviour: Behaviour, open = false, isMobile = false) => bothModes((mode) => make(mode, behaviour, open, isMobile))

const meta = { title: 'Views/ConnectingFarcaster', render: renderOnPhone } satisfies Meta<PhoneArgs>
export default meta
type Story = StoryObj<typeof meta>

const states = async (canvas: ReturnType<typeof within>, state: string) =>
  waitFor(async () => {
    const views = await canvas.findAllByTestId('portico-connecting-farcaster')
    await expect(views.map((v: HTMLElement) => v.dataset.state)).toEqual(views.map(() => state))
  })

export const Starting: Story = {
  name: 'ConnectingFarcaster (opening the sign-in channel)',
  loaders: [loader('starting')],
  play: async ({ canvas }) => states(canvas, 'loading'),
}

export const Waiting: Story = {
  name: 'ConnectingFarcaster (the channel as a QR code, waiting for approval)',
  loaders: [loader('waiting')],
  play: async ({ canvas }) => {
    await states(canvas, 'waiting')
    await expect((await canvas.findAllByText('Waiting for approval')).length).toBe(2)
  },
}

export const Failed: Story = {
  name: 'ConnectingFarcaster (failed: Try again)',
  loaders: [loader('failed')],
  play: async ({ canvas }) => {
    await states(canvas, 'error')
    await expect((await canvas.findAllByRole('alert'))[0]).toHaveTextContent('Failed to connect to farcaster')
  },
}

const body = () => within(document.body)

/**
 * The sheet as a phone shows it once settled: the story's viewport switches to 375×812 around the
 * first render, so measure the sheet again for the viewport it is in (as a rotation does), then let
 * two frames pass.
 */
async function settleSheet() {
  window.visualViewport?.dispatchEvent(new Event('resize'))
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
}

export const PhoneWaitingLight: Story = {
  ...PHONE,
  name: 'ConnectingFarcaster deep link (375×812 sheet, light)',
  args: { phone: true },
  loaders: [loader('waiting', true, true)],
  play: async () => {
    await expect(await body().findByRole('link', { name: 'Open Farcaster' })).toHaveAttribute('href', URL_F)
    await settleSheet()
  },
}

export const PhoneWaitingDark: Story = {
  ...PHONE,
  name: 'ConnectingFarcaster deep link (375×812 sheet, dark)',
  args: { phone: true, mode: 'dark' },
  loaders: [loader('waiting', true, true)],
  play: async () => {
    await body().findByRole('link', { name: 'Open Farcaster' })
    await settleSheet()
  },
}

export const PhoneFailedDark: Story = {
  ...PHONE,
  name: 'ConnectingFarcaster failed (375×812 sheet, dark)',
  args: { phone: true, mode: 'dark' },
  loaders: [loader('failed', true, true)],
  play: async () => {
    await body().findByRole('button', { name: 'Try again' })
    await settleSheet()
  },
}
