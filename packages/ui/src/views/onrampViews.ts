// The on-ramp views: one lazy chunk, fetched the first time one of them shows (chunks.onramp in Modal/routes.tsx).
export { OnRampFiatSelect } from './OnRampFiatSelect/OnRampFiatSelect'
export { OnRampProviders } from './OnRampProviders/OnRampProviders'
export { OnRampTokenSelect } from './OnRampTokenSelect/OnRampTokenSelect'
