-- Issue 22 §2: a passkey is a second factor too. A step-up challenge ('step_up') is bound to the
-- session and user that asked for it (session_id, user_id), single use and short-lived like the others.
ALTER TABLE portico_auth.passkey_challenges DROP CONSTRAINT passkey_challenges_kind_check;
ALTER TABLE portico_auth.passkey_challenges
  ADD CONSTRAINT passkey_challenges_kind_check CHECK (kind IN ('sign_up', 'sign_in', 'add', 'step_up'));
