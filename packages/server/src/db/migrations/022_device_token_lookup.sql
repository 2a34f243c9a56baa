-- A device-approval ask (POST /v1/auth/email/device) reads its device's last approval link: when it was
-- mailed and when it expires (issue 24: the wait ends DEVICE_WAIT_MS after the mail).
CREATE INDEX device_tokens_device ON portico_auth.device_tokens (email, device_id, expires_at DESC);
