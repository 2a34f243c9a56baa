-- The auth service of the embedded wallet (email login, devices, sessions, key custody).
-- Its own schema, so the public schema keeps only the API's tables.
CREATE SCHEMA portico_auth;

-- A user: an email (lower-cased) or a social identity, and the addresses of their two keys.
CREATE TABLE portico_auth.users (
  id text PRIMARY KEY,
  email text UNIQUE,
  user_name text,
  social_provider text,
  evm_address text NOT NULL,
  solana_address text NOT NULL,
  preferred_account_type text NOT NULL DEFAULT 'eoa' CHECK (preferred_account_type IN ('eoa', 'smartAccount')),
  smart_account_enabled_networks jsonb NOT NULL DEFAULT '[]'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The users' private keys, AES-256-GCM sealed under a key derived from the KEK (never stored in
-- the clear); the AAD binds each to its user and kind.
CREATE TABLE portico_auth.user_keys (
  user_id text NOT NULL REFERENCES portico_auth.users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('evm', 'solana')),
  sealed text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, kind)
);

-- Devices (the frame's device id) per email; approved once the emailed link is opened.
CREATE TABLE portico_auth.devices (
  email text NOT NULL,
  device_id text NOT NULL,
  approved_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (email, device_id)
);

-- Device approval links: the token's HMAC, single use, short-lived.
CREATE TABLE portico_auth.device_tokens (
  token_hash text PRIMARY KEY,
  email text NOT NULL,
  device_id text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

-- The live one-time code per (email, purpose): its HMAC, wrong tries, expiry. Deleted when used.
CREATE TABLE portico_auth.otps (
  email text NOT NULL,
  purpose text NOT NULL,
  code_hash text NOT NULL,
  device_id text,
  user_id text,
  attempts integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (email, purpose)
);

-- Every mail sent, for the rate limits (per email, per client IP).
CREATE TABLE portico_auth.mail_log (
  id bigserial PRIMARY KEY,
  email text NOT NULL,
  ip text NOT NULL,
  kind text NOT NULL,
  sent_at timestamptz NOT NULL
);
CREATE INDEX auth_mail_log_email_idx ON portico_auth.mail_log (email, sent_at);
CREATE INDEX auth_mail_log_ip_idx ON portico_auth.mail_log (ip, sent_at);

-- A pending email change: the new address, between the primary and the secondary code.
CREATE TABLE portico_auth.email_updates (
  user_id text PRIMARY KEY REFERENCES portico_auth.users (id) ON DELETE CASCADE,
  new_email text NOT NULL,
  stage text NOT NULL CHECK (stage IN ('primary', 'secondary')),
  created_at timestamptz NOT NULL
);

-- Sessions: the frame's P-256 public key (base64url SPKI) signs every request of the session.
CREATE TABLE portico_auth.sessions (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES portico_auth.users (id) ON DELETE CASCADE,
  public_key text NOT NULL,
  device_id text,
  device text,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX auth_sessions_user_idx ON portico_auth.sessions (user_id);

-- Stamps seen lately (replay protection); kept until their timestamp falls out of the skew window.
CREATE TABLE portico_auth.stamps (
  session_id text NOT NULL,
  stamp text NOT NULL,
  timestamp_ms bigint NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (session_id, timestamp_ms, stamp)
);
CREATE INDEX auth_stamps_expires_idx ON portico_auth.stamps (expires_at);
