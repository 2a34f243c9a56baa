import { createPortico, type Portico, type PorticoOptions } from '@portico/headless'
import { PorticoContextProvider, useModal } from '@portico/headless/react'
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react'
import type { UiConfig } from '../config'

// The modal, its views and their styles are a separate chunk, fetched the first time the modal opens.
const ModalRoot = lazy(() => import('../Modal/ModalRoot'))

export type PorticoProviderProps = UiConfig & {
  children?: ReactNode
  /**
   * Restore a remembered session on mount (client side only, no prompt). @default true
   */
  autoReconnect?: boolean
} & ({ portico: Portico; options?: undefined } | { options: PorticoOptions; portico?: undefined })

function LazyModal() {
  const { isOpen } = useModal()
  const [wanted, setWanted] = useState(isOpen)
  if (isOpen && !wanted) setWanted(true)
  if (!wanted) return null
  return (
    <Suspense fallback={null}>
      <ModalRoot />
    </Suspense>
  )
}

/** Provides a Portico instance (given, or created once from `options`) and mounts the default modal. */
export function PorticoProvider({ children, autoReconnect = true, termsConditionsUrl, privacyPolicyUrl, ...source }: PorticoProviderProps) {
  const [portico] = useState<Portico>(() => {
    const instance = source.portico ?? createPortico(source.options as PorticoOptions)
    // Legal links: provider props win over the instance's options (headless holds the one copy).
    instance.legal.setLinks({ termsConditionsUrl, privacyPolicyUrl })
    return instance
  })
  useEffect(() => {
    if (autoReconnect) void portico.reconnect()
  }, [portico, autoReconnect])
  return (
    <PorticoContextProvider portico={portico}>
      {children}
      <LazyModal />
    </PorticoContextProvider>
  )
}
