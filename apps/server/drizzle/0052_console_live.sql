-- The console's live channel (docs/design.md §6): one-use tickets a console session takes to open
-- its socket, as live_tickets are for players' sessions. Only their hash is stored.
CREATE TABLE operator_live_tickets (
  token_hash text PRIMARY KEY,
  session_id bigint NOT NULL REFERENCES operator_sessions (id),
  expires_at timestamptz NOT NULL
);

-- The bet ticker (docs/design.md §9, "The ticker"): a match's singles, newest first, whatever their status ...
CREATE INDEX bets_taiqiu_round ON bets (round_id, id) WHERE game_type = 'taiqiu';
-- ... and the parlays with a leg on the match.
CREATE INDEX taiqiu_parlay_legs_match ON taiqiu_parlay_legs (match_id, bet_id);

-- The exposure overview (docs/design.md §9, "Exposure"): each open match's alerts not yet acknowledged.
CREATE INDEX taiqiu_alerts_open_match ON taiqiu_alerts (match_id) WHERE acked_at IS NULL;
