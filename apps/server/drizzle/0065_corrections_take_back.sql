-- A result correction that shrinks a settled bet's valid bet takes back what it counted
-- (docs/design.md §9, "Result corrections"): the rebate it accrued and its VIP progress are
-- recorded as events of a negative valid bet, each named by the bet's correction row.
ALTER TABLE rebate_accrual_events DROP CONSTRAINT rebate_accrual_events_valid_bet_check;
ALTER TABLE rebate_accrual_events ADD CONSTRAINT rebate_accrual_events_valid_bet_check CHECK (valid_bet <> 0);
ALTER TABLE vip_progress_events DROP CONSTRAINT vip_progress_events_valid_bet_check;
