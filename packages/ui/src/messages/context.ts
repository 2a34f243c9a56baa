// The strings a modal shows, from its Portico instance's locale (ModalRoot provides them): views read
// them with useMessages(), so that two modals on a page, or two server renders at once, each render
// their own locale. Outside a modal (a view rendered on its own, a story) it is English.
import { createContext, useContext } from 'react'
import { type Messages, messages } from '../messages'

export const MessagesContext = createContext<Messages>(messages)

/** The messages of the modal this renders in: its instance's locale; English outside a modal. */
export const useMessages = (): Messages => useContext(MessagesContext)
