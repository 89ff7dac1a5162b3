-- The payments report (report/payments.ts) sums the withdrawals paid in a range by the time of
-- payout, as deposit_orders_paid serves the deposits credited in one.
CREATE INDEX withdrawal_orders_paid ON withdrawal_orders (paid_at) WHERE status = 'paid';
