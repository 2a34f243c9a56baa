// Shared by the Node side and the browser wallet: no node: imports here.

/** The mnemonic of anvil's and hardhat's well-known dev accounts. Never use it for real funds. */
export const DEVNET_MNEMONIC = 'test test test test test test test test test test test junk'
