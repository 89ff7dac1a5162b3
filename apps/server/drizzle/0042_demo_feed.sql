-- The demo feed provider's own matches (modules/demo-feed): what it needs to play each to its end,
-- and how far its events have been acknowledged by the feed API. Each match's seed is sealed
-- until the match has ended (platform/secret-box.ts).
CREATE TABLE demo_feed_matches (
  ref text PRIMARY KEY,
  server_seed text NOT NULL,
  seed_hash text NOT NULL,
  player_a text NOT NULL,
  player_b text NOT NULL,
  best_of integer NOT NULL,
  frame_win_a double precision NOT NULL,
  start_at timestamptz NOT NULL,
  sent integer NOT NULL DEFAULT 0,
  finished boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX demo_feed_matches_playing ON demo_feed_matches (start_at) WHERE NOT finished;
