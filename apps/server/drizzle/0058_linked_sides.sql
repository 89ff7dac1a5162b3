-- Linked players on opposite sides (docs/design.md §9, "Linked accounts"): a player and one linked
-- to them backing different selections of one market raise an alert naming both, found by a sweep
-- of new bets after they are placed (never on the bet's own path).
ALTER TABLE taiqiu_alerts DROP CONSTRAINT taiqiu_alerts_kind_check;
ALTER TABLE taiqiu_alerts ADD CONSTRAINT taiqiu_alerts_kind_check
  CHECK (kind IN ('limit', 'big_bet', 'both_sides', 'linked_sides'));
ALTER TABLE taiqiu_alerts ADD COLUMN linked_user_id bigint;
ALTER TABLE taiqiu_alerts ADD CONSTRAINT taiqiu_alerts_linked_user
  CHECK ((kind = 'linked_sides') = (linked_user_id IS NOT NULL));
-- One alert per market and pair of players, whichever bet came second.
CREATE UNIQUE INDEX taiqiu_alerts_linked_pair
  ON taiqiu_alerts (market_id, least(user_id, linked_user_id), greatest(user_id, linked_user_id))
  WHERE kind = 'linked_sides';

-- How far the sweep has read the bets (it starts after the bets placed before it existed).
CREATE TABLE taiqiu_linked_sweep (
  id integer PRIMARY KEY CHECK (id = 1),
  last_bet_id bigint NOT NULL
);
INSERT INTO taiqiu_linked_sweep (id, last_bet_id) SELECT 1, COALESCE(max(id), 0) FROM bets;
