-- Issue 24 §2: rate limits that hold across instances. Each limit is a token bucket per key (a
-- project, a client address, the whole server) kept here, taken from in one statement
-- (db/rate-limits.ts), so every instance on one database shares the same buckets.
CREATE SCHEMA IF NOT EXISTS portico_limits;
CREATE TABLE portico_limits.rate_buckets (
  scope text NOT NULL,
  key text NOT NULL,
  tokens double precision NOT NULL,
  -- When `tokens` was computed (ms since the epoch).
  at_ms bigint NOT NULL,
  -- Whether the last take was granted (read back by the statement that took).
  granted boolean NOT NULL,
  PRIMARY KEY (scope, key)
);
CREATE INDEX rate_buckets_at ON portico_limits.rate_buckets (at_ms);
