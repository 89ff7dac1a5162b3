-- Bets of every game type (docs/design.md §8). The stake is a ledger transfer 'bet' written with the
-- row; a won bet's return is 'payout', a void bet's stake comes back as 'refund'.

CREATE TABLE bets (
  id bigserial PRIMARY KEY,
  bet_no text NOT NULL UNIQUE,
  user_id bigint NOT NULL REFERENCES users (id),
  game_type text NOT NULL CHECK (game_type IN ('taiqiu', 'slots', 'poker')),
  game_name text NOT NULL,
  round_id text NOT NULL,
  market_id bigint,
  market_type text,
  market_name text,
  selection_id bigint,
  pick text,
  selection_name text,
  line double precision,
  -- Decimal odds × 1000; null for games without odds.
  odds_milli integer CHECK (odds_milli > 1000),
  stake bigint NOT NULL CHECK (stake > 0),
  valid_bet bigint NOT NULL DEFAULT 0 CHECK (valid_bet >= 0 AND valid_bet <= stake),
  payout bigint NOT NULL DEFAULT 0 CHECK (payout >= 0),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'won', 'lost', 'void')),
  result text,
  -- The bettor's agents at placement, nearest first (user_tree ancestors).
  agent_chain bigint[] NOT NULL DEFAULT '{}',
  placed_at timestamptz NOT NULL,
  settled_at timestamptz,
  CHECK ((status = 'open') = (settled_at IS NULL))
);
CREATE INDEX bets_user_placed ON bets (user_id, placed_at DESC);
CREATE INDEX bets_round_open ON bets (game_type, round_id) WHERE status = 'open';
