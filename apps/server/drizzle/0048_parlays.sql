-- Parlays (串关, docs/design.md §9): a slip is one bet (game type taiqiu, round 'parlay', its
-- stake the unit stake × its combinations) with its system and its legs here. A leg keeps what
-- the slip showed and, once its selection is decided, the outcome it settles by.
CREATE TABLE taiqiu_parlays (
  bet_id bigint PRIMARY KEY,
  sizes integer[] NOT NULL,
  unit_stake bigint NOT NULL CHECK (unit_stake > 0),
  combinations integer NOT NULL CHECK (combinations > 0),
  potential_return bigint NOT NULL
);

CREATE TABLE taiqiu_parlay_legs (
  bet_id bigint NOT NULL REFERENCES taiqiu_parlays (bet_id),
  leg integer NOT NULL,
  match_id bigint NOT NULL REFERENCES taiqiu_matches (id),
  market_id bigint NOT NULL REFERENCES taiqiu_markets (id),
  selection_id bigint NOT NULL REFERENCES taiqiu_selections (id),
  odds_milli integer NOT NULL,
  game_name text NOT NULL,
  market_name text NOT NULL,
  selection_name text NOT NULL,
  result text CHECK (result IN ('won', 'lost', 'void')),
  PRIMARY KEY (bet_id, leg)
);
-- A decided selection's undecided legs: what its match's settlement looks up.
CREATE INDEX taiqiu_parlay_legs_open ON taiqiu_parlay_legs (selection_id) WHERE result IS NULL;

-- The book's parlay rules (one row, the operator's): the most legs a slip takes, the most it may
-- return (minor units), and the market types a leg may be of.
CREATE TABLE taiqiu_parlay_rules (
  id integer PRIMARY KEY CHECK (id = 1),
  max_legs integer NOT NULL CHECK (max_legs BETWEEN 2 AND 10),
  max_return bigint NOT NULL CHECK (max_return > 0),
  leg_types text[] NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO taiqiu_parlay_rules (id, max_legs, max_return, leg_types) VALUES
  (1, 10, 50000000, ARRAY['winner', 'handicap', 'total', 'oddeven', 'correct_score', 'race_to', 'century', 'high_break']);
