/** @portico/wagmi: Portico's modal and connection for apps on wagmi (a connector and a config helper). */
export { PORTICO_CONNECTOR_TYPE, porticoConnector, type PorticoConnectorOptions, type PorticoConnectorProperties } from './connector'
export { createPorticoWagmiConfig, porticoChains, syncWagmiWithPortico, toWagmiChain, type PorticoWagmiConfigParameters } from './config'
