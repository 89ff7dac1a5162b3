-- Provably fair simulated matches (docs/design.md §8, "Rewards, tasks and the daily wheel"): each
-- simulated match commits to its own server seed by its SHA-256 when it is drawn and reveals it
-- once it has ended; frame n is won by player a iff HMAC float(seed, 'match:<id>', n) <
-- frame_win_a. The old 31-bit seeds (one schedule seed, one seed per match) go: what the site
-- showed was enough to brute-force them.

ALTER TABLE taiqiu_matches
  DROP COLUMN seed,
  -- 32 random bytes, hex: secret until the match has ended. Null for operator-run matches.
  ADD COLUMN server_seed text,
  -- SHA-256 of server_seed's hex text, hex: published from the start.
  ADD COLUMN seed_hash text,
  -- Winners of the frames the simulator drew, in order ('a' or 'b' each): character n is draw n.
  ADD COLUMN frames text NOT NULL DEFAULT '' CHECK (frames ~ '^[ab]*$'),
  ADD CHECK ((server_seed IS NULL) = (seed_hash IS NULL));

-- Simulated matches still to be played get a fresh commitment (gen_random_uuid draws from the
-- server's strong random source: 2 × 122 random bits); their earlier frames stay unpublished.
UPDATE taiqiu_matches
SET server_seed = encode(sha256(convert_to(gen_random_uuid()::text || gen_random_uuid()::text, 'UTF8')), 'hex')
WHERE simulated AND status IN ('scheduled', 'live');
UPDATE taiqiu_matches
SET seed_hash = encode(sha256(convert_to(server_seed, 'UTF8')), 'hex')
WHERE server_seed IS NOT NULL;

-- The schedule seed and draw counter: line-ups now come from crypto randomness.
DROP TABLE taiqiu_simulator;
