-- The billiards book (docs/design.md §9): eleven market types, some per frame; each selection
-- gets its outcome when the feed makes it certain, and its open bets settle then. The operator
-- switches types off and sets their margins per match.

-- A market per type on the match, or per type and frame for frame markets.
ALTER TABLE taiqiu_markets DROP CONSTRAINT taiqiu_markets_type_check;
ALTER TABLE taiqiu_markets DROP CONSTRAINT taiqiu_markets_match_id_type_key;
ALTER TABLE taiqiu_markets
  ADD COLUMN frame integer CHECK (frame BETWEEN 1 AND 11),
  ADD CONSTRAINT taiqiu_markets_type_check CHECK (type IN (
    'winner', 'handicap', 'total', 'oddeven', 'correct_score', 'race_to',
    'frame_winner', 'frame_points', 'frame_fifty', 'century', 'high_break'));
CREATE UNIQUE INDEX taiqiu_markets_match_type_frame ON taiqiu_markets (match_id, type, COALESCE(frame, 0));

-- A selection's outcome once certain (a correct score no longer reachable is lost before the match
-- ends); `settled` once every bet on it has been settled.
ALTER TABLE taiqiu_selections DROP CONSTRAINT taiqiu_selections_pick_check;
ALTER TABLE taiqiu_selections
  ADD CONSTRAINT taiqiu_selections_pick_check
    CHECK (pick ~ '^(a|b|over|under|odd|even|yes|no|[0-9]{1,2}:[0-9]{1,2})$'),
  ADD COLUMN result text CHECK (result IN ('won', 'lost', 'void')),
  ADD COLUMN settled boolean NOT NULL DEFAULT false,
  ADD CONSTRAINT taiqiu_selections_settled_result CHECK (NOT settled OR result IS NOT NULL);
-- Markets with ended matches settled before this version: their selections are done.
UPDATE taiqiu_selections s SET result = 'void', settled = true
FROM taiqiu_markets m JOIN taiqiu_matches t ON t.id = m.match_id
WHERE s.market_id = m.id AND t.status IN ('finished', 'cancelled')
  AND NOT EXISTS (SELECT 1 FROM bets b WHERE b.selection_id = s.id AND b.status = 'open');
CREATE INDEX taiqiu_selections_to_settle ON taiqiu_selections (market_id) WHERE result IS NOT NULL AND NOT settled;

-- What the book reads of the frame in play and the breaks: points potted (what is left on the
-- table), the frame's and the match's highest break, and whether every break is known (a snapshot
-- skips visits), the match's and the frame in play's. The operator's switches and margins per type: {"century": {"off": true, "marginBp": 900}}.
ALTER TABLE taiqiu_matches
  ADD COLUMN frame_potted integer NOT NULL DEFAULT 0,
  ADD COLUMN frame_high_break integer NOT NULL DEFAULT 0,
  ADD COLUMN high_break integer NOT NULL DEFAULT 0,
  ADD COLUMN breaks_known boolean NOT NULL DEFAULT true,
  ADD COLUMN frame_breaks_known boolean NOT NULL DEFAULT true,
  ADD COLUMN market_settings jsonb NOT NULL DEFAULT '{}';

-- Each frame played: its winner, and (when the feed told its visits) its points and highest break.
CREATE TABLE taiqiu_frames (
  match_id bigint NOT NULL REFERENCES taiqiu_matches (id),
  frame integer NOT NULL CHECK (frame BETWEEN 1 AND 11),
  winner text NOT NULL CHECK (winner IN ('a', 'b')),
  points_a integer,
  points_b integer,
  high_break integer,
  PRIMARY KEY (match_id, frame)
);

-- A billiards bet's frame, for frame markets (names in the reader's language say which frame).
ALTER TABLE bets ADD COLUMN frame integer;
