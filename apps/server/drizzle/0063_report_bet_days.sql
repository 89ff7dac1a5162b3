-- The profit and loss's cache of closed days (docs/design.md §9, "Reports, as built"): a settled
-- day's bets summed per player, game and match (or provider), read instead of the day's bets.
-- A day is cached once it ended a grace ago (bets/report-days.ts); report_bet_days_closed marks
-- each cached day, with or without bets.
CREATE TABLE report_bet_days (
  day date NOT NULL,
  game_type text NOT NULL,
  game_name text NOT NULL,
  -- A billiards bet's match (round_id), a provider game's provider.
  round_key text NOT NULL,
  user_id bigint NOT NULL,
  bets integer NOT NULL,
  turnover bigint NOT NULL,
  valid_bet bigint NOT NULL,
  payout bigint NOT NULL,
  PRIMARY KEY (day, game_type, game_name, round_key, user_id)
);

CREATE TABLE report_bet_days_closed (
  day date PRIMARY KEY,
  cached_at timestamptz NOT NULL DEFAULT now()
);
