-- Profile fields of the player (sex, birthday set once) and responsible gaming (docs/design.md §8):
-- deposit limits per period with a pending increase, the self-exclusion and the reality reminder.

ALTER TABLE users
  ADD COLUMN sex text NOT NULL DEFAULT 'unspecified' CHECK (sex IN ('male', 'female', 'unspecified')),
  ADD COLUMN birthday date;

-- One row per (player, period). amount: the limit in force (null: none). An increase or a removal
-- waits: pending_from is when pending_amount (null: no limit) replaces amount.
CREATE TABLE deposit_limits (
  user_id bigint NOT NULL,
  period text NOT NULL CHECK (period IN ('day', 'week', 'month')),
  amount bigint CHECK (amount > 0),
  pending_amount bigint CHECK (pending_amount > 0),
  pending_from timestamptz,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, period)
);

-- The self-exclusion in force or past (until <= now), and the reality reminder's interval.
CREATE TABLE player_limits (
  user_id bigint PRIMARY KEY,
  excluded_from timestamptz,
  excluded_until timestamptz,
  reminder_minutes integer CHECK (reminder_minutes IN (15, 30, 60)),
  updated_at timestamptz NOT NULL
);
