-- Images players upload (avatars, feedback screenshots, WeChat payment codes), kept in the
-- database so that every instance serves them. Stored re-encoded, without metadata; the id is
-- 128 random bits (base64url), so a file's URL cannot be guessed.

CREATE TABLE uploads (
  id text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  purpose text NOT NULL CHECK (purpose IN ('avatar', 'feedback', 'wechat_qr')),
  format text NOT NULL CHECK (format IN ('jpg', 'png', 'webp')),
  bytes bytea NOT NULL,
  width integer NOT NULL,
  height integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX uploads_user_created ON uploads (user_id, created_at);
