-- Win limits of provider games and the wins held above them (docs/wallet-bounds.md). A round's
-- wins are credited up to a multiple of its stakes (the player's bets on the game in the round,
-- less those rolled back); the rest of a win is held for an operator, who releases it (credited
-- through the ledger) or refuses it.

-- The multiple of games without their own: one row.
CREATE TABLE game_settings (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  max_win_multiple integer NOT NULL DEFAULT 5000 CHECK (max_win_multiple BETWEEN 1 AND 1000000)
);
INSERT INTO game_settings DEFAULT VALUES;

-- A game's own multiple; null: the default.
ALTER TABLE games ADD COLUMN max_win_multiple integer CHECK (max_win_multiple BETWEEN 1 AND 1000000);

-- held: of a win, the cents above the limit, not credited (amount − held was).
ALTER TABLE provider_transactions
  ADD COLUMN held bigint NOT NULL DEFAULT 0,
  ADD CONSTRAINT provider_transactions_held CHECK (held >= 0 AND held <= amount AND (held = 0 OR kind = 'win'));
-- A player's bets in a round (its stakes; the wins that name them use provider_transactions_reference).
CREATE INDEX provider_transactions_round ON provider_transactions (provider_id, user_id, round) WHERE kind = 'bet';

-- What a bet won above the limit and still waits for an operator (not in payout until released).
ALTER TABLE bets ADD COLUMN payout_held bigint NOT NULL DEFAULT 0 CHECK (payout_held >= 0);

-- One row per win that went above the limit: the part held, the figures it was held on, and the
-- decision. own_payout: released, its money moved by a payout transfer naming this row (a bet
-- already won; one settled lost becomes won under its own payout transfer instead).
CREATE TABLE provider_held_wins (
  id bigserial PRIMARY KEY,
  transaction_id bigint NOT NULL UNIQUE REFERENCES provider_transactions (id),
  provider_id text NOT NULL REFERENCES game_providers (id),
  game_code text NOT NULL,
  user_id bigint NOT NULL REFERENCES users (id),
  round text NOT NULL,
  transaction_uuid text NOT NULL,
  bet_no text NOT NULL,
  win_amount bigint NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0 AND amount <= win_amount),
  round_stakes bigint NOT NULL CHECK (round_stakes >= 0),
  max_win_multiple integer NOT NULL,
  status text NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'released', 'refused')),
  own_payout boolean NOT NULL DEFAULT false,
  decided_by text,
  decided_at timestamptz,
  reason text,
  created_at timestamptz NOT NULL,
  CHECK ((status = 'waiting') = (decided_at IS NULL)),
  CHECK (NOT own_payout OR status = 'released'),
  CHECK (status <> 'refused' OR reason IS NOT NULL)
);
-- The review queue, newest first, by status, player, provider or game.
CREATE INDEX provider_held_wins_status ON provider_held_wins (status, id DESC);
CREATE INDEX provider_held_wins_user ON provider_held_wins (user_id, id DESC);
CREATE INDEX provider_held_wins_provider ON provider_held_wins (provider_id, id DESC);
CREATE INDEX provider_held_wins_game ON provider_held_wins (game_code, id DESC);
