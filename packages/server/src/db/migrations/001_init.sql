-- Registered names (SPEC §3 name record: name, registered_at, updated_at, addresses, attributes).
CREATE TABLE names (
  name text PRIMARY KEY,
  attributes jsonb NOT NULL DEFAULT '{}'::jsonb,
  registered_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The addresses a name points to, one per coin type (coin type = 0x80000000 | chain id for EVM).
CREATE TABLE name_addresses (
  name text NOT NULL REFERENCES names (name) ON DELETE CASCADE,
  coin_type bigint NOT NULL,
  address text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (name, coin_type)
);

-- Reverse lookups (identity, names for an address) search by lower-cased address.
CREATE INDEX name_addresses_address_idx ON name_addresses (lower(address));
