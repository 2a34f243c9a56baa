// @portico/ui/modal — the connected modal for direct rendering (Storybook, embedded layouts).
// Kept out of the main entry so PorticoProvider can load it lazily.
export { ModalRoot as PorticoModal, type ModalRootProps as PorticoModalProps } from './Modal/ModalRoot'
export {
  type FooterKind,
  footerFor,
  LEGAL_CHECKBOX_VIEWS,
  LEGAL_FOOTER_VIEWS,
  ROUTES,
  type Route,
  type TitleNames,
  titleFor,
  VIEWS,
} from './Modal/routes'
