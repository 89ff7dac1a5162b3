-- Players' passkeys (WebAuthn credentials, docs/design.md §7 "Passkeys"): a player logs in with
-- one instead of the password. The credential id is the authenticator's (base64url); the public
-- key is COSE; the counter must grow with each use when the authenticator keeps one.
CREATE TABLE passkeys (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  credential_id text NOT NULL UNIQUE,
  public_key bytea NOT NULL,
  counter bigint NOT NULL DEFAULT 0,
  transports text[] NOT NULL DEFAULT '{}',
  name text NOT NULL,
  created_at timestamptz NOT NULL,
  last_used_at timestamptz
);
CREATE INDEX passkeys_user ON passkeys (user_id);
-- The challenges of ceremonies under way, in the database so that any instance finishes one: each
-- is taken (deleted) by the call that answers it, and expires after a few minutes.
CREATE TABLE passkey_challenges (
  challenge text PRIMARY KEY,
  purpose text NOT NULL,
  user_id bigint,
  expires_at timestamptz NOT NULL
);
CREATE INDEX passkey_challenges_expiry ON passkey_challenges (expires_at);

-- The player is told when a passkey is added to or removed from the account.
ALTER TABLE messages DROP CONSTRAINT messages_kind_check;
ALTER TABLE messages ADD CONSTRAINT messages_kind_check CHECK (kind IN ('deposit_credited', 'withdrawal_paid',
  'withdrawal_rejected', 'reward_available', 'vip_upgrade', 'feedback_replied', 'login_failures', 'kyc_approved',
  'kyc_rejected', 'bet_corrected', 'passkey_added', 'passkey_removed', 'operator'));
