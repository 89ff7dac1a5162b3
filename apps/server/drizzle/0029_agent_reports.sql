-- Agent back-office II (DESIGN.md §8 Agents; SCREENS.md Agent area): daily roll-ups per (member,
-- site day, game type) that every agent report reads instead of raw rows, the platform's
-- commission table, and settled commission (daily) and dividend (weekly) statements.

-- One row per (member, day in the site's time zone, game type); game_type '' holds the figures
-- of no game (money in and out, rebates, bonuses, transfers, registrations). Kept in the
-- transaction of the event that changes them (modules/rollups).
CREATE TABLE agent_daily (
  user_id bigint NOT NULL REFERENCES users (id),
  day date NOT NULL,
  game_type text NOT NULL CHECK (game_type IN ('', 'taiqiu', 'slots', 'poker')),
  registrations integer NOT NULL DEFAULT 0,
  deposits bigint NOT NULL DEFAULT 0,
  deposit_count integer NOT NULL DEFAULT 0,
  -- The member's first credited deposit, on its day (count 1 and its amount).
  first_deposit_count integer NOT NULL DEFAULT 0,
  first_deposits bigint NOT NULL DEFAULT 0,
  deposit_fees bigint NOT NULL DEFAULT 0,
  withdrawals bigint NOT NULL DEFAULT 0,
  withdrawal_count integer NOT NULL DEFAULT 0,
  withdrawal_fees bigint NOT NULL DEFAULT 0,
  -- Bets settled that day (won or lost; void bets count nothing), insurance bets apart.
  bet_count integer NOT NULL DEFAULT 0,
  stake bigint NOT NULL DEFAULT 0,
  valid_bet bigint NOT NULL DEFAULT 0,
  payout bigint NOT NULL DEFAULT 0,
  insurance_premiums bigint NOT NULL DEFAULT 0,
  insurance_payouts bigint NOT NULL DEFAULT 0,
  rebates bigint NOT NULL DEFAULT 0,
  bonuses bigint NOT NULL DEFAULT 0,
  transfers_in bigint NOT NULL DEFAULT 0,
  transfers_out bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, day, game_type)
);
CREATE INDEX agent_daily_day ON agent_daily (day, user_id);

-- The platform commission table (pingtaifenyong): a team valid bet of a game type on a day that
-- reaches min_valid_bet caps its agent's rate at rate_bp that day.
CREATE TABLE platform_commission_tiers (
  game_type text NOT NULL CHECK (game_type IN ('taiqiu', 'slots', 'poker')),
  min_valid_bet bigint NOT NULL CHECK (min_valid_bet >= 0),
  rate_bp integer NOT NULL CHECK (rate_bp BETWEEN 0 AND 300),
  PRIMARY KEY (game_type, min_valid_bet)
);

-- A period settled: written first in the settling transaction, so a second run (another
-- instance, or the operator again) finds it and pays nothing.
CREATE TABLE agent_settlements (
  kind text NOT NULL CHECK (kind IN ('commission', 'dividend')),
  -- The day (commission) or the week's Monday (dividend).
  period date NOT NULL,
  statements integer NOT NULL,
  paid bigint NOT NULL,
  settled_at timestamptz NOT NULL,
  PRIMARY KEY (kind, period)
);

-- Immutable statements, one per (agent, kind, period); amount > 0 is paid through the ledger
-- (code commission or dividend) in the same transaction. Dividend weeks below zero carry over.
CREATE TABLE agent_statements (
  id bigserial PRIMARY KEY,
  agent_id bigint NOT NULL REFERENCES users (id),
  kind text NOT NULL CHECK (kind IN ('commission', 'dividend')),
  period date NOT NULL,
  base bigint NOT NULL,
  carry_in bigint NOT NULL DEFAULT 0 CHECK (carry_in <= 0),
  carry_out bigint NOT NULL DEFAULT 0 CHECK (carry_out <= 0),
  amount bigint NOT NULL CHECK (amount >= 0),
  created_at timestamptz NOT NULL,
  UNIQUE (agent_id, kind, period)
);
CREATE INDEX agent_statements_period ON agent_statements (kind, period);

-- What a statement is made of: per member (the bettor) and game type, the base, the
-- differential rate or ratio the agent earned on it, and the amount.
CREATE TABLE agent_statement_lines (
  statement_id bigint NOT NULL REFERENCES agent_statements (id),
  member_id bigint NOT NULL REFERENCES users (id),
  game_type text NOT NULL CHECK (game_type IN ('', 'taiqiu', 'slots', 'poker')),
  base bigint NOT NULL,
  rate_bp integer NOT NULL,
  amount bigint NOT NULL,
  PRIMARY KEY (statement_id, member_id, game_type)
);
