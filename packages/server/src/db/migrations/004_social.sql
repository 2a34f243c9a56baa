-- Social login (OAuth 2.0 / OpenID Connect authorization code + PKCE) of the embedded wallet.

-- A provider's account (provider, its subject) and the user it signs in.
CREATE TABLE portico_auth.social_identities (
  provider text NOT NULL,
  subject text NOT NULL,
  user_id text NOT NULL REFERENCES portico_auth.users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (provider, subject)
);
CREATE INDEX auth_social_identities_user_idx ON portico_auth.social_identities (user_id);

-- Logins started by POST /v1/auth/social/start: the state's HMAC (the state itself and the PKCE
-- code verifier, derived from it, are never stored), the provider, the host page's origin (the
-- only target of the callback page's message) and the device that may finish it. Single use.
CREATE TABLE portico_auth.social_states (
  state_hash text PRIMARY KEY,
  provider text NOT NULL,
  host_origin text NOT NULL,
  device_id text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX auth_social_states_expires_idx ON portico_auth.social_states (expires_at);
