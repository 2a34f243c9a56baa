-- Issue 22 §3: the device-approval page and the sign-in notices name the requesting site, the
-- browser and the time; the notices carry one-click (one POST) session revocation links.

-- What the approval page and mail show: the site the login started from (as the frame reported
-- the host page's origin), the browser (summarised from the User-Agent) and when it was asked.
ALTER TABLE portico_auth.device_tokens ADD COLUMN site text;
ALTER TABLE portico_auth.device_tokens ADD COLUMN browser text;
ALTER TABLE portico_auth.device_tokens ADD COLUMN requested_at timestamptz;

-- The site of the last login start of a device, for the "new sign-in" notice of its session.
ALTER TABLE portico_auth.devices ADD COLUMN site text;

-- Revocation links mailed with the notices: the token's HMAC, single use. scope 'one' revokes
-- session_id; 'others' every session of the user but keep_session_id; 'all' every session.
CREATE TABLE portico_auth.revoke_tokens (
  token_hash text PRIMARY KEY,
  user_id text NOT NULL REFERENCES portico_auth.users (id) ON DELETE CASCADE,
  scope text NOT NULL CHECK (scope IN ('one', 'others', 'all')),
  session_id text,
  keep_session_id text,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX auth_revoke_tokens_expires_idx ON portico_auth.revoke_tokens (expires_at);
