// The strings the buttons show before the modal opens: their own module, so a page with only a
// connect button does not carry every string of the modal. `messages` (../messages) includes them.
import { createContext, useContext } from 'react'

/** English. */
export const buttonMessages = {
  connectWallet: 'Connect wallet',
  connecting: 'Connecting…',
  unknownNetwork: 'Unknown network',
  switchNetwork: 'Switch network',
  /** The Intl locale of the balance a button shows (the modal's, once it has shown its locale). */
  locale: 'en-US',
} as const

export type ButtonMessages = { readonly [K in keyof typeof buttonMessages]: string }

/**
 * The button texts of a PorticoProvider's instance: English until its modal has shown its locale's
 * strings (the modal's chunk calls `set`), so that two providers on a page each keep their own.
 */
export const ButtonMessagesContext = createContext<{ texts: ButtonMessages; set?: (texts: ButtonMessages) => void }>({
  texts: buttonMessages,
})

/** The button texts of the provider this renders in, in the locale its modal shows (English before). */
export const useButtonMessages = (): ButtonMessages => useContext(ButtonMessagesContext).texts
