-- Recharge (docs/design.md §8 Payments): channels, deposit orders, the first deposit of each player,
-- and the secrets of built-in gateways.

CREATE TABLE pay_channels (
  id serial PRIMARY KEY,
  name text NOT NULL,
  type text NOT NULL CHECK (type IN ('sandbox', 'usdt', 'alipay', 'wechat', 'bank')),
  adapter text NOT NULL CHECK (adapter IN ('sandbox', 'manual')),
  min_amount bigint NOT NULL CHECK (min_amount > 0),
  max_amount bigint NOT NULL,
  presets jsonb NOT NULL DEFAULT '[]',
  -- Basis points of the amount (100 = 1%).
  fee_rate integer NOT NULL DEFAULT 0 CHECK (fee_rate >= 0 AND fee_rate < 10000),
  bonus_rate integer NOT NULL DEFAULT 0 CHECK (bonus_rate >= 0 AND bonus_rate <= 10000),
  -- 'HH:MM' in the site's time zone; open_time = close_time: always open.
  open_time text NOT NULL DEFAULT '00:00',
  close_time text NOT NULL DEFAULT '00:00',
  recommended boolean NOT NULL DEFAULT false,
  -- Manual channels: what the player is told (usdt: network, address; bank: bank, account).
  instructions jsonb,
  sort integer NOT NULL DEFAULT 0,
  enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT pay_channels_limits CHECK (max_amount >= min_amount)
);

CREATE TABLE deposit_orders (
  id bigserial PRIMARY KEY,
  order_no text NOT NULL UNIQUE,
  user_id bigint NOT NULL REFERENCES users (id),
  channel_id integer NOT NULL REFERENCES pay_channels (id),
  amount bigint NOT NULL CHECK (amount > 0),
  fee bigint NOT NULL CHECK (fee >= 0),
  bonus bigint NOT NULL CHECK (bonus >= 0),
  -- What reaches the balance: amount − fee (the bonus is a transfer of its own).
  credited_amount bigint NOT NULL CHECK (credited_amount > 0),
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'PAID', 'EXPIRED', 'FAILED')),
  first_deposit boolean NOT NULL DEFAULT false,
  instructions jsonb,
  expires_at timestamptz NOT NULL,
  paid_at timestamptz,
  -- When it expired or failed.
  closed_at timestamptz,
  -- Manual channels: the operator who confirmed it.
  confirmed_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT deposit_orders_credit CHECK (credited_amount = amount - fee),
  CONSTRAINT deposit_orders_paid_at CHECK ((status = 'PAID') = (paid_at IS NOT NULL))
);
CREATE INDEX deposit_orders_user ON deposit_orders (user_id, created_at DESC, id DESC);
CREATE INDEX deposit_orders_pending ON deposit_orders (expires_at) WHERE status = 'PENDING';

-- The first credited deposit of each player: the INSERT that wins sets the order's flag.
CREATE TABLE first_deposits (
  user_id bigint PRIMARY KEY REFERENCES users (id),
  order_no text NOT NULL UNIQUE REFERENCES deposit_orders (order_no),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Signing secrets of built-in gateways, generated once per database.
CREATE TABLE gateway_secrets (
  gateway text PRIMARY KEY,
  secret text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
