-- Sign In With Farcaster (the embedded wallet's Farcaster login).

-- A Farcaster account (fid) and the user it signs in; custody: the address that signed last.
CREATE TABLE portico_auth.farcaster_accounts (
  fid bigint PRIMARY KEY,
  user_id text NOT NULL UNIQUE REFERENCES portico_auth.users (id) ON DELETE CASCADE,
  custody text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Relay channels opened by POST /v1/auth/farcaster/start: the nonce the signed message must carry
-- and the device that may finish it. Single use: used_at is set when a completion is taken.
CREATE TABLE portico_auth.farcaster_channels (
  token_hash text PRIMARY KEY,
  nonce text NOT NULL,
  device_id text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX auth_farcaster_channels_expires_idx ON portico_auth.farcaster_channels (expires_at);
