-- Issue 22 §2: passkey login (WebAuthn). A user may sign up with a passkey alone (no email, no
-- social identity), or add passkeys to an account they are signed in to.

-- The WebAuthn user handle of the user (random, 32 bytes in base64url): what their passkeys
-- carry as user.id. Set at the first passkey.
ALTER TABLE portico_auth.users ADD COLUMN webauthn_user_id text UNIQUE;

-- A user's passkeys: the credential id and public key (COSE, base64url) and the signature counter
-- the authenticator reported last. The relying party is the frame's host, never the host page's.
CREATE TABLE portico_auth.passkeys (
  credential_id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES portico_auth.users (id) ON DELETE CASCADE,
  public_key text NOT NULL,
  counter bigint NOT NULL DEFAULT 0,
  transports jsonb NOT NULL DEFAULT '[]'::jsonb,
  device_type text NOT NULL,
  backed_up boolean NOT NULL,
  name text NOT NULL,
  created_at timestamptz NOT NULL,
  last_used_at timestamptz
);
CREATE INDEX auth_passkeys_user_idx ON portico_auth.passkeys (user_id);

-- WebAuthn challenges: single use, short-lived. A sign-up or sign-in challenge is bound to the hash
-- of the frame's new session key (login-binding.ts); one that adds a passkey, to the session and
-- user that asked for it.
CREATE TABLE portico_auth.passkey_challenges (
  challenge text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('sign_up', 'sign_in', 'add')),
  session_key_hash text,
  device_id text,
  session_id text,
  user_id text,
  webauthn_user_id text,
  name text,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX auth_passkey_challenges_expires_idx ON portico_auth.passkey_challenges (expires_at);
