import type { ChainNamespace } from '@portico/headless'

/** The seven chain families Portico knows, in request order (kept apart: the adapter's initial load needs only this). */
export const WC_NAMESPACES = ['eip155', 'solana', 'polkadot', 'bip122', 'cosmos', 'sui', 'stacks'] as const satisfies readonly ChainNamespace[]
