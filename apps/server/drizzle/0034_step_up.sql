-- Captcha, proof of work and login lockout (docs/security.md).

-- Failures count per account (or operator name) and client (its ipKey): five lock that client
-- out, not the name. Rows from before carry no client ('').
ALTER TABLE login_failures ADD COLUMN client text NOT NULL DEFAULT '';
CREATE INDEX login_failures_username_client_at ON login_failures (username, client, at);
ALTER TABLE operator_login_failures ADD COLUMN client text NOT NULL DEFAULT '';
CREATE INDEX operator_login_failures_username_client ON operator_login_failures (username, client, at DESC);

-- Registrations and failed logins per client within the window: its burst, which decides the
-- proof of work its next register or login needs.
CREATE TABLE client_attempts (
  id bigserial PRIMARY KEY,
  client text NOT NULL,
  at timestamptz NOT NULL
);
CREATE INDEX client_attempts_client_at ON client_attempts (client, at);

-- Proof-of-work challenges already used (their random part), kept until they expire.
CREATE TABLE pow_spent (
  id text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
CREATE INDEX pow_spent_expires_at ON pow_spent (expires_at);

-- When a player was last told of failed logins on their account (once per attack window).
ALTER TABLE users ADD COLUMN login_alert_at timestamptz;

-- Wrong passwords or codes for an operator's name since their last login, shown at the next one.
ALTER TABLE operators
  ADD COLUMN failed_logins integer NOT NULL DEFAULT 0,
  ADD COLUMN last_failed_at timestamptz,
  ADD COLUMN last_failed_ip text;

-- The system message that tells a player of failed logins.
ALTER TABLE messages DROP CONSTRAINT messages_kind_check;
ALTER TABLE messages ADD CONSTRAINT messages_kind_check CHECK (kind IN ('deposit_credited', 'withdrawal_paid',
  'withdrawal_rejected', 'reward_available', 'vip_upgrade', 'feedback_replied', 'login_failures', 'operator'));
