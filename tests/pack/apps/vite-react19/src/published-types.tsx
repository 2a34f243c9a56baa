// Facts about the published .d.ts, checked by `tsc --noEmit` (not part of the app's bundle). Each
// `@ts-expect-error` line fails the typecheck if a declaration is missing or degrades to `any`.
import { type CaipNetwork, createPortico, type Portico } from '@portico/headless'
import { base, mainnet } from '@portico/headless/networks'
import { type UseAccountReturn, useAccount } from '@portico/headless/react'
import { evmAdapter } from '@portico/evm'
import { ConnectButton, type ConnectButtonProps, PorticoProvider } from '@portico/ui'

export const networks: CaipNetwork[] = [mainnet, base]
export const baseId: number | string = base.id

// @ts-expect-error -- a CAIP-2 id is `namespace:reference`
export const badCaipId: CaipNetwork['caipNetworkId'] = 'eip155'

// @ts-expect-error -- projectId is a string
createPortico({ projectId: 42, networks })

export const portico: Portico = createPortico({ projectId: 'types', networks, adapters: [evmAdapter()] })

export type Status = UseAccountReturn['status']
export const disconnected: Status = 'disconnected'
// @ts-expect-error -- the status is a string union
export const badStatus: Status = 42

export function useAddress(): string | undefined {
  return useAccount().address
}

export const buttonProps: ConnectButtonProps = { label: 'Connect', showBalance: false }
// @ts-expect-error -- the ConnectButton opens the modal itself: no onClick
export const badButtonProps: ConnectButtonProps = { onClick: () => undefined }

export const tree = (
  <PorticoProvider portico={portico}>
    <ConnectButton label="Sign in" />
  </PorticoProvider>
)
// @ts-expect-error -- the provider needs a portico instance or options
export const noInstance = <PorticoProvider />
