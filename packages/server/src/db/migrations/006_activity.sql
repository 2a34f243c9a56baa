-- Account activity (GET /v1/account/{address}/history), indexed from each configured EVM chain by
-- the follower in src/indexer/: native value transfers and ERC-20 Transfer logs of any contract.
-- Its own schema, so the public schema keeps only the API's tables.
CREATE SCHEMA portico_activity;

-- One movement of value. `log_index` is -1 for a transaction's native value. Addresses are lower-case
-- 0x hex; `token` is NULL for the native currency. `tx_from` / `tx_to` are the transaction's own
-- sender and recipient (NULL for a contract creation). `status`: the receipt's, 'success' or
-- 'failed' (a reverted transaction moves nothing: it is kept as one native row, amount = its value).
CREATE TABLE portico_activity.transfers (
  chain_id bigint NOT NULL,
  block_number bigint NOT NULL,
  block_hash text NOT NULL,
  tx_hash text NOT NULL,
  tx_index integer NOT NULL,
  log_index integer NOT NULL,
  tx_from text NOT NULL,
  tx_to text,
  from_address text NOT NULL,
  to_address text NOT NULL,
  amount numeric(78, 0) NOT NULL,
  token text,
  mined_at timestamptz NOT NULL,
  status text NOT NULL CHECK (status IN ('success', 'failed')),
  PRIMARY KEY (chain_id, tx_hash, log_index)
);
CREATE INDEX activity_transfers_from_idx ON portico_activity.transfers (from_address, mined_at DESC, chain_id, block_number DESC, tx_index DESC);
CREATE INDEX activity_transfers_to_idx ON portico_activity.transfers (to_address, mined_at DESC, chain_id, block_number DESC, tx_index DESC);
CREATE INDEX activity_transfers_block_idx ON portico_activity.transfers (chain_id, block_number);

-- The hash of each recently indexed block (the follower keeps a window), to find the common
-- ancestor after a reorg.
CREATE TABLE portico_activity.blocks (
  chain_id bigint NOT NULL,
  block_number bigint NOT NULL,
  block_hash text NOT NULL,
  PRIMARY KEY (chain_id, block_number)
);

-- Per chain: the last indexed block.
CREATE TABLE portico_activity.cursors (
  chain_id bigint PRIMARY KEY,
  block_number bigint NOT NULL,
  block_hash text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Metadata of token contracts that are not configured, read once from the chain. NULL fields: the
-- read failed (the transfers are then shown without a name/symbol, the amount in base units).
CREATE TABLE portico_activity.tokens (
  chain_id bigint NOT NULL,
  address text NOT NULL,
  name text,
  symbol text,
  decimals integer,
  PRIMARY KEY (chain_id, address)
);
