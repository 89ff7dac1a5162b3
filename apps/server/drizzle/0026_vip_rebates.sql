-- VIP levels and real-time rebates (docs/design.md §8). Amounts in minor units (fen).

-- VIP0–VIP10: a level is reached when the lifetime valid bet AND the lifetime deposits both reach
-- its thresholds (rising from level to level). Passing a level grants its upgrade bonus once; the
-- weekly (Mondays) and monthly (the 1st) gifts go to the players at the level. Bonuses and gifts
-- are rewards to claim, with turnover_multiple × their amount to bet before a withdrawal.
CREATE TABLE vip_levels (
  level integer PRIMARY KEY CHECK (level BETWEEN 0 AND 10),
  min_valid_bet bigint NOT NULL CHECK (min_valid_bet >= 0),
  min_deposits bigint NOT NULL CHECK (min_deposits >= 0),
  upgrade_bonus bigint NOT NULL CHECK (upgrade_bonus >= 0),
  weekly_gift bigint NOT NULL CHECK (weekly_gift >= 0),
  monthly_gift bigint NOT NULL CHECK (monthly_gift >= 0),
  turnover_multiple integer NOT NULL CHECK (turnover_multiple >= 0),
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO vip_levels (level, min_valid_bet, min_deposits, upgrade_bonus, weekly_gift, monthly_gift, turnover_multiple)
VALUES
  (0, 0, 0, 0, 0, 0, 1),
  (1, 100000, 10000, 800, 200, 500, 1),
  (2, 1000000, 100000, 1800, 500, 1200, 1),
  (3, 5000000, 500000, 5800, 1200, 3800, 1),
  (4, 20000000, 2000000, 18800, 2800, 8800, 1),
  (5, 50000000, 5000000, 38800, 5800, 18800, 1),
  (6, 100000000, 10000000, 88800, 11800, 38800, 1),
  (7, 300000000, 30000000, 188800, 28800, 88800, 1),
  (8, 800000000, 80000000, 388800, 58800, 188800, 1),
  (9, 2000000000, 200000000, 888800, 128800, 388800, 1),
  (10, 5000000000, 500000000, 1888800, 288800, 888800, 1);

-- Rebate rate by level and game type in basis points (1 bp = 0.01 %); a bet accrues at the rate
-- of the player's level when it settles.
CREATE TABLE rebate_rates (
  vip_level integer NOT NULL REFERENCES vip_levels (level),
  game_type text NOT NULL CHECK (game_type IN ('taiqiu', 'slots', 'poker')),
  rate_bp integer NOT NULL CHECK (rate_bp BETWEEN 0 AND 500),
  PRIMARY KEY (vip_level, game_type)
);
-- 0.40 % / 0.50 % / 0.30 % at VIP0, 0.10 % more a level: 1.40 % / 1.50 % / 1.30 % at VIP10.
INSERT INTO rebate_rates (vip_level, game_type, rate_bp)
SELECT level, game_type, base + 10 * level
FROM vip_levels, (VALUES ('taiqiu', 40), ('slots', 50), ('poker', 30)) AS t (game_type, base);

-- Withdrawals per day by level live with the withdrawals (0005); 0 now means none at that level.
ALTER TABLE vip_withdraw_limits DROP CONSTRAINT vip_withdraw_limits_per_day_check;
ALTER TABLE vip_withdraw_limits ADD CONSTRAINT vip_withdraw_limits_per_day_check CHECK (per_day >= 0);
INSERT INTO vip_withdraw_limits (vip_level, per_day) VALUES
  (0, 3), (1, 3), (2, 4), (3, 4), (4, 5), (5, 5), (6, 6), (7, 7), (8, 8), (9, 9), (10, 10)
ON CONFLICT (vip_level) DO UPDATE SET per_day = excluded.per_day;

-- Lifetime figures counted towards the levels, each settled bet and credited deposit once.
CREATE TABLE vip_progress (
  user_id bigint PRIMARY KEY REFERENCES users (id),
  valid_bet bigint NOT NULL DEFAULT 0 CHECK (valid_bet >= 0),
  deposits bigint NOT NULL DEFAULT 0 CHECK (deposits >= 0),
  updated_at timestamptz NOT NULL
);
CREATE TABLE vip_progress_events (
  reference_table text NOT NULL,
  reference_id text NOT NULL,
  user_id bigint NOT NULL REFERENCES users (id),
  valid_bet bigint NOT NULL CHECK (valid_bet >= 0),
  deposit bigint NOT NULL CHECK (deposit >= 0),
  created_at timestamptz NOT NULL,
  PRIMARY KEY (reference_table, reference_id)
);

-- Upgrade bonuses (period: the level) and weekly (yyyy-Www) and monthly (yyyy-mm) gifts granted,
-- each once per player and period, with the reward it became.
CREATE TABLE vip_gifts (
  user_id bigint NOT NULL REFERENCES users (id),
  kind text NOT NULL CHECK (kind IN ('upgrade', 'weekly', 'monthly')),
  period text NOT NULL,
  level integer NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  reward_id bigint NOT NULL REFERENCES rewards (id),
  created_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, kind, period)
);
-- A period's gift run that went through every player: after its grant day a period is caught up
-- (the server was down all Monday, a run failed) only until it has one.
CREATE TABLE vip_gift_runs (
  kind text NOT NULL CHECK (kind IN ('weekly', 'monthly')),
  period text NOT NULL,
  completed_at timestamptz NOT NULL,
  PRIMARY KEY (kind, period)
);
-- The gift jobs look for the players above VIP0.
CREATE INDEX users_vip_level ON users (vip_level) WHERE vip_level > 0;

