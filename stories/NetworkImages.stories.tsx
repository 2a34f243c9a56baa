// Network logos (issue 9 §3.6): every logo the Portico API serves for the presets'
// `assets.imageId` (packages/server/src/images/networks.ts), drawn by the ui's NetworkImage at the
// sizes the views use; then the real modal on preset networks, the NetworkButton above it drawing
// the same image. The logos come in as data: URIs here: no request leaves the page.
import { type CaipNetwork, createPortico, type Portico, type ThemeMode } from '@portico/headless'
import { arbitrum, avalanche, base, bsc, mainnet, optimism, polygon } from '@portico/headless/networks'
import { NetworkButton, NetworkImage } from '@portico/ui'
import { PorticoModal } from '@portico/ui/modal'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect } from 'storybook/test'
import { NETWORK_IMAGES } from '../packages/server/src/images/networks.ts'
import { fixtureFetch } from './support/api'
import { fixtureAdapter, type Instances, LEGAL, WithPortico } from './support/fixtures'

const dataUri = (svg: string) => `data:image/svg+xml,${encodeURIComponent(svg)}`
/** A preset with its API logo inline (what `{apiUrl}/network-images/{imageId}` answers). */
const withLogo = (n: CaipNetwork): CaipNetwork => {
  const logo = NETWORK_IMAGES[n.assets?.imageId ?? '']
  if (logo === undefined) throw new Error(`No API logo for ${n.name}`)
  return { ...n, assets: { ...n.assets, imageUrl: dataUri(logo) } }
}

function LogoGrid() {
  return (
    <ul
      style={{ display: 'grid', gridTemplateColumns: 'repeat(6, 1fr)', gap: '12px 4px', margin: 0, padding: 0, listStyle: 'none' }}
      aria-label="Network logos"
    >
      {Object.entries(NETWORK_IMAGES).map(([id, svg]) => (
        <li key={id} style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 4, fontSize: 10, textAlign: 'center' }}>
          <span style={{ display: 'flex', gap: 4, alignItems: 'center' }}>
            {/* The list tile (Networks, Account) and the button dot (NetworkButton). */}
            <span style={{ borderRadius: 12, overflow: 'hidden', display: 'flex' }}>
              <NetworkImage name={id} caipNetworkId={id} imageUrl={dataUri(svg)} size={36} />
            </span>
            <span style={{ borderRadius: '50%', overflow: 'hidden', display: 'flex' }}>
              <NetworkImage name={id} caipNetworkId={id} imageUrl={dataUri(svg)} size={16} />
            </span>
          </span>
          {id}
        </li>
      ))}
      <li style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 4, fontSize: 10, textAlign: 'center' }}>
        <span style={{ borderRadius: 12, overflow: 'hidden', display: 'flex' }}>
          <NetworkImage name="Portico Local A" caipNetworkId="eip155:31337" size={36} />
        </span>
        no logo
      </li>
    </ul>
  )
}

const meta = { title: 'Components/NetworkImage' } satisfies Meta
export default meta
type Story = StoryObj<typeof meta>

export const Logos: Story = {
  render: () => <LogoGrid />,
  play: async ({ canvas }) => {
    // 26 logos and the fallback tile, in each panel.
    await expect(canvas.getAllByRole('listitem')).toHaveLength((Object.keys(NETWORK_IMAGES).length + 1) * 2)
  },
}

const memoryStorage = () => {
  const m = new Map<string, string>()
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  }
}

async function make(mode: ThemeMode): Promise<Portico> {
  const portico = createPortico({
    projectId: 'storybook',
    networks: [mainnet, base, arbitrum, optimism, polygon, bsc, avalanche].map(withLogo),
    adapters: [fixtureAdapter()],
    themeMode: mode,
    storage: memoryStorage(),
    isMobile: false,
    ...LEGAL,
    apiUrl: 'http://127.0.0.1:1/portico-fixture',
    fetch: fixtureFetch({}),
  })
  await portico.ready
  portico.router.push('Networks')
  return portico
}

export const NetworksWithPresets: Story = {
  name: 'Networks view and NetworkButton (presets)',
  loaders: [async (): Promise<{ portico: Instances }> => ({ portico: { light: await make('light'), dark: await make('dark') } })],
  render: (_args, { loaded }) => (
    <WithPortico instances={(loaded as { portico: Instances }).portico}>
      <div style={{ display: 'flex', justifyContent: 'center' }}>
        <NetworkButton />
      </div>
      <PorticoModal inline />
    </WithPortico>
  ),
  play: async ({ canvas }) => {
    const [button] = await canvas.findAllByTestId('portico-network-button')
    const [first] = await canvas.findAllByTestId('portico-network-item')
    // The button and the current network's row draw the same image.
    await expect(button?.querySelector('img')?.getAttribute('src')).toBe(first?.querySelector('img')?.getAttribute('src'))
    await expect(first).toHaveTextContent('Ethereum')
  },
}
