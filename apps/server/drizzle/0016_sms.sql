-- SMS codes, the development SMS outbox, password reset tokens, and one account per mobile.

-- Every code asked for, sent or not: the limits (60 s per mobile, 10 a day per mobile and per
-- client address) count these rows. user_id and code_hash are null when a password reset named
-- a username and mobile that do not belong together (nothing is sent, but it counts the same).
CREATE TABLE sms_codes (
  id bigserial PRIMARY KEY,
  mobile text NOT NULL,
  purpose text NOT NULL CHECK (purpose IN ('bind', 'change', 'fund', 'reset')),
  user_id bigint,
  code_hash text,
  ip text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX sms_codes_mobile ON sms_codes (mobile, created_at DESC);
CREATE INDEX sms_codes_ip ON sms_codes (ip, created_at DESC);

-- What the built-in (development) SMS provider "sent": the operator's SMS outbox.
CREATE TABLE sms_outbox (
  id bigserial PRIMARY KEY,
  mobile text NOT NULL,
  text text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX sms_outbox_mobile ON sms_outbox (mobile, created_at DESC);

-- One-use tokens of a password reset (only their SHA-256 is stored).
CREATE TABLE password_reset_tokens (
  token_hash text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

-- A mobile belongs to one account at most.
CREATE UNIQUE INDEX users_mobile ON users (mobile) WHERE mobile IS NOT NULL;
