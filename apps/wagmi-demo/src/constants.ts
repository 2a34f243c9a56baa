/** The recipient of the demo's transfer (devnet account 3). */
export const RECIPIENT = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'
/** What the demo sends with wagmi (ETH). */
export const AMOUNT = '0.0123'
