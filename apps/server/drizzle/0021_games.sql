-- Provider games (docs/design.md §8): providers speaking the Hub88 seamless wallet, their games in
-- the lobby, launch tokens, and every wallet call as answered. Provider bets are rows of `bets`.

CREATE TABLE game_providers (
  id text PRIMARY KEY CHECK (id ~ '^[a-z0-9_-]{1,32}$'),
  name text NOT NULL,
  -- PEM of the provider's RSA key: its requests are verified with it.
  public_key text NOT NULL,
  -- Where a player's browser is sent to play ({launch_url}?token=…&user=…&game=…).
  launch_url text NOT NULL,
  game_types text[] NOT NULL CHECK (cardinality(game_types) > 0 AND game_types <@ ARRAY['slots', 'poker']),
  enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The catalogue; a game code is unique across providers (Hub88's game_code).
CREATE TABLE games (
  code text PRIMARY KEY,
  provider_id text NOT NULL REFERENCES game_providers (id),
  name text NOT NULL,
  name_en text NOT NULL,
  game_type text NOT NULL CHECK (game_type IN ('slots', 'poker')),
  image text NOT NULL DEFAULT '',
  enabled boolean NOT NULL DEFAULT true,
  sort integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX games_provider ON games (provider_id);

-- Launch tokens (game/launch): only their SHA-256 is kept; each is tied to a player, a game and
-- the currency, and expires.
CREATE TABLE game_tokens (
  token_hash text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  game_code text NOT NULL REFERENCES games (code),
  currency text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);

-- Every bet, win and rollback a provider sent that got a final answer, with that answer: the same
-- transaction_uuid replays it. Kept (never deleted) for reconciliation, at least 4 months.
-- reference_uuid: the bet a win or rollback names (a rollback of an unknown one is a tombstone
-- that refuses a late bet with that uuid). amount: the cents asked, floored (moved only when the
-- status is RS_OK; 0 for a rollback); remainder: the Hub88 units below a cent a win could not
-- credit. own_payout: this win's money moved by a payout transfer naming this row (a further win
-- of a bet already won; the first names the bet).
CREATE TABLE provider_transactions (
  id bigserial PRIMARY KEY,
  provider_id text NOT NULL REFERENCES game_providers (id),
  transaction_uuid text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('bet', 'win', 'rollback')),
  reference_uuid text,
  fingerprint text NOT NULL,
  user_name text NOT NULL,
  user_id bigint REFERENCES users (id),
  game_code text,
  round text,
  amount bigint NOT NULL DEFAULT 0 CHECK (amount >= 0),
  remainder bigint NOT NULL DEFAULT 0 CHECK (remainder >= 0 AND remainder < 1000),
  own_payout boolean NOT NULL DEFAULT false,
  status text NOT NULL,
  answer jsonb NOT NULL,
  bet_no text,
  created_at timestamptz NOT NULL,
  UNIQUE (provider_id, transaction_uuid),
  CHECK (NOT own_payout OR (kind = 'win' AND status = 'RS_OK' AND amount > 0))
);
CREATE INDEX provider_transactions_reference ON provider_transactions (provider_id, reference_uuid)
  WHERE reference_uuid IS NOT NULL;
CREATE INDEX provider_transactions_user ON provider_transactions (lower(user_name), id DESC);

-- Provider bets on the shared bet store: poker insurance bets are kept apart in agent reports;
-- the Hub88 units below a cent that wins could not credit (the ledger keeps cents).
ALTER TABLE bets
  ADD COLUMN insurance boolean NOT NULL DEFAULT false,
  ADD COLUMN payout_remainder bigint NOT NULL DEFAULT 0 CHECK (payout_remainder >= 0);
