-- Agent back-office I (docs/design.md §8 Agents; docs/screens.md Agent area): every player's agent profile
-- (kind, commission rates, dividend ratio, the security and recharge passwords), invite links and
-- their daily-unique clicks, wrong agent-password attempts, agent transfers, business cards, and
-- each player's lifetime totals that team lists sort and filter by.

CREATE TABLE agent_links (
  id bigserial PRIMARY KEY,
  owner_id bigint NOT NULL REFERENCES users (id),
  code text NOT NULL UNIQUE,
  kind text NOT NULL CHECK (kind IN ('member', 'agent')),
  -- Basis points per game type: {"taiqiu": 120, "slots": 80, "poker": 50}.
  rates jsonb NOT NULL,
  dividend_ratio_bp integer NOT NULL DEFAULT 0 CHECK (dividend_ratio_bp >= 0),
  remark text NOT NULL DEFAULT '',
  enabled boolean NOT NULL DEFAULT true,
  expires_at timestamptz,
  clicks integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL
);
CREATE INDEX agent_links_owner ON agent_links (owner_id, id);

-- One row per (link, visitor, day in the site's time zone): a reload the same day counts nothing.
CREATE TABLE agent_link_clicks (
  link_id bigint NOT NULL REFERENCES agent_links (id),
  visitor text NOT NULL,
  day date NOT NULL,
  PRIMARY KEY (link_id, visitor, day)
);

CREATE TABLE agent_profiles (
  user_id bigint PRIMARY KEY REFERENCES users (id),
  kind text NOT NULL DEFAULT 'member' CHECK (kind IN ('member', 'agent')),
  rates jsonb NOT NULL DEFAULT '{}',
  dividend_ratio_bp integer NOT NULL DEFAULT 0 CHECK (dividend_ratio_bp >= 0),
  -- The link the player registered through (null: a plain invite code, an opened account, none).
  link_id bigint REFERENCES agent_links (id),
  share_link_id bigint REFERENCES agent_links (id),
  security_password_hash text,
  recharge_password_hash text,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX agent_profiles_link ON agent_profiles (link_id) WHERE link_id IS NOT NULL;

INSERT INTO agent_profiles (user_id) SELECT id FROM users;

CREATE TABLE agent_password_failures (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  kind text NOT NULL CHECK (kind IN ('security', 'recharge')),
  at timestamptz NOT NULL
);
CREATE INDEX agent_password_failures_user ON agent_password_failures (user_id, kind, at);

CREATE TABLE agent_transfers (
  id bigserial PRIMARY KEY,
  agent_id bigint NOT NULL REFERENCES users (id),
  member_id bigint NOT NULL REFERENCES users (id),
  amount bigint NOT NULL CHECK (amount > 0),
  turnover_multiple integer NOT NULL CHECK (turnover_multiple >= 0),
  remark text NOT NULL DEFAULT '',
  request_id text NOT NULL,
  created_at timestamptz NOT NULL,
  UNIQUE (agent_id, request_id)
);
CREATE INDEX agent_transfers_member ON agent_transfers (member_id, id);
CREATE INDEX agent_transfers_created ON agent_transfers (created_at);

CREATE TABLE agent_cards (
  user_id bigint PRIMARY KEY REFERENCES users (id),
  display_name text NOT NULL,
  avatar text,
  wechat text NOT NULL DEFAULT '',
  qq text NOT NULL DEFAULT '',
  telegram text NOT NULL DEFAULT '',
  phone text NOT NULL DEFAULT '',
  intro text NOT NULL DEFAULT '',
  updated_at timestamptz NOT NULL
);

-- Lifetime figures of each player, kept in the transaction of the deposit or settlement that
-- changes them, so a team list sorts 10,000 members without summing their history.
CREATE TABLE member_totals (
  user_id bigint PRIMARY KEY REFERENCES users (id),
  deposits bigint NOT NULL DEFAULT 0,
  deposit_count integer NOT NULL DEFAULT 0,
  first_deposit_at timestamptz,
  valid_bet bigint NOT NULL DEFAULT 0
);
INSERT INTO member_totals (user_id) SELECT id FROM users;
UPDATE member_totals m SET deposits = d.total, deposit_count = d.n, first_deposit_at = d.first
  FROM (SELECT user_id, sum(amount) AS total, count(*) AS n, min(paid_at) AS first
        FROM deposit_orders WHERE status = 'PAID' GROUP BY user_id) d
  WHERE d.user_id = m.user_id;
UPDATE member_totals m SET valid_bet = b.total
  FROM (SELECT user_id, sum(valid_bet) AS total FROM bets WHERE settled_at IS NOT NULL GROUP BY user_id) b
  WHERE b.user_id = m.user_id;
-- No index on deposits or valid_bet: a team list sorts its own members (found through
-- user_tree), and a global order would lead the planner to walk every player in it.

-- Last use of a session (written at most once a minute): a member is online when seen in 15 minutes.
ALTER TABLE sessions ADD COLUMN last_seen_at timestamptz;
CREATE INDEX sessions_user_created ON sessions (user_id, created_at DESC);
-- The sessions seen lately (the team list's online filter), without reading the others.
CREATE INDEX sessions_last_seen ON sessions (last_seen_at) WHERE last_seen_at IS NOT NULL;

-- SMS codes of purpose agent (the agent passwords' reset, user/edit/sendSmsCode {purpose:'agent'}).
ALTER TABLE sms_codes DROP CONSTRAINT sms_codes_purpose_check;
ALTER TABLE sms_codes ADD CONSTRAINT sms_codes_purpose_check
  CHECK (purpose IN ('bind', 'change', 'fund', 'reset', 'agent'));
