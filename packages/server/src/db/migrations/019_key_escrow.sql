-- Issue 22 §2: server-assisted recovery, off unless the operator configures a recovery key
-- (auth.recoveryKey). Then the frame seals each recovery share to that key's public half as well, and
-- the API keeps the sealed share here beside the blob it can not open. Whoever holds the recovery key
-- and this table can recover the wallet, and so sign for it: the docs say so plainly.
ALTER TABLE portico_auth.key_shares ADD COLUMN escrow jsonb;
