-- In-play acceptance (docs/design.md §9): a bet on a live match is pending for the match's
-- acceptance delay, its stake held (a pending ledger transfer); then it is accepted (the hold
-- posted, at the odds the player's price-change preference allows) or rejected (the hold voided,
-- the reason kept).
ALTER TABLE bets DROP CONSTRAINT bets_status_check;
ALTER TABLE bets ADD CONSTRAINT bets_status_check
  CHECK (status IN ('pending', 'open', 'won', 'lost', 'void', 'rejected'));
-- Only a settled bet (won, lost, void) has a settlement time: a rejected one was never taken, and
-- every figure counted by settlement time leaves it out.
-- (bets_check is valid_bet <= stake, named first.)
ALTER TABLE bets DROP CONSTRAINT bets_check1;
ALTER TABLE bets ADD CONSTRAINT bets_settled_at CHECK ((status IN ('won', 'lost', 'void')) = (settled_at IS NOT NULL));
ALTER TABLE bets
  ADD COLUMN accept_at timestamptz,
  ADD COLUMN hold_transfer_id bigint,
  ADD COLUMN rejected_reason text,
  -- The hold is written just after the bet (its reference): not checked here.
  ADD CONSTRAINT bets_pending_due CHECK (status <> 'pending' OR accept_at IS NOT NULL);
CREATE INDEX bets_pending ON bets (accept_at) WHERE status = 'pending';

ALTER TABLE taiqiu_matches
  ADD COLUMN accept_delay_ms integer NOT NULL DEFAULT 3000 CHECK (accept_delay_ms BETWEEN 0 AND 30000);

-- What the player takes when the odds move while a bet is pending: none, only better, any
-- (no row: none).
CREATE TABLE taiqiu_preferences (
  user_id bigint PRIMARY KEY REFERENCES users (id),
  odds_change text NOT NULL CHECK (odds_change IN ('none', 'better', 'any')),
  updated_at timestamptz NOT NULL
);
