-- Bounds of the wallet's money (docs/wallet-bounds.md). The server reads these columns as
-- JavaScript numbers, exact up to 2^53 − 1 (9007199254740991): no account total and no entry's
-- balance after may pass it. Transfers above one transfer's bound (contracts money.ts MAX_AMOUNT,
-- 10^12 minor units) are refused by the ledger before they get here, so no realistic sum of them
-- reaches these constraints; they are the last line if one ever does (the statement fails whole).

ALTER TABLE accounts
  ADD CONSTRAINT accounts_totals_bounded CHECK (
    debits_posted <= 9007199254740991 AND credits_posted <= 9007199254740991
    AND debits_pending <= 9007199254740991 AND credits_pending <= 9007199254740991);

ALTER TABLE entries
  ADD CONSTRAINT entries_balance_bounded CHECK (balance_after BETWEEN -9007199254740991 AND 9007199254740991);

-- New transfers only (NOT VALID): the table is append-only, and a database may hold transfers
-- made before the bound, which stay as they were.
ALTER TABLE transfers
  ADD CONSTRAINT transfers_amount_bounded CHECK (amount <= 1000000000000) NOT VALID;
