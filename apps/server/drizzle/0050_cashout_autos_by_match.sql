-- An automatic cash-out names the matches its bet still waits on, so the review after a match's
-- event finds that match's automatic cash-outs by index instead of reading every open bet on it
-- (cashout/review.ts; bench/README.md, book-cashout).
ALTER TABLE taiqiu_cashout_autos ADD COLUMN match_ids bigint[] NOT NULL DEFAULT '{}';
UPDATE taiqiu_cashout_autos a SET match_ids = ARRAY[b.round_id::bigint]
  FROM bets b WHERE b.id = a.bet_id AND b.round_id <> 'parlay';
UPDATE taiqiu_cashout_autos a SET match_ids = legs.ids
  FROM (SELECT bet_id, array_agg(match_id) AS ids FROM taiqiu_parlay_legs GROUP BY bet_id) legs
  WHERE legs.bet_id = a.bet_id;
ALTER TABLE taiqiu_cashout_autos ALTER COLUMN match_ids DROP DEFAULT;
CREATE INDEX taiqiu_cashout_autos_matches ON taiqiu_cashout_autos USING gin (match_ids);
