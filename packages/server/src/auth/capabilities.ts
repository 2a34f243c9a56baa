// Apart from permissions.ts, which smart.ts's capabilities would otherwise import (and it, in turn, smart.ts).
/** What `wallet_getCapabilities` says about permissions on a chain with a smart account. */
export const PERMISSIONS_CAPABILITY = {
  supported: true,
  signerTypes: ['account', 'key', 'keys'],
  permissionTypes: ['contract-call', 'native-token-limit', 'native-token-recurring-allowance'],
  policyTypes: [],
} as const
