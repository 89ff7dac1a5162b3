-- The pending bets' poll (bets/service.ts, pendingDue: a game type's pending bets due by now, many
-- times a second per instance) could be planned through bets_round_live (0071), whose predicate
-- (open or pending) its own implies and whose key leads with the game type it names: with a
-- match's bets placed faster than autovacuum analyzes them, it read every open bet, 175 ms a poll
-- with 100,000 of them, one connection always busy with it through a settlement. Leading with the
-- game type too, bets_pending answers the poll with its two conditions as index keys.
DROP INDEX bets_pending;
CREATE INDEX bets_pending ON bets (game_type, accept_at) WHERE status = 'pending';
