-- Result corrections (docs/design.md §9, "Result corrections"): risk re-decides selections of
-- settled markets of a match; every bet on them is re-settled through the ledger, each named by
-- the correction (so a re-run pays nothing twice); what a player's cash does not cover of a
-- reversal becomes a debt their next deposits clear first.
CREATE TABLE taiqiu_corrections (
  id bigserial PRIMARY KEY,
  match_id bigint NOT NULL,
  -- [{ marketId, selections: [{ selectionId, before, after }] }]
  markets jsonb NOT NULL,
  reason text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'applied', 'rejected')),
  created_by text NOT NULL,
  created_at timestamptz NOT NULL,
  decided_by text,
  decided_at timestamptz,
  reject_reason text,
  -- The preview's figures when made; once applied, what was moved.
  bets int NOT NULL,
  changed int NOT NULL,
  to_players bigint NOT NULL CHECK (to_players >= 0),
  from_players bigint NOT NULL CHECK (from_players >= 0),
  debts bigint NOT NULL CHECK (debts >= 0),
  debtors int NOT NULL,
  CONSTRAINT taiqiu_corrections_decided CHECK ((status = 'pending') = (decided_at IS NULL))
);
CREATE INDEX taiqiu_corrections_match ON taiqiu_corrections (match_id, id DESC);
CREATE INDEX taiqiu_corrections_status ON taiqiu_corrections (status, id DESC);
-- One correction at a time waits for a second operator on a match.
CREATE UNIQUE INDEX taiqiu_corrections_one_pending ON taiqiu_corrections (match_id) WHERE status = 'pending';

-- Each bet a correction re-settled, with its figures before and after.
CREATE TABLE taiqiu_correction_bets (
  correction_id bigint NOT NULL REFERENCES taiqiu_corrections (id),
  bet_id bigint NOT NULL,
  user_id bigint NOT NULL,
  status_before text NOT NULL,
  status_after text NOT NULL,
  payout_before bigint NOT NULL,
  payout_after bigint NOT NULL,
  valid_before bigint NOT NULL,
  valid_after bigint NOT NULL,
  -- The cash moved to the player (+) or back (−), one transfer of code correction naming `ref`
  -- when not 0; and what the player's cash did not cover of a reversal.
  moved bigint NOT NULL,
  debt bigint NOT NULL CHECK (debt >= 0),
  -- "<correction id>:<bet no>": what the transfer names.
  ref text NOT NULL UNIQUE,
  PRIMARY KEY (correction_id, bet_id)
);
CREATE INDEX taiqiu_correction_bets_bet ON taiqiu_correction_bets (bet_id);

-- What a player owes (wallet/debts.ts): the sum of their debt moves, never below 0.
CREATE TABLE player_debts (
  user_id bigint PRIMARY KEY REFERENCES users (id),
  owed bigint NOT NULL CHECK (owed >= 0),
  updated_at timestamptz NOT NULL
);
CREATE INDEX player_debts_owing ON player_debts (user_id) WHERE owed > 0;

-- + a correction's shortfall; − a repayment, named by its ledger transfer (code debt_repayment).
CREATE TABLE player_debt_moves (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  amount bigint NOT NULL CHECK (amount <> 0),
  reference_table text NOT NULL,
  reference_id text NOT NULL,
  transfer_id bigint REFERENCES transfers (id),
  created_at timestamptz NOT NULL,
  CONSTRAINT player_debt_moves_repayment CHECK ((amount < 0) = (transfer_id IS NOT NULL))
);
CREATE INDEX player_debt_moves_user ON player_debt_moves (user_id, id DESC);

ALTER TABLE taiqiu_trading_rules ADD COLUMN correction_second_above bigint CHECK (correction_second_above > 0);

ALTER TABLE transfers DROP CONSTRAINT transfers_code_check;
ALTER TABLE transfers ADD CONSTRAINT transfers_code_check
  CHECK (code IN ('deposit', 'withdrawal', 'bet', 'payout', 'refund', 'cashout', 'rebate', 'bonus',
    'commission', 'dividend', 'agent_transfer', 'adjustment', 'correction', 'debt_repayment'));

ALTER TABLE messages DROP CONSTRAINT messages_kind_check;
ALTER TABLE messages ADD CONSTRAINT messages_kind_check CHECK (kind IN ('deposit_credited', 'withdrawal_paid',
  'withdrawal_rejected', 'reward_available', 'vip_upgrade', 'feedback_replied', 'login_failures', 'kyc_approved',
  'kyc_rejected', 'bet_corrected', 'operator'));
