-- Rewards, the daily betting task and the daily wheel (docs/design.md §8).

-- A grant waiting in the player's 领奖 (/user/lingjiang). No money moves until it is claimed: the
-- claim is a ledger transfer bonus_expense → player (code bonus, reference this row) and adds
-- amount × turnover_multiple to the turnover a withdrawal needs. grant_key makes each grant once
-- (e.g. task:<user>:<date>:<tier>, spin:<draw>, vip_upgrade:<user>:<level>).
CREATE TABLE rewards (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  source text NOT NULL CHECK (source IN ('vip_upgrade', 'vip_weekly', 'vip_monthly', 'promotion', 'task', 'spin',
    'agent', 'operator', 'newbie')),
  title_zh text NOT NULL,
  title_en text NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  turnover_multiple integer NOT NULL CHECK (turnover_multiple >= 0),
  status text NOT NULL DEFAULT 'unclaimed' CHECK (status IN ('unclaimed', 'claimed', 'expired')),
  grant_key text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  claimed_at timestamptz,
  CONSTRAINT rewards_claimed_at CHECK ((status = 'claimed') = (claimed_at IS NOT NULL))
);
-- The player's tabs (by status, newest first) and the expiry job (unclaimed, past expires_at).
CREATE INDEX rewards_user_status ON rewards (user_id, status, id DESC);
CREATE INDEX rewards_expiry ON rewards (expires_at) WHERE status = 'unclaimed';
CREATE INDEX rewards_user_source ON rewards (user_id, source, id DESC);

-- The daily betting task's tiers: today's valid bet reaching valid_bet grants amount. The
-- operator replaces the set; a tier keeps its id while its threshold stays (so a player does not
-- get it twice in a day), a tier left out is disabled.
CREATE TABLE task_tiers (
  id bigserial PRIMARY KEY,
  valid_bet bigint NOT NULL UNIQUE CHECK (valid_bet > 0),
  amount bigint NOT NULL CHECK (amount > 0),
  turnover_multiple integer NOT NULL CHECK (turnover_multiple >= 0),
  enabled boolean NOT NULL DEFAULT true,
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO task_tiers (valid_bet, amount, turnover_multiple) VALUES
  (100000, 800, 1),
  (500000, 3800, 1),
  (2000000, 12800, 1),
  (5000000, 38800, 1),
  (10000000, 88800, 1);

-- The player's valid bet per day (the site's time zone) for the task.
CREATE TABLE task_days (
  user_id bigint NOT NULL REFERENCES users (id),
  date date NOT NULL,
  valid_bet bigint NOT NULL DEFAULT 0 CHECK (valid_bet >= 0),
  PRIMARY KEY (user_id, date)
);

-- Each settled bet counted once (its reference), whatever calls countTaskBet again.
CREATE TABLE task_bets (
  reference_table text NOT NULL,
  reference_id text NOT NULL,
  user_id bigint NOT NULL REFERENCES users (id),
  date date NOT NULL,
  valid_bet bigint NOT NULL CHECK (valid_bet >= 0),
  PRIMARY KEY (reference_table, reference_id)
);

-- The wheel's eight prizes (index 0–7 clockwise). amount 0: 谢谢参与. The weights are relative
-- chances; the seeded ones (out of 10,000) make the mean prize about ¥0.86 a draw.
CREATE TABLE wheel_prizes (
  idx smallint PRIMARY KEY CHECK (idx BETWEEN 0 AND 7),
  label_zh text NOT NULL,
  label_en text NOT NULL,
  amount bigint NOT NULL CHECK (amount >= 0),
  weight integer NOT NULL CHECK (weight >= 0),
  turnover_multiple integer NOT NULL CHECK (turnover_multiple >= 0),
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO wheel_prizes (idx, label_zh, label_en, amount, weight, turnover_multiple) VALUES
  (0, '谢谢参与', 'Try again', 0, 6000, 0),
  (1, '¥0.88', '¥0.88', 88, 2500, 1),
  (2, '¥1.88', '¥1.88', 188, 900, 1),
  (3, '¥3.88', '¥3.88', 388, 400, 1),
  (4, '¥8.88', '¥8.88', 888, 150, 1),
  (5, '¥18.88', '¥18.88', 1888, 40, 1),
  (6, '¥88', '¥88', 8800, 8, 1),
  (7, '¥188', '¥188', 18800, 2, 1);

-- Each player's committed seed of a day (provably fair, platform/fair.ts): made the first time
-- the player's day is needed, before any draw on it; server_seed is shown only once the day has
-- ended. One seed per player: with one seed for everyone, another account repeating a winner's
-- client seed at the same nonce would draw the same prize.
CREATE TABLE wheel_days (
  user_id bigint NOT NULL REFERENCES users (id),
  date date NOT NULL,
  server_seed text NOT NULL,
  seed_hash text NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, date)
);

-- The player's spins of a day: 1 free + from_deposits (≤ 5), of which used. The row is locked
-- by a draw, so concurrent draws never use more than were earned.
CREATE TABLE wheel_spins (
  user_id bigint NOT NULL REFERENCES users (id),
  date date NOT NULL,
  from_deposits integer NOT NULL DEFAULT 0 CHECK (from_deposits BETWEEN 0 AND 5),
  used integer NOT NULL DEFAULT 0 CHECK (used >= 0),
  PRIMARY KEY (user_id, date),
  CONSTRAINT wheel_spins_earned CHECK (used <= 1 + from_deposits)
);

-- Deposit orders that earned a spin (or were counted at the day's maximum): each once.
CREATE TABLE wheel_deposit_orders (
  order_no text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  date date NOT NULL,
  amount bigint NOT NULL,
  created_at timestamptz NOT NULL
);

-- Draws: outcome prize_index = weightedIndex(weights, float(the player's seed of the day,
-- client_seed, nonce)), nonce = the player's draw count that day before this one. Labels and
-- weights as at the draw.
CREATE TABLE wheel_draws (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  date date NOT NULL,
  client_seed text NOT NULL,
  nonce integer NOT NULL CHECK (nonce >= 0),
  prize_index smallint NOT NULL CHECK (prize_index BETWEEN 0 AND 7),
  weights jsonb NOT NULL,
  label_zh text NOT NULL,
  label_en text NOT NULL,
  amount bigint NOT NULL CHECK (amount >= 0),
  reward_id bigint REFERENCES rewards (id),
  created_at timestamptz NOT NULL,
  UNIQUE (user_id, date, nonce),
  FOREIGN KEY (user_id, date) REFERENCES wheel_days (user_id, date)
);
CREATE INDEX wheel_draws_user ON wheel_draws (user_id, id DESC);
CREATE INDEX wheel_draws_winners ON wheel_draws (id DESC) WHERE amount > 0;
