-- The players report (docs/design.md §9, "Reports"; agents/player-figures.ts, player-cohorts.ts)
-- reads the daily roll-ups by day: the registrations, and the players with a bet settled (also
-- looked up per player and day for retention), through indexes of only those rows.
CREATE INDEX agent_daily_registrations ON agent_daily (day, user_id) WHERE registrations > 0;
CREATE INDEX agent_daily_bettors ON agent_daily (day, user_id) WHERE bet_count > 0;

-- Retention per registration day, cached once final: `after` 0 holds the day's registrations,
-- 1, 7 and 30 those of them active that many days later, written once that day is closed.
CREATE TABLE player_cohorts (
  day date NOT NULL,
  after smallint NOT NULL CHECK (after IN (0, 1, 7, 30)),
  players integer NOT NULL,
  PRIMARY KEY (day, after)
);
