export * from './explorer'
export { explorerFor, type ExplorerOptions } from './instance'
