// @portico/wagmi from its tarball, typechecked with wagmi's own types behind it (not part of the
// bundle). wagmi's Config is reached through @portico/wagmi's declarations only.
import { createPortico } from '@portico/headless'
import { base, mainnet } from '@portico/headless/networks'
import { evmAdapter } from '@portico/evm'
import { createPorticoWagmiConfig, porticoChains } from '@portico/wagmi'

const portico = createPortico({ projectId: 'types', networks: [mainnet, base], adapters: [evmAdapter()] })

const config = createPorticoWagmiConfig({ portico })
export const chainId: number = config.state.chainId
export const firstChainId: number = config.chains[0].id
export const chainIds: readonly number[] = porticoChains(portico).map((c) => c.id)

// @ts-expect-error -- a wagmi Config, not `any`: it has no such member
export const notAMember: unknown = config.notAWagmiMember

// @ts-expect-error -- the config is built from a Portico instance
createPorticoWagmiConfig({})
