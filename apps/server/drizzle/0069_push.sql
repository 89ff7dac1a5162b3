-- Web push (docs/design.md §2, "Web push"). A browser's subscription: the push service's endpoint
-- (one row each: a browser another player logs in on moves to that player) and the keys payloads
-- are encrypted to (RFC 8291), and the session that subscribed it: once that session has ended (a
-- logout on a shared phone), nothing more is pushed to the browser. The VAPID key pair is a row of
-- server_keys, its private half sealed.
CREATE TABLE push_subscriptions (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL,
  session_id bigint NOT NULL,
  endpoint text NOT NULL UNIQUE,
  p256dh text NOT NULL,
  auth text NOT NULL,
  -- The app's name for the browser: its new subscription replaces its old one.
  device_id text NOT NULL,
  user_agent text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL,
  last_success_at timestamptz
);
CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id, device_id);

-- A kind of notification the player switched on or off (no row: on).
CREATE TABLE push_kinds (
  user_id bigint NOT NULL,
  kind text NOT NULL,
  allowed boolean NOT NULL,
  PRIMARY KEY (user_id, kind)
);

-- Pushes to send, written in the transaction of what they tell of and sent after it commits by
-- any instance (rows claimed with FOR UPDATE SKIP LOCKED); a row leaves once its push is done.
CREATE TABLE push_outbox (
  id bigserial PRIMARY KEY,
  subscription_id bigint NOT NULL REFERENCES push_subscriptions (id) ON DELETE CASCADE,
  kind text NOT NULL,
  payload jsonb NOT NULL,
  attempts int NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX push_outbox_due ON push_outbox (next_attempt_at);
CREATE INDEX push_outbox_subscription ON push_outbox (subscription_id);

-- Who starred a match, or one of its players, is told when it goes live.
CREATE INDEX taiqiu_favourites_by_match ON taiqiu_favourites (match_id) WHERE match_id IS NOT NULL;
CREATE INDEX taiqiu_favourites_by_player ON taiqiu_favourites (player) WHERE player IS NOT NULL;
