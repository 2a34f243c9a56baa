// @portico/wagmi from its tarball, typechecked against wagmi's own types (not part of the bundle).
import { createPortico } from '@portico/headless'
import { base, mainnet } from '@portico/headless/networks'
import { evmAdapter } from '@portico/evm'
import { createPorticoWagmiConfig, porticoChains } from '@portico/wagmi'
import { type Config, getAccount } from '@wagmi/core'

const portico = createPortico({ projectId: 'types', networks: [mainnet, base], adapters: [evmAdapter()] })

export const config: Config = createPorticoWagmiConfig({ portico })
export const address: `0x${string}` | undefined = getAccount(config).address
export const chainIds: readonly number[] = porticoChains(portico).map((c) => c.id)

// @ts-expect-error -- the config is built from a Portico instance
createPorticoWagmiConfig({})
