-- House accounts in shards (docs/design.md §5): each house account kind is up to HOUSE_SHARDS rows
-- (modules/wallet/tables.ts), a transfer moving the shard of its player, so that transfers of
-- different players do not all queue for one row from their house move to their commit. Every
-- shard is an account like any other (its own entries and balances after); the house account is
-- the sum of its shards. The rows there are already are shard 0.
ALTER TABLE accounts ADD COLUMN shard smallint NOT NULL DEFAULT 0;

ALTER TABLE accounts
  ADD CONSTRAINT accounts_shard_of_house CHECK (shard >= 0 AND (owner_id IS NULL OR shard = 0));

ALTER TABLE accounts DROP CONSTRAINT accounts_owner_kind;
ALTER TABLE accounts ADD CONSTRAINT accounts_owner_kind_shard UNIQUE NULLS NOT DISTINCT (owner_id, kind, shard);
