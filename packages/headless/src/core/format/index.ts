export * from './caip'
export * from './format'
export * from './validation'
