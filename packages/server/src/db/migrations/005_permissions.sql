-- ERC-7715 permissions granted by embedded-wallet users to an app's signer (wallet_grantPermissions),
-- executed by that signer through POST /v1/permissions/execute within the granted limits.

-- One grant. `id` is the permission context (32 random bytes, hex, no 0x). `signer`: the
-- lower-case address whose EIP-712 signature authorises an execution. `contracts`: the allowed
-- targets, JSON [{ address, selectors: string[] | null }]. Native value: `allowance` wei in all
-- (period_s NULL) or per period of `period_s` seconds from `starts_at`; NULL allowance: no value.
CREATE TABLE portico_auth.permissions (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES portico_auth.users (id) ON DELETE CASCADE,
  chain_id bigint NOT NULL,
  signer text NOT NULL,
  contracts jsonb NOT NULL,
  allowance numeric(78, 0),
  period_s bigint,
  starts_at timestamptz NOT NULL,
  spent numeric(78, 0) NOT NULL DEFAULT 0,
  spent_period bigint NOT NULL DEFAULT 0,
  granted jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX auth_permissions_user_idx ON portico_auth.permissions (user_id);

-- Execution nonces, single use per permission (a replayed execution is refused).
CREATE TABLE portico_auth.permission_nonces (
  permission_id text NOT NULL REFERENCES portico_auth.permissions (id) ON DELETE CASCADE,
  nonce text NOT NULL,
  used_at timestamptz NOT NULL,
  PRIMARY KEY (permission_id, nonce)
);
