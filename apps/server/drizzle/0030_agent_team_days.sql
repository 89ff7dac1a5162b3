-- The agent reports' cache of closed days (modules/agents/reports/team-sums.ts): per (agent,
-- scope, site day, game type) the sums of the team's (or direct members') roll-ups of a day that
-- has ended (plus the roll-up grace), which never change after. game_type '-' is the marker of a
-- day cached (its figures are zero), so a day without activity is not computed again.
CREATE TABLE agent_team_days (
  agent_id bigint NOT NULL REFERENCES users (id),
  scope text NOT NULL CHECK (scope IN ('team', 'direct')),
  day date NOT NULL,
  game_type text NOT NULL CHECK (game_type IN ('', 'taiqiu', 'slots', 'poker', '-')),
  registrations bigint NOT NULL DEFAULT 0,
  deposits bigint NOT NULL DEFAULT 0,
  deposit_count bigint NOT NULL DEFAULT 0,
  first_deposit_count bigint NOT NULL DEFAULT 0,
  first_deposits bigint NOT NULL DEFAULT 0,
  deposit_fees bigint NOT NULL DEFAULT 0,
  withdrawals bigint NOT NULL DEFAULT 0,
  withdrawal_count bigint NOT NULL DEFAULT 0,
  withdrawal_fees bigint NOT NULL DEFAULT 0,
  bet_count bigint NOT NULL DEFAULT 0,
  stake bigint NOT NULL DEFAULT 0,
  valid_bet bigint NOT NULL DEFAULT 0,
  payout bigint NOT NULL DEFAULT 0,
  insurance_premiums bigint NOT NULL DEFAULT 0,
  insurance_payouts bigint NOT NULL DEFAULT 0,
  rebates bigint NOT NULL DEFAULT 0,
  bonuses bigint NOT NULL DEFAULT 0,
  transfers_in bigint NOT NULL DEFAULT 0,
  transfers_out bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (agent_id, scope, day, game_type)
);
