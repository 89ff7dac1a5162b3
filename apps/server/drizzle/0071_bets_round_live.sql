-- A round's bets not yet decided or settled, pending ones (an in-play bet in its acceptance delay)
-- with the open: the index a settlement walks player by player (0047) and the both-sides check of
-- a billiards bet reads (a player's open or pending bets on the match). That check read a player's
-- bets since the match was made through bets_user_placed instead, every slot spin of theirs
-- included: 9 ms for a player with 5,000 recent spins, in every billiards bet they placed.
DROP INDEX bets_round_open;
CREATE INDEX bets_round_live ON bets (game_type, round_id, user_id, id) WHERE status IN ('open', 'pending');
