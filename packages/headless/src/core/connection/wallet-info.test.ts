// ConnectResult.wallet (issue 9 §3.7): a connector that is only the channel to another wallet (a
// WalletConnect session) names that wallet, and the account shows it with `via` the connector.
import { describe, expect, it } from 'vitest'
import { fakeAdapter, jsonFetch, mainnet, mapStorage, solana, SOL_ADDRESS, testPortico } from '../test-utils'

const WC_ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const PEER = { name: 'Rainbow', icon: 'https://rainbow.me/icon.png' }

function setup(storage = mapStorage()) {
  const evm = fakeAdapter('eip155')
  const wc = Object.assign(
    fakeAdapter('eip155', [{ id: 'walletConnect', name: 'WalletConnect', type: 'walletConnect', imageUrl: 'data:image/svg+xml,wc' }]),
    {
      namespaces: ['eip155', 'solana'] as const,
    },
  )
  wc.connectImpl = async () => ({
    address: WC_ADDRESS,
    chainId: 1,
    accounts: [WC_ADDRESS],
    namespaces: { solana: { address: SOL_ADDRESS, chainId: solana.id, accounts: [SOL_ADDRESS] } },
    wallet: PEER,
  })
  wc.reconnectImpl = wc.connectImpl
  const api = jsonFetch(() => ({ body: { balances: [] } }))
  const portico = testPortico({
    fetch: api.fetch,
    networks: [mainnet, solana],
    adapters: [evm, wc],
    storage,
    isMobile: false,
  })
  return { portico, evm, wc, storage }
}

const VIA_WC = { name: 'Rainbow', icon: 'https://rainbow.me/icon.png', type: 'walletConnect', via: 'WalletConnect' }

describe('the wallet behind a connector (ConnectResult.wallet)', () => {
  it('connect: the account shows the peer wallet, via the connector, in every namespace of the session', async () => {
    const { portico } = setup()
    await portico.ready
    await portico.connection.connect('walletConnect')
    expect(portico.chain.getAccount('eip155')?.connectedWalletInfo).toEqual(VIA_WC)
    expect(portico.chain.getAccount('solana')?.connectedWalletInfo).toEqual(VIA_WC)
    // The multi-wallet list names the peer wallet too, with its icon.
    const switching = await portico.load('switching')
    expect(switching.$profileWallets.get().map((r) => r.wallet && [r.wallet.name, r.wallet.imageUrl])).toEqual([
      ['Rainbow', 'https://rainbow.me/icon.png'],
      ['Rainbow', 'https://rainbow.me/icon.png'],
    ])
  })

  it('a wallet without an icon: the name, no icon (the connector’s image is not the peer’s)', async () => {
    const { portico, wc } = setup()
    wc.connectImpl = async () => ({ address: WC_ADDRESS, chainId: 1, accounts: [WC_ADDRESS], wallet: { name: 'Node Wallet' } })
    await portico.ready
    await portico.connection.connect('walletConnect')
    expect(portico.chain.getAccount('eip155')?.connectedWalletInfo).toEqual({
      name: 'Node Wallet',
      type: 'walletConnect',
      via: 'WalletConnect',
    })
  })

  it('reconnect after a reload restores the peer wallet', async () => {
    const first = setup()
    await first.portico.ready
    await first.portico.connection.connect('walletConnect')
    const again = setup(first.storage)
    await again.portico.ready
    await again.portico.connection.reconnect()
    expect(again.wc.calls.map((c) => c.method)).toContain('reconnect')
    expect(again.portico.chain.getAccount('eip155')?.connectedWalletInfo).toEqual(VIA_WC)
    expect(again.portico.chain.getAccount('solana')?.connectedWalletInfo).toEqual(VIA_WC)
  })

  it('account events of the session keep the peer wallet (they name none)', async () => {
    const { portico, wc } = setup()
    await portico.ready
    await portico.connection.connect('walletConnect')
    const other = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    wc.ctx!.onAccountsChanged([other])
    expect(portico.chain.getAccount('eip155')).toMatchObject({ address: other, connectedWalletInfo: VIA_WC })
  })

  it('a connector that names no wallet is the wallet itself (no via), also after a WalletConnect session in the same namespace', async () => {
    const { portico } = setup()
    await portico.ready
    await portico.connection.connect('walletConnect')
    await portico.connection.disconnect()
    await portico.connection.connect('io.metamask')
    expect(portico.chain.getAccount('eip155')?.connectedWalletInfo).toEqual({ name: 'MetaMask', icon: undefined, type: 'announced' })
  })
})
