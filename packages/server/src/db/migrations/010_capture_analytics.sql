-- Email capture (POST /v1/email-capture, double opt-in) and self-hosted analytics (POST /batch, POST /e).

CREATE SCHEMA portico_capture;
CREATE SCHEMA portico_analytics;

-- One captured email per project, account and address. Stored unconfirmed with the SHA-256 of the
-- mailed token; following the link sets confirmed_at.
CREATE TABLE portico_capture.emails (
  project_id text NOT NULL,
  account text NOT NULL,
  email text NOT NULL,
  token_hash text NOT NULL,
  token_expires_at timestamptz NOT NULL,
  confirmed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, account, email)
);
CREATE UNIQUE INDEX email_captures_token_hash_idx ON portico_capture.emails (token_hash);

-- Confirmation mails sent, for the per-email resend limit.
CREATE TABLE portico_capture.mail_log (
  email text NOT NULL,
  sent_at timestamptz NOT NULL
);
CREATE INDEX email_capture_mails_email_idx ON portico_capture.mail_log (email, sent_at);

-- Tracked events (POST /batch), counted once per eventId. received_at (the server's clock) drives retention.
CREATE TABLE portico_analytics.events (
  event_id text PRIMARY KEY,
  project_id text NOT NULL,
  event text NOT NULL,
  properties jsonb,
  occurred_at timestamptz NOT NULL,
  received_at timestamptz NOT NULL
);
CREATE INDEX analytics_events_received_at_idx ON portico_analytics.events (received_at);
CREATE INDEX analytics_events_project_idx ON portico_analytics.events (project_id, occurred_at);

-- Error reports (POST /e), at most 5 a minute per project.
CREATE TABLE portico_analytics.errors (
  id bigserial PRIMARY KEY,
  project_id text NOT NULL,
  name text NOT NULL,
  message text NOT NULL,
  stack text,
  properties jsonb,
  occurred_at timestamptz NOT NULL,
  received_at timestamptz NOT NULL
);
CREATE INDEX analytics_errors_received_at_idx ON portico_analytics.errors (received_at);
CREATE INDEX analytics_errors_project_idx ON portico_analytics.errors (project_id, received_at);
