-- The live tracker (docs/design.md §9): a match's head-to-head reads the two players' earlier
-- meetings, whichever side each was on.
CREATE INDEX taiqiu_matches_pair ON taiqiu_matches (
  least(player_a_name, player_b_name),
  greatest(player_a_name, player_b_name),
  start_at DESC
) WHERE status = 'finished';

-- The matches and players each player has starred: exactly one of the two per row.
CREATE TABLE taiqiu_favourites (
  user_id bigint NOT NULL REFERENCES users (id),
  match_id bigint REFERENCES taiqiu_matches (id),
  player text,
  created_at timestamptz NOT NULL,
  CHECK (num_nonnulls(match_id, player) = 1)
);
CREATE UNIQUE INDEX taiqiu_favourites_match ON taiqiu_favourites (user_id, match_id) WHERE match_id IS NOT NULL;
CREATE UNIQUE INDEX taiqiu_favourites_player ON taiqiu_favourites (user_id, player) WHERE player IS NOT NULL;
-- A player's list, oldest first, and its count against the cap.
CREATE INDEX taiqiu_favourites_user ON taiqiu_favourites (user_id, created_at);

-- Each visit to the table the feed told of, in the match's own record: the tracker's momentum and
-- the break building (a snapshot that skips visits leaves them out).
CREATE TABLE taiqiu_visits (
  match_id bigint NOT NULL REFERENCES taiqiu_matches (id),
  seq integer NOT NULL,
  frame integer NOT NULL,
  player text NOT NULL CHECK (player IN ('a', 'b')),
  points integer NOT NULL CHECK (points >= 0),
  break integer NOT NULL CHECK (break >= 0),
  foul integer NOT NULL CHECK (foul >= 0),
  PRIMARY KEY (match_id, seq)
);
