-- Email capture (POST /v1/email-capture, double opt-in) and self-hosted analytics (POST /batch, POST /e).

-- One captured email per project, account and address. Stored unconfirmed with the SHA-256 of the
-- mailed token; following the link sets confirmed_at.
CREATE TABLE email_captures (
  project_id text NOT NULL,
  account text NOT NULL,
  email text NOT NULL,
  token_hash text NOT NULL,
  token_expires_at timestamptz NOT NULL,
  confirmed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, account, email)
);
CREATE UNIQUE INDEX email_captures_token_hash_idx ON email_captures (token_hash);

-- Confirmation mails sent, for the per-email resend limit.
CREATE TABLE email_capture_mails (
  email text NOT NULL,
  sent_at timestamptz NOT NULL
);
CREATE INDEX email_capture_mails_email_idx ON email_capture_mails (email, sent_at);

-- Tracked events (POST /batch), counted once per eventId. received_at (the server's clock) drives retention.
CREATE TABLE analytics_events (
  event_id text PRIMARY KEY,
  project_id text NOT NULL,
  event text NOT NULL,
  properties jsonb,
  occurred_at timestamptz NOT NULL,
  received_at timestamptz NOT NULL
);
CREATE INDEX analytics_events_received_at_idx ON analytics_events (received_at);
CREATE INDEX analytics_events_project_idx ON analytics_events (project_id, occurred_at);

-- Error reports (POST /e), at most 5 a minute per project.
CREATE TABLE analytics_errors (
  id bigserial PRIMARY KEY,
  project_id text NOT NULL,
  name text NOT NULL,
  message text NOT NULL,
  stack text,
  properties jsonb,
  occurred_at timestamptz NOT NULL,
  received_at timestamptz NOT NULL
);
CREATE INDEX analytics_errors_received_at_idx ON analytics_errors (received_at);
CREATE INDEX analytics_errors_project_idx ON analytics_errors (project_id, received_at);
