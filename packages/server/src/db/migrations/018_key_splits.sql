-- Issue 22 §2: a new device recovers the wallet. Its frame rebuilds the key from the first split's auth
-- and recovery shares (the recovery share opened with the user's secret), splits it again and keeps the
-- new device share; the API keeps that split's auth share and recovery blob beside the first split's.
-- Shares of two splits never combine (each split has its own random polynomial), so the API still holds
-- no two shares of one split, and each device keeps signing with its own. The first split is 'primary'.
ALTER TABLE portico_auth.key_shares ADD COLUMN split text NOT NULL DEFAULT 'primary';
ALTER TABLE portico_auth.key_shares DROP CONSTRAINT key_shares_pkey;
ALTER TABLE portico_auth.key_shares ADD PRIMARY KEY (user_id, kind, split);
