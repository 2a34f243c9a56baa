// CAIP-122 sign-in on the namespaces without chain config on the server (bip122, polkadot, cosmos,
// sui, stacks): any well-formed CAIP-2 network of theirs is accepted, and the signature is checked
// offline, in the scheme the namespace's wallets use (one module each, verify-<namespace>.ts).
import type { SignatureCheck } from './bytes.ts'
import { verifyBitcoinSignature } from './verify-bitcoin.ts'
import { verifyCosmosSignature } from './verify-cosmos.ts'
import { verifyPolkadotSignature } from './verify-polkadot.ts'
import { verifyStacksSignature } from './verify-stacks.ts'
import { verifySuiSignature } from './verify-sui.ts'

export type { SignatureCheck } from './bytes.ts'

export type OfflineNamespace = 'bip122' | 'polkadot' | 'cosmos' | 'sui' | 'stacks'

/** The CAIP-2 references each namespace's networks have (CAIP-4, CAIP-13, CAIP-5, Sui, Stacks). */
const REFERENCES: Record<OfflineNamespace, RegExp> = {
  // The first 32 hex characters of the genesis block hash.
  bip122: /^[0-9a-f]{32}$/,
  polkadot: /^[0-9a-f]{32}$/,
  // A chain id (cosmoshub-4, osmosis-1, …).
  cosmos: /^[-a-zA-Z0-9]{1,32}$/,
  // mainnet, testnet, devnet, localnet, or a chain identifier (8 hex characters).
  sui: /^(?:mainnet|testnet|devnet|localnet|[0-9a-f]{8})$/,
  // The numeric chain id (1 mainnet, 2147483648 testnet).
  stacks: /^[0-9]{1,10}$/,
}

const VERIFIERS: Record<OfflineNamespace, (address: string, message: string, signature: string) => SignatureCheck> = {
  bip122: verifyBitcoinSignature,
  polkadot: verifyPolkadotSignature,
  cosmos: verifyCosmosSignature,
  sui: verifySuiSignature,
  stacks: verifyStacksSignature,
}

export const isOfflineNamespace = (namespace: string): namespace is OfflineNamespace => Object.hasOwn(VERIFIERS, namespace)

/** Whether a CAIP-2 id is a well-formed network of one of these namespaces. */
export function isOfflineChain(chainId: string): boolean {
  const at = chainId.indexOf(':')
  const namespace = chainId.slice(0, at)
  return at > 0 && isOfflineNamespace(namespace) && REFERENCES[namespace].test(chainId.slice(at + 1))
}

/** Whether `signature` is `address`'s signature of the UTF-8 `message`, in the namespace's scheme. */
export function verifyNamespaceSignature(
  namespace: OfflineNamespace,
  input: { address: string; message: string; signature: string },
): SignatureCheck {
  return VERIFIERS[namespace](input.address, input.message, input.signature)
}
