// The explorer's store-free shapes and rules; the flow itself (createExplorer) loads with the modal.
export * from './lists'
export type { Explorer, ExplorerDeps } from './explorer'
