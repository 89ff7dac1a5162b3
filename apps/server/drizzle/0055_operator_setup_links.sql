-- An operator an admin creates in the console sets their own password and authenticator through a
-- one-time link (docs/security.md, "Operator setup links"): only the link's SHA-256 is kept, it
-- lasts 24 hours, and a new link for the operator ends the ones before. Until the link is used the
-- operator has no password, and no password logs them in.
ALTER TABLE operators ALTER COLUMN password_hash DROP NOT NULL;

CREATE TABLE operator_setup_links (
  token_hash text PRIMARY KEY,
  operator_id bigint NOT NULL REFERENCES operators (id),
  created_by text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  -- a newer link for the operator replaced it
  ended_at timestamptz
);
CREATE INDEX operator_setup_links_operator ON operator_setup_links (operator_id);
