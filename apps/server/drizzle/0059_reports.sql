-- The operator's profit and loss (docs/design.md §9, "Reports") reads what the ledger credited
-- under the codes beside the bets (bonus, rebate, commission, dividend) per period.
CREATE INDEX entries_credits_by_time ON entries (type, created_at)
  WHERE type IN ('bonus', 'rebate', 'commission', 'dividend');
