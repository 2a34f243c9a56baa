-- Issue 22 §2: a second factor (TOTP, RFC 6238) and the step-up mark it gives a session.

-- One TOTP secret per user, sealed under the KEK (AES-256-GCM, its own associated data). Pending
-- (confirmed_at NULL) until a first valid code confirms it. last_step: the time step of the last
-- accepted code (a code of that step or an earlier one is refused: each code works once).
-- failed_attempts since failed_since: wrong codes, which lock the user's TOTP for a while.
CREATE TABLE portico_auth.totp (
  user_id text PRIMARY KEY REFERENCES portico_auth.users (id) ON DELETE CASCADE,
  sealed_secret text NOT NULL,
  confirmed_at timestamptz,
  last_step bigint,
  failed_attempts integer NOT NULL DEFAULT 0,
  failed_since timestamptz,
  created_at timestamptz NOT NULL
);

-- A session whose user verified a second factor: sensitive actions (key export) are allowed
-- until `until` (a few minutes). `factor` names what was verified ('totp'; a passkey may add its own).
CREATE TABLE portico_auth.step_ups (
  session_id text PRIMARY KEY REFERENCES portico_auth.sessions (id) ON DELETE CASCADE,
  factor text NOT NULL,
  until timestamptz NOT NULL
);
