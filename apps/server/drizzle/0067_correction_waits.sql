-- A settled parlay a correction leaves undecided (a lost leg won, others still to play) waits
-- for its other legs (docs/design.md §9, "Result corrections"): it keeps its first settlement
-- until they are decided, then the correction settles it again. One wait per slip: the latest
-- correction's.
CREATE TABLE taiqiu_correction_waits (
  bet_id bigint PRIMARY KEY,
  correction_id bigint NOT NULL REFERENCES taiqiu_corrections (id),
  created_at timestamptz NOT NULL
);
CREATE INDEX taiqiu_correction_waits_correction ON taiqiu_correction_waits (correction_id);
-- The slips a correction left waiting, in its figures.
ALTER TABLE taiqiu_corrections ADD COLUMN waiting int NOT NULL DEFAULT 0;
