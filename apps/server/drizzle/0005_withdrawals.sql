-- Fund password attempts, withdrawal accounts, withdrawal settings and orders (docs/design.md §5, §7, §8).

-- Wrong fund (and login) passwords on fund-password checks: five in 15 minutes lock them.
CREATE TABLE fund_password_failures (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  at timestamptz NOT NULL
);
CREATE INDEX fund_password_failures_user_at ON fund_password_failures (user_id, at);

-- `identifier` is the USDT address, WeChat ID, card number or Alipay login; `real_name` the
-- card holder or account owner.
CREATE TABLE withdrawal_accounts (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  type text NOT NULL CHECK (type IN ('usdt', 'wechat', 'bank', 'alipay')),
  identifier text NOT NULL,
  network text CHECK (network IN ('TRC20', 'ERC20')),
  real_name text,
  bank_name text,
  branch text,
  alias text,
  qr_image text,
  is_default boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT withdrawal_accounts_network CHECK ((type = 'usdt') = (network IS NOT NULL))
);
CREATE UNIQUE INDEX withdrawal_accounts_unique ON withdrawal_accounts (user_id, type, lower(identifier));
CREATE UNIQUE INDEX withdrawal_accounts_one_default ON withdrawal_accounts (user_id, type) WHERE is_default;

-- The player's default withdrawal method.
CREATE TABLE withdraw_preferences (
  user_id bigint PRIMARY KEY REFERENCES users (id),
  default_type text CHECK (default_type IN ('usdt', 'wechat', 'bank', 'alipay'))
);

-- One row: limits and fee of every withdrawal (fee = max(amount × bps / 10000, fee_min_amount)).
CREATE TABLE withdraw_settings (
  id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  min_amount bigint NOT NULL CHECK (min_amount > 0),
  max_amount bigint NOT NULL,
  fee_rate_bps integer NOT NULL CHECK (fee_rate_bps BETWEEN 0 AND 10000),
  fee_min_amount bigint NOT NULL CHECK (fee_min_amount >= 0),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT withdraw_settings_range CHECK (max_amount >= min_amount)
);
INSERT INTO withdraw_settings (min_amount, max_amount, fee_rate_bps, fee_min_amount) VALUES (10000, 5000000, 0, 0);

-- Withdrawals per day by VIP level: a player gets the row of the highest level not above theirs.
CREATE TABLE vip_withdraw_limits (
  vip_level integer PRIMARY KEY CHECK (vip_level >= 0),
  per_day integer NOT NULL CHECK (per_day > 0)
);
INSERT INTO vip_withdraw_limits (vip_level, per_day) VALUES (0, 3);

-- A withdrawal: the account as it was (masked for the player, full for the operator), the
-- pending ledger transfer holding the amount, and the review: reviewing → approved → paid
-- (transfer posted) or → rejected (transfer voided, reason shown to the player).
CREATE TABLE withdrawal_orders (
  id bigserial PRIMARY KEY,
  order_no text NOT NULL UNIQUE,
  user_id bigint NOT NULL REFERENCES users (id),
  account_id bigint REFERENCES withdrawal_accounts (id) ON DELETE SET NULL,
  account_summary jsonb NOT NULL,
  account_snapshot jsonb NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  fee_amount bigint NOT NULL CHECK (fee_amount >= 0),
  net_amount bigint NOT NULL CHECK (net_amount > 0),
  status text NOT NULL CHECK (status IN ('reviewing', 'approved', 'paid', 'rejected')),
  hold_transfer_id bigint REFERENCES transfers (id),
  reason text,
  operator text,
  created_at timestamptz NOT NULL,
  approved_at timestamptz,
  paid_at timestamptz,
  rejected_at timestamptz,
  CONSTRAINT withdrawal_orders_net CHECK (net_amount = amount - fee_amount),
  CONSTRAINT withdrawal_orders_reason CHECK ((status = 'rejected') = (reason IS NOT NULL))
);
CREATE INDEX withdrawal_orders_user_time ON withdrawal_orders (user_id, created_at DESC);
CREATE INDEX withdrawal_orders_status_time ON withdrawal_orders (status, created_at);
