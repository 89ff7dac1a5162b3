-- The billiards data feed (docs/design.md §9): providers post their matches' events, signed with
-- their key; each event is kept (idempotent by the provider's id for it) and applied in its
-- match's sequence. An event ahead of a gap is held until the gap closes or a snapshot replaces
-- what came before it.
CREATE TABLE feed_providers (
  id text PRIMARY KEY,
  name text NOT NULL,
  -- HMAC-SHA256 key, sealed (platform/secret-box.ts).
  secret text NOT NULL,
  key_hint text NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  stale_seconds integer NOT NULL DEFAULT 20 CHECK (stale_seconds BETWEEN 5 AND 600),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE feed_events (
  id bigserial PRIMARY KEY,
  provider_id text NOT NULL REFERENCES feed_providers (id),
  event_id text NOT NULL,
  match_ref text NOT NULL,
  seq integer NOT NULL CHECK (seq >= 1),
  type text NOT NULL,
  body jsonb NOT NULL,
  -- SHA-256 of the event as received (its canonical JSON): the same id with another body is refused.
  body_hash text NOT NULL,
  state text NOT NULL CHECK (state IN ('applied', 'held', 'superseded')),
  received_at timestamptz NOT NULL,
  UNIQUE (provider_id, event_id)
);
CREATE INDEX feed_events_match ON feed_events (provider_id, match_ref, seq);
CREATE INDEX feed_events_held ON feed_events (provider_id, match_ref, seq) WHERE state = 'held';
CREATE INDEX feed_events_received ON feed_events (provider_id, received_at);

-- A match the feed plays: its provider and the provider's id for it, the last event applied, and
-- whether the feed holds its markets suspended (a gap in the sequence, or silence past the stale time).
ALTER TABLE taiqiu_matches
  ADD COLUMN feed_provider_id text REFERENCES feed_providers (id),
  ADD COLUMN feed_match text,
  ADD COLUMN feed_seq integer NOT NULL DEFAULT 0,
  ADD COLUMN feed_state text NOT NULL DEFAULT 'ok' CHECK (feed_state IN ('ok', 'gap', 'stale')),
  ADD COLUMN feed_heard_at timestamptz,
  -- The frame being played: its number, its points, who is at the table and the break they are on.
  ADD COLUMN frame_no integer NOT NULL DEFAULT 0,
  ADD COLUMN frame_points_a integer NOT NULL DEFAULT 0,
  ADD COLUMN frame_points_b integer NOT NULL DEFAULT 0,
  ADD COLUMN at_table text CHECK (at_table IN ('a', 'b')),
  ADD COLUMN current_break integer NOT NULL DEFAULT 0,
  ADD CONSTRAINT taiqiu_matches_feed_ref UNIQUE (feed_provider_id, feed_match),
  ADD CONSTRAINT taiqiu_matches_feed_both CHECK ((feed_provider_id IS NULL) = (feed_match IS NULL));

-- A feed match commits to its seed by the hash alone and reveals the seed at its end (or never,
-- if abandoned): a seed still needs its hash, a hash no longer needs its seed.
ALTER TABLE taiqiu_matches DROP CONSTRAINT taiqiu_matches_check1;
ALTER TABLE taiqiu_matches ADD CONSTRAINT taiqiu_matches_seed_has_hash CHECK (server_seed IS NULL OR seed_hash IS NOT NULL);

-- The console's own provider (packages/contracts/src/feed.ts CONSOLE_PROVIDER): matches an operator
-- makes and scores by hand. No key: it takes no HTTP calls. Matches made in the console before the
-- feed are its.
INSERT INTO feed_providers (id, name, secret, key_hint, enabled, stale_seconds)
VALUES ('console', '控制台手动录入', '', '', true, 600);
UPDATE taiqiu_matches SET feed_provider_id = 'console', feed_match = 'op-' || id
WHERE feed_provider_id IS NULL AND NOT simulated;
