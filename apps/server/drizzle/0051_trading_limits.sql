-- Trading limits (docs/design.md §9, "Limits"): the book's defaults (a liability limit per market
-- type, none until an admin sets one, and the stake of a big bet), each player's stake factor and
-- maximum stake, and the alerts raised to the traders until one acknowledges them. A match's own
-- limit per market type is kept with its other market settings (taiqiu_matches.market_settings).
CREATE TABLE taiqiu_trading_rules (
  id int PRIMARY KEY CHECK (id = 1),
  -- market type → the most the book may lose on one market of it, minor units
  liability_limits jsonb NOT NULL,
  big_bet bigint CHECK (big_bet > 0),
  updated_at timestamptz NOT NULL
);
INSERT INTO taiqiu_trading_rules (id, liability_limits, big_bet, updated_at) VALUES (1, '{}', NULL, now());

CREATE TABLE taiqiu_player_limits (
  user_id bigint PRIMARY KEY REFERENCES users (id),
  -- every market's maximum stake times this, in basis points (10000: as the market says)
  stake_factor_bp int NOT NULL CHECK (stake_factor_bp BETWEEN 100 AND 10000),
  max_stake bigint CHECK (max_stake > 0),
  updated_at timestamptz NOT NULL
);

CREATE TABLE taiqiu_alerts (
  id bigserial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('limit', 'big_bet', 'both_sides')),
  match_id bigint NOT NULL,
  market_id bigint NOT NULL,
  user_id bigint,
  bet_no text,
  -- limit: the market's worst case when it was reached; big_bet and both_sides: the bet's stake
  amount bigint NOT NULL,
  at timestamptz NOT NULL,
  acked_by text,
  acked_at timestamptz,
  CHECK ((acked_by IS NULL) = (acked_at IS NULL))
);
CREATE INDEX taiqiu_alerts_recent ON taiqiu_alerts (id DESC);
-- The traders' queue: those not yet acknowledged, newest first, and their count.
CREATE INDEX taiqiu_alerts_open ON taiqiu_alerts (id DESC) WHERE acked_at IS NULL;

-- A bet above what a market's limit still takes is cut to it: the stake asked is kept beside the
-- stake taken (a replay of the request answers with the cut bet).
ALTER TABLE bets ADD COLUMN asked_stake bigint, ADD CONSTRAINT bets_asked_stake CHECK (asked_stake > stake);
