// The dev Farcaster users of the local stack, and their custody keys. A custody key signs the
// Sign In With Farcaster message on the approver page and is registered for its fid in the devnet
// IdRegistry. Keys come from the devnet mnemonic at a path of their own (account index 7), so they
// never collide with the funded accounts (account index 0).
import { mnemonicToAccount, type HDAccount } from 'viem/accounts'
import { DEVNET_MNEMONIC } from '../anvil.ts'

/** The HD account index (m/44'/60'/7'/0/<n>) of the Farcaster dev keys. */
export const FARCASTER_ACCOUNT_INDEX = 7
/** The address index of the IdRegistry's owner (deployer); fids start at 1. */
export const FARCASTER_REGISTRY_OWNER_INDEX = 0

export interface FarcasterDevUser {
  fid: number
  username: string
  displayName: string
  pfpUrl: string
}

/** The users the approver page lists (fid 1 'ada', fid 2 'grace'). */
export const FARCASTER_DEV_USERS: readonly FarcasterDevUser[] = [
  { fid: 1, username: 'ada', displayName: 'Ada Lovelace', pfpUrl: 'https://farcaster.local/pfp/ada.png' },
  { fid: 2, username: 'grace', displayName: 'Grace Hopper', pfpUrl: 'https://farcaster.local/pfp/grace.png' },
]

/** The custody account of a dev fid (m/44'/60'/7'/0/<fid>). */
export function farcasterCustodyAccount(fid: number, mnemonic: string = DEVNET_MNEMONIC): HDAccount {
  if (!Number.isInteger(fid) || fid < 1) throw new RangeError(`farcasterCustodyAccount: fid must be a positive integer, got ${fid}`)
  return mnemonicToAccount(mnemonic, { accountIndex: FARCASTER_ACCOUNT_INDEX, addressIndex: fid })
}

/** The account that deploys the IdRegistry and registers the dev users. */
export function farcasterRegistryOwner(mnemonic: string = DEVNET_MNEMONIC): HDAccount {
  return mnemonicToAccount(mnemonic, { accountIndex: FARCASTER_ACCOUNT_INDEX, addressIndex: FARCASTER_REGISTRY_OWNER_INDEX })
}
