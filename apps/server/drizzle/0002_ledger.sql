-- The ledger (docs/design.md §5): transfers (single, pending, post, void) and the entries of the
-- fund-details page. Both tables are append-only.

-- Pending credits, so that debits equal credits in total for pending amounts too.
ALTER TABLE accounts ADD COLUMN credits_pending bigint NOT NULL DEFAULT 0 CHECK (credits_pending >= 0);

CREATE TABLE transfers (
  id bigserial PRIMARY KEY,
  idempotency_key text NOT NULL,
  -- sha256 of the canonical request: the same key with another request is refused.
  request_hash text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('single', 'pending', 'post', 'void')),
  code text NOT NULL CHECK (code IN ('deposit', 'withdrawal', 'bet', 'payout', 'refund', 'rebate', 'bonus',
    'commission', 'dividend', 'agent_transfer', 'adjustment')),
  pending_id bigint REFERENCES transfers (id),
  debit_account_id bigint NOT NULL REFERENCES accounts (id),
  credit_account_id bigint NOT NULL REFERENCES accounts (id),
  amount bigint NOT NULL CHECK (amount > 0),
  reference_table text NOT NULL,
  reference_id text NOT NULL,
  memo text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT transfers_idempotency_key UNIQUE (idempotency_key),
  CONSTRAINT transfers_two_accounts CHECK (debit_account_id <> credit_account_id),
  CONSTRAINT transfers_pending_id CHECK ((kind IN ('post', 'void')) = (pending_id IS NOT NULL))
);
-- A pending transfer is posted or voided once.
CREATE UNIQUE INDEX transfers_resolves_once ON transfers (pending_id) WHERE pending_id IS NOT NULL;
CREATE INDEX transfers_reference ON transfers (reference_table, reference_id);
CREATE INDEX transfers_debit_account ON transfers (debit_account_id);
CREATE INDEX transfers_credit_account ON transfers (credit_account_id);

-- One row per change of an account's available balance (credits_posted − debits_posted −
-- debits_pending), signed from the account's view, with the available balance after it.
-- single: debit −, credit +; pending: debit −; post: credit +; void: debit + (type *_refund).
-- So each transfer chain (single, pending+post, pending+void) writes two entries.
CREATE TABLE entries (
  id bigserial PRIMARY KEY,
  transfer_id bigint NOT NULL REFERENCES transfers (id),
  account_id bigint NOT NULL REFERENCES accounts (id),
  type text NOT NULL,
  amount bigint NOT NULL CHECK (amount <> 0),
  balance_after bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT entries_once UNIQUE (transfer_id, account_id)
);
CREATE INDEX entries_account_time ON entries (account_id, created_at DESC, id DESC);

CREATE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'table % is append-only', TG_TABLE_NAME;
END
$$;
CREATE TRIGGER transfers_append_only BEFORE UPDATE OR DELETE ON transfers
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER entries_append_only BEFORE UPDATE OR DELETE ON entries
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
