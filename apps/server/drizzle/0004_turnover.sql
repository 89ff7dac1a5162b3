-- Turnover requirement (流水, docs/design.md §8): what a player must bet before withdrawing.
-- One row per player for the current cycle: deposits, bonuses and rewards add to `required`,
-- valid bets add to `done` (never past `required`). A requirement added after the cycle was
-- met starts a new cycle.
CREATE TABLE turnover_balances (
  user_id bigint PRIMARY KEY REFERENCES users (id),
  required bigint NOT NULL DEFAULT 0 CHECK (required >= 0),
  done bigint NOT NULL DEFAULT 0 CHECK (done >= 0),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT turnover_done_within_required CHECK (done <= required)
);

-- Every change, once per (kind, source, reference): a repeated hook call changes nothing.
CREATE TABLE turnover_events (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  kind text NOT NULL CHECK (kind IN ('add', 'reduce')),
  source text NOT NULL,
  amount bigint NOT NULL CHECK (amount >= 0),
  reference_table text NOT NULL,
  reference_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT turnover_events_once UNIQUE (kind, source, reference_table, reference_id)
);
CREATE INDEX turnover_events_user ON turnover_events (user_id, created_at);
