// Accounts of the WalletConnect dev wallet, all derived from one BIP-39 mnemonic (default: the devnet
// mnemonic) along each ecosystem's usual path, so a wallet and the tests agree on every address.
import { createPrivateKey, createPublicKey } from 'node:crypto'
import type { KeyPairSigner } from '@solana/kit'
import { HDKey, mnemonicToAccount } from 'viem/accounts'
import { DEVNET_MNEMONIC } from '../constants.ts'
import { mnemonicToSeed, slip10Ed25519, solanaDevSigner } from '../solana/keys.ts'
import { cosmosAddress, p2wpkhAddress, ss58Address, stacksAddress, suiAddress } from './addresses.ts'

/**
 * CAIP-2 chains of the namespaces without a local node. The wallet shows accounts on them but has
 * nothing to send transactions to.
 * - bip122: Bitcoin mainnet, the first 32 hex characters of the genesis block hash
 * - polkadot: Polkadot relay chain, the first 32 hex characters of its genesis hash
 * - cosmos: the Cosmos Hub chain id
 * - sui: Sui mainnet
 * - stacks: Stacks mainnet (chain id 1; testnet is 2147483648)
 */
export const WC_WALLET_CHAINS = {
  bip122: 'bip122:000000000019d6689c085ae165831e93',
  polkadot: 'polkadot:91b171bb158e2d3848fa23a9f1c25182',
  cosmos: 'cosmos:cosmoshub-4',
  sui: 'sui:mainnet',
  stacks: 'stacks:1',
} as const

/** Derivation paths for account `i`. */
export const WC_WALLET_PATHS = {
  eip155: (i: number) => `m/44'/60'/0'/0/${i}`,
  solana: (i: number) => `m/44'/501'/${i}'/0'`,
  bip122: (i: number) => `m/84'/0'/0'/0/${i}`,
  cosmos: (i: number) => `m/44'/118'/0'/0/${i}`,
  stacks: (i: number) => `m/44'/5757'/0'/0/${i}`,
  polkadot: (i: number) => `m/44'/354'/${i}'/0'/0'`,
  sui: (i: number) => `m/44'/784'/${i}'/0'/0'`,
} as const

const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex')

/** The 32-byte ed25519 public key of a 32-byte private key (seed). */
export function ed25519PublicKey(privateKey: Uint8Array): Uint8Array {
  const key = createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, privateKey]), format: 'der', type: 'pkcs8' })
  return new Uint8Array(createPublicKey(key).export({ format: 'der', type: 'spki' }).subarray(-32))
}

function secp256k1PublicKey(seed: Uint8Array, path: string): Uint8Array {
  const key = HDKey.fromMasterSeed(seed).derive(path)
  if (!key.publicKey) throw new Error(`No public key at ${path}`)
  return key.publicKey
}

export interface WcWalletAccounts {
  index: number
  eip155: `0x${string}`
  solana: string
  bip122: string
  cosmos: string
  stacks: string
  polkadot: string
  sui: string
  /** Signs Solana messages and transactions. */
  solanaSigner: KeyPairSigner
}

/** Every namespace's address of account `index` of a mnemonic. */
export async function deriveWcWalletAccounts(mnemonic: string = DEVNET_MNEMONIC, index = 0): Promise<WcWalletAccounts> {
  const seed = mnemonicToSeed(mnemonic)
  const solanaSigner = await solanaDevSigner(index, mnemonic)
  return {
    index,
    eip155: mnemonicToAccount(mnemonic, { addressIndex: index }).address,
    solana: solanaSigner.address,
    bip122: p2wpkhAddress(secp256k1PublicKey(seed, WC_WALLET_PATHS.bip122(index))),
    cosmos: cosmosAddress(secp256k1PublicKey(seed, WC_WALLET_PATHS.cosmos(index))),
    stacks: stacksAddress(secp256k1PublicKey(seed, WC_WALLET_PATHS.stacks(index))),
    polkadot: ss58Address(ed25519PublicKey(slip10Ed25519(seed, WC_WALLET_PATHS.polkadot(index))), 0),
    sui: suiAddress(ed25519PublicKey(slip10Ed25519(seed, WC_WALLET_PATHS.sui(index)))),
    solanaSigner,
  }
}
