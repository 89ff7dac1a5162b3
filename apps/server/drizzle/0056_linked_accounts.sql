-- Linked accounts (docs/design.md §9, "Linked accounts") and withdrawal account numbers at rest.

-- The id the player app keeps for its device, sent with every call (null from other clients).
ALTER TABLE sessions ADD COLUMN device_id text CHECK (length(device_id) <= 64);
CREATE INDEX sessions_device ON sessions (device_id, user_id) WHERE device_id IS NOT NULL;
-- Players who logged in from one address within the last 30 days.
CREATE INDEX sessions_address ON sessions (ip, created_at) WHERE ip IS NOT NULL;

-- A withdrawal account's number is kept sealed in `identifier` (the secrets key is not in the
-- database), shown masked, and compared by a keyed hash: a duplicate of the player's own, or an
-- account another player bound. Rows bound before this are sealed and hashed at start
-- (withdrawals/sealed-numbers.ts); until then `identifier_hash` is null.
ALTER TABLE withdrawal_accounts ADD COLUMN identifier_hash text;
ALTER TABLE withdrawal_accounts ADD COLUMN masked text;
DROP INDEX withdrawal_accounts_unique;
CREATE UNIQUE INDEX withdrawal_accounts_unique ON withdrawal_accounts (user_id, type, identifier_hash);

-- What a player has bound that another player may share, kept after it is unbound or changed:
-- a withdrawal account by its keyed hash (above), a mobile as users keeps it.
CREATE TABLE player_identifiers (
  user_id bigint NOT NULL REFERENCES users (id),
  kind text NOT NULL CHECK (kind IN ('account', 'mobile')),
  key text NOT NULL,
  first_seen_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, kind, key)
);
CREATE INDEX player_identifiers_by_key ON player_identifiers (kind, key, user_id);
-- The mobiles bound so far, and those proved with a code before (a bound mobile changed since).
INSERT INTO player_identifiers (user_id, kind, key, first_seen_at)
SELECT id, 'mobile', mobile, created_at FROM users WHERE mobile IS NOT NULL
UNION
SELECT user_id, 'mobile', mobile, min(used_at) FROM sms_codes
 WHERE used_at IS NOT NULL AND user_id IS NOT NULL AND purpose IN ('bind', 'change')
 GROUP BY user_id, mobile
ON CONFLICT DO NOTHING;
