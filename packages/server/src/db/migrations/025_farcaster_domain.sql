-- Issue 25 §1: a Farcaster sign-in names the app that asks. A channel opened for a host page (the
-- frame's `hostOrigin`, an allowed origin) carries that page's host as the SIWE domain and its origin
-- as the URI, so the approver shows the app, not the API; the completed message must carry those.
-- NULL: the server's own domain and URI (no hostOrigin, an operator's configured domain, or a
-- channel from before this migration).
ALTER TABLE portico_auth.farcaster_channels ADD COLUMN domain text;
ALTER TABLE portico_auth.farcaster_channels ADD COLUMN siwe_uri text;
