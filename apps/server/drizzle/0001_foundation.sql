-- Foundation: site config, captchas, users and their invite tree, sessions, live tickets,
-- login failures, and the accounts of the ledger (docs/design.md §5).

CREATE TABLE site_config (
  key text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE captchas (
  id text PRIMARY KEY,
  answer_hash text NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX captchas_expires_at ON captchas (expires_at);

CREATE TABLE users (
  id bigserial PRIMARY KEY,
  username text NOT NULL,
  password_hash text NOT NULL,
  nickname text NOT NULL,
  avatar text NOT NULL DEFAULT '',
  vip_level integer NOT NULL DEFAULT 0,
  mobile text,
  invite_code text NOT NULL UNIQUE,
  fund_password_hash text,
  parent_id bigint REFERENCES users (id),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_username_lower ON users (lower(username));
CREATE INDEX users_parent_id ON users (parent_id);

-- Closure table of the invite tree: one row per (ancestor, descendant), self row at depth 0.
CREATE TABLE user_tree (
  ancestor_id bigint NOT NULL REFERENCES users (id),
  descendant_id bigint NOT NULL REFERENCES users (id),
  depth integer NOT NULL CHECK (depth >= 0),
  PRIMARY KEY (ancestor_id, descendant_id)
);
CREATE INDEX user_tree_descendant ON user_tree (descendant_id, depth);

CREATE TABLE sessions (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX sessions_user_id ON sessions (user_id);

-- One-use tokens of GET /ws (60 s).
CREATE TABLE live_tickets (
  token_hash text PRIMARY KEY,
  session_id bigint NOT NULL REFERENCES sessions (id),
  expires_at timestamptz NOT NULL
);
CREATE INDEX live_tickets_expires_at ON live_tickets (expires_at);

-- Wrong passwords per (lower-case) username, for the 15-minute lockout.
CREATE TABLE login_failures (
  id bigserial PRIMARY KEY,
  username text NOT NULL,
  at timestamptz NOT NULL
);
CREATE INDEX login_failures_username_at ON login_failures (username, at);

CREATE TABLE accounts (
  id bigserial PRIMARY KEY,
  owner_id bigint REFERENCES users (id),
  kind text NOT NULL,
  debits_posted bigint NOT NULL DEFAULT 0 CHECK (debits_posted >= 0),
  credits_posted bigint NOT NULL DEFAULT 0 CHECK (credits_posted >= 0),
  debits_pending bigint NOT NULL DEFAULT 0 CHECK (debits_pending >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  -- A player's cash can never be overdrawn, whatever the code does.
  CONSTRAINT accounts_cash_not_overdrawn CHECK (
    owner_id IS NULL OR kind <> 'cash' OR debits_pending + debits_posted <= credits_posted
  ),
  CONSTRAINT accounts_owner_kind UNIQUE NULLS NOT DISTINCT (owner_id, kind)
);
