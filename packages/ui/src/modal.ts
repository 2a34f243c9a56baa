// @portico/ui/modal — the connected modal for direct rendering (Storybook, embedded layouts).
// Kept out of the main entry so PorticoProvider can load it lazily.
export { ModalRoot as PorticoModal, type ModalRootProps as PorticoModalProps } from './Modal/ModalRoot'
export { footerFor, LEGAL_FOOTER_VIEWS, titleFor, VIEWS } from './Modal/routes'
