-- Issue 22 §1: key shares. With the auth service's keyCustody 'shares', a user's keys are made in the
-- frame and split 2-of-3 there (device, auth, recovery); the API keeps only:
--   auth_share: the auth share, AES-256-GCM sealed under the KEK (AAD: user, kind, address); it is
--               released only to the session's own ECDH key (sessions.encryption_key), sealed to it;
--   recovery:   the recovery share encrypted in the frame under a key only the user has (a recovery
--               secret or a passkey's PRF output): a blob the API stores and can not open.
-- One row per user and kind, written once. A user of the old custody (portico_auth.user_keys, the
-- whole key sealed) is migrated at a login: the row here is written and the sealed whole key deleted
-- in one transaction.
CREATE TABLE portico_auth.key_shares (
  user_id text NOT NULL REFERENCES portico_auth.users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('evm', 'solana')),
  address text NOT NULL,
  auth_share text NOT NULL,
  recovery jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, kind)
);

-- A user made under 'shares' has no address until the frame uploads its keys' shares.
ALTER TABLE portico_auth.users ALTER COLUMN evm_address DROP NOT NULL;
ALTER TABLE portico_auth.users ALTER COLUMN solana_address DROP NOT NULL;

-- The frame session's second key: P-256 ECDH (raw public key, base64url), registered by the login
-- finish. Auth shares (and, once, a legacy whole key) are released only sealed to it.
ALTER TABLE portico_auth.sessions ADD COLUMN encryption_key text;

-- A legacy whole key is released for migration at most once per session: the last session it went to.
ALTER TABLE portico_auth.user_keys ADD COLUMN released_to text;
