export * from './caip'
export * from './format'
export * from './usd'
export * from './validation'
