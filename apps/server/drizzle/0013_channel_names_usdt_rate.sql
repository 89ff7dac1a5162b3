-- Recharge channels get an English name (null: the Chinese one is used), and a USDT deposit keeps
-- the exchange rate of its creation and the USDT amount the player must send, so a later change
-- of the operator's rate does not alter an order already made.

ALTER TABLE pay_channels ADD COLUMN name_en text;

-- Site currency per USDT, × 10,000 (7.2500 → 72500); the operator sets it (npm run admin -- usdt-rate).
CREATE TABLE usdt_rate (
  id int PRIMARY KEY CHECK (id = 1),
  rate_bp bigint NOT NULL CHECK (rate_bp > 0),
  updated_at timestamptz NOT NULL DEFAULT now()
);

ALTER TABLE deposit_orders ADD COLUMN usdt_rate_bp bigint;
-- USDT × 100 (two decimals), rounded up so the site receives at least the order's amount.
ALTER TABLE deposit_orders ADD COLUMN usdt_amount bigint;
