// Storybook's Docs section (issue 10 §6): an introduction that links every guide of docs/, and each
// guide rendered from its Markdown file (the same text as on GitHub; edit the .md, not this file).
// The introduction runs as a story test (screenshot + axe, and a play function checking that every
// guide in docs/ is linked); the rendered guides are tagged '!test': their text changes with the docs,
// which tests/docs.test.ts checks (every code block typechecked, the theme table generated).
import type { Meta, StoryObj } from '@storybook/react-vite'
import type { ReactNode } from 'react'
import { expect, within } from 'storybook/test'
import adapters from '../docs/adapters.md?raw'
import contracts from '../docs/CONTRACTS.md?raw'
import customUi from '../docs/custom-ui.md?raw'
import embeddedWallet from '../docs/embedded-wallet.md?raw'
import networks from '../docs/networks.md?raw'
import quickStart from '../docs/quick-start.md?raw'
import security from '../docs/security.md?raw'
import selfHosting from '../docs/self-hosting.md?raw'
import siwx from '../docs/siwx.md?raw'
import theming from '../docs/theming.md?raw'
import wagmi from '../docs/wagmi.md?raw'
import { type LinkResolver, Markdown } from './support/markdown'
import { FreezeMotion } from './support/panels'

type Guide = { file: string; story: string; title: string; summary: string; source: string }

/** Every guide, in reading order; `story` is its story's id under Docs. */
const GUIDES: readonly Guide[] = [
  {
    file: 'quick-start.md',
    story: 'quick-start',
    title: 'Quick start',
    summary: 'Install, create the instance, PorticoProvider and ConnectButton, run on the local stack.',
    source: quickStart,
  },
  {
    file: 'custom-ui.md',
    story: 'custom-ui',
    title: 'Custom UI',
    summary: 'A complete wallet dialog of your own on the headless hooks.',
    source: customUi,
  },
  {
    file: 'theming.md',
    story: 'theming',
    title: 'Theming',
    summary: 'Every --portico-* variable with its light and dark default; themeMode, themeVariables.',
    source: theming,
  },
  {
    file: 'adapters.md',
    story: 'adapters',
    title: 'Adapters',
    summary: 'EVM, Solana and WalletConnect, capabilities, and writing an adapter.',
    source: adapters,
  },
  {
    file: 'networks.md',
    story: 'networks',
    title: 'Networks',
    summary: 'Every preset with its CAIP id, your own networks, logos.',
    source: networks,
  },
  {
    file: 'wagmi.md',
    story: 'wagmi',
    title: 'wagmi, viem, ethers',
    summary: "Keep your wagmi hooks with Portico's modal; the EIP-1193 provider.",
    source: wagmi,
  },
  {
    file: 'self-hosting.md',
    story: 'self-hosting',
    title: 'Self-hosting the API',
    summary: 'Flags, environment, Postgres, scaling out behind a load balancer.',
    source: selfHosting,
  },
  {
    file: 'security.md',
    story: 'security',
    title: 'Security',
    summary: 'Content-Security-Policy lines, what is stored in the browser.',
    source: security,
  },
  {
    file: 'siwx.md',
    story: 'sign-in-with-the-wallet',
    title: 'Sign in with the wallet',
    summary: 'SIWX: the prompt rules, porticoSiwx or your own backend, useSiwx, checking a session on your server.',
    source: siwx,
  },
  {
    file: 'embedded-wallet.md',
    story: 'embedded-wallet',
    title: 'Embedded wallet',
    summary: 'Email, social and Farcaster login through the secure frame; the auth service; the threat model.',
    source: embeddedWallet,
  },
  {
    file: 'CONTRACTS.md',
    story: 'contracts',
    title: 'Contracts',
    summary: 'The names the packages rely on (for contributors).',
    source: contracts,
  },
]

/** Every Markdown file in docs/, to check that none is missing above. */
const DOC_FILES = Object.keys(import.meta.glob('../docs/*.md')).map((f) => f.slice('../docs/'.length))

/** A story of this file, opened in Storybook's own window (the preview is an iframe). */
const storyHref = (story: string) => `./?path=/story/docs--${story}`

