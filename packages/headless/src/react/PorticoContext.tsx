import { createContext, type ReactNode } from 'react'
import type { Portico } from '../core/portico'

export const PorticoContext = createContext<Portico | null>(null)

export interface PorticoContextProviderProps {
  /** The instance from `createPortico(options)`; every hook below the provider reads it. */
  portico: Portico
  children?: ReactNode
}

/** Makes a Portico instance available to the hooks. Several providers may hold different instances. */
export function PorticoContextProvider({ portico, children }: PorticoContextProviderProps) {
  return <PorticoContext.Provider value={portico}>{children}</PorticoContext.Provider>
}
