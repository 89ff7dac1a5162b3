-- Operator actions (docs/design.md §7): one row per action, written in the action's transaction.
-- `request_id` makes a retried balance adjustment apply once.
CREATE TABLE admin_audit (
  id bigserial PRIMARY KEY,
  operator text NOT NULL,
  action text NOT NULL,
  target text NOT NULL,
  payload jsonb NOT NULL DEFAULT '{}'::jsonb,
  request_id text UNIQUE,
  at timestamptz NOT NULL
);
CREATE INDEX admin_audit_at ON admin_audit (at DESC, id DESC);
CREATE INDEX admin_audit_action ON admin_audit (action, at DESC);
