export { EVM_CAPABILITIES, evmAdapter, type EvmAdapterOptions } from './adapter'
export { INJECTED_ID, ProviderRegistry } from './discovery'
export type { Eip1193Provider, Eip6963ProviderDetail, Eip6963ProviderInfo } from './eip1193'
