/**
 * The RPC proxy's method allowlist (POST /v1/?chainId=…): reads, fee and gas estimates, and sending
 * an already signed transaction. Nothing that signs with a node's keys (eth_sign, personal_sign,
 * eth_sendTransaction, eth_accounts …), administers or debugs a node (admin_*, debug_*, anvil_*,
 * hardhat_*, evm_*, txpool_*), or keeps state on one node (eth_newFilter and the other filters: with
 * failover a filter would live on an upstream the next call may not reach; eth_getLogs serves the same
 * reads). Subscriptions need a websocket and are not proxied.
 */
export const EVM_METHODS: ReadonlySet<string> = new Set([
  'eth_chainId',
  'net_version',
  'net_listening',
  'web3_clientVersion',
  'eth_syncing',
  'eth_blockNumber',
  'eth_gasPrice',
  'eth_maxPriorityFeePerGas',
  'eth_blobBaseFee',
  'eth_feeHistory',
  'eth_getBalance',
  'eth_getCode',
  'eth_getStorageAt',
  'eth_getTransactionCount',
  'eth_getProof',
  'eth_call',
  'eth_estimateGas',
  'eth_createAccessList',
  'eth_getBlockByNumber',
  'eth_getBlockByHash',
  'eth_getBlockReceipts',
  'eth_getBlockTransactionCountByHash',
  'eth_getBlockTransactionCountByNumber',
  'eth_getUncleCountByBlockHash',
  'eth_getUncleCountByBlockNumber',
  'eth_getTransactionByHash',
  'eth_getTransactionByBlockHashAndIndex',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_getTransactionReceipt',
  'eth_getLogs',
  'eth_sendRawTransaction',
])

/**
 * Solana: account, block and transaction reads, fees, and sending or simulating a signed
 * transaction. Not getProgramAccounts (a scan of every account of a program: too heavy to offer to
 * any page) nor requestAirdrop.
 */
export const SOLANA_METHODS: ReadonlySet<string> = new Set([
  'getAccountInfo',
  'getBalance',
  'getBlock',
  'getBlockHeight',
  'getBlockTime',
  'getEpochInfo',
  'getEpochSchedule',
  'getFeeForMessage',
  'getFirstAvailableBlock',
  'getGenesisHash',
  'getHealth',
  'getLatestBlockhash',
  'getMinimumBalanceForRentExemption',
  'getMultipleAccounts',
  'getRecentPrioritizationFees',
  'getSignatureStatuses',
  'getSignaturesForAddress',
  'getSlot',
  'getTokenAccountBalance',
  'getTokenAccountsByOwner',
  'getTokenSupply',
  'getTransaction',
  'getVersion',
  'isBlockhashValid',
  'sendTransaction',
  'simulateTransaction',
])

/** The allowlist of a chain's namespace (eip155 or solana); undefined for a namespace not proxied. */
export function methodsOf(caipNetworkId: string): ReadonlySet<string> | undefined {
  const namespace = caipNetworkId.split(':')[0]
  return namespace === 'eip155' ? EVM_METHODS : namespace === 'solana' ? SOLANA_METHODS : undefined
}

/** Widest eth_getLogs block range served (inclusive count of blocks). */
export const DEFAULT_MAX_LOG_RANGE = 10_000

const TAGS_AT_HEAD = new Set(['latest', 'pending', 'safe', 'finalized'])

/**
 * The block number a getLogs bound stands for: hex quantities as is, `earliest` 0, the head tags
 * the head (needs `head`), undefined when it is not a block bound.
 */
export function blockBound(value: unknown, head: bigint | undefined): bigint | undefined | 'head' {
  if (value === undefined || (typeof value === 'string' && TAGS_AT_HEAD.has(value))) return head ?? 'head'
  if (value === 'earliest') return 0n
  if (typeof value === 'string' && /^0x[0-9a-fA-F]{1,16}$/.test(value)) return BigInt(value)
  return undefined
}
