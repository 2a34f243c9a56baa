export * from './explorer'
