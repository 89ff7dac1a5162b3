-- A result correction's change of a settled bet's valid bet counts on the day the bet was first
-- settled (docs/design.md §9, "Result corrections"): the task's row of it, named by the bet's
-- correction row, may take valid bet back, and counts no new bet.
ALTER TABLE task_bets DROP CONSTRAINT task_bets_valid_bet_check;
ALTER TABLE task_bets ADD CONSTRAINT task_bets_valid_bet_check CHECK (valid_bet <> 0);
