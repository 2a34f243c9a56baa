-- The names service (POST /v1/profile/account): names are unique case-insensitively, and a signed
-- registration message is accepted once.

-- One name whatever its case (the service stores names lower-cased; this holds for any writer).
CREATE UNIQUE INDEX names_lower_name_idx ON names (lower(name));

CREATE SCHEMA IF NOT EXISTS portico_names;

-- Registration messages already used: `key` is the hex SHA-256 of the lower-case address, a newline
-- and the message text. A replayed (message, signature) is refused; rows older than the freshness
-- window of a message's timestamp can be pruned, the timestamp check refuses those messages anyway.
CREATE TABLE portico_names.used_messages (
  key text PRIMARY KEY,
  used_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX names_used_messages_used_at_idx ON portico_names.used_messages (used_at);
