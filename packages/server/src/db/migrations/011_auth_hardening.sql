-- Issue 22 §3: replay keys that do not depend on the spelling of a signature, and a check value of
-- the key encryption key (KEK).

-- A stamp's replay key is now the SHA-256 of what it signs (method, path with query, timestamp,
-- body) per session, so a re-encoded or high-s copy of a seen stamp is a replay too. The rows of the
-- old key are at most a minute old; they go.
DELETE FROM portico_auth.stamps;
ALTER TABLE portico_auth.stamps RENAME COLUMN stamp TO request_digest;

-- Derived from the KEK at first start (HKDF, an info of its own: it reveals nothing of the KEK or of
-- the keys derived for sealing); a later start with another KEK is refused.
CREATE TABLE portico_auth.kek_check (
  id smallint PRIMARY KEY CHECK (id = 1),
  check_value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
