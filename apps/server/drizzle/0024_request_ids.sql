-- The app's idempotency key of a player's billiards bet and withdrawal request (a UUID it makes
-- per user action and sends again on a retry): a repeat answers with the row the first request
-- made. Unique per player; rows made without a key (provider bets, earlier rows) have none.
ALTER TABLE bets ADD COLUMN request_id text;
CREATE UNIQUE INDEX bets_user_request ON bets (user_id, request_id) WHERE request_id IS NOT NULL;

ALTER TABLE withdrawal_orders ADD COLUMN request_id text;
CREATE UNIQUE INDEX withdrawal_orders_user_request ON withdrawal_orders (user_id, request_id)
  WHERE request_id IS NOT NULL;
