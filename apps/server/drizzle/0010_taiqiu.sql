-- Billiards (台球): matches, their markets and selections (docs/design.md §8), and the demo
-- simulator's state. Bets on them live in bets (0011_bets.sql).

CREATE TABLE taiqiu_matches (
  id bigserial PRIMARY KEY,
  player_a_name text NOT NULL,
  player_a_avatar text NOT NULL,
  player_b_name text NOT NULL,
  player_b_avatar text NOT NULL,
  best_of integer NOT NULL CHECK (best_of IN (5, 7, 9, 11)),
  start_at timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'scheduled' CHECK (status IN ('scheduled', 'live', 'finished', 'cancelled')),
  score_a integer NOT NULL DEFAULT 0 CHECK (score_a >= 0),
  score_b integer NOT NULL DEFAULT 0 CHECK (score_b >= 0),
  winner text CHECK (winner IN ('a', 'b')),
  -- Chance that player a wins a frame: prices every market.
  frame_win_a double precision NOT NULL CHECK (frame_win_a > 0 AND frame_win_a < 1),
  -- Played by the demo simulator (with this seed), or run by the operator.
  simulated boolean NOT NULL DEFAULT false,
  seed bigint,
  -- Simulator: 'frame' while a frame is played, 'break' while markets are suspended after it.
  phase text CHECK (phase IN ('frame', 'break')),
  next_step_at timestamptz,
  ended_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (status <> 'finished' OR winner IS NOT NULL)
);
CREATE INDEX taiqiu_matches_status_start ON taiqiu_matches (status, start_at);

CREATE TABLE taiqiu_markets (
  id bigserial PRIMARY KEY,
  match_id bigint NOT NULL REFERENCES taiqiu_matches (id),
  type text NOT NULL CHECK (type IN ('winner', 'handicap', 'total', 'oddeven')),
  -- handicap: frames given to player a; total: the frames line.
  line double precision,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'suspended', 'closed')),
  -- Suspended by the operator: the simulator does not reopen it.
  held boolean NOT NULL DEFAULT false,
  min_stake bigint NOT NULL CHECK (min_stake > 0),
  max_stake bigint NOT NULL CHECK (max_stake >= min_stake),
  UNIQUE (match_id, type)
);

CREATE TABLE taiqiu_selections (
  id bigserial PRIMARY KEY,
  market_id bigint NOT NULL REFERENCES taiqiu_markets (id),
  pick text NOT NULL CHECK (pick IN ('a', 'b', 'over', 'under', 'odd', 'even')),
  -- Decimal odds × 1000 (1.950 → 1950).
  odds_milli integer NOT NULL CHECK (odds_milli > 1000),
  -- Set by the operator: no longer moved by the score.
  odds_fixed boolean NOT NULL DEFAULT false,
  UNIQUE (market_id, pick)
);

-- The simulator's seed and how many matches it has drawn from it (one row).
CREATE TABLE taiqiu_simulator (
  id integer PRIMARY KEY CHECK (id = 1),
  seed bigint NOT NULL,
  drawn integer NOT NULL DEFAULT 0
);
