-- The profit and loss's caches of closed days (docs/design.md §9, "Reports, as built";
-- platform/closed-days.ts): a settled day's bets summed per player, game and match (or provider),
-- read instead of the day's bets (bets/report-days.ts); each *_closed table marks the days cached.
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

-- The same for what the ledger credited to players' cash under the codes the profit and loss
-- reads beside the bets (wallet/report-days.ts): per day and code.
CREATE TABLE report_credit_days (
  day date NOT NULL,
  type text NOT NULL,
  amount bigint NOT NULL,
  PRIMARY KEY (day, type)
);

CREATE TABLE report_credit_days_closed (
  day date PRIMARY KEY,
  cached_at timestamptz NOT NULL DEFAULT now()
);
