-- A settlement batch takes a round's next open bets by id (docs/design.md §9): with the id in the
-- index it walks them in order and stops at the batch's size, instead of sorting every open bet
-- of the round again for each batch. It serves the round's other open-bet reads as before.
DROP INDEX bets_round_open;
CREATE INDEX bets_round_open ON bets (game_type, round_id, id) WHERE status = 'open';
