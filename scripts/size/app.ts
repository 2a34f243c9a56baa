// What an app using the default modal pays before the modal opens: the headless core it runs on
// (createPortico and everything it builds), the provider and the ConnectButton. The modal, its views
// and every adapter's heavy parts load later with import().
export { createPortico } from '@portico/headless'
export { ConnectButton, PorticoProvider } from '@portico/ui'
