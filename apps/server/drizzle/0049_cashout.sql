-- Cash-out (提前结算, docs/design.md §9): a player takes part or all of an open billiards bet's
-- running stake at a quoted value, paid through the ledger. The bet keeps its stake; what was
-- cashed out of it and what that paid are summed on it, each cash-out a row of its own (its
-- ledger transfer's reference). Cashing out the whole running stake settles the bet as 'cashout'.
ALTER TABLE bets DROP CONSTRAINT bets_status_check;
ALTER TABLE bets ADD CONSTRAINT bets_status_check
  CHECK (status IN ('pending', 'open', 'won', 'lost', 'void', 'rejected', 'cashout'));
ALTER TABLE bets DROP CONSTRAINT bets_settled_at;
ALTER TABLE bets ADD CONSTRAINT bets_settled_at
  CHECK ((status IN ('won', 'lost', 'void', 'cashout')) = (settled_at IS NOT NULL));
ALTER TABLE bets
  ADD COLUMN cashout_stake bigint NOT NULL DEFAULT 0,
  ADD COLUMN cashout_paid bigint NOT NULL DEFAULT 0,
  ADD COLUMN cashout_valid bigint NOT NULL DEFAULT 0,
  ADD CONSTRAINT bets_cashout_stake CHECK (cashout_stake >= 0 AND cashout_stake <= stake),
  ADD CONSTRAINT bets_cashout_whole CHECK (status <> 'cashout' OR cashout_stake = stake);

CREATE TABLE taiqiu_cashouts (
  cashout_no text PRIMARY KEY,
  bet_id bigint NOT NULL REFERENCES bets (id),
  user_id bigint NOT NULL,
  stake_part bigint NOT NULL CHECK (stake_part > 0),
  paid bigint NOT NULL CHECK (paid >= 0),
  -- The part's valid bet (有效投注), counted when the bet settles: min(part, |paid − part|).
  valid_bet bigint NOT NULL CHECK (valid_bet >= 0),
  auto boolean NOT NULL,
  at timestamptz NOT NULL
);
CREATE INDEX taiqiu_cashouts_bet ON taiqiu_cashouts (bet_id);

-- A quote: the value of the bet's running stake for a few seconds, taken at most once.
CREATE TABLE taiqiu_cashout_quotes (
  id text PRIMARY KEY,
  bet_id bigint NOT NULL REFERENCES bets (id),
  user_id bigint NOT NULL,
  running_stake bigint NOT NULL,
  value bigint NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX taiqiu_cashout_quotes_expiry ON taiqiu_cashout_quotes (expires_at);

-- A player's automatic cash-out: the whole running stake when the value reaches `at`.
CREATE TABLE taiqiu_cashout_autos (
  bet_id bigint PRIMARY KEY REFERENCES bets (id),
  user_id bigint NOT NULL,
  at bigint NOT NULL CHECK (at > 0),
  set_at timestamptz NOT NULL
);

-- The book's cash-out rules (one row, the operator's).
CREATE TABLE taiqiu_cashout_rules (
  id integer PRIMARY KEY CHECK (id = 1),
  margin_bp integer NOT NULL CHECK (margin_bp BETWEEN 0 AND 5000),
  tolerance_bp integer NOT NULL CHECK (tolerance_bp BETWEEN 0 AND 5000),
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO taiqiu_cashout_rules (id, margin_bp, tolerance_bp) VALUES (1, 500, 200);

ALTER TABLE taiqiu_matches ADD COLUMN cashout_off boolean NOT NULL DEFAULT false;

-- A cash-out's payment is a transfer of its own code (fund details: 提前结算).
ALTER TABLE transfers DROP CONSTRAINT transfers_code_check;
ALTER TABLE transfers ADD CONSTRAINT transfers_code_check
  CHECK (code IN ('deposit', 'withdrawal', 'bet', 'payout', 'refund', 'cashout', 'rebate', 'bonus',
    'commission', 'dividend', 'agent_transfer', 'adjustment'));
CREATE INDEX taiqiu_parlay_legs_match_open ON taiqiu_parlay_legs (match_id) WHERE result IS NULL;
