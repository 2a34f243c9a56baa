-- Issue 22 §3: a login belongs to the frame that started it. Each start keeps the hash (SHA-256,
-- base64url) of the frame's session public key; its finish is taken only from that key. A social
-- login's result is posted to the frame's origin, kept here too. Rows from before have neither and
-- can not be finished: they live at most ten minutes.
ALTER TABLE portico_auth.otps ADD COLUMN session_key_hash text;
ALTER TABLE portico_auth.social_states ADD COLUMN session_key_hash text;
ALTER TABLE portico_auth.social_states ADD COLUMN frame_origin text;
ALTER TABLE portico_auth.farcaster_channels ADD COLUMN session_key_hash text;
