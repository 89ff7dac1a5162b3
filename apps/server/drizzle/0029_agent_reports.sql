-- Agent back-office II (docs/design.md §8 Agents; docs/screens.md Agent area): daily roll-ups per (member,
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

-- Backfill: what happened before this migration, rolled up from the raw rows on the site day of
-- each event (the configured time zone; the seed's Asia/Shanghai when none is set yet) exactly
-- as the events' own transactions add them from now on. Each event gives (figure, value) pairs,
-- summed per (member, day, game type). A bet counts on its settlement's day with its whole
-- payout (a provider's later win included).
INSERT INTO agent_daily (
  user_id, day, game_type, registrations, deposits, deposit_count, first_deposit_count, first_deposits,
  deposit_fees, withdrawals, withdrawal_count, withdrawal_fees, bet_count, stake, valid_bet, payout,
  insurance_premiums, insurance_payouts, rebates, bonuses, transfers_in, transfers_out
)
SELECT
  e.user_id, (e.at AT TIME ZONE zone.name)::date, e.game_type,
  coalesce(sum(e.v) FILTER (WHERE e.k = 'registrations'), 0),
  coalesce(sum(e.v) FILTER (WHERE e.k = 'deposits'), 0),
  coalesce(sum(e.v) FILTER (WHERE e.k = 'deposit_count'), 0),
  coalesce(sum(e.v) FILTER (WHERE e.k = 'first_deposit_count'), 0),
  coalesce(sum(e.v) FILTER (WHERE e.k = 'first_deposits'), 0),
  coalesce(sum(e.v) FILTER (WHERE e.k = 'deposit_fees'), 0),
  coalesce(sum(e.v) FILTER (WHERE e.k = 'withdrawals'), 0),
  coalesce(sum(e.v) FILTER (WHERE e.k = 'withdrawal_count'), 0),
  coalesce(sum(e.v) FILTER (WHERE e.k = 'withdrawal_fees'), 0),
  coalesce(sum(e.v) FILTER (WHERE e.k = 'bet_count'), 0),
  coalesce(sum(e.v) FILTER (WHERE e.k = 'stake'), 0),
  coalesce(sum(e.v) FILTER (WHERE e.k = 'valid_bet'), 0),
  coalesce(sum(e.v) FILTER (WHERE e.k = 'payout'), 0),
  coalesce(sum(e.v) FILTER (WHERE e.k = 'insurance_premiums'), 0),
  coalesce(sum(e.v) FILTER (WHERE e.k = 'insurance_payouts'), 0),
  coalesce(sum(e.v) FILTER (WHERE e.k = 'rebates'), 0),
  coalesce(sum(e.v) FILTER (WHERE e.k = 'bonuses'), 0),
  coalesce(sum(e.v) FILTER (WHERE e.k = 'transfers_in'), 0),
  coalesce(sum(e.v) FILTER (WHERE e.k = 'transfers_out'), 0)
FROM (
  SELECT id, created_at, '', 'registrations', 1 FROM users
  UNION ALL
  -- A credited deposit with its fee and bonus; the member's first also as first deposit.
  SELECT d.user_id, d.paid_at, '', f.k, f.v
  FROM deposit_orders d
  CROSS JOIN LATERAL (VALUES
    ('deposits', d.amount), ('deposit_count', 1), ('deposit_fees', d.fee), ('bonuses', d.bonus),
    ('first_deposit_count', CASE WHEN d.first_deposit THEN 1 ELSE 0 END),
    ('first_deposits', CASE WHEN d.first_deposit THEN d.amount ELSE 0 END)
  ) AS f (k, v)
  WHERE d.status = 'PAID'
  UNION ALL
  SELECT w.user_id, w.paid_at, '', f.k, f.v
  FROM withdrawal_orders w
  CROSS JOIN LATERAL (VALUES
    ('withdrawals', w.amount), ('withdrawal_count', 1), ('withdrawal_fees', w.fee_amount)
  ) AS f (k, v)
  WHERE w.status = 'paid'
  UNION ALL
  -- A settled bet, or an insurance bet as premium and payout only; void bets count nothing.
  SELECT b.user_id, b.settled_at, b.game_type, f.k, f.v
  FROM bets b
  CROSS JOIN LATERAL (VALUES
    ('bet_count', 1, false), ('stake', b.stake, false), ('valid_bet', b.valid_bet, false),
    ('payout', b.payout, false), ('insurance_premiums', b.stake, true), ('insurance_payouts', b.payout, true)
  ) AS f (k, v, insurance)
  WHERE b.status IN ('won', 'lost') AND f.insurance = b.insurance
  UNION ALL
  SELECT user_id, created_at, '', 'rebates', amount FROM rebate_claims
  UNION ALL
  SELECT user_id, claimed_at, '', 'bonuses', amount FROM rewards WHERE status = 'claimed'
  UNION ALL
  SELECT agent_id, created_at, '', 'transfers_out', amount FROM agent_transfers
  UNION ALL
  SELECT member_id, created_at, '', 'transfers_in', amount FROM agent_transfers
) AS e (user_id, at, game_type, k, v)
CROSS JOIN (
  SELECT coalesce((SELECT value #>> '{}' FROM site_config WHERE key = 'timeZone'), 'Asia/Shanghai') AS name
) AS zone
GROUP BY 1, 2, 3;
