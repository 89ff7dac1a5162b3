-- A settlement batch takes a round's open bets player by player (docs/design.md §9): a player's
-- bets on a match settle together, and what follows from them (turnover, rebate, VIP progress,
-- the day's task) is one row per player and batch instead of one per bet. The index walks the
-- open bets in that order and stops at the batch's size.
DROP INDEX bets_round_open;
CREATE INDEX bets_round_open ON bets (game_type, round_id, user_id, id) WHERE status = 'open';

-- How many settled bets a row counts: a player's bets settled together are one row, named by
-- the first of them; a deposit's row counts none.
ALTER TABLE turnover_events ADD COLUMN bets integer NOT NULL DEFAULT 0;
UPDATE turnover_events SET bets = 1 WHERE reference_table = 'bets';
ALTER TABLE rebate_accrual_events ADD COLUMN bets integer NOT NULL DEFAULT 1;
ALTER TABLE vip_progress_events ADD COLUMN bets integer NOT NULL DEFAULT 0;
UPDATE vip_progress_events SET bets = 1 WHERE reference_table = 'bets';
ALTER TABLE task_bets ADD COLUMN bets integer NOT NULL DEFAULT 1;