-- What each player's settled bets accrued per game type, in total: the valid bet and the rebate in
-- cent·basis points (Σ valid bet × rate at settlement, so a level change keeps the rate each bet
-- earned). Only settlements write it; claims add what they paid for to rebate_paid instead, so a
-- claim and a settlement never wait for each other's rows (no deadlock whatever the bet order).
CREATE TABLE rebate_accruals (
  user_id bigint NOT NULL REFERENCES users (id),
  game_type text NOT NULL CHECK (game_type IN ('taiqiu', 'slots', 'poker')),
  valid_bet bigint NOT NULL DEFAULT 0 CHECK (valid_bet >= 0),
  accrued bigint NOT NULL DEFAULT 0 CHECK (accrued >= 0),
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, game_type)
);
-- What claims paid for, in total: the valid bet and amount × 10000. Claimable now: accrued − paid,
-- in whole cents; the sub-cent rest stays for the next claim.
CREATE TABLE rebate_paid (
  user_id bigint NOT NULL REFERENCES users (id),
  game_type text NOT NULL CHECK (game_type IN ('taiqiu', 'slots', 'poker')),
  valid_bet bigint NOT NULL DEFAULT 0 CHECK (valid_bet >= 0),
  accrued bigint NOT NULL DEFAULT 0 CHECK (accrued >= 0),
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, game_type)
);
-- Each settled bet accrued once, with the rate it earned.
CREATE TABLE rebate_accrual_events (
  reference_table text NOT NULL,
  reference_id text NOT NULL,
  user_id bigint NOT NULL REFERENCES users (id),
  game_type text NOT NULL,
  valid_bet bigint NOT NULL CHECK (valid_bet > 0),
  rate_bp integer NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (reference_table, reference_id)
);

-- A claim: one ledger transfer rebate_expense → player (code rebate, reference this row); items
-- are the game types it paid, each with the valid bet it paid for.
CREATE TABLE rebate_claims (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  amount bigint NOT NULL CHECK (amount > 0),
  valid_bet bigint NOT NULL CHECK (valid_bet >= 0),
  items jsonb NOT NULL,
  created_at timestamptz NOT NULL
);
-- The player's logs and last claim; the operator's list, newest first.
CREATE INDEX rebate_claims_user ON rebate_claims (user_id, created_at DESC, id DESC);
CREATE INDEX rebate_claims_created ON rebate_claims (created_at DESC, id DESC);
