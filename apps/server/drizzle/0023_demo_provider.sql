-- The built-in demo provider (docs/design.md §8), in demo mode: what an outside provider keeps on its
-- own side of the seamless wallet.

-- A play session per launch token (only its SHA-256): the server seed committed for the session's
-- next round. The seed stays here, secret, until that round is played; only its hash is shown.
CREATE TABLE demo_sessions (
  token_hash text PRIMARY KEY,
  user_name text NOT NULL,
  game_code text NOT NULL,
  currency text NOT NULL,
  server_seed text NOT NULL,
  seed_hash text NOT NULL,
  -- The next round's nonce: rounds played in the session so far.
  nonce integer NOT NULL DEFAULT 0 CHECK (nonce >= 0),
  created_at timestamptz NOT NULL
);

-- Every round with its seed, outcome and money (stake and payout in cents). state: dealt (an
-- insurance hand waiting for the player; its seed still secret), skipped (no insurance bought),
-- betting (the bet is on its way), refused (the wallet refused the bet; wallet_status says why),
-- settling / rolling_back (the win, or the rollback of a bet whose fate is unknown, is being
-- delivered), settled / rolled_back (delivered; wallet_status is the final answer). `pending`
-- holds the request (without request_uuid) resent until a final answer: while betting, the
-- rollback to send if the bet's answer never comes (a restart rolls back bets left betting).
CREATE TABLE demo_rounds (
  id text PRIMARY KEY,
  token_hash text NOT NULL,
  user_name text NOT NULL,
  game_code text NOT NULL,
  server_seed text NOT NULL,
  seed_hash text NOT NULL,
  client_seed text NOT NULL,
  nonce integer NOT NULL,
  outcome jsonb NOT NULL,
  stake bigint NOT NULL DEFAULT 0 CHECK (stake >= 0),
  payout bigint NOT NULL DEFAULT 0 CHECK (payout >= 0),
  state text NOT NULL CHECK (
    state IN ('dealt', 'skipped', 'betting', 'refused', 'settling', 'settled', 'rolling_back', 'rolled_back')
  ),
  bet_uuid text,
  wallet_status text,
  pending jsonb,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
-- At most one insurance hand waiting per session.
CREATE UNIQUE INDEX demo_rounds_dealt ON demo_rounds (token_hash) WHERE state = 'dealt';
CREATE INDEX demo_rounds_undelivered ON demo_rounds (updated_at) WHERE state IN ('betting', 'settling', 'rolling_back');
