-- Provably fair seeds not yet revealed are stored sealed (secret-box.ts); a start seals those an
-- older version stored in the clear. For the wheel those are the days not yet ended: found by
-- date, without reading every player's every day.
CREATE INDEX wheel_days_date ON wheel_days (date);
