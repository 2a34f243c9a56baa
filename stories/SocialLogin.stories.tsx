// Issue 11: social sign-in in the real modal — the popup open (each provider's mark), signing in,
// 'Popup closed' with Try again, a sign-in that could not start — light and dark, and on a 375×812
// phone (the bottom sheet). The auth connector is a fixture that behaves like the embedded one: its
// connect prompts `social` with the provider's URL (no window is opened here), then holds, signs in,
// or fails as the story says. No request leaves the page.
import type { AdapterContext, ChainAdapter, Portico, SocialProvider, ThemeMode } from '@portico/headless'
import { usePortico, useSocialLogin } from '@portico/headless/react'
import { useEffect, useRef } from 'react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor, within } from 'storybook/test'
import { authPortico, bothModes } from './support/embedded'
import { fixtureAdapter } from './support/fixtures'
import { PHONE, type PhoneArgs, renderOnPhone } from './support/phone'

type Behaviour = {
  /** 'popup': the provider's window is open; 'connecting': it answered; 'closed': 'Popup closed'; 'failed': could not start. */
  at: 'popup' | 'connecting' | 'closed' | 'failed'
  provider: SocialProvider
}

function socialAdapter(behaviour: Behaviour): ChainAdapter {
  const base = fixtureAdapter()
  let ctx: AdapterContext | undefined
  const emit = (prompt: Parameters<AdapterContext['emit']>[1]) => ctx?.emit('auth', prompt)
  return {
    ...base,
    setup(c) {
      ctx = c
      return base.setup(c)
    },
    connect(params) {
      if (params.connectorId !== 'auth') return base.connect(params)
      if (behaviour.at === 'failed') return Promise.reject(new Error('Failed to initiate social connection'))
      return new Promise((_resolve, reject) => {
        queueMicrotask(() => {
          emit({
            kind: 'prompt',
            prompt: { kind: 'social', provider: behaviour.provider, url: `https://accounts.example/${behaviour.provider}` },
          })
          if (behaviour.at === 'connecting') emit({ kind: 'prompt', prompt: undefined })
          if (behaviour.at === 'closed') {
            emit({ kind: 'prompt', prompt: undefined })
            reject(new Error('Popup closed'))
          }
        })
      })
    },
    async respond() {},
  }
}

async function make(mode: ThemeMode, behaviour: Behaviour, open: boolean): Promise<Portico> {
  const portico = await authPortico(mode, socialAdapter(behaviour))
  if (open) await portico.modal.open()
  providers.set(portico, behaviour.provider)
  portico.router.push('ConnectingExternal', { connectorId: 'auth', socialProvider: behaviour.provider } as { connectorId: string })
  return portico
}

/** The provider each instance signs in with. */
const providers = new WeakMap<Portico, SocialProvider>()

/** As the Connect view's button does: the sign-in starts (once); the waiting view follows it. */
function StartSocial() {
  const portico = usePortico()
  const { start } = useSocialLogin()
  const started = useRef(false)
  useEffect(() => {
    const provider = providers.get(portico)
    if (started.current || !provider) return
    started.current = true
    start(provider)
  }, [portico, start])
  return null
}

const loader = (behaviour: Behaviour, open = false) => bothModes((mode) => make(mode, behaviour, open))

const meta = {
  title: 'Views/SocialLogin',
  render: (args, context) => renderOnPhone(args, context, <StartSocial />),
} satisfies Meta<PhoneArgs>
export default meta
type Story = StoryObj<typeof meta>

const steps = async (canvas: ReturnType<typeof within>, step: string) =>
  waitFor(async () => {
    const views = await canvas.findAllByTestId('portico-connecting-social')
    await expect(views.map((v: HTMLElement) => v.dataset.step)).toEqual(views.map(() => step))
  })

const popup = (provider: SocialProvider, label: string): Story => ({
  name: `ConnectingSocial (${label}: the window is open)`,
  loaders: [loader({ at: 'popup', provider })],
  play: async ({ canvas }) => {
    await steps(canvas, 'popup')
    await expect((await canvas.findAllByText(`Continue in the ${label} window`)).length).toBe(2)
  },
})

export const PopupGoogle = popup('google', 'Google')
export const PopupGithub = popup('github', 'GitHub')
export const PopupApple = popup('apple', 'Apple')
export const PopupFacebook = popup('facebook', 'Facebook')
export const PopupX = popup('x', 'X')
export const PopupDiscord = popup('discord', 'Discord')

export const Connecting: Story = {
  name: 'ConnectingSocial (signing in)',
  loaders: [loader({ at: 'connecting', provider: 'google' })],
  play: async ({ canvas }) => steps(canvas, 'connecting'),
}

export const PopupClosed: Story = {
  name: 'ConnectingSocial (Popup closed: Try again)',
  loaders: [loader({ at: 'closed', provider: 'github' })],
  play: async ({ canvas }) => {
    await steps(canvas, 'error')
    const [alert] = await canvas.findAllByRole('alert')
    await expect(alert?.textContent).toContain('Popup closed')
  },
}

export const Failed: Story = {
  name: 'ConnectingSocial (could not start)',
  loaders: [loader({ at: 'failed', provider: 'discord' })],
  play: async ({ canvas }) => {
    await steps(canvas, 'error')
    const [alert] = await canvas.findAllByRole('alert')
    await expect(alert?.textContent).toContain('Failed to initiate social connection')
  },
}

const body = () => within(document.body)

export const PhonePopupLight: Story = {
  ...PHONE,
  name: 'ConnectingSocial window open (375×812 sheet, light)',
  args: { phone: true },
  loaders: [loader({ at: 'popup', provider: 'google' }, true)],
  play: async () => {
    await body().findByText('Continue in the Google window')
  },
}

export const PhonePopupClosedDark: Story = {
  ...PHONE,
  name: 'ConnectingSocial Popup closed (375×812 sheet, dark)',
  args: { phone: true, mode: 'dark' },
  loaders: [loader({ at: 'closed', provider: 'apple' }, true)],
  play: async () => {
    await waitFor(async () => expect(document.activeElement).toBe(await body().findByTestId('portico-connecting-social-retry')))
  },
}
