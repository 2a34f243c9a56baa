import { createPortico, type Portico, type PorticoOptions } from '@portico/headless'
import { PorticoContextProvider, useModal } from '@portico/headless/react'
import { type ComponentType, type ReactNode, useEffect, useState } from 'react'
import type { UiConfig } from '../config'
import { type ButtonMessages, ButtonMessagesContext, buttonMessages } from '../messages/buttons'
import { afterLoadIdle, PreloadContext } from './preload'

// The modal, its views and their styles are a separate chunk, fetched the first time the modal opens
// (or earlier, by preloadModal: on idle after the page's load, on hover/focus of a Portico button, or
// when the app calls usePreloadModal().preload). The flows its views drive come with it: the explorer (wallet lists)
// and switching (SwitchNetwork, SwitchActiveChain, ProfileWallets).
// No React.lazy/Suspense: a suspended boundary is revealed no sooner than 300 ms after its fallback.
let modalChunk: Promise<ComponentType> | undefined
let ModalRoot: ComponentType | undefined

/** Fetch the modal chunk and the instance's view flows; resolves when all are ready. Never contacts the API. */
export function preloadModal(portico: Portico): Promise<ComponentType> {
  modalChunk ??= import('../Modal/ModalRoot').then(
    (m) => (ModalRoot = m.ModalRoot),
    (error: unknown) => {
      modalChunk = undefined
      throw error
    },
  )
  return Promise.all([modalChunk, portico.load('explorer'), portico.load('switching')]).then(([root]) => root)
}

export type PorticoProviderProps = UiConfig & {
  children?: ReactNode
  /**
   * Restore a remembered session on mount (client side only, no prompt). @default true
   */
  autoReconnect?: boolean
  /**
   * Load the modal chunk in the first idle period after the page's load event, so the first open
   * shows it in the next frame. Hover and focus of Portico's buttons preload it either way; no
   * preload contacts the Portico API. @default true
   */
  preloadOnIdle?: boolean
} & ({ portico: Portico; options?: undefined } | { options: PorticoOptions; portico?: undefined })

/** The modal root when the chunk and the instance's view flows are all in, else undefined. */
const ready = (portico: Portico) => (ModalRoot && portico.peek('explorer') && portico.peek('switching') ? ModalRoot : undefined)

function LazyModal({ portico, root, preload }: { portico: Portico; root: ComponentType | undefined; preload: () => Promise<void> }) {
  const { isOpen } = useModal()
  // Preloaded: the root is mounted already (closed, its hooks subscribed), so opening only renders the
  // shell and the view. Loaded some other way (preloadModal called directly): rendered in the open's commit.
  const current = root ?? (isOpen ? ready(portico) : undefined)
  useEffect(() => {
    if (isOpen && !current) preload().catch(() => undefined) // a failed chunk load is tried again on the next opening
  }, [isOpen, current, preload])
  return current ? <LazyRoot root={current} /> : null
}

const LazyRoot = ({ root: Root }: { root: ComponentType }) => <Root />

/** Provides a Portico instance (given, or created once from `options`) and mounts the default modal. */
export function PorticoProvider({
  children,
  autoReconnect = true,
  preloadOnIdle = true,
  termsConditionsUrl,
  privacyPolicyUrl,
  ...source
}: PorticoProviderProps) {
  const [portico] = useState<Portico>(() => {
    const instance = source.portico ?? createPortico(source.options as PorticoOptions)
    // Legal links: provider props win over the instance's options (headless holds the one copy).
    instance.legal.setLinks({ termsConditionsUrl, privacyPolicyUrl })
    return instance
  })
  const [root, setRoot] = useState(() => ready(portico))
  const [preload] = useState(() => () => preloadModal(portico).then((loaded) => setRoot(() => loaded)))
  // The buttons' texts: English until the modal has its instance's locale (it sets them).
  const [buttonTexts, setButtonTexts] = useState<ButtonMessages>(buttonMessages)
  useEffect(() => {
    if (autoReconnect) void portico.reconnect()
  }, [portico, autoReconnect])
  useEffect(() => {
    if (preloadOnIdle) return afterLoadIdle(() => void preload().catch(() => undefined))
  }, [preload, preloadOnIdle])
  return (
    <PorticoContextProvider portico={portico}>
      <PreloadContext.Provider value={preload}>
        <ButtonMessagesContext.Provider value={{ texts: buttonTexts, set: setButtonTexts }}>
          {children}
          <LazyModal portico={portico} root={root} preload={preload} />
        </ButtonMessagesContext.Provider>
      </PreloadContext.Provider>
    </PorticoContextProvider>
  )
}
