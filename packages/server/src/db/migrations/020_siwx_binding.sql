-- Issue 24 §2: a SIWX nonce is bound to the project and the domain it was asked for, and the token
-- signing keys agree across instances.

-- The projectId of POST /v1/siwx/nonce ('' without one) and the domain it was asked for (the `domain`
-- parameter or the Origin's host; NULL when the request named none). NULL project_id: a nonce from
-- before this migration (bound to nothing, gone within its 10 minutes).
ALTER TABLE portico_siwx.nonces ADD COLUMN project_id text;
ALTER TABLE portico_siwx.nonces ADD COLUMN domain text;

-- A stored key's private part is sealed under the KEK (`private_sealed`) when the auth service runs,
-- else kept as the JWK (`private_jwk`); a configured key (siwx.signingKey) has neither: only its
-- public part is here, so every instance publishes and accepts it. `last_used_at`: the last time an
-- instance signed with it (or loaded it to sign); the JWKS lists a key until a session's longest life
-- after that.
ALTER TABLE portico_siwx.signing_keys ALTER COLUMN private_jwk DROP NOT NULL;
ALTER TABLE portico_siwx.signing_keys ADD COLUMN private_sealed text;
ALTER TABLE portico_siwx.signing_keys ADD COLUMN last_used_at timestamptz NOT NULL DEFAULT now();
