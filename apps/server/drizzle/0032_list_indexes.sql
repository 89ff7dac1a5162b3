-- Indexes of the operator's lists and reports that read a whole growing table without them
-- (the indexes test finds them). test/platform/indexes.test.ts makes every list and report call, EXPLAINs each query
-- it sends and fails on a growing table read whole where an index could narrow or order the read,
-- naming the call.

-- Deposits, newest first (/deposits/list) …
CREATE INDEX deposit_orders_created ON deposit_orders (created_at DESC, id DESC);
-- … of a status, and the manual queue, PENDING or EXPIRED (/deposits/pending, /dashboard) …
CREATE INDEX deposit_orders_status ON deposit_orders (status, created_at DESC, id DESC);
-- … of a channel.
CREATE INDEX deposit_orders_channel ON deposit_orders (channel_id, created_at DESC, id DESC);

-- Withdrawals, newest first (/withdrawals/list without a status; with one: withdrawal_orders_status_time).
CREATE INDEX withdrawal_orders_created ON withdrawal_orders (created_at DESC, id DESC);

-- The dashboard's last days: deposits paid, bets settled, logins and registrations since a date.
CREATE INDEX deposit_orders_paid ON deposit_orders (paid_at) WHERE status = 'PAID';
CREATE INDEX bets_settled ON bets (settled_at) WHERE settled_at IS NOT NULL;
CREATE INDEX sessions_created ON sessions (created_at);
CREATE INDEX users_created ON users (created_at);

-- The audit log of one target, newest first (/audit/list with a target).
CREATE INDEX admin_audit_target ON admin_audit (target, at DESC, id DESC);

-- Rewards of a source or of a status, newest first (/rewards/list; the other indexes of rewards
-- lead with user_id).
CREATE INDEX rewards_source ON rewards (source, id DESC);
CREATE INDEX rewards_status ON rewards (status, id DESC);

-- Agent statements, newest period first (/agents/statements without a kind).
CREATE INDEX agent_statements_period_desc ON agent_statements (period DESC, id DESC);

-- Players of a kind (/agents/list with a kind) …
CREATE INDEX agent_profiles_kind ON agent_profiles (kind, user_id);
-- … and of an upline, or top-level (parent_id IS NULL), in id order (/agents/list): (parent_id, id)
-- replaces the index on parent_id alone, serving every query that one served.
DROP INDEX users_parent_id;
CREATE INDEX users_parent ON users (parent_id, id);
