-- What operators keep on a player to judge them by (docs/design.md §9, "Player risk"): tags
-- (a preset such as sharp or watch, or a short word of the operator's), and notes, kept as written.
CREATE TABLE player_tags (
  user_id bigint NOT NULL REFERENCES users (id),
  tag text NOT NULL CHECK (length(tag) BETWEEN 1 AND 16),
  tagged_by text NOT NULL,
  tagged_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, tag)
);
-- The ticker's filter: the players with a tag.
CREATE INDEX player_tags_by_tag ON player_tags (tag, user_id);

CREATE TABLE player_notes (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  body text NOT NULL CHECK (length(body) BETWEEN 1 AND 500),
  written_by text NOT NULL,
  written_at timestamptz NOT NULL
);
CREATE INDEX player_notes_of_player ON player_notes (user_id, written_at DESC, id DESC);
