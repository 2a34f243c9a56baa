-- Issue 23 §1: the per-day cap of the confirmation policy holds for a user across devices. What the frame let
-- through without a prompt is counted here, per user, chain and UTC day, by POST /v1/auth/policy/spend (one
-- conditional upsert: two instances or two devices at once can not both pass the cap). Base units (wei).
CREATE TABLE portico_auth.policy_spent (
  user_id text NOT NULL REFERENCES portico_auth.users (id) ON DELETE CASCADE,
  chain text NOT NULL,
  day date NOT NULL,
  spent numeric(78, 0) NOT NULL CHECK (spent >= 0),
  PRIMARY KEY (user_id, chain, day)
);
