-- Operator console (/admin): operator accounts with a TOTP second factor, their sessions (apart
-- from players'), wrong-password counts, before/after in the audit log, the second approval of
-- large withdrawals, and where a player's session came from.

CREATE TABLE operators (
  id bigserial PRIMARY KEY,
  username text NOT NULL,
  password_hash text NOT NULL,
  role text NOT NULL CHECK (role IN ('admin', 'finance', 'risk', 'content')),
  -- base32 TOTP secret, made at the first login; confirmed once a code from it has been entered
  totp_secret text,
  totp_confirmed_at timestamptz,
  -- the 30-second step of the last code accepted: a code of that step or older is a replay
  last_totp_step bigint NOT NULL DEFAULT 0,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX operators_username ON operators (lower(username));

-- kind 'setup': the password was right and the TOTP secret is being enrolled (minutes);
-- kind 'session': a logged-in console (12 hours). Only the SHA-256 of the token is stored.
CREATE TABLE operator_sessions (
  id bigserial PRIMARY KEY,
  operator_id bigint NOT NULL REFERENCES operators (id),
  kind text NOT NULL CHECK (kind IN ('setup', 'session')),
  token_hash text NOT NULL UNIQUE,
  ip text,
  user_agent text,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX operator_sessions_operator ON operator_sessions (operator_id);

CREATE TABLE operator_login_failures (
  id bigserial PRIMARY KEY,
  username text NOT NULL,
  at timestamptz NOT NULL
);
CREATE INDEX operator_login_failures_username ON operator_login_failures (username, at DESC);

ALTER TABLE admin_audit ADD COLUMN before jsonb;
ALTER TABLE admin_audit ADD COLUMN after jsonb;
CREATE INDEX admin_audit_operator ON admin_audit (operator, at DESC);

-- Above this amount a withdrawal is approved by two different operators.
ALTER TABLE withdraw_settings ADD COLUMN dual_approval_amount bigint NOT NULL DEFAULT 5000000;
ALTER TABLE withdrawal_orders ADD COLUMN first_approved_by text;
ALTER TABLE withdrawal_orders ADD COLUMN first_approved_at timestamptz;
ALTER TABLE withdrawal_orders ADD COLUMN approved_by text;

ALTER TABLE sessions ADD COLUMN ip text;
ALTER TABLE sessions ADD COLUMN user_agent text;

-- A notice the operator withdrew no longer shows to players.
ALTER TABLE notices ADD COLUMN withdrawn_at timestamptz;

-- Every payment-gateway callback as it arrived, with what became of it (the console shows them).
CREATE TABLE payment_callbacks (
  id bigserial PRIMARY KEY,
  gateway text NOT NULL,
  order_no text,
  payload text NOT NULL,
  outcome text NOT NULL,
  received_at timestamptz NOT NULL
);
CREATE INDEX payment_callbacks_order ON payment_callbacks (order_no, received_at DESC);
