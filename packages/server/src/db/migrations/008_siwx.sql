-- Sign in with the wallet (SIWX, routes/siwx.ts): nonces, sessions, and the key that signs the
-- sessions' tokens. Its own schema, so the public schema keeps only the API's tables.
CREATE SCHEMA portico_siwx;

-- A nonce given by POST /v1/siwx/nonce: single use (`used_at` set by the sign-in that spends it),
-- valid until `expires_at` (10 minutes).
CREATE TABLE portico_siwx.nonces (
  nonce text PRIMARY KEY,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX siwx_nonces_expires_at_idx ON portico_siwx.nonces (expires_at);

-- A signed-in session: the account (`address` on the CAIP-2 `chain_id`), what it signed, and its
-- life: valid from `issued_at` until `expires_at` unless `revoked_at` is set.
CREATE TABLE portico_siwx.sessions (
  id text PRIMARY KEY,
  address text NOT NULL,
  chain_id text NOT NULL,
  domain text NOT NULL,
  uri text NOT NULL,
  message text NOT NULL,
  signature text NOT NULL,
  issued_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX siwx_sessions_account_idx ON portico_siwx.sessions (chain_id, address);
CREATE INDEX siwx_sessions_expires_at_idx ON portico_siwx.sessions (expires_at);

-- The ES256 key pair of the session tokens, generated on first use when none is configured (so a
-- restart keeps the tokens valid). The newest row signs; every row is published in the JWKS.
CREATE TABLE portico_siwx.signing_keys (
  kid text PRIMARY KEY,
  private_jwk jsonb NOT NULL,
  public_jwk jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
