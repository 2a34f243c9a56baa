import { describe, expect, it } from 'vitest'
import { base, mainnet, solana } from '../test-utils'
import type { CaipNetwork } from '../types'
import { addressExplorerUrl, createChain, initialAccountState } from './chain'

describe('chain state (SPEC §3)', () => {
  it('one chain state per namespace, starting on the default network', () => {
    const chain = createChain({ networks: [mainnet, base, solana], defaultNetwork: base, noAdapters: false })
    expect(chain.namespaces).toEqual(['eip155', 'solana'])
    expect(chain.getChain('eip155')).toMatchObject({
      namespace: 'eip155',
      networks: [mainnet, base],
      networkState: {
        caipNetwork: base,
        supportsAllNetworks: true,
        approvedCaipNetworkIds: [],
        requestedCaipNetworks: [mainnet, base],
        smartAccountEnabledNetworks: [],
      },
      accountState: initialAccountState(),
    })
    expect(chain.getActiveNetwork('solana')).toBe(solana)
    expect(chain.$global.get()).toEqual({
      activeChain: 'eip155',
      activeCaipAddress: undefined,
      activeCaipNetwork: base,
      noAdapters: false,
      isSwitchingNamespace: false,
    })
  })

  it('initial account state has every SPEC §3 default', () => {
    expect(initialAccountState()).toEqual({
      currentTab: 0,
      tokenBalance: [],
      smartAccountDeployed: false,
      addressLabels: {},
      preferredAccountType: 'eoa',
      status: 'disconnected',
      balanceLoading: false,
    })
  })

  it('account state is per namespace; $account follows the active namespace', () => {
    const chain = createChain({ networks: [mainnet, solana], noAdapters: false })
    chain.setAccount('solana', { address: 'So1', caipAddress: `${solana.caipNetworkId}:So1`, status: 'connected' })
    expect(chain.$account.get().address).toBeUndefined()
    chain.setActiveNamespace('solana')
    expect(chain.$account.get().address).toBe('So1')
    expect(chain.$global.get().activeCaipAddress).toBe(`${solana.caipNetworkId}:So1`)
    expect(chain.isConnected('eip155')).toBe(false)
    expect(chain.isConnected('solana')).toBe(true)
  })

  it('setActiveNetwork moves the CAIP address with the network and activates the namespace', () => {
    const chain = createChain({ networks: [mainnet, base, solana], noAdapters: false })
    chain.setAccount('eip155', { address: '0xA', caipAddress: 'eip155:1:0xA', status: 'connected' })
    chain.setActiveNetwork(solana)
    expect(chain.$global.get().activeChain).toBe('solana')
    chain.setActiveNetwork(base)
    expect(chain.$global.get()).toMatchObject({ activeChain: 'eip155', activeCaipAddress: 'eip155:8453:0xA', activeCaipNetwork: base })
  })

  it("the account's block-explorer page follows the network; none on a network without an explorer", () => {
    const chain = createChain({
      networks: [mainnet, base, { ...base, id: 31337, caipNetworkId: 'eip155:31337', blockExplorers: undefined }],
      noAdapters: false,
    })
    chain.setAccount('eip155', { address: '0xA', caipAddress: 'eip155:1:0xA', status: 'connected' })
    chain.setActiveNetwork(base)
    expect(chain.getAccount('eip155')?.addressExplorerUrl).toBe('http://127.0.0.1:4000/8453/address/0xA')
    chain.setActiveNetwork(mainnet)
    expect(chain.getAccount('eip155')?.addressExplorerUrl).toBe('http://127.0.0.1:4000/1/address/0xA')
    chain.setActiveNetwork(chain.getNetworks('eip155')[2]!)
    expect(chain.getAccount('eip155')?.addressExplorerUrl).toBeUndefined()
  })

  it.each([
    ['https://etherscan.io', '0xAb', 'https://etherscan.io/address/0xAb'],
    ['https://etherscan.io///', '0xAb', 'https://etherscan.io/address/0xAb'],
    [undefined, '0xAb', undefined],
  ])('addressExplorerUrl(%s, %s) -> %s', (url, address, out) => {
    expect(
      addressExplorerUrl(
        url ? { ...mainnet, blockExplorers: { default: { name: 'E', url } } } : { ...mainnet, blockExplorers: undefined },
        address,
      ),
    ).toBe(out)
  })

  it.each<[string, CaipNetwork['chainNamespace'], string, string]>([
    ['https://explorer.solana.com', 'solana', 'So1x', 'https://explorer.solana.com/address/So1x'],
    ['https://explorer.solana.com?cluster=devnet', 'solana', 'So1x', 'https://explorer.solana.com/address/So1x?cluster=devnet'],
    ['https://polkadot.subscan.io', 'polkadot', '15oF4', 'https://polkadot.subscan.io/account/15oF4'],
    ['https://suiscan.xyz/mainnet', 'sui', '0x5a', 'https://suiscan.xyz/mainnet/account/0x5a'],
    ['https://explorer.hiro.so/?chain=testnet', 'stacks', 'ST1', 'https://explorer.hiro.so/address/ST1?chain=testnet'],
    ['https://mempool.space', 'bip122', 'bc1q', 'https://mempool.space/address/bc1q'],
  ])('addressExplorerUrl on %s (%s) for %s -> %s', (url, chainNamespace, address, out) => {
    expect(addressExplorerUrl({ ...mainnet, chainNamespace, blockExplorers: { default: { name: 'E', url } } }, address)).toBe(out)
  })

  it('finds networks by CAIP id or namespace + chain id; ignores unknown namespaces', () => {
    const chain = createChain({ networks: [mainnet, base], noAdapters: true })
    expect(chain.findNetwork('eip155:8453')).toBe(base)
    expect(chain.findNetwork('eip155', 1)).toBe(mainnet)
    expect(chain.findNetwork('eip155', 10)).toBeUndefined()
    chain.setActiveNamespace('solana')
    expect(chain.$global.get()).toMatchObject({ activeChain: 'eip155', noAdapters: true })
  })
})