/** Links inside a guide: another guide opens its story, an anchor stays in the page, the web opens a tab. */
const links: LinkResolver = (href) => {
  if (/^https?:\/\//.test(href)) return { href, target: '_blank' }
  if (href.startsWith('#')) return { href }
  const [file = ''] = href.split('#')
  const guide = GUIDES.find((g) => g.file === file.replace(/^\.\//, '').replace(/^docs\//, ''))
  return guide ? { href: storyHref(guide.story), target: '_top' } : undefined
}

const CSS = `
.portico-docs { box-sizing: border-box; min-height: 100vh; margin: 0; padding: 24px; background: #ffffff; color: #1a1c22;
  font: 14px/1.55 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; }
.portico-docs article { max-width: 860px; margin: 0 auto; }
.portico-docs h1 { font-size: 24px; margin: 0 0 12px; }
.portico-docs h2 { font-size: 19px; margin: 28px 0 8px; }
.portico-docs h3, .portico-docs h4 { font-size: 16px; margin: 20px 0 6px; }
.portico-docs a { color: #1d4ed8; text-decoration: underline; }
.portico-docs code { font: 12.5px/1.4 ui-monospace, Menlo, Consolas, monospace; background: #f1f3f6; border-radius: 4px; padding: 1px 4px; }
.portico-docs pre { background: #f6f8fa; border: 1px solid #e3e6ea; border-radius: 8px; padding: 12px; overflow: auto; }
.portico-docs pre code { background: none; padding: 0; }
.portico-docs :is(h1, h2, h3, h4) code { font-size: 0.9em; }
.portico-docs .portico-docs-table { overflow-x: auto; }
.portico-docs table { border-collapse: collapse; margin: 8px 0; }
.portico-docs th, .portico-docs td { border: 1px solid #d9dde3; padding: 4px 8px; text-align: left; vertical-align: top; }
.portico-docs th { background: #f1f3f6; }
.portico-docs .portico-docs-guides { list-style: none; padding: 0; margin: 16px 0 0; display: grid; gap: 10px;
  grid-template-columns: repeat(auto-fill, minmax(300px, 1fr)); }
.portico-docs .portico-docs-guides li { border: 1px solid #d9dde3; border-radius: 10px; padding: 8px 12px; }
.portico-docs .portico-docs-guides a { font-weight: 600; font-size: 15px; margin-right: 8px; }
.portico-docs .portico-docs-guides p { margin: 2px 0 0; }
`

function Page({ children }: { children: ReactNode }) {
  return (
    <main className="portico-docs">
      <style>{CSS}</style>
      <FreezeMotion />
      <article>{children}</article>
    </main>
  )
}

function Introduction() {
  return (
    <Page>
      <h1>Portico docs</h1>
      <p>
        Portico is an embeddable wallet connection modal for React apps: headless hooks over chain adapters, this default modal, and a
        self-hostable API. The guides below are the Markdown files of <code>docs/</code>, shown here as they are in the repository.
      </p>
      <ul className="portico-docs-guides" aria-label="Guides">
        {GUIDES.map((g) => (
          <li key={g.file}>
            <a href={storyHref(g.story)} target="_top" data-file={g.file}>
              {g.title}
            </a>
            <code>docs/{g.file}</code>
            <p>{g.summary}</p>
          </li>
        ))}
      </ul>
    </Page>
  )
}

const meta = {
  title: 'Docs',
  parameters: { panels: false, layout: 'fullscreen' },
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

export const Overview: Story = {
  name: 'Introduction',
  render: () => <Introduction />,
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole('list', { name: 'Guides' })
    const anchors = within(list).getAllByRole('link')
    // Every Markdown file in docs/ is linked, each to its own story.
    expect(anchors.map((a) => a.getAttribute('data-file')).sort()).toEqual([...DOC_FILES].sort())
    expect(anchors.map((a) => a.getAttribute('href'))).toEqual(GUIDES.map((g) => `./?path=/story/docs--${g.story}`))
    expect(anchors.every((a) => a.getAttribute('target') === '_top')).toBe(true)
  },
}

/** A guide of docs/, rendered from its Markdown. */
function Guide({ file }: { file: string }) {
  const g = GUIDES.find((x) => x.file === file)
  return <Page>{g ? <Markdown source={g.source} links={links} /> : <p>No guide {file}.</p>}</Page>
}

// Each one written out: Storybook reads `tags` statically, so a story made by a function would keep the test tag.
export const QuickStart: Story = { name: 'Quick start', tags: ['!test'], render: () => <Guide file="quick-start.md" /> }
export const CustomUi: Story = { name: 'Custom UI', tags: ['!test'], render: () => <Guide file="custom-ui.md" /> }
export const Theming: Story = { name: 'Theming', tags: ['!test'], render: () => <Guide file="theming.md" /> }
export const Adapters: Story = { name: 'Adapters', tags: ['!test'], render: () => <Guide file="adapters.md" /> }
export const Networks: Story = { name: 'Networks', tags: ['!test'], render: () => <Guide file="networks.md" /> }
export const Wagmi: Story = { name: 'wagmi, viem, ethers', tags: ['!test'], render: () => <Guide file="wagmi.md" /> }
export const SelfHosting: Story = { name: 'Self-hosting the API', tags: ['!test'], render: () => <Guide file="self-hosting.md" /> }
export const Security: Story = { name: 'Security', tags: ['!test'], render: () => <Guide file="security.md" /> }
export const SignInWithTheWallet: Story = { name: 'Sign in with the wallet', tags: ['!test'], render: () => <Guide file="siwx.md" /> }
export const EmbeddedWallet: Story = { name: 'Embedded wallet', tags: ['!test'], render: () => <Guide file="embedded-wallet.md" /> }
export const Contracts: Story = { name: 'Contracts', tags: ['!test'], render: () => <Guide file="CONTRACTS.md" /> }
