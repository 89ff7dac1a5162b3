-- Each change a player makes to their responsible-gaming limits, as asked (a raise of a deposit
-- limit still waits its delay), for the player's timeline in the console (docs/design.md §9,
-- "Player risk"). Changes made before this table were not kept.
CREATE TABLE limit_changes (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  -- {"limit":"deposit","amounts":{"day":…}} | {"limit":"reminder","minutes":…} | {"limit":"exclusion","days":…,"until":…}
  change jsonb NOT NULL,
  at timestamptz NOT NULL
);
CREATE INDEX limit_changes_of_player ON limit_changes (user_id, at DESC, id DESC);
